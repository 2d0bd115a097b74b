// Applies the committed migrations (prisma/<provider>/migrations/<name>/migration.sql) the way
// `prisma migrate deploy` does, writing the same `_prisma_migrations` rows, so the bot and the Prisma
// CLI agree on one database: either can apply a migration and the other sees it as applied.
//
// Facts taken from Prisma's schema engine (prisma-engines, schema-engine/): the table's DDL per
// provider; a row is inserted before a script runs (uuid v4 id, checksum, migration_name, started_at)
// and completed after it (applied_steps_count 1, finished_at); a failure stores the error in `logs`
// and leaves finished_at NULL, which blocks later deploys until the row is resolved; the checksum is
// the lowercase hex SHA-256 of migration.sql, compared regardless of line endings; SQLite timestamps
// are written as epoch milliseconds; a database with tables but no history table is refused; SQLite
// scripts run as they are (no enclosing transaction, so their PRAGMA foreign_keys lines take effect),
// PostgreSQL scripts as one simple query (one implicit transaction); migrations hold Prisma's lock
// (PostgreSQL advisory lock 72707369, SQLite exclusive locking mode) while they apply.
import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openSqlite } from './sqlite/native.ts';
import pg from 'pg';
import { type DatabaseKind, type DatabaseTarget, ensureSqliteDir, sqliteFile } from './database.ts';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const HISTORY_TABLE = '_prisma_migrations';
/** Prisma Migrate's advisory lock key on PostgreSQL, so the bot and the CLI never migrate at once. */
const PRISMA_ADVISORY_LOCK = 72707369;
const LOCK_TIMEOUT_MS = 10_000;

export function prismaDir(kind: DatabaseKind): string {
  return path.join(projectRoot, 'prisma', kind);
}

export function migrationsDir(kind: DatabaseKind): string {
  return path.join(prismaDir(kind), 'migrations');
}

export interface Migration {
  name: string;
  script: string;
  checksum: string;
}

/** A migration problem the operator must act on; its message says what to do. */
export class MigrationError extends Error {
  override name = 'MigrationError';
}

export function checksumOf(script: string): string {
  return createHash('sha256').update(script, 'utf8').digest('hex');
}

/** Prisma's comparison: a checkout with other line endings is not an edit. */
export function scriptMatchesChecksum(script: string, checksum: string): boolean {
  return [script, script.replaceAll('\r\n', '\n'), script.replaceAll(/\r?\n/g, '\r\n')].some(
    (s) => checksumOf(s) === checksum,
  );
}

/** The committed migrations of a provider, in the order they apply (their names start with a timestamp). */
export async function readMigrations(kind: DatabaseKind, dir = migrationsDir(kind)): Promise<Migration[]> {
  const lockFile = path.join(dir, 'migration_lock.toml');
  if (existsSync(lockFile)) {
    const provider = /^provider\s*=\s*"([^"]+)"/m.exec(await readFile(lockFile, 'utf8'))?.[1];
    if (provider !== kind)
      throw new MigrationError(`${lockFile} says provider "${provider}", but the database is ${kind}`);
  }
  const names = existsSync(dir)
    ? (await readdir(dir, { withFileTypes: true }))
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
        .sort()
    : [];
  return Promise.all(
    names.map(async (name) => {
      const file = path.join(dir, name, 'migration.sql');
      if (!existsSync(file)) throw new MigrationError(`migration ${name} has no migration.sql (${file})`);
      const script = await readFile(file, 'utf8');
      return { name, script, checksum: checksumOf(script) };
    }),
  );
}

/** A row of `_prisma_migrations`. */
export interface HistoryRow {
  id: string;
  checksum: string;
  migrationName: string;
  startedAt: Date;
  finishedAt: Date | null;
  rolledBackAt: Date | null;
  logs: string | null;
  appliedStepsCount: number;
}

