/**
 * The 2017 starting-VP table (src/engine/data/starting-vp.ts) against the reference engine's own numbers:
 * the `setup` rows of its ledgers for games on the "Original [2017 vp]" map (test/fixtures/starting-vp).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FACTIONS } from '../../src/engine/data/factions/index.ts';
import { ORIGINAL_2017_STARTING_VP } from '../../src/engine/data/starting-vp.ts';

const DIR = join(import.meta.dirname, '..', 'fixtures', 'starting-vp');

/** faction → VP on every `setup` row of the reference ledgers. */
function referenceStartingVp(): Map<string, number> {
  const vp = new Map<string, number>();
  for (const file of readdirSync(DIR).filter((f) => f.endsWith('.reference-ledger.txt'))) {
    for (const row of readFileSync(join(DIR, file), 'utf8').split('\n')) {
      const cells = row.split('\t');
      if (cells.at(-1) !== 'setup') continue;
      const m = cells[2]?.match(/^(\d+) VP$/);
      if (!m) throw new Error(`${file}: a setup row without a VP cell: ${row}`);
      vp.set(cells[0]!, Number(m[1]));
    }
  }
  return vp;
}

describe('Original [2017 vp] starting VP', () => {
  const reference = referenceStartingVp();

  it('the reference ledgers set up every faction the engine knows', () => {
    expect([...reference.keys()].sort()).toEqual(Object.keys(FACTIONS).sort());
  });

  it.each(Object.entries(ORIGINAL_2017_STARTING_VP))('%s starts with %i VP, as in the reference', (faction, vp) => {
    expect(reference.get(faction)).toBe(vp);
  });
});
