// Values between Prisma's query engine and SQLite, in the shapes Prisma's own SQLite adapters use, so
// a database written by either reads the same: timestamps as RFC 3339 text with "+00:00", booleans as
// 0/1, integers read exactly (safe integers) and handed back as numbers while they fit.
import { type ArgType, type ColumnType, ColumnTypeEnum } from '@prisma/driver-adapter-utils';

/** The column type SQLite's declared type names, or null for an expression or an untyped column. */
function declaredColumnType(declared: string | null): ColumnType | null {
  switch ((declared ?? '').toUpperCase()) {
    case 'INT':
    case 'INTEGER':
    case 'TINYINT':
    case 'SMALLINT':
    case 'MEDIUMINT':
    case 'INT2':
    case 'SERIAL':
      return ColumnTypeEnum.Int32;
    case 'BIGINT':
    case 'INT8':
    case 'UNSIGNED BIG INT':
      return ColumnTypeEnum.Int64;
    case 'REAL':
    case 'DOUBLE':
    case 'DOUBLE PRECISION':
    case 'NUMERIC':
      return ColumnTypeEnum.Double;
    case 'FLOAT':
      return ColumnTypeEnum.Float;
    case 'DECIMAL':
      return ColumnTypeEnum.Numeric;
    case 'TEXT':
    case 'CLOB':
    case 'CHARACTER':
    case 'VARCHAR':
    case 'VARYING CHARACTER':
    case 'NCHAR':
    case 'NATIVE CHARACTER':
    case 'NVARCHAR':
      return ColumnTypeEnum.Text;
    case 'BLOB':
      return ColumnTypeEnum.Bytes;
    case 'BOOLEAN':
      return ColumnTypeEnum.Boolean;
    case 'DATETIME':
    case 'TIMESTAMP':
      return ColumnTypeEnum.DateTime;
    case 'DATE':
      return ColumnTypeEnum.Date;
    case 'TIME':
      return ColumnTypeEnum.Time;
    case 'JSONB':
      return ColumnTypeEnum.Json;
    default:
      return null;
  }
}

function valueColumnType(value: unknown): ColumnType {
  if (typeof value === 'string') return ColumnTypeEnum.Text;
  if (typeof value === 'bigint') return ColumnTypeEnum.Int64;
  if (typeof value === 'number') return ColumnTypeEnum.UnknownNumber;
  if (value instanceof Uint8Array) return ColumnTypeEnum.Bytes;
  throw new TypeError(`SQLite returned a value of an unexpected type: ${typeof value}`);
}

/**
 * Column types for a result: the declared ones, and for expressions (COUNT(*), 1 AS x) the type of the
 * first value that is not NULL, or Int32 when every value is.
 */
export function columnTypes(declared: readonly (string | null)[], rows: readonly unknown[][]): ColumnType[] {
  return declared.map((name, column) => {
    const type = declaredColumnType(name);
    if (type !== null) return type;
    const sample = rows.find((row) => row[column] !== null)?.[column];
    return sample === undefined ? ColumnTypeEnum.Int32 : valueColumnType(sample);
  });
}

export function resultRow(row: readonly unknown[], types: readonly ColumnType[]): unknown[] {
  return row.map((value, column) => {
    const type = types[column];
    if ((typeof value === 'number' || typeof value === 'bigint') && type === ColumnTypeEnum.DateTime) {
      return new Date(Number(value)).toISOString();
    }
    if (typeof value === 'number' && (type === ColumnTypeEnum.Int32 || type === ColumnTypeEnum.Int64)) {
      return Math.trunc(value);
    }
    if (typeof value === 'bigint') {
      const asNumber = Number(value);
      return Number.isSafeInteger(asNumber) ? asNumber : value.toString();
    }
    return value;
  });
}

/** A query argument as SQLite binds it. */
export function boundArg(arg: unknown, type: ArgType | undefined): unknown {
  if (arg === null || arg === undefined) return null;
  if (typeof arg === 'boolean') return arg ? 1 : 0;
  if (arg instanceof Date) return timestamp(arg);
  if (typeof arg !== 'string') return arg;
  switch (type?.scalarType) {
    case 'int':
      return Number.parseInt(arg, 10);
    case 'bigint':
      return BigInt(arg);
    case 'float':
    case 'decimal':
      return Number.parseFloat(arg);
    case 'datetime':
      return timestamp(new Date(arg));
    case 'bytes':
      return Buffer.from(arg, 'base64');
    case 'boolean':
    case 'enum':
    case 'json':
    case 'string':
    case 'unknown':
    case 'uuid':
    case undefined:
      return arg;
  }
}

function timestamp(date: Date): string {
  return date.toISOString().replace('Z', '+00:00');
}
