// `npm run ratings -- --results FILE.json --json`, run as a user runs it: the reference's numbers out.
import { execFile } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { RatingsJson } from '../../src/league/results-file.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const FIXTURES = path.join(ROOT, 'test', 'fixtures', 'ratings');

const run = (args: string[]) =>
  promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/tools/ratings.ts', ...args], {
    cwd: ROOT,
    maxBuffer: 8 << 20,
  });

describe('npm run ratings', () => {
  it('prints every player and faction-on-a-map rating as the reference computes them', async () => {
    const { stdout } = await run(['--results', path.join(FIXTURES, 'results.json'), '--json']);
    const printed = JSON.parse(stdout) as RatingsJson;
    const reference = JSON.parse(readFileSync(path.join(FIXTURES, 'reference.json'), 'utf8')) as RatingsJson;
    for (const kind of ['players', 'factions'] as const) {
      expect(Object.keys(printed[kind]).sort()).toEqual(Object.keys(reference[kind]).sort());
      for (const [name, ref] of Object.entries(reference[kind])) {
        expect(Math.abs(printed[kind][name]!.rating - ref.rating)).toBeLessThan(0.01);
        expect(printed[kind][name]!.games).toBe(ref.games);
      }
    }
    expect(Object.values(printed.players).filter((p) => p.provisional).length).toBeGreaterThan(0);
  });

  it('refuses a file that is not a results list, saying where, and prints nothing', async () => {
    const file = path.join(tmpdir(), `ratings-bad-${process.pid}.json`);
    writeFileSync(file, JSON.stringify([{ id: 'g', finishedAt: '2025-01-01T00:00:00Z', factions: [{ player: 'a' }] }]));
    const failed = await run(['--results', file, '--json'])
      .then(
        () => null,
        (e: { code: number; stdout: string; stderr: string }) => e,
      )
      .finally(() => rmSync(file, { force: true }));
    expect(failed).toMatchObject({ code: 1, stdout: '' });
    expect(failed!.stderr).toMatch(/0\.factions\.0\.faction/);
  });
});
