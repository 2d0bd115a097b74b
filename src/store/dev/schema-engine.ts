// Development only (a devDependency, never on the bot's path): Prisma's schema engine compiled to
// WebAssembly (@prisma/schema-engine-wasm), driven through driver adapters, for what needs the engine's
// diffing: writing a new migration without internet (`npm run db:migrate -- <name>`, like `prisma migrate
// dev`) and the test that fails when a schema change has no migration. Being the schema engine itself,
// it also checks that the bot's own runner (../migrations.ts) writes history rows the engine accepts.
// With internet, `npx prisma migrate dev` does the same with the native engine.
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bindMigrationAwareSqlAdapterFactory } from '@prisma/driver-adapter-utils';
import type {
  DiagnoseMigrationHistoryOutput,
  MigrationList,
  SchemaEngine,
  SchemasContainer,
} from '@prisma/schema-engine-wasm';
import { type DatabaseKind, type DatabaseTarget, ensureSqliteDir } from '../database.ts';
import { prismaDir } from '../migrations.ts';
import { migrationAdapter } from './engine-adapters.ts';

interface WasmModule {
  SchemaEngine: { new: typeof SchemaEngine.new };
  __wbg_set_wasm(exports: unknown): void;
}

let wasmModule: Promise<WasmModule> | undefined;

// The package's entry imports the .wasm file as an ES module, which Node 20 only does behind
// --experimental-wasm-modules; instantiating its glue module by hand avoids the flag.
function loadWasm(): Promise<WasmModule> {
  wasmModule ??= (async () => {
    const glueUrl = import.meta.resolve('@prisma/schema-engine-wasm/schema_engine_bg');
    const glue = (await import(glueUrl)) as WasmModule;
    const bytes = await readFile(fileURLToPath(glueUrl).replace(/\.js$/, '.wasm'));
    const { instance } = await WebAssembly.instantiate(bytes, { './schema_engine_bg.js': glue as never });
    glue.__wbg_set_wasm(instance.exports);
    (instance.exports.__wbindgen_start as () => void)();
    return glue;
  })();
  return wasmModule;
}

async function readSchema(kind: DatabaseKind): Promise<SchemasContainer> {
  const file = path.join(prismaDir(kind), 'schema.prisma');
  return { files: [{ path: file, content: await readFile(file, 'utf8') }] };
}

async function readMigrations(kind: DatabaseKind): Promise<MigrationList> {
  const baseDir = path.join(prismaDir(kind), 'migrations');
  const lockPath = path.join(baseDir, 'migration_lock.toml');
  const dirs = existsSync(baseDir)
    ? (await readdir(baseDir, { withFileTypes: true }))
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
        .sort()
    : [];
  return {
    baseDir,
    lockfile: { path: 'migration_lock.toml', content: existsSync(lockPath) ? await readFile(lockPath, 'utf8') : null },
    shadowDbInitScript: '',
    migrationDirectories: await Promise.all(
      dirs.map(async (dir) => {
        const file = path.join(baseDir, dir, 'migration.sql');
        const content = existsSync(file)
          ? { tag: 'ok' as const, value: await readFile(file, 'utf8') }
          : { tag: 'error' as const, value: `missing ${file}` };
        return { path: dir, migrationFile: { path: 'migration.sql', content } };
      }),
    ),
  };
}

const noFilters = { externalTables: [], externalEnums: [] };

/** Opens the engine on the target, runs `work`, and always releases the engine and its pools. */
async function withEngine<T>(target: DatabaseTarget, work: (engine: SchemaEngine) => Promise<T>): Promise<T> {
  await ensureSqliteDir(target);
  const { SchemaEngine: Engine } = await loadWasm();
  const schema = await readSchema(target.kind);
  const adapter = migrationAdapter(target);
  const bound = bindMigrationAwareSqlAdapterFactory(adapter.factory);
  // The engine reports adapter failures as "External error id#N"; the real error sits in the registry.
  const explain = (error: unknown): unknown => {
    const id = /id#(\d+)/.exec(String((error as Error)?.message ?? error))?.[1];
    const record = id === undefined ? undefined : bound.errorRegistry.consumeError(Number(id));
    if (!record) return error;
    const inner = record.error as { message?: string; cause?: unknown; kind?: string };
    return new Error(`${(error as Error).message}: ${inner.message ?? JSON.stringify(inner)}`, { cause: inner });
  };
  let engine: SchemaEngine | undefined;
  try {
    const opened = await Engine.new(
      { datamodels: schema.files.map((f) => [f.path, f.content]) },
      () => {},
      bound,
    ).catch((e: unknown) => Promise.reject(explain(e)));
    engine = opened;
    return await work(opened).catch((e: unknown) => Promise.reject(explain(e)));
  } finally {
    engine?.free();
    await adapter.close();
  }
}