/** What the migrations need from a database; one implementation per driver. */
interface MigrationConnection {
  /** The tables of the schema migrations apply to. */
  tables(): Promise<string[]>;
  createHistoryTable(): Promise<void>;
  history(): Promise<HistoryRow[]>;
  /** Waits for Prisma's migration lock; held until close. */
  lock(): Promise<void>;
  started(id: string, migration: Migration): Promise<void>;
  succeeded(id: string): Promise<void>;
  failed(id: string, logs: string): Promise<void>;
  run(script: string): Promise<void>;
  close(): Promise<void>;
}

async function connect(target: DatabaseTarget): Promise<MigrationConnection> {
  if (target.kind === 'sqlite') {
    await ensureSqliteDir(target);
    return sqliteConnection(sqliteFile(target));
  }
  return postgresConnection(target.url);
}

/** Applies the migrations the database has not seen; returns their names (empty when up to date). */
export async function migrateDeploy(target: DatabaseTarget, migrations?: Migration[]): Promise<string[]> {
  const committed = migrations ?? (await readMigrations(target.kind));
  const db = await connect(target);
  try {
    // Most starts find nothing to do; only work under the lock.
    const seen = await historyOrNull(db);
    refuseUnknown(committed, seen, target.kind);
    if (seen !== null && failedIn(seen).length === 0 && pendingIn(committed, seen).length === 0) return [];
    await db.lock();
    // Read again under the lock: another process may have applied them meanwhile.
    let history = await historyOrNull(db);
    if (history === null) {
      const tables = (await db.tables()).filter((t) => !t.startsWith('sqlite_'));
      if (tables.length > 0)
        throw new MigrationError(
          `the database has tables (${tables.join(', ')}) but no ${HISTORY_TABLE}: it was not created by these migrations. ` +
            'Use an empty database, or baseline it with `prisma migrate resolve --applied <migration>` (P3005).',
        );
      await db.createHistoryTable();
      history = [];
    }
    const failed = failedIn(history);
    if (failed.length > 0)
      throw new MigrationError(
        `migration ${failed.map((r) => r.migrationName).join(', ')} failed earlier${failed[0]!.logs ? `:\n${failed[0]!.logs}` : ''}\n` +
          'Fix the database, then mark it with `prisma migrate resolve --applied|--rolled-back <migration>` (P3009).',
      );
    const applied: string[] = [];
    for (const migration of pendingIn(committed, history)) {
      const id = randomUUID();
      await db.started(id, migration);
      try {
        await db.run(migration.script);
      } catch (error) {
        const logs = `Migration \`${migration.name}\` failed to apply cleanly to the database.\n${(error as Error).message}`;
        await db.failed(id, logs);
        throw new MigrationError(logs, { cause: error });
      }
      await db.succeeded(id);
      applied.push(migration.name);
    }
    return applied;
  } finally {
    await db.close();
  }
}

export interface MigrationStatus {
  /** False on a database no migration ever touched. */
  hasHistoryTable: boolean;
  applied: string[];
  pending: string[];
  /** Started and neither finished nor rolled back: deploys stop here until resolved. */
  failed: string[];
  /** Applied, but migration.sql has changed since. */
  edited: string[];
  /** In the database's history, not in the repository. */
  unknown: string[];
}

/** `prisma migrate status`, read from the history table. */
export async function migrationStatus(target: DatabaseTarget, migrations?: Migration[]): Promise<MigrationStatus> {
  const committed = migrations ?? (await readMigrations(target.kind));
  const db = await connect(target);
  try {
    const history = await historyOrNull(db);
    const live = (history ?? []).filter((r) => r.rolledBackAt === null);
    const done = live.filter((r) => r.finishedAt !== null);
    const byName = new Map(committed.map((m) => [m.name, m]));
    return {
      hasHistoryTable: history !== null,
      applied: done.map((r) => r.migrationName),
      pending: pendingIn(committed, history ?? []).map((m) => m.name),
      failed: live.filter((r) => r.finishedAt === null).map((r) => r.migrationName),
      edited: done
        .filter((r) => {
          const m = byName.get(r.migrationName);
          return m !== undefined && !scriptMatchesChecksum(m.script, r.checksum);
        })
        .map((r) => r.migrationName),
      unknown: [...new Set(live.map((r) => r.migrationName))].filter((name) => !byName.has(name)),
    };
  } finally {
    await db.close();
  }
}

