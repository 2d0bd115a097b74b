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
  const problem = databaseUrlProblem(raw);
  if (problem) throw new DatabaseUrlError(problem);
  if (!/^file:/i.test(raw)) return { kind: 'postgresql', url: raw };
  const file = raw.slice('file:'.length).replace(/^\/\/(?=\/)/, '');
  return { kind: 'sqlite', url: `file:${path.resolve(cwd, file)}` };
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

/** DATABASE_URL names no database the bot can use; the message says what to write instead. */
export class DatabaseUrlError extends Error {
  override name = 'DatabaseUrlError';
}

const KINDS =
  'tm-bot stores games in SQLite (file:./data/tm.db, the default when DATABASE_URL is unset) or PostgreSQL (postgresql://user:password@host:5432/db)';

/** The sentence for a DATABASE_URL of the wrong form, or undefined when its form is one the bot reads. */
export function databaseUrlProblem(raw: string): string | undefined {
  const shown = raw.replace(/\/\/[^@/]*@/, '//***@');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(raw)?.[1]?.toLowerCase();
  if (scheme === 'file')
    return raw.length === 'file:'.length
      ? `DATABASE_URL "file:" needs a path, e.g. ${DEFAULT_DATABASE_URL}.`
      : undefined;
  if (scheme === 'postgresql' || scheme === 'postgres') {
    try {
      new URL(raw);
      return undefined;
    } catch {
      return (
        'DATABASE_URL is not a valid URL: if the user name or password holds characters such as # / ? @ :, ' +
        'percent-encode them there (# is %23, / is %2F, ? is %3F, @ is %40, : is %3A).'
      );
    }
  }
  if (scheme === 'sqlite' || scheme === 'sqlite3')
    return `DATABASE_URL "${shown}": SQLite files are written file:PATH, such as ${DEFAULT_DATABASE_URL} or file:/var/lib/tm-bot/tm.db.`;
  if (scheme === 'mysql' || scheme === 'mariadb')
    return `DATABASE_URL names a MySQL database (${shown}); ${KINDS}. MySQL and MariaDB are not supported.`;
  if (scheme === undefined || scheme.length === 1)
    return `DATABASE_URL "${shown}" is not a URL; for a SQLite file write file:${raw}. ${KINDS}.`;
  return `DATABASE_URL names a ${scheme}: database (${shown}); ${KINDS}.`;
}