async function apply(engine: SchemaEngine, kind: DatabaseKind): Promise<string[]> {
  const result = await engine.applyMigrations({ migrationsList: await readMigrations(kind), filters: noFilters });
  return result.appliedMigrationNames;
}

// createMigration needs devDiagnostic first: the wasm engine sets up the shadow database there
// ("SQLite shadow DB must be provided through an external factory" otherwise), as `migrate dev` does.
async function diagnose(engine: SchemaEngine, kind: DatabaseKind): Promise<void> {
  const { action } = await engine.devDiagnostic({ migrationsList: await readMigrations(kind), filters: noFilters });
  if (action.tag === 'reset') {
    throw new Error(`the database needs a reset before new migrations (${action.reason}); use a fresh database`);
  }
}

/** `prisma migrate deploy` by the schema engine itself. */
export function engineDeploy(target: DatabaseTarget): Promise<string[]> {
  return withEngine(target, (engine) => apply(engine, target.kind));
}

/** `prisma migrate status` by the schema engine itself. */
export function engineStatus(target: DatabaseTarget): Promise<DiagnoseMigrationHistoryOutput> {
  return withEngine(target, async (engine) => {
    // The SQLite flavour does not recognise the adapter's "no such table" as a missing history table, so
    // a never-migrated file needs the (empty) table first; PostgreSQL reports it properly.
    if (target.kind === 'sqlite')
      await engine.applyMigrations({
        migrationsList: emptyList(await readMigrations(target.kind)),
        filters: noFilters,
      });
    return engine.diagnoseMigrationHistory({
      migrationsList: await readMigrations(target.kind),
      optInToShadowDatabase: false,
      filters: noFilters,
    });
  });
}

function emptyList(list: MigrationList): MigrationList {
  return { ...list, migrationDirectories: [] };
}

/**
 * The SQL the next migration would contain, or null when prisma/<kind>/schema.prisma and the
 * migrations agree. Applies pending migrations first, like `prisma migrate dev`.
 */
export function pendingSchemaChanges(target: DatabaseTarget): Promise<string | null> {
  return withEngine(target, async (engine) => {
    await apply(engine, target.kind);
    await diagnose(engine, target.kind);
    const draft = await engine.createMigration({
      draft: false,
      migrationName: 'check',
      migrationsList: await readMigrations(target.kind),
      schema: await readSchema(target.kind),
      filters: noFilters,
    });
    return draft.migrationScript;
  });
}

export interface MigrateDevResult {
  applied: string[];
  created: string | null;
}

/** `prisma migrate dev --name <name>`: applies pending migrations, writes a new one for schema changes, applies it. */
export function migrateDev(target: DatabaseTarget, name: string): Promise<MigrateDevResult> {
  if (!/^[a-z0-9_]+$/i.test(name)) throw new Error(`migration name must be letters, digits and _ (got "${name}")`);
  return withEngine(target, async (engine) => {
    const applied = await apply(engine, target.kind);
    await diagnose(engine, target.kind);
    const migrationsList = await readMigrations(target.kind);
    const draft = await engine.createMigration({
      draft: false,
      migrationName: name,
      migrationsList,
      schema: await readSchema(target.kind),
      filters: noFilters,
    });
    if (draft.migrationScript === null) return { applied, created: null };
    const dir = path.join(migrationsList.baseDir, draft.generatedMigrationName);
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, `migration.${draft.extension}`), draft.migrationScript, 'utf8');
    if (migrationsList.lockfile.content === null) {
      // Byte-identical to the Prisma CLI's template, so both tools accept each other's directories.
      await writeFile(
        path.join(migrationsList.baseDir, migrationsList.lockfile.path),
        `# Please do not edit this file manually\n# It should be added in your version-control system (e.g., Git)\nprovider = "${draft.connectorType}"\n`,
        'utf8',
      );
    }
    return { applied: [...applied, ...(await apply(engine, target.kind))], created: draft.generatedMigrationName };
  });
}