/** The history rows, oldest first, or null when the table does not exist yet. */
export async function readHistory(target: DatabaseTarget): Promise<HistoryRow[] | null> {
  const db = await connect(target);
  try {
    return await historyOrNull(db);
  } finally {
    await db.close();
  }
}

async function historyOrNull(db: MigrationConnection): Promise<HistoryRow[] | null> {
  if (!(await db.tables()).includes(HISTORY_TABLE)) return null;
  return (await db.history()).sort((a, b) => a.startedAt.getTime() - b.startedAt.getTime());
}

/**
 * A migration this version does not have was applied: a newer version of the bot changed the schema,
 * and this one would read and write it as the old one. Refused before anything else runs.
 */
function refuseUnknown(committed: Migration[], history: HistoryRow[] | null, kind: DatabaseKind): void {
  const known = new Set(committed.map((m) => m.name));
  const unknown = (history ?? []).filter((r) => r.rolledBackAt === null && !known.has(r.migrationName));
  if (unknown.length === 0) return;
  throw new MigrationError(
    `the database was migrated by a newer version of tm-bot: ${unknown.map((r) => r.migrationName).join(', ')} ` +
      `${unknown.length === 1 ? 'is' : 'are'} not among this version's migrations (prisma/${kind}/migrations). ` +
      'Run the version that applied it, or restore a backup taken before it.',
  );
}

/** Started and neither finished nor rolled back. */
function failedIn(history: HistoryRow[]): HistoryRow[] {
  return history.filter((r) => r.finishedAt === null && r.rolledBackAt === null);
}

function pendingIn(committed: Migration[], history: HistoryRow[] | null): Migration[] {
  const seen = new Set((history ?? []).filter((r) => r.rolledBackAt === null).map((r) => r.migrationName));
  return committed.filter((m) => !seen.has(m.name));
}

// ---- SQLite (better-sqlite3) ----

// The schema engine's DDL for SQLite, verbatim.
const SQLITE_HISTORY_DDL = `CREATE TABLE "_prisma_migrations" (
    "id"                    TEXT PRIMARY KEY NOT NULL,
    "checksum"              TEXT NOT NULL,
    "finished_at"           DATETIME,
    "migration_name"        TEXT NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        DATETIME,
    "started_at"            DATETIME NOT NULL DEFAULT current_timestamp,
    "applied_steps_count"   INTEGER UNSIGNED NOT NULL DEFAULT 0
);
`;

const HISTORY_COLUMNS =
  'id, checksum, finished_at, migration_name, logs, rolled_back_at, started_at, applied_steps_count';

interface RawHistoryRow {
  id: string;
  checksum: string;
  finished_at: unknown;
  migration_name: string;
  logs: string | null;
  rolled_back_at: unknown;
  started_at: unknown;
  applied_steps_count: number | string;
}

function toHistoryRow(raw: RawHistoryRow): HistoryRow {
  return {
    id: raw.id,
    checksum: raw.checksum,
    migrationName: raw.migration_name,
    startedAt: toDate(raw.started_at) ?? new Date(0),
    finishedAt: toDate(raw.finished_at),
    rolledBackAt: toDate(raw.rolled_back_at),
    logs: raw.logs,
    appliedStepsCount: Number(raw.applied_steps_count),
  };
}

/**
 * SQLite history timestamps come in every form the schema engine reads: epoch milliseconds (the native
 * engine, and this runner), RFC 3339 text (the engine through a driver adapter), or SQLite's own
 * `YYYY-MM-DD HH:MM:SS` in UTC (the column default).
 */
function toDate(value: unknown): Date | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value;
  if (typeof value === 'number' || typeof value === 'bigint') return new Date(Number(value));
  const text = String(value);
  return new Date(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/.test(text) ? `${text.replace(' ', 'T')}Z` : text);
}

