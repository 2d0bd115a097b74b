// Database URLs and the Prisma driver adapters the repository queries through: our own SQLite adapter
// (./sqlite/adapter.ts: one connection per process that closes when the store does), pg for PostgreSQL.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PrismaPg } from '@prisma/adapter-pg';
import { SqliteAdapterFactory } from './sqlite/adapter.ts';

export type DatabaseKind = 'sqlite' | 'postgresql';

export interface DatabaseTarget {
  kind: DatabaseKind;
  /** For SQLite `file:` plus an absolute path, so the app, the scripts and the Prisma CLI agree. */
  url: string;
}

export const DEFAULT_DATABASE_URL = 'file:./data/tm.db';

/** Reads DATABASE_URL semantics: unset → the default SQLite file; relative files resolve against cwd. */
export function resolveDatabaseUrl(url: string | undefined, cwd = process.cwd()): DatabaseTarget {
  const raw = url === undefined || url.trim() === '' ? DEFAULT_DATABASE_URL : url.trim();
  if (raw.startsWith('postgresql://') || raw.startsWith('postgres://')) return { kind: 'postgresql', url: raw };
  if (raw.startsWith('file:')) {
    const file = raw.slice('file:'.length).replace(/^\/\/(?=\/)/, '');
    if (file === '') throw new Error('DATABASE_URL "file:" needs a path, e.g. file:./data/tm.db');
    return { kind: 'sqlite', url: `file:${path.resolve(cwd, file)}` };
  }
  throw new Error(
    `DATABASE_URL must start with file:, postgresql:// or postgres:// (got "${raw.replace(/\/\/[^@/]*@/, '//***@')}")`,
  );
}

/** The file of a SQLite target. */
export function sqliteFile(target: DatabaseTarget): string {
  return target.url.slice('file:'.length);
}

/** SQLite does not create directories. */
export async function ensureSqliteDir(target: DatabaseTarget): Promise<void> {
  if (target.kind === 'sqlite') await mkdir(path.dirname(sqliteFile(target)), { recursive: true });
}

/**
 * How long one SQLite statement waits for another process's lock. better-sqlite3 waits synchronously,
 * holding up the whole bot meanwhile, so the wait is short and the repository retries whole
 * transactions asynchronously instead (a read lock cannot always be upgraded anyway).
 */
export const SQLITE_BUSY_TIMEOUT_MS = 100;

/** The adapter factory the repository's PrismaClient uses. */
export function queryAdapter(target: DatabaseTarget): SqliteAdapterFactory | PrismaPg {
  return target.kind === 'sqlite'
    ? new SqliteAdapterFactory({ file: sqliteFile(target), timeout: SQLITE_BUSY_TIMEOUT_MS })
    : new PrismaPg({ connectionString: target.url });
}
