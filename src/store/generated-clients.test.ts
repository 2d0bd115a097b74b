// The Prisma clients in src/generated are committed, so an install needs no Prisma CLI (a devDependency)
// and runs no generator: they must be exactly what `npm run generate` writes from the schemas. A schema
// changed without regenerating (or a new Prisma version) fails here.
import { spawnSync } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Every file under `dir`, by its path relative to it. */
async function files(dir: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    out.set(path.relative(dir, full), await readFile(full, 'utf8'));
  }
  return out;
}

describe.each(['sqlite', 'postgresql'])('the committed %s client', (kind) => {
  let scratch: string;
  beforeAll(async () => {
    // The schema at the same place relative to its output, so the generator writes the same files.
    scratch = await mkdtemp(path.join(tmpdir(), 'tm-generate-'));
    await cp(path.join(ROOT, 'prisma', kind, 'schema.prisma'), path.join(scratch, 'prisma', kind, 'schema.prisma'));
    const run = spawnSync(
      process.execPath,
      [
        path.join(ROOT, 'scripts/prisma-offline.mjs'),
        'generate',
        '--schema',
        path.join(scratch, 'prisma', kind, 'schema.prisma'),
      ],
      { encoding: 'utf8' },
    );
    if (run.status !== 0) throw new Error(`prisma generate failed:\n${run.stdout}\n${run.stderr}`);
  }, 120_000);
  afterAll(() => rm(scratch, { recursive: true, force: true }));

  it('is what npm run generate writes from its schema', async () => {
    const fresh = await files(path.join(scratch, 'src', 'generated', kind));
    const committed = await files(path.join(ROOT, 'src', 'generated', kind));
    expect(fresh.size).toBeGreaterThan(0);
    expect([...committed.keys()].sort()).toEqual([...fresh.keys()].sort());
    for (const [file, text] of fresh)
      expect(committed.get(file), `src/generated/${kind}/${file} is stale: run npm run generate`).toBe(text);
  });
});
