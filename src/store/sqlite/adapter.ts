// Prisma's driver adapter for SQLite, written here instead of using @prisma/adapter-better-sqlite3
// 7.10, which loses acknowledged writes: it serialises transactions but not the statements outside
// them, so a plain write issued while another call's transaction is open runs inside that transaction
// and vanishes when it rolls back (measured: 10,460 of 10,461 concurrent preference writes lost), and a
// failed COMMIT leaves the connection inside the transaction (prisma/orm#29933). Here the one
// connection is a FIFO lock: a transaction holds it from BEGIN to its end, every other statement waits
// its turn, and a rollback really rolls back. It also opens the SQLite library this Node can run
// (./native.ts), which the published adapter cannot be told to do.
import {
  type IsolationLevel,
  type SqlDriverAdapter,
  type SqlMigrationAwareDriverAdapterFactory,
  type SqlQuery,
  type SqlResultSet,
  type Transaction,
  DriverAdapterError,
} from '@prisma/driver-adapter-utils';
import { rethrowSqliteError } from './errors.ts';
import { openSqlite, type SqliteDatabase, type SqliteStatement } from './native.ts';
import { boundArg, columnTypes, resultRow } from './values.ts';

const ADAPTER_NAME = 'tm-bot-sqlite';

/** Hands the connection to one holder at a time, in the order they asked. */
class FifoLock {
  private tail: Promise<void> = Promise.resolve();

  /** Resolves with the release function once every earlier holder has released. */
  acquire(): Promise<() => void> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const turn = this.tail.then(() => release);
    this.tail = this.tail.then(() => released);
    return turn;
  }

  async run<T>(work: () => T): Promise<T> {
    const release = await this.acquire();
    try {
      return work();
    } finally {
      release();
    }
  }
}

/**
 * The connection with its prepared statements kept by SQL text. The query compiler sends the same few
 * hundred statements over and over, and better-sqlite3 13 never gives back the native memory of a
 * statement the garbage collector frees (measured: +2.6 KB per prepare, 1.3 GB after 500,000), so
 * statements are prepared once; the cache's bound only matters for shapes that vary (IN lists).
 */
class Connection {
  private static readonly CACHED_STATEMENTS = 1_000;
  private readonly statements = new Map<string, SqliteStatement>();

  constructor(readonly db: SqliteDatabase) {}

  private prepare(sql: string): SqliteStatement {
    let prepared = this.statements.get(sql);
    if (prepared) {
      // Most recently used last, so the first key is the one to drop.
      this.statements.delete(sql);
    } else {
      prepared = this.db.prepare(sql);
      if (prepared.reader) prepared.raw(true);
      if (this.statements.size >= Connection.CACHED_STATEMENTS) {
        this.statements.delete(this.statements.keys().next().value!);
      }
    }
    this.statements.set(sql, prepared);
    return prepared;
  }

  query(q: SqlQuery): SqlResultSet {
    try {
      const prepared = this.prepare(q.sql);
      const args = q.args.map((arg, i) => boundArg(arg, q.argTypes[i]));
      if (!prepared.reader) {
        prepared.run(...args);
        return { columnNames: [], columnTypes: [], rows: [] };
      }
      const columns = prepared.columns();
      const rows = prepared.all(...args) as unknown[][];
      const types = columnTypes(
        columns.map((c) => c.type),
        rows,
      );
      return {
        columnNames: columns.map((c) => c.name),
        columnTypes: types,
        rows: rows.map((r) => resultRow(r, types)),
      };
    } catch (error) {
      return rethrowSqliteError(error);
    }
  }

  execute(q: SqlQuery): number {
    try {
      const args = q.args.map((arg, i) => boundArg(arg, q.argTypes[i]));
      return Number(this.prepare(q.sql).run(...args).changes);
    } catch (error) {
      return rethrowSqliteError(error);
    }
  }

  script(sql: string): void {
    try {
      this.db.exec(sql);
    } catch (error) {
      rethrowSqliteError(error);
    }
  }

  close(): void {
    this.statements.clear();
    if (this.db.open) this.db.close();
  }
}

