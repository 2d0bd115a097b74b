// What the bot checks before it trusts a SQLite file: SQLite's own quick_check (the b-trees, their pages
// and records; not the indexes' contents, which integrity_check adds at several times the cost). A damaged
// file is refused at start with one line saying what to do, instead of being served until a move reads the
// damaged page. About a second per few hundred MB; nothing is written.
import { existsSync } from 'node:fs';
import { type DatabaseTarget, sqliteFile } from './database.ts';
import { openSqlite } from './sqlite/native.ts';

/** The database cannot be trusted; the message says what the operator can do. */
export class DamagedDatabaseError extends Error {
  override name = 'DamagedDatabaseError';
}

/** Throws a DamagedDatabaseError when SQLite finds the file damaged; PostgreSQL checks its own pages. */
export function checkSqliteFile(target: DatabaseTarget): void {
  if (target.kind !== 'sqlite') return;
  const file = sqliteFile(target);
  if (!existsSync(file)) return;
  let problems: string[];
  try {
    const db = openSqlite(file, { readonly: true, fileMustExist: true });
    try {
      // At most 10 problems (a badly damaged file has thousands); the first says enough for one line.
      problems = (db.prepare('PRAGMA quick_check(10)').raw().all() as [string][])
        .flatMap(([text]) => text.split('\n'))
        .filter((line) => !line.startsWith('*** in database'));
    } finally {
      db.close();
    }
  } catch (error) {
    // "file is not a database", "database disk image is malformed": the header or schema itself.
    problems = [(error as Error).message];
  }
  if (problems.length === 1 && problems[0] === 'ok') return;
  throw new DamagedDatabaseError(
    `the SQLite database ${file} is damaged (PRAGMA quick_check: ${problems[0]}${problems.length > 1 ? `, and ${problems.length - 1} more` : ''}); ` +
      'the bot did not start, so nothing was changed. Restore it from a backup, or salvage what it holds with ' +
      `\`sqlite3 ${file} .recover | sqlite3 recovered.db\` and point DATABASE_URL at the result.`,
  );
}
