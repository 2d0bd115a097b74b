// SQLite's errors as the Prisma query engine understands them: the kinds it turns into its own error
// codes (P2002 unique, P1008 busy, ...) and the rest with SQLite's result code and message.
import { DriverAdapterError, type Error as AdapterError } from '@prisma/driver-adapter-utils';

// Primary result codes (https://www.sqlite.org/rescode.html), by the names better-sqlite3 reports.
const RESULT_CODES: Readonly<Record<string, number>> = {
  SQLITE_ERROR: 1,
  SQLITE_INTERNAL: 2,
  SQLITE_PERM: 3,
  SQLITE_ABORT: 4,
  SQLITE_BUSY: 5,
  SQLITE_LOCKED: 6,
  SQLITE_NOMEM: 7,
  SQLITE_READONLY: 8,
  SQLITE_INTERRUPT: 9,
  SQLITE_IOERR: 10,
  SQLITE_CORRUPT: 11,
  SQLITE_NOTFOUND: 12,
  SQLITE_FULL: 13,
  SQLITE_CANTOPEN: 14,
  SQLITE_PROTOCOL: 15,
  SQLITE_SCHEMA: 17,
  SQLITE_TOOBIG: 18,
  SQLITE_CONSTRAINT: 19,
  SQLITE_MISMATCH: 20,
  SQLITE_MISUSE: 21,
  SQLITE_RANGE: 25,
  SQLITE_NOTADB: 26,
};

/** The code of an error better-sqlite3 threw, or undefined for any other error. */
function sqliteCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_') ? code : undefined;
}

/** "UNIQUE constraint failed: Game.activeChannelKey, Game.x" → the table and the field names. */
function constraintColumns(message: string): { table?: string; fields?: string[] } {
  const columns = message.split('constraint failed: ')[1]?.split(', ');
  if (!columns) return {};
  const table = columns[0]?.split('.').slice(0, -1).join('.');
  return { table: table || undefined, fields: columns.map((c) => c.split('.').pop() ?? c) };
}

function mapped(code: string, message: string): AdapterError {
  const { table, fields } = constraintColumns(message);
  if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
    return { kind: 'UniqueConstraintViolation', table, constraint: fields ? { fields } : undefined };
  }
  if (code === 'SQLITE_CONSTRAINT_NOTNULL') {
    return { kind: 'NullConstraintViolation', constraint: fields ? { fields } : undefined };
  }
  if (code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === 'SQLITE_CONSTRAINT_TRIGGER') {
    return { kind: 'ForeignKeyConstraintViolation', constraint: { foreignKey: {} } };
  }
  // Another connection holds the lock: Prisma reports P1008, which the repository retries.
  if (code.startsWith('SQLITE_BUSY')) return { kind: 'SocketTimeout' };
  if (message.startsWith('no such table')) return { kind: 'TableDoesNotExist', table: message.split(': ')[1] };
  if (message.startsWith('no such column')) return { kind: 'ColumnNotFound', column: message.split(': ')[1] };
  const primary = Object.entries(RESULT_CODES).find(([name]) => code === name || code.startsWith(`${name}_`));
  return { kind: 'sqlite', extendedCode: primary?.[1] ?? 1, message };
}

/** Rethrows a SQLite error as the adapter error Prisma expects; anything else as it is. */
export function rethrowSqliteError(error: unknown): never {
  const code = sqliteCode(error);
  if (code === undefined) throw error;
  const message = (error as Error).message;
  throw new DriverAdapterError({ ...mapped(code, message), originalCode: code, originalMessage: message });
}
