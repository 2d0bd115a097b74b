// Migrations: the bot's runner applies the committed ones as `prisma migrate deploy` does, writing the
// history rows Prisma's schema engine writes and reads, so either tool can take over a database from the
// other; failures, edits and foreign databases are refused or reported as Prisma does; the committed
// migrations match the schemas.
import { createHash } from 'node:crypto';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openSqlite } from './sqlite/native.ts';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { type DatabaseTarget, resolveDatabaseUrl, sqliteFile } from './database.ts';
import { engineDeploy, engineStatus, pendingSchemaChanges } from './dev/schema-engine.ts';
import {
  HISTORY_TABLE,
  MigrationError,
  migrateDeploy,
  migrationStatus,
  migrationsDir,
  prismaDir,
  readHistory,
  readMigrations,
} from './migrations.ts';
import { openStore } from './prisma-repo.ts';
import { scratchPostgres, type ScratchDatabase, SCRATCH_TARGETS } from './testing.ts';

const postgresUrl = process.env.TEST_POSTGRES_URL;
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

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
    expect(() => resolveDatabaseUrl('mysql://u:secret@h/db')).toThrow(/MySQL database \(mysql:\/\/\*\*\*@h\/db\)/);
  });
});

/** Raw SQL on a target, for looking at what the tools wrote. */
async function query(target: DatabaseTarget, sql: string): Promise<Record<string, unknown>[]> {
  if (target.kind === 'sqlite') {
    const db = openSqlite(sqliteFile(target));
    try {
      const statement = db.prepare(sql);
      return statement.reader ? (statement.all() as Record<string, unknown>[]) : (statement.run(), []);
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  try {
    return (await client.query(sql)).rows as Record<string, unknown>[];
  } finally {
    await client.end();
  }
}

/** The history table's columns as the database describes them: name, type, nullability, default. */
function historyColumns(target: DatabaseTarget) {
  return target.kind === 'sqlite'
    ? query(target, `SELECT name, type, "notnull", dflt_value, pk FROM pragma_table_info('${HISTORY_TABLE}')`)
    : query(
        target,
        `SELECT column_name, data_type, character_maximum_length, is_nullable, column_default
           FROM information_schema.columns WHERE table_name = '${HISTORY_TABLE}' ORDER BY ordinal_position`,
      );
}

/** A copy of the committed migrations plus `extra`, to try failures and edits without touching the repository. */
async function migrationsWith(kind: 'sqlite' | 'postgresql', extra: Record<string, string>) {
  const dir = await mkdtemp(path.join(tmpdir(), 'tm-migrations-'));
  await cp(migrationsDir(kind), dir, { recursive: true });
  for (const [name, script] of Object.entries(extra)) {
    await mkdir(path.join(dir, name), { recursive: true });
    await writeFile(path.join(dir, name, 'migration.sql'), script);
  }
  return { migrations: await readMigrations(kind, dir), remove: () => rm(dir, { recursive: true, force: true }) };
}

const targets = SCRATCH_TARGETS;

for (const { kind, enabled, scratch } of targets) {
  describe.skipIf(!enabled)(`migrations on ${kind}`, () => {
    async function withDatabases(count: number, work: (...targets: DatabaseTarget[]) => Promise<void>) {
      const dbs: ScratchDatabase[] = [];
      try {
        for (let i = 0; i < count; i++) dbs.push(await scratch());
        await work(...dbs.map((db) => resolveDatabaseUrl(db.url)));
      } finally {
        for (const db of dbs) await db.drop();
      }
    }

    it('apply once on an empty database when the store opens, then are idempotent', () =>
      withDatabases(1, async (target) => {
        const lock = await readFile(path.join(migrationsDir(kind), 'migration_lock.toml'), 'utf8');
        expect(lock.trim().endsWith(`provider = "${kind}"`)).toBe(true);
        const committed = (await readMigrations(kind)).map((m) => m.name);
        expect(committed.length).toBeGreaterThan(0);

        const { repo, applied } = await openStore(target.url);
        expect(applied).toEqual(committed);
        await repo.close();
        expect(await migrateDeploy(target)).toEqual([]);
        const reopened = await openStore(target.url);
        expect(reopened.applied).toEqual([]);
        await reopened.repo.close();
        expect(await migrationStatus(target)).toEqual({
          hasHistoryTable: true,
          applied: committed,
          pending: [],
          failed: [],
          edited: [],
          unknown: [],
        });
      }));

    it('write the history rows prisma migrate deploy writes', () =>
      withDatabases(1, async (target) => {
        const before = Date.now();
        await migrateDeploy(target);
        const rows = await query(target, `SELECT * FROM ${HISTORY_TABLE} ORDER BY migration_name`);
        const committed = await readMigrations(kind);
        expect(rows.map((r) => r.migration_name)).toEqual(committed.map((m) => m.name));
        for (const [i, row] of rows.entries()) {
          const file = await readFile(path.join(migrationsDir(kind), committed[i]!.name, 'migration.sql'));
          expect(row.id).toMatch(UUID_V4);
          // The engine's checksum: lowercase hex SHA-256 of the file's bytes.
          expect(row.checksum).toBe(createHash('sha256').update(file).digest('hex'));
          expect(row).toMatchObject({ logs: null, rolled_back_at: null, applied_steps_count: 1 });
          // The native engine writes SQLite timestamps as epoch milliseconds, PostgreSQL ones as timestamptz.
          const [started, finished] = [row.started_at, row.finished_at].map((v) =>
            kind === 'sqlite' ? (expect(typeof v).toBe('number'), v as number) : (v as Date).getTime(),
          );
          expect(started).toBeGreaterThanOrEqual(before - 1000);
          expect(finished).toBeGreaterThanOrEqual(started!);
        }
      }));

    it('agree with Prisma’s schema engine both ways on one database', () =>
      withDatabases(2, async (ours, theirs) => {
        // The engine takes over a database our runner migrated: nothing to apply, no drift, no edits.
        await migrateDeploy(ours);
        expect(await engineDeploy(ours)).toEqual([]);
        expect(await engineStatus(ours)).toMatchObject({
          history: null,
          failedMigrationNames: [],
          editedMigrationNames: [],
          hasMigrationsTable: true,
        });
        // Our runner takes over a database the engine migrated.
        const names = await engineDeploy(theirs);
        expect(names).toEqual((await readMigrations(kind)).map((m) => m.name));
        expect(await migrateDeploy(theirs)).toEqual([]);
        expect(await migrationStatus(theirs)).toMatchObject({ applied: names, pending: [], failed: [], edited: [] });
        // And both created the same history table.
        expect(await historyColumns(ours)).toEqual(await historyColumns(theirs));
      }));

    it('record a failed migration and refuse to go on until it is resolved', () =>
      withDatabases(1, async (target) => {
        const broken = await migrationsWith(kind, {
          '99990101000000_broken': 'CREATE TABLE "Half" ("id" INTEGER);\nSELECT * FROM "NoSuchTable";\n',
        });
        try {
          await expect(migrateDeploy(target, broken.migrations)).rejects.toThrow(
            /Migration `99990101000000_broken` failed to apply cleanly[\s\S]*NoSuchTable/,
          );
          const row = (await readHistory(target))!.find((r) => r.migrationName === '99990101000000_broken')!;
          expect(row).toMatchObject({ finishedAt: null, rolledBackAt: null, appliedStepsCount: 0 });
          expect(row.logs).toMatch(/NoSuchTable/);
          await expect(migrateDeploy(target, broken.migrations)).rejects.toThrow(/failed earlier[\s\S]*P3009/);
          expect((await migrationStatus(target, broken.migrations)).failed).toEqual(['99990101000000_broken']);
        } finally {
          await broken.remove();
        }
      }));

    it('report a migration edited after it was applied, but not one with other line endings', () =>
      withDatabases(1, async (target) => {
        await migrateDeploy(target);
        const committed = await readMigrations(kind);
        const first = committed[0]!;
        const crlf = [{ ...first, script: first.script.replaceAll('\n', '\r\n') }, ...committed.slice(1)];
        expect((await migrationStatus(target, crlf)).edited).toEqual([]);
        const edited = [{ ...first, script: `${first.script}\n-- edited\n` }, ...committed.slice(1)];
        expect((await migrationStatus(target, edited)).edited).toEqual([first.name]);
        expect((await migrationStatus(target, committed.slice(1))).unknown).toEqual([first.name]);
      }));

    it('refuse a database that has tables but no migration history', () =>
      withDatabases(1, async (target) => {
        await query(target, 'CREATE TABLE "Stranger" ("id" INTEGER)');
        const attempt = migrateDeploy(target);
        await expect(attempt).rejects.toThrow(MigrationError);
        await expect(attempt).rejects.toThrow(/Stranger.*P3005/s);
      }));

    it('are in sync with the schema (a model change without its migration fails here)', () =>
      withDatabases(1, async (target) => {
        expect(await pendingSchemaChanges(target)).toBeNull();
      }));
  });
}

describe.skipIf(postgresUrl === undefined)('migrations on postgresql, two processes at once', () => {
  it('apply each migration once: the second waits for Prisma’s advisory lock', async () => {
    const db = await scratchPostgres(postgresUrl!);
    try {
      const target = resolveDatabaseUrl(db.url);
      const results = await Promise.all([migrateDeploy(target), migrateDeploy(target), migrateDeploy(target)]);
      const committed = (await readMigrations('postgresql')).map((m) => m.name);
      expect(results.flat().sort()).toEqual(committed.sort());
      expect((await readHistory(target))!.map((r) => r.migrationName).sort()).toEqual(committed.sort());
    } finally {
      await db.drop();
    }
  });
});
