// Backups of the game store, and putting one back (`npm run db:backup -- FILE`, `npm run db:restore --
// FILE`; docs/operations.md). SQLite runs in WAL mode, so a plain copy of a running bot's file is not a
// backup: VACUUM INTO writes a consistent copy from one read transaction while the bot goes on. PostgreSQL
// goes through its own pg_dump and pg_restore (its custom format), which must be installed where this runs.
import { spawn } from 'node:child_process';
import { copyFile, mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { type DatabaseTarget, sqliteFile } from './database.ts';
import { openSqlite } from './sqlite/native.ts';

/** A backup or restore that cannot be done; the message says why and what to do. */
export class BackupError extends Error {
  override name = 'BackupError';
}

/** Writes a backup of the database to `file` (which must not exist), safely while the bot runs. */
export async function backupDatabase(target: DatabaseTarget, file: string): Promise<void> {
  if (await exists(file)) throw new BackupError(`${file} exists already: name a new file for the backup.`);
  await mkdir(path.dirname(path.resolve(file)), { recursive: true });
  if (target.kind === 'sqlite') {
    const db = openSqlite(sqliteFile(target), { readonly: true, fileMustExist: true, timeout: 10_000 });
    try {
      db.prepare('VACUUM INTO ?').run(path.resolve(file));
    } finally {
      db.close();
    }
    return;
  }
  await runPostgresTool('pg_dump', target.url, ['--format=custom', '--no-owner', `--file=${file}`]);
}

/**
 * Puts a backup back in place of the database: the bot must be stopped. SQLite: the file replaces the
 * database file (its WAL and shared-memory files are removed with it). PostgreSQL: the backup's tables
 * replace those in the database (pg_restore --clean, in one transaction, so a failure changes nothing).
 */
export async function restoreDatabase(target: DatabaseTarget, file: string): Promise<void> {
  if (!(await exists(file))) throw new BackupError(`${file} does not exist: name the backup file to restore.`);
  if (target.kind === 'sqlite') {
    const database = sqliteFile(target);
    const check = openSqlite(path.resolve(file), { readonly: true, fileMustExist: true });
    try {
      const [result] = check.prepare('PRAGMA quick_check').raw().all() as [string][];
      if (result?.[0] !== 'ok') throw new BackupError(`${file} is not a sound SQLite database (${result?.[0]}).`);
    } catch (error) {
      throw error instanceof BackupError
        ? error
        : new BackupError(`${file} is not a SQLite database: ${(error as Error).message}`);
    } finally {
      check.close();
    }
    await mkdir(path.dirname(database), { recursive: true });
    await copyFile(file, `${database}.restoring`);
    for (const suffix of ['-wal', '-shm']) await rm(`${database}${suffix}`, { force: true });
    await rm(database, { force: true });
    await copyFile(`${database}.restoring`, database);
    await rm(`${database}.restoring`, { force: true });
    return;
  }
  await runPostgresTool('pg_restore', target.url, [
    '--clean',
    '--if-exists',
    '--no-owner',
    '--single-transaction',
    file,
  ]);
}

/** Runs pg_dump or pg_restore on the database `url` names, the password passed out of the command line. */
async function runPostgresTool(tool: 'pg_dump' | 'pg_restore', url: string, args: string[]): Promise<void> {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  // libpq reads the URL's query (sslmode, host=…) itself; the password goes through its environment.
  const child = spawn(tool, [`--dbname=${parsed.toString()}`, ...args], {
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
    stdio: ['ignore', 'inherit', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new BackupError(
              `${tool} is not installed here: install PostgreSQL's client tools (Debian: apt install postgresql-client) in the version of the server or newer.`,
            )
          : error,
      ),
    );
    child.once('exit', resolve);
  });
  if (code !== 0) throw new BackupError(`${tool} failed (status ${code}): ${stderr.trim()}`);
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}
