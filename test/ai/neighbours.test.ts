/**
 * Standing next to rivals pays: their upgrades next to a faction's structures offer it power every round.
 * League players set 84% of their starting dwellings next to a rival's; the evaluation values the offers
 * to come, so the AI does too. (Tested on the parameters' own weights: the self-play correction keeps about
 * a fifth of the feature's weight, docs/ai.md.)
 */
import { describe, expect, it } from 'vitest';
import { type FactionId, type GameState, mapOf } from '../../src/engine/index.ts';
import { breakdown, evalContext } from '../../src/ai/evaluate.ts';
import { DEFAULT_PARAMS, UNCORRECTED_PARAMS } from '../../src/ai/params.ts';
import { playOn, tableOf } from '../support/ai-games.ts';

const FACTIONS: FactionId[] = ['witches', 'nomads', 'cultists', 'engineers'];
const ALONE = { ...UNCORRECTED_PARAMS, neighbourPower: 0 };

/** The game after its set-up, its dwellings placed by the AI evaluating with `params`. */
function setUp(seed: string, params = UNCORRECTED_PARAMS): GameState {
  return playOn(
    tableOf(seed, FACTIONS),
    { level: 'normal', seed, tuning: { params, weights: null } },
    (s) => s.round >= 1,
  );
}

/** The faction's structures next to a rival structure that can still grow (and then offer power). */
function nextToRival(state: GameState, me: FactionId): number {
  const map = mapOf(state);
  const across = (h: string) => state.bridges.flatMap((b) => (b.from === h ? [b.to] : b.to === h ? [b.from] : []));
  return state.factions[me]!.locations.filter((h) =>
    [...(map.adjacentList.get(h) ?? []), ...across(h)].some((n) => {
      const st = state.hexes[n];
      if (!st?.owner || st.owner === me || !st.building) return false;
      return !['SH', 'SA'].includes(st.building);
    }),
  ).length;
}

describe('standing next to rivals', () => {
  it('is worth something exactly where a rival structure that can still grow stands next to the faction', () => {
    const seen = { near: 0, alone: 0 };
    const check = (state: GameState) => {
      for (const me of FACTIONS) {
        const value = breakdown(state, evalContext(state, me, DEFAULT_PARAMS)).neighbours;
        if (nextToRival(state, me) > 0) {
          seen.near++;
          expect(value).toBeGreaterThan(0);
        } else {
          seen.alone++;
          expect(value).toBe(0);
        }
        expect(breakdown(state, evalContext(state, me, ALONE)).neighbours).toBe(0);
      }
    };
    const seed = 'nb-1';
    const end = playOn(
      tableOf(seed, FACTIONS),
      { level: 'normal', seed, tuning: { params: ALONE, weights: null } },
      (s) => s.round >= 2,
      check,
    );
    check(end);
    expect(seen.near).toBeGreaterThan(0);
    expect(seen.alone).toBeGreaterThan(0);
  });

  it('draws the starting dwellings next to rivals', () => {
    let valued = 0;
    let unvalued = 0;
    for (const seed of ['nb-1', 'nb-2', 'nb-3']) {
      const withIt = setUp(seed);
      const without = setUp(seed, ALONE);
      for (const me of FACTIONS) {
        valued += nextToRival(withIt, me);
        unvalued += nextToRival(without, me);
      }
    }
    expect(valued).toBeGreaterThan(unvalued);
  });
});
