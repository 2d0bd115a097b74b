// `npm run db:deploy` | `npm run db:status` on the database DATABASE_URL names (default file:./data/tm.db):
// the bot's own migration runner, the same that runs at start-up, for operators who want to migrate or
// look before starting. With internet, `npx prisma migrate deploy|status` do the same on the same files.
// `npm run db:backup -- FILE` and `npm run db:restore -- FILE` (docs/operations.md).
import { BackupError, backupDatabase, restoreDatabase } from './backup.ts';
import { resolveDatabaseUrl } from './database.ts';
import { databaseProblem } from './database-errors.ts';
import { migrateDeploy, migrationStatus } from './migrations.ts';

const [command = '', file] = process.argv.slice(2);

async function main(): Promise<number> {
  const target = resolveDatabaseUrl(process.env.DATABASE_URL);
  switch (command) {
    case 'deploy': {
      const applied = await migrateDeploy(target);
      console.log(applied.length ? applied.map((m) => `Applied: ${m}`).join('\n') : 'No pending migrations to apply.');
      return 0;
    }
    case 'status': {
      const status = await migrationStatus(target);
      const lines = [
        `${status.applied.length} migration(s) applied${status.hasHistoryTable ? '' : ' (no migration history: a new database)'}`,
        ...status.pending.map((m) => `pending: ${m}`),
        ...status.failed.map((m) => `FAILED: ${m} (fix the database, then prisma migrate resolve)`),
        ...status.edited.map((m) => `EDITED after it was applied: ${m}`),
        ...status.unknown.map((m) => `applied but not in this repository: ${m}`),
      ];
      console.log(lines.join('\n'));
      const clean = status.pending.length + status.failed.length + status.edited.length + status.unknown.length === 0;
      console.log(clean ? 'Database schema is up to date!' : 'Database schema is NOT up to date.');
      return clean ? 0 : 1;
    }
    case 'backup':
    case 'restore': {
      if (!file) {
        console.error(`usage: npm run db:${command} -- FILE`);
        return 2;
      }
      if (command === 'backup') await backupDatabase(target, file);
      else await restoreDatabase(target, file);
      console.log(command === 'backup' ? `Backed up to ${file}.` : `Restored from ${file}; start the bot again.`);
      return 0;
    }
    default:
      console.error('usage: npm run db:deploy | db:status | db:backup -- FILE | db:restore -- FILE');
      return 2;
  }
}

main().then(
  (code) => (process.exitCode = code),
  (error: unknown) => {
    console.error(
      error instanceof BackupError
        ? error.message
        : (databaseProblem(error, process.env.DATABASE_URL) ?? (error instanceof Error ? error.message : error)),
    );
    process.exitCode = 1;
  },
);
