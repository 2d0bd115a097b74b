/**
 * cloneState copies every mutable part of a state (the hexes and their table are shared until a command
 * changes one), and the engine never changes a state it was given: moves played on copies leave the
 * original's JSON as it was.
 */
import { describe, expect, it } from 'vitest';
import {
  type GameState,
  type OptionId,
  apply,
  availableFactions,
  endTurn,
  legalMoves,
  newGame,
  play,
  randomSetup,
  seededRandom,
  turnComplete,
  whoMustAct,
} from '../../src/engine/index.ts';
import { cloneState } from '../../src/engine/clone.ts';
import type { SharedRecord, SharedTable } from '../../src/engine/context.ts';
import { selfPlay } from '../../src/selfplay/game.ts';

/**
 * Objects reachable from both states, outside those a copy shares until a command changes them: the
 * state's tables copied by their first change (SharedTable; the hexes in them are values), the turn handed
 * on (a value) and a faction's records copied by their first change (SharedRecord).
 */
const TABLES = new Set<string>(['hexes', 'pool', 'bonusCoins'] satisfies SharedTable[]);
const SHARED = new Set<string>([
  'allowedSubActions',
  'cultBlocked',
  'tiles',
  'townTiles',
  'leechPending',
  'leechRejected',
  'leechCultGained',
  'vpSources',
] satisfies SharedRecord[]);
function shared(a: unknown, b: unknown, path: string, out: string[]): void {
  if (typeof a !== 'object' || a === null || TABLES.has(path.slice(1)) || path === '.handedOn') return;
  if (path.startsWith('.factions.') && SHARED.has(path.split('.')[3]!)) return;
  if (a === b) out.push(path);
  for (const k of Object.keys(a)) shared((a as never)[k], (b as never)[k], `${path}.${k}`, out);
}

function ok(r: ReturnType<typeof apply>): GameState {
  if (!r.ok) throw new Error(r.error.message);
  return r.value.state;
}

/**
 * A random game's states, one a move (random legal moves, mostly not a pass), each checked on the way:
 * listing the legal moves (every candidate applied to a copy) and playing one change nothing in it.
 */
function checkedWalk(seed: string, players: number, options: OptionId[], steps: number): GameState[] {
  const rand = seededRandom(seed);
  const one = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  let s = newGame(
    randomSetup(
      seed,
      Array.from({ length: players }, (_, i) => `p${i}`),
      options,
    ),
  );
  for (let i = 0; i < players; i++) {
    const faction = one(availableFactions(s));
    s = ok(apply(s, null, [{ type: 'pick-faction', faction }]));
    while (s.phase === 'select-factions' && whoMustAct(s).includes(faction))
      s = ok(apply(s, faction, one(legalMoves(s, faction)).commands));
  }
  const seen: GameState[] = [];
  for (let k = 0; k < steps && !s.finished; k++) {
    seen.push(s);
    const before = JSON.stringify(s);
    const who = one(whoMustAct(s));
    let next: GameState;
    if (who === s.active && turnComplete(s, who) && rand() < 0.8) next = ok(endTurn(s));
    else {
      const moves = legalMoves(s, who);
      const notPass = moves.filter((m) => m.kind !== 'pass');
      const move = one(notPass.length && rand() < 0.97 ? notPass : moves);
      next = ok(play(s, who, move.commands));
    }
    expect(JSON.stringify(s), `${seed} move ${k}`).toBe(before);
    s = next;
  }
  return seen;
}

describe('cloneState', () => {
  it('gives an equal state, with the same JSON, that shares no mutable object with the original', () => {
    const state: GameState = selfPlay({ seed: 'clone-1', players: 4, options: ['mini-expansion-1'] }).state;
    const copy = cloneState(state);
    expect(copy).toStrictEqual(state);
    expect(JSON.stringify(copy)).toBe(JSON.stringify(state));
    const found: string[] = [];
    shared(state, copy, '', found);
    expect(found).toEqual([]);
  });

  it('leaves the original alone while moves are listed and played on copies, and copies it exactly', () => {
    const states = [
      ...checkedWalk('clone-walk-1', 4, [], 250),
      ...checkedWalk('clone-walk-2', 3, ['mini-expansion-1', 'shipping-bonus'], 150),
      ...checkedWalk(
        'clone-walk-3',
        5,
        ['fire-and-ice-factions/ice', 'fire-and-ice-factions/volcano', 'special-landscapes'],
        150,
      ),
    ];
    expect(states.length).toBeGreaterThan(400);
    for (const [i, state] of states.entries()) {
      const copy = cloneState(state);
      expect(JSON.stringify(copy), `state ${i}`).toBe(JSON.stringify(state));
      const found: string[] = [];
      shared(state, copy, '', found);
      expect(found, `state ${i}`).toEqual([]);
    }
  });

  it('changes the hexes of a copy only: the first change copies the table they share', () => {
    // A position with a build to make: the game's set-up, whose first dwellings change hexes.
    let state = newGame(randomSetup('clone-hexes', ['a', 'b', 'c'], []));
    for (const faction of availableFactions(state).slice(0, 3)) {
      state = ok(apply(state, null, [{ type: 'pick-faction', faction }]));
      while (state.phase === 'select-factions' && whoMustAct(state).includes(faction))
        state = ok(apply(state, faction, legalMoves(state, faction)[0]!.commands));
    }
    const who = whoMustAct(state)[0]!;
    const build = legalMoves(state, who).find((m) => m.kind === 'build' || m.commands[0]?.type === 'build');
    expect(build).toBeDefined();
    const before = JSON.stringify(state.hexes);
    const after = ok(apply(state, who, build!.commands));
    expect(after.hexes).not.toBe(state.hexes);
    expect(JSON.stringify(state.hexes)).toBe(before);
    expect(JSON.stringify(after.hexes)).not.toBe(before);
  });
});
