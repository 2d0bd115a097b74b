// One bot process per SQLite file. Two processes on one file (a container started before the old one
// stopped, a second `npm start` by mistake) would both answer every interaction: the claims that settle
// that on PostgreSQL (GameRepo.claimInteraction) would cost SQLite a synced write per interaction. So the
// bot holds an exclusive lock on a file beside the database while it runs: a second process waits for
// the first to stop (a restart's overlap), and says why it gives up if the first keeps running. The
// operating system drops the lock with the process, so a crash leaves nothing to clean up.
import { openSqlite, type SqliteDatabase } from './native.ts';
import { mkdirSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

/** How long a second process waits for the first to stop: longer than a stop takes (main.ts, 8 s). */
export const OWNER_WAIT_MS = 30_000;

export interface OwnerOptions {
  readonly waitMs?: number;
  readonly pollMs?: number;
  /** Told once when another process holds the file, before waiting for it. */
  readonly onWait?: (lockFile: string) => void;
}

/** Another process kept the SQLite file for the whole wait. */
export class SqliteFileInUseError extends Error {
  override name = 'SqliteFileInUseError';
  constructor(
    readonly file: string,
    waitedMs: number,
  ) {
    super(
      `Another bot process uses the SQLite file ${file} (it holds ${ownerFile(file)}) and did not stop within ` +
        `${Math.round(waitedMs / 1000)} s: one bot process per SQLite file. Stop the other one, or use PostgreSQL ` +
        'with SHARD_COUNT and SHARD_IDS for several.',
    );
  }
}

/** The file whose lock says which process owns the database. */
export function ownerFile(file: string): string {
  return `${file}.owner`;
}

/**
 * Makes this process the SQLite file's only bot: resolves with the release (closing the lock, as a stop
 * does) once no other process holds it, or rejects with SqliteFileInUseError after `waitMs`.
 */
export async function ownSqliteFile(file: string, options: OwnerOptions = {}): Promise<() => void> {
  const { waitMs = OWNER_WAIT_MS, pollMs = 250 } = options;
  const lockFile = ownerFile(file);
  mkdirSync(path.dirname(lockFile), { recursive: true });
  const db = openSqlite(lockFile, { timeout: 0 });
  const started = Date.now();
  try {
    // In exclusive locking mode a connection keeps the lock of its first write until it closes.
    db.exec('PRAGMA locking_mode=EXCLUSIVE');
    for (let told = false; ; told = true) {
      if (tryOwn(db)) return () => db.close();
      if (!told) options.onWait?.(lockFile);
      if (Date.now() - started >= waitMs) throw new SqliteFileInUseError(file, waitMs);
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  } catch (error) {
    db.close();
    throw error;
  }
}

/** Takes the exclusive lock with a write naming this process (for whoever opens the file later). */
function tryOwn(db: SqliteDatabase): boolean {
  try {
    db.exec('BEGIN EXCLUSIVE');
  } catch (error) {
    if (String((error as { code?: unknown }).code).startsWith('SQLITE_BUSY')) return false;
    throw error;
  }
  try {
    db.exec('CREATE TABLE IF NOT EXISTS owner (pid INTEGER, host TEXT, since TEXT); DELETE FROM owner');
    db.prepare('INSERT INTO owner VALUES (?, ?, ?)').run(process.pid, hostname(), new Date().toISOString());
    db.exec('COMMIT');
    return true;
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
}
