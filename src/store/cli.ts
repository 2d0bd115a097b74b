// npm run db:migrate -- <name> | db:deploy | db:status, on the database DATABASE_URL names
// (default file:./data/tm.db). These replace `prisma migrate dev|deploy|status`, which need the
// native schema engine and therefore internet.
import { resolveDatabaseUrl } from './adapters.ts';
import { migrateDeploy, migrateDev, migrateStatus } from './migrate.ts';

const [command, name] = process.argv.slice(2);
const target = resolveDatabaseUrl(process.env.DATABASE_URL);

async function main(): Promise<number> {
  switch (command) {
    case 'dev': {
      if (!name) {
        console.error('usage: npm run db:migrate -- <migration_name>');
        return 2;
      }
      const { applied, created } = await migrateDev(target, name);
      if (created) console.log(`Created ${created}`);
      for (const m of applied) console.log(`Applied: ${m}`);
      if (!created && applied.length === 0)
        console.log('Already in sync, no schema change or pending migration was found.');
      return 0;
    }
    case 'deploy': {
      const applied = await migrateDeploy(target);
      console.log(applied.length ? applied.map((m) => `Applied: ${m}`).join('\n') : 'No pending migrations to apply.');
      return 0;
    }
    case 'status': {
      const status = await migrateStatus(target);
      console.log(JSON.stringify(status, null, 2));
      const clean =
        status.history === null && status.failedMigrationNames.length === 0 && status.editedMigrationNames.length === 0;
      console.log(clean ? 'Database schema is up to date!' : 'Database schema is NOT up to date.');
      return clean ? 0 : 1;
    }
    default:
      console.error('usage: tsx src/store/cli.ts dev <name> | deploy | status');
      return 2;
  }
}

// process.exit: the wasm engine leaves a 10 s timer behind after PostgreSQL commands.
main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
