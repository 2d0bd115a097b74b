#!/usr/bin/env node
// Runs the Prisma CLI for the commands that never execute the schema engine (generate, validate,
// format). The CLI insists on downloading the native engine first, which fails without internet; it
// only checks that PRISMA_SCHEMA_ENGINE_BINARY names an existing file, so any file will do.
// Without arguments it generates the clients of both providers (the npm postinstall step).
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const cli = createRequire(import.meta.url).resolve('prisma-cli/build/index.js');
const schemas = ['prisma/sqlite/schema.prisma', 'prisma/postgresql/schema.prisma'];
const offline = new Set(['generate', 'validate', 'format']);

const args = process.argv.slice(2);
const [command = 'generate', ...rest] = args;
if (!offline.has(command)) {
  console.error(
    `prisma-offline: only ${[...offline].join(', ')} work offline; use npm run db:migrate|db:deploy|db:status`,
  );
  process.exit(2);
}
const env = {
  ...process.env,
  PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? process.execPath,
  PRISMA_HIDE_UPDATE_MESSAGE: '1',
  CHECKPOINT_DISABLE: '1',
};
const targets = rest.some((a) => a.startsWith('--schema')) ? [rest] : schemas.map((s) => [...rest, '--schema', s]);
for (const target of targets) {
  const run = spawnSync(process.execPath, [cli, command, ...target], { cwd: root, env, stdio: 'inherit' });
  if (run.status !== 0) process.exit(run.status ?? 1);
}