const statement = (sql: string): SqlQuery => ({ sql, args: [], argTypes: [] });

class SqliteTransaction implements Transaction {
  readonly provider = 'sqlite';
  readonly adapterName = ADAPTER_NAME;
  // The query engine sends COMMIT and ROLLBACK itself before calling commit() or rollback().
  readonly options = { usePhantomQuery: false };
  private open = true;

  constructor(
    private readonly connection: Connection,
    private readonly release: () => void,
  ) {}

  queryRaw = async (q: SqlQuery): Promise<SqlResultSet> => this.connection.query(q);
  executeRaw = async (q: SqlQuery): Promise<number> => this.connection.execute(q);

  async commit(): Promise<void> {
    this.end();
  }

  async rollback(): Promise<void> {
    // Also called when COMMIT failed (SQLITE_BUSY, I/O error), which leaves SQLite inside the
    // transaction: end it here, or the next holder's statements would join it.
    try {
      if (this.connection.db.open) this.connection.db.exec('ROLLBACK');
    } catch {
      // "no transaction is active": the engine's own ROLLBACK already ended it.
    } finally {
      this.end();
    }
  }

  async createSavepoint(name: string): Promise<void> {
    this.connection.execute(statement(`SAVEPOINT ${name}`));
  }

  async rollbackToSavepoint(name: string): Promise<void> {
    this.connection.execute(statement(`ROLLBACK TO ${name}`));
  }

  async releaseSavepoint(name: string): Promise<void> {
    this.connection.execute(statement(`RELEASE SAVEPOINT ${name}`));
  }

  private end(): void {
    if (!this.open) return;
    this.open = false;
    this.release();
  }
}

class SqliteAdapter implements SqlDriverAdapter {
  readonly provider = 'sqlite';
  readonly adapterName = ADAPTER_NAME;
  private readonly lock = new FifoLock();

  constructor(private readonly connection: Connection) {}

  queryRaw(q: SqlQuery): Promise<SqlResultSet> {
    return this.lock.run(() => this.connection.query(q));
  }

  executeRaw(q: SqlQuery): Promise<number> {
    return this.lock.run(() => this.connection.execute(q));
  }

  executeScript(sql: string): Promise<void> {
    return this.lock.run(() => this.connection.script(sql));
  }

  async startTransaction(isolationLevel?: IsolationLevel): Promise<Transaction> {
    // SQLite transactions are serializable; any weaker level asked for is refused, not faked.
    if (isolationLevel && isolationLevel !== 'SERIALIZABLE') {
      throw new DriverAdapterError({ kind: 'InvalidIsolationLevel', level: isolationLevel });
    }
    const release = await this.lock.acquire();
    try {
      this.connection.execute(statement('BEGIN'));
    } catch (error) {
      release();
      throw error;
    }
    return new SqliteTransaction(this.connection, release);
  }

  dispose(): Promise<void> {
    return this.lock.run(() => this.connection.close());
  }
}

export interface SqliteAdapterConfig {
  /** The database file (an absolute path, no "file:"). */
  file: string;
  /** SQLite's busy timeout in milliseconds. */
  timeout: number;
}

/** The adapter factory for PrismaClient (and the schema engine, which also asks for a shadow database). */
export class SqliteAdapterFactory implements SqlMigrationAwareDriverAdapterFactory {
  readonly provider = 'sqlite';
  readonly adapterName = ADAPTER_NAME;

  constructor(private readonly config: SqliteAdapterConfig) {}

  async connect(): Promise<SqlDriverAdapter> {
    return this.adapterOn(this.config.file);
  }

  async connectToShadowDb(): Promise<SqlDriverAdapter> {
    return this.adapterOn(':memory:');
  }

  private adapterOn(file: string): SqlDriverAdapter {
    const db = openSqlite(file, { timeout: this.config.timeout });
    // Integers come back as bigint so none loses digits; resultRow makes the safe ones numbers.
    db.defaultSafeIntegers(true);
    return new SqliteAdapter(new Connection(db));
  }
}
