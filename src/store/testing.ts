// Throw-away databases for the store's tests and benchmarks.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

export async function scratchSqlite(): Promise<ScratchDatabase> {
  const dir = await mkdtemp(path.join(tmpdir(), 'tm-store-'));
  return { url: `file:${path.join(dir, 'tm.db')}`, drop: () => rm(dir, { recursive: true, force: true }) };
}

/** Runs `sql` on the PostgreSQL server `serverUrl` names, on a connection of its own; the rows it touched. */
export async function postgresAdmin(serverUrl: string, sql: string): Promise<number> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return (await client.query(sql)).rowCount ?? 0;
  } finally {
    await client.end();
  }
}

/**
 * Ends this role's connections to the database `name`, as a database restart looks to its clients; how many
 * it ended. Client connections of this role only: an autovacuum worker busy in the database runs as the
 * superuser, and ending it is refused ("must be a superuser to terminate superuser process").
 */
export function dropConnections(serverUrl: string, name: string): Promise<number> {
  return postgresAdmin(
    serverUrl,
    `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}' AND pid <> pg_backend_pid() AND backend_type = 'client backend' AND usename = current_user`,
  );
}

/** A new, empty database next to the one `serverUrl` names (its role needs CREATEDB). */
export async function scratchPostgres(serverUrl: string): Promise<ScratchDatabase> {
  const name = `tm_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const admin = async (sql: string) => {
    await postgresAdmin(serverUrl, sql);
  };
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => dropDatabase(name, admin) };
}

/** PostgreSQL's SQLSTATE when the role may not do what it asked. */
const INSUFFICIENT_PRIVILEGE = '42501';

async function dropDatabase(name: string, admin: (sql: string) => Promise<void>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    } catch (error) {
      // FORCE may terminate only this role's sessions; an autovacuum worker on the fresh database refuses it.
      if ((error as { code?: string }).code !== INSUFFICIENT_PRIVILEGE || attempt === 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/** The databases the store's tests run on: SQLite always, PostgreSQL when TEST_POSTGRES_URL names a server. */
export const SCRATCH_TARGETS = [
  { kind: 'sqlite', enabled: true, scratch: scratchSqlite },
  {
    kind: 'postgresql',
    enabled: process.env.TEST_POSTGRES_URL !== undefined,
    scratch: () => scratchPostgres(process.env.TEST_POSTGRES_URL!),
  },
] as const;
