// For the ordinary Prisma CLI (`npx prisma migrate deploy`, with internet): picks the schema and
// migrations of the provider DATABASE_URL names, with the same rules as src/store/adapters.ts
// (unset: file:./data/tm.db; relative files resolve against the working directory). The bot itself
// migrates without the CLI (src/store/migrations.ts).
import path from 'node:path';
import { defineConfig } from 'prisma-cli/config';

const url = process.env.DATABASE_URL?.trim() || 'file:./data/tm.db';
const kind = /^postgres(ql)?:\/\//.test(url) ? 'postgresql' : 'sqlite';

export default defineConfig({
  schema: `prisma/${kind}/schema.prisma`,
  migrations: { path: `prisma/${kind}/migrations` },
  datasource: { url: kind === 'sqlite' ? `file:${path.resolve(url.replace(/^file:(\/\/(?=\/))?/, ''))}` : url },
});
