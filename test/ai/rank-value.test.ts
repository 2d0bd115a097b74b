/**
 * The expected share of a ranking (cult majorities, the network, Fire & Ice final tiles): exact once the
 * game is decided, where a level of 0 scores nothing and ties share; smooth while it is not, where a
 * first step on a track is worth what the next one is (a cliff at 0 made every first step on an empty
 * track look like most of a majority).
 */
import { describe, expect, it } from 'vitest';
import { rankValue } from '../../src/ai/evaluate.ts';

const CULT = [8, 4, 2];

describe('rankValue', () => {
  it('pays the ranking exactly once nothing can change', () => {
    expect(rankValue(0, [0, 0, 0], CULT, 0)).toBe(0);
    expect(rankValue(5, [3, 2, 0], CULT, 0)).toBe(8);
    expect(rankValue(3, [5, 3, 0], CULT, 0)).toBe(3);
    expect(rankValue(1, [5, 4, 3], CULT, 0)).toBe(0);
  });

  it('while undecided, values a first step on a track about as much as a second one', () => {
    const spread = 5;
    const first = rankValue(1, [0, 0, 1], CULT, spread) - rankValue(0, [0, 0, 1], CULT, spread);
    const second = rankValue(2, [0, 0, 1], CULT, spread) - rankValue(1, [0, 0, 1], CULT, spread);
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThan(2 * second);
    expect(rankValue(0, [0, 0, 1], CULT, spread)).toBeGreaterThan(0);
  });

  it('while undecided, rises with the level and stays within the points', () => {
    let last = -1;
    for (let level = 0; level <= 10; level++) {
      const v = rankValue(level, [2, 4, 6], CULT, 3);
      expect(v).toBeGreaterThan(last);
      expect(v).toBeLessThanOrEqual(8);
      last = v;
    }
  });
});
