// Migrations: the committed ones match the schemas, apply on an empty database, and re-applying is a no-op.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveDatabaseUrl } from './adapters.ts';
import { migrateDeploy, migrateStatus, pendingSchemaChanges, prismaDir } from './migrate.ts';
import { openStore } from './prisma-repo.ts';
import { scratchPostgres, scratchSqlite } from './testing.ts';

const postgresUrl = process.env.TEST_POSTGRES_URL;

describe('schemas', () => {
  it('declare the same models for SQLite and PostgreSQL', async () => {
    const models = async (kind: 'sqlite' | 'postgresql') => {
      const text = await readFile(path.join(prismaDir(kind), 'schema.prisma'), 'utf8');
      return text.slice(text.indexOf('\nmodel '));
    };
    expect(await models('postgresql')).toBe(await models('sqlite'));
  });

  it('resolve DATABASE_URL', () => {
    expect(resolveDatabaseUrl(undefined, '/srv/bot')).toEqual({ kind: 'sqlite', url: 'file:/srv/bot/data/tm.db' });
    expect(resolveDatabaseUrl('', '/srv/bot')).toEqual({ kind: 'sqlite', url: 'file:/srv/bot/data/tm.db' });
    expect(resolveDatabaseUrl('file:/var/tm.db', '/x')).toEqual({ kind: 'sqlite', url: 'file:/var/tm.db' });
    expect(resolveDatabaseUrl('file:///var/tm.db', '/x')).toEqual({ kind: 'sqlite', url: 'file:/var/tm.db' });
    expect(resolveDatabaseUrl('postgres://u:p@h/db')).toEqual({ kind: 'postgresql', url: 'postgres://u:p@h/db' });
    expect(() => resolveDatabaseUrl('mysql://u:secret@h/db')).toThrow(/file:, postgresql:\/\/.*mysql:\/\/\*\*\*@h/);
  });
});

const targets = [
  { kind: 'sqlite', enabled: true, scratch: scratchSqlite },
  { kind: 'postgresql', enabled: postgresUrl !== undefined, scratch: () => scratchPostgres(postgresUrl!) },
] as const;

for (const { kind, enabled, scratch } of targets) {
  describe.skipIf(!enabled)(`migrations on ${kind}`, () => {
    it('apply once on an empty database, then are idempotent and in sync with the schema', async () => {
      const db = await scratch();
      try {
        const target = resolveDatabaseUrl(db.url);
        const committed = (
          await readFile(path.join(prismaDir(kind), 'migrations', 'migration_lock.toml'), 'utf8')
        ).trim();
        expect(committed.endsWith(`provider = "${kind}"`)).toBe(true);

        const { repo, applied } = await openStore(db.url);
        expect(applied.length).toBeGreaterThan(0);
        await repo.close();
        expect(await migrateDeploy(target)).toEqual([]);
        const reopened = await openStore(db.url);
        expect(reopened.applied).toEqual([]);
        await reopened.repo.close();

        const status = await migrateStatus(target);
        expect(status).toMatchObject({
          history: null,
          failedMigrationNames: [],
          editedMigrationNames: [],
          hasMigrationsTable: true,
        });
        // A schema change without its migration would show up here as SQL.
        expect(await pendingSchemaChanges(target)).toBeNull();
      } finally {
        await db.drop();
      }
    });
  });
}
