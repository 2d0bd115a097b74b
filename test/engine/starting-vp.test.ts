/**
 * The 2017 starting-VP table (src/engine/data/starting-vp.ts) against the reference engine's own numbers:
 * the `setup` rows of its ledgers for games on the "Original [2017 vp]" map (test/fixtures/starting-vp).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FACTIONS } from '../../src/engine/data/factions/index.ts';
import { ORIGINAL_2017_STARTING_VP } from '../../src/engine/data/starting-vp.ts';
import { MAPS, applyInPlace, newGame, randomSetup, type FactionId, type OptionId } from '../../src/engine/index.ts';

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

/** Each faction's VP right after it is picked, alone in a two-player game, on a map and with options. */
function vpAfterPick(map: string, options: readonly OptionId[]): Map<string, number> {
  const vp = new Map<string, number>();
  for (const faction of Object.keys(FACTIONS) as FactionId[]) {
    // A Fire & Ice faction is only picked in a game with its option.
    const option = FACTIONS[faction].option;
    const state = newGame(randomSetup('vp', ['a', 'b'], option ? [...options, option] : options, map));
    applyInPlace(state, null, [{ type: 'pick-faction', faction }]);
    vp.set(faction, state.factions[faction]!.VP);
  }
  return vp;
}

describe('the starting-vp-2017 option (docs/rulings.md VP-1)', () => {
  it.each(MAPS.filter((m) => m.offered).map((m) => [m.name, m.id]))(
    'on %s every faction starts with its row of the table',
    (_, map) => {
      expect(Object.fromEntries(vpAfterPick(map, ['starting-vp-2017']))).toEqual(ORIGINAL_2017_STARTING_VP);
    },
  );

  it('without it a faction starts with 20 unless the map is "Original [2017 vp]"', () => {
    for (const m of MAPS) {
      const want = m.startingVp ?? null;
      const got = Object.fromEntries(vpAfterPick(m.id, []));
      if (want) expect(got, m.name).toEqual(want);
      else expect(new Set(Object.values(got)), m.name).toEqual(new Set([20]));
    }
  });
});
