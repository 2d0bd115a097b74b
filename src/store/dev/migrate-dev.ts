// `npm run db:migrate -- <name>` (development, no internet needed): like `prisma migrate dev --name
// <name>`, applies pending migrations to DATABASE_URL's database, writes a migration for what the schema
// changed, and applies it. With internet, `npx prisma migrate dev --name <name>` does the same.
import { resolveDatabaseUrl } from '../database.ts';
import { migrateDev } from './schema-engine.ts';

const [name] = process.argv.slice(2);

async function main(): Promise<number> {
  if (!name) {
    console.error('usage: npm run db:migrate -- <migration_name>');
    return 2;
  }
  const { applied, created } = await migrateDev(resolveDatabaseUrl(process.env.DATABASE_URL), name);
  if (created) console.log(`Created ${created}`);
  for (const m of applied) console.log(`Applied: ${m}`);
  if (!created && applied.length === 0)
    console.log('Already in sync, no schema change or pending migration was found.');
  return 0;
}

// process.exit: the wasm engine leaves a 10 s timer behind after PostgreSQL commands.
main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