function sqliteConnection(file: string): MigrationConnection {
  // A long busy timeout: a second bot starting on the same file waits for the first one's migrations.
  const db = openSqlite(file, { timeout: 60_000 });
  return {
    tables: async () =>
      (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map(
        (r) => r.name,
      ),
    createHistoryTable: async () => void db.exec(SQLITE_HISTORY_DDL),
    history: async () =>
      (db.prepare(`SELECT ${HISTORY_COLUMNS} FROM "${HISTORY_TABLE}"`).all() as RawHistoryRow[]).map(toHistoryRow),
    lock: async () => {
      // As the schema engine does; the empty exclusive transaction takes the lock now instead of at
      // the first write, so two processes cannot both read the history and then both apply.
      db.exec('PRAGMA main.locking_mode=EXCLUSIVE');
      db.exec('BEGIN EXCLUSIVE; COMMIT');
    },
    started: async (id, m) =>
      void db
        .prepare(`INSERT INTO "${HISTORY_TABLE}" (id, checksum, started_at, migration_name) VALUES (?, ?, ?, ?)`)
        .run(id, m.checksum, Date.now(), m.name),
    succeeded: async (id) =>
      void db
        .prepare(
          `UPDATE "${HISTORY_TABLE}" SET applied_steps_count = applied_steps_count + 1, finished_at = ? WHERE id = ?`,
        )
        .run(Date.now(), id),
    failed: async (id, logs) => void db.prepare(`UPDATE "${HISTORY_TABLE}" SET logs = ? WHERE id = ?`).run(logs, id),
    run: async (script) => void db.exec(script),
    close: async () => void db.close(),
  };
}

// ---- PostgreSQL (pg) ----

// The schema engine's DDL for PostgreSQL, verbatim.
const POSTGRES_HISTORY_DDL = `CREATE TABLE _prisma_migrations (
    id                      VARCHAR(36) PRIMARY KEY NOT NULL,
    checksum                VARCHAR(64) NOT NULL,
    finished_at             TIMESTAMPTZ,
    migration_name          VARCHAR(255) NOT NULL,
    logs                    TEXT,
    rolled_back_at          TIMESTAMPTZ,
    started_at              TIMESTAMPTZ NOT NULL DEFAULT now(),
    applied_steps_count     INTEGER NOT NULL DEFAULT 0
);
`;

async function postgresConnection(url: string): Promise<MigrationConnection> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    tables: async () =>
      (
        await client.query<{ name: string }>(
          'SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema()',
        )
      ).rows.map((r) => r.name),
    createHistoryTable: async () => void (await client.query(POSTGRES_HISTORY_DDL)),
    history: async () =>
      (await client.query<RawHistoryRow>(`SELECT ${HISTORY_COLUMNS} FROM ${HISTORY_TABLE}`)).rows.map(toHistoryRow),
    lock: async () => {
      await client.query(`SET lock_timeout = ${LOCK_TIMEOUT_MS}`);
      await client.query(`SELECT pg_advisory_lock(${PRISMA_ADVISORY_LOCK})`);
    },
    started: async (id, m) =>
      void (await client.query(
        `INSERT INTO ${HISTORY_TABLE} (id, checksum, started_at, migration_name) VALUES ($1, $2, $3, $4)`,
        [id, m.checksum, new Date(), m.name],
      )),
    succeeded: async (id) =>
      void (await client.query(
        `UPDATE ${HISTORY_TABLE} SET applied_steps_count = applied_steps_count + 1, finished_at = $1 WHERE id = $2`,
        [new Date(), id],
      )),
    failed: async (id, logs) =>
      void (await client.query(`UPDATE ${HISTORY_TABLE} SET logs = $1 WHERE id = $2`, [logs, id])),
    // No parameters: the simple query protocol runs the whole script, as one implicit transaction.
    run: async (script) => void (await client.query(script)),
    close: () => client.end(),
  };
}
