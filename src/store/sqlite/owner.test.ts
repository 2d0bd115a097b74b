// One bot process per SQLite file: the second waits for the first to stop, and says why when it does not.
// Two connections in one process lock as two processes do (SQLite's own lock table).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ownSqliteFile, SqliteFileInUseError } from './owner.ts';

describe('owning a SQLite file', () => {
  const dirs: string[] = [];
  const file = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tm-owner-'));
    dirs.push(dir);
    return path.join(dir, 'tm.db');
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('a second owner gives up with the reason once the wait is over', async () => {
    const db = file();
    const release = await ownSqliteFile(db);
    const waited: string[] = [];
    const started = Date.now();
    const second = await ownSqliteFile(db, { waitMs: 600, pollMs: 50, onWait: (f) => waited.push(f) }).catch(
      (e: unknown) => e,
    );
    expect(second).toBeInstanceOf(SqliteFileInUseError);
    expect((second as Error).message).toContain(`Another bot process uses the SQLite file ${db}`);
    expect(Date.now() - started).toBeGreaterThanOrEqual(600);
    expect(waited).toEqual([`${db}.owner`]);
    release();
  });

  it('a second owner takes over as soon as the first stops', async () => {
    const db = file();
    const release = await ownSqliteFile(db);
    let waiting = false;
    const second = ownSqliteFile(db, { waitMs: 10_000, pollMs: 20, onWait: () => (waiting = true) });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(waiting).toBe(true);
    release();
    const releaseSecond = await second;
    // And the first cannot come back while the second runs.
    await expect(ownSqliteFile(db, { waitMs: 0 })).rejects.toBeInstanceOf(SqliteFileInUseError);
    releaseSecond();
    (await ownSqliteFile(db, { waitMs: 0 }))();
  });
});
