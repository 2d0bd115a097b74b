// Development only: the driver adapters the wasm schema engine (./schema-engine.ts) needs, with
// work-arounds for four adapter bugs of the Prisma 7.10 line that only the engine meets (shadow
// databases, catalogue columns, multi-statement scripts). The bot's own queries use the adapters of
// ../database.ts as they are.
import { randomUUID } from 'node:crypto';
import { PrismaPg } from '@prisma/adapter-pg';
import type { SqlDriverAdapter, SqlMigrationAwareDriverAdapterFactory, SqlQuery } from '@prisma/driver-adapter-utils';
import pg from 'pg';
import { type DatabaseTarget, sqliteFile } from '../database.ts';
import { SqliteAdapterFactory } from '../sqlite/adapter.ts';

export interface MigrationAdapter {
  factory: SqlMigrationAwareDriverAdapterFactory;
  /** Ends the connection pools the factory opened (the engine does not). */
  close(): Promise<void>;
}

export function migrationAdapter(target: DatabaseTarget): MigrationAdapter {
  return target.kind === 'sqlite' ? sqliteMigrationAdapter(target) : postgresMigrationAdapter(target.url);
}

function sqliteMigrationAdapter(target: DatabaseTarget): MigrationAdapter {
  const inner = new SqliteAdapterFactory({ file: sqliteFile(target), timeout: 5_000 });
  // The engine takes SQLite's exclusive locking mode and never disposes of its connection, so the
  // file stays locked until the connection is closed here.
  const opened: SqlDriverAdapter[] = [];
  const factory: SqlMigrationAwareDriverAdapterFactory = {
    provider: inner.provider,
    adapterName: inner.adapterName,
    connect: async () => {
      const connection = await inner.connect();
      opened.push(connection);
      return connection;
    },
    // Work-around 1: the engine replays migrations on the shadow DB through executeRaw, which runs a
    // single statement (better-sqlite3 refuses the rest, libsql silently dropped it: bogus drift).
    connectToShadowDb: async () => {
      const shadow = await inner.connectToShadowDb();
      const executeRaw = shadow.executeRaw.bind(shadow);
      shadow.executeRaw = async (query: SqlQuery) => {
        if (query.args.length > 0) return executeRaw(query);
        await shadow.executeScript(query.sql);
        return 0;
      };
      opened.push(shadow);
      return shadow;
    },
  };
  return {
    factory,
    close: async () => {
      await Promise.all(opened.splice(0).map((connection) => connection.dispose()));
    },
  };
}

const PG_CHAR_OID = 18;
const PG_TEXT_OID = 25;

interface FieldsResult {
  fields?: { dataTypeID: number }[];
}

function charColumnsAsText<T>(result: T): T {
  for (const r of Array.isArray(result) ? (result as FieldsResult[]) : [result as FieldsResult]) {
    for (const field of r?.fields ?? []) if (field.dataTypeID === PG_CHAR_OID) field.dataTypeID = PG_TEXT_OID;
  }
  return result;
}

// Work-around 3: adapter-pg rejects pg_catalog's one-byte "char" columns (OID 18), which the engine's
// schema describer reads; they are plain text to it. pg-pool calls query() with a callback, a
// transaction's client with a promise; both paths are covered.
class CharAsTextClient extends pg.Client {
  // pg.Client.query has a dozen overloads; this only rewrites the result and forwards everything.
  override query(...args: unknown[]): never {
    const callback = args.at(-1);
    if (typeof callback === 'function') {
      args[args.length - 1] = (err: unknown, result: unknown) =>
        callback(err, err ? result : charColumnsAsText(result));
      return (super.query as (...a: unknown[]) => never)(...args);
    }
    const out = (super.query as (...a: unknown[]) => unknown)(...args);
    return (out instanceof Promise ? out.then(charColumnsAsText) : out) as never;
  }
}

function postgresMigrationAdapter(url: string): MigrationAdapter {
  const pools: pg.Pool[] = [];
  const open = async (connectionString: string): Promise<{ adapter: SqlDriverAdapter; pool: pg.Pool }> => {
    const pool = new pg.Pool({ connectionString, Client: CharAsTextClient });
    pools.push(pool);
    const adapter = await new PrismaPg(pool).connect();
    // Work-around 5: adapter-pg's executeScript splits on every ';', breaking dollar-quoted bodies and
    // string literals. One simple-protocol query runs the whole script, as the native engine does.
    adapter.executeScript = async (script: string) => {
      await pool.query(script);
    };
    return { adapter, pool };
  };
  const factory: SqlMigrationAwareDriverAdapterFactory = {
    provider: 'postgres',
    adapterName: '@prisma/adapter-pg',
    connect: async () => (await open(url)).adapter,
    // Work-around 4: adapter-pg creates a shadow database but then connects with a config whose
    // connectionString overrides the database name, so the "shadow" was the main database.
    connectToShadowDb: async () => {
      const given = process.env.SHADOW_DATABASE_URL;
      if (given) return (await open(given)).adapter;
      const main = (await open(url)).adapter;
      const name = `prisma_migrate_shadow_db_${randomUUID().replaceAll('-', '')}`;
      await main.executeScript(`CREATE DATABASE "${name}"`);
      const shadowUrl = new URL(url);
      shadowUrl.pathname = `/${name}`;
      const shadow = await open(shadowUrl.toString());
      shadow.adapter.dispose = async () => {
        pools.splice(pools.indexOf(shadow.pool), 1);
        await shadow.pool.end();
        await main.executeScript(`DROP DATABASE IF EXISTS "${name}"`);
      };
      return shadow.adapter;
    },
  };
  return {
    factory,
    close: async () => {
      await Promise.all(pools.splice(0).map((p) => p.end().catch(() => {})));
    },
  };
}
