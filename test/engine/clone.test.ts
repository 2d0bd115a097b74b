/** cloneState copies every mutable part of a state (hexes are values and may be shared). */
import { describe, expect, it } from 'vitest';
import { type GameState } from '../../src/engine/index.ts';
import { cloneState } from '../../src/engine/clone.ts';
import { selfPlay } from '../../src/selfplay/game.ts';

/** Objects reachable from both states, outside the hexes. */
function shared(a: unknown, b: unknown, path: string, out: string[]): void {
  if (typeof a !== 'object' || a === null) return;
  if (path === '.hexes' || path.startsWith('.hexes.')) {
    if (path === '.hexes' && a === b) out.push(path);
    return;
  }
  if (a === b) out.push(path);
  for (const k of Object.keys(a)) shared((a as never)[k], (b as never)[k], `${path}.${k}`, out);
}

describe('cloneState', () => {
  it('gives an equal state that shares no mutable object with the original', () => {
    const state: GameState = selfPlay({ seed: 'clone-1', players: 4, options: ['mini-expansion-1'] }).state;
    const copy = cloneState(state);
    expect(copy).toStrictEqual(state);
    const found: string[] = [];
    shared(state, copy, '', found);
    expect(found).toEqual([]);
  });
});
