// The SQLite library: better-sqlite3, in the major version this Node runs. better-sqlite3 12 derives
// its objects from node::ObjectWrap, and Node 24.19+ aborts the process when the garbage collector
// frees one (nodejs/node#65446; WiseLibs/better-sqlite3#1515 was closed unfixed). Version 13 is built
// on Node-API 10 and ships its binaries, but Node 20 only has Node-API 9 and crashes loading it. So
// both are installed (12 as the optional `better-sqlite3-node20`) and the runtime picks one.
import { createRequire } from 'node:module';

/** The part of better-sqlite3's API the store uses; both majors have it unchanged. */
export interface SqliteDatabase {
  prepare(sql: string): SqliteStatement;
  exec(sql: string): void;
  defaultSafeIntegers(on?: boolean): void;
  close(): void;
  readonly open: boolean;
}

export interface SqliteStatement {
  /** False for a statement that returns no rows (INSERT without RETURNING, BEGIN, ...). */
  readonly reader: boolean;
  run(...params: unknown[]): { changes: number | bigint; lastInsertRowid: number | bigint };
  get(...params: unknown[]): unknown;
  all(...params: unknown[]): unknown[];
  raw(on?: boolean): SqliteStatement;
  columns(): { name: string; type: string | null }[];
}

export interface SqliteOptions {
  readonly?: boolean;
  fileMustExist?: boolean;
  /** Milliseconds a statement waits for another connection's lock (SQLite's busy timeout). */
  timeout?: number;
}

type SqliteConstructor = new (file: string, options?: SqliteOptions) => SqliteDatabase;

/** Node-API 10 (recent Node 22, and 24) runs better-sqlite3 13; older runtimes need 12. */
export function sqlitePackageFor(napiVersion: number): 'better-sqlite3' | 'better-sqlite3-node20' {
  return napiVersion >= 10 ? 'better-sqlite3' : 'better-sqlite3-node20';
}

let loaded: SqliteConstructor | undefined;

function sqliteLibrary(): SqliteConstructor {
  if (loaded) return loaded;
  const name = sqlitePackageFor(Number(process.versions.napi));
  try {
    loaded = createRequire(import.meta.url)(name) as SqliteConstructor;
  } catch (error) {
    throw new Error(
      `SQLite needs the package ${name} on Node ${process.versions.node}, and it did not load ` +
        `(${(error as Error).message}). Run npm install again with build tools (python3, make, g++) ` +
        'or internet access, use Node 22 or 24, or set DATABASE_URL to a PostgreSQL database.',
      { cause: error },
    );
  }
  return loaded;
}

/** Opens a SQLite file (or ":memory:") with the library this runtime can use. */
export function openSqlite(file: string, options: SqliteOptions = {}): SqliteDatabase {
  const Database = sqliteLibrary();
  return new Database(file, options);
}
