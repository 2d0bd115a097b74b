/**
 * cloneState copies every mutable part of a state (the hexes and their table are shared until a command
 * changes one), and the engine never changes a state it was given: moves played on copies leave the
 * original's JSON as it was.
 */
import { describe, expect, it } from 'vitest';
import {
  type AdminCommand,
  type Command,
  type FactionId,
  type GameSetup,
  type GameState,
  type HexId,
  type OptionId,
  apply,
  applyInPlace,
  availableFactions,
  endTurn,
  legalMoves,
  newGame,
  randomSetup,
  seededRandom,
  turnComplete,
  whoMustAct,
} from '../../src/engine/index.ts';
import { cloneState } from '../../src/engine/clone.ts';
import { type SharedRecord, type SharedTable, makeCtx, putHex, setHex } from '../../src/engine/context.ts';
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

type Step = { readonly who: FactionId | null; readonly commands: readonly (Command | AdminCommand)[] } | 'end-turn';

interface Walk {
  readonly setup: GameSetup;
  readonly steps: Step[];
  /** The state before each step. */
  readonly states: GameState[];
  readonly last: GameState;
}

/**
 * A random game (random legal moves, mostly not a pass), each state checked on the way: listing the
 * legal moves (every candidate applied to a copy) and playing one change nothing in it.
 */
function checkedWalk(seed: string, players: number, options: OptionId[], moves: number): Walk {
  const rand = seededRandom(seed);
  const one = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const setup = randomSetup(
    seed,
    Array.from({ length: players }, (_, i) => `p${i}`),
    options,
  );
  let s = newGame(setup);
  const steps: Step[] = [];
  const states: GameState[] = [];
  const step = (st: Step) => {
    states.push(s);
    const before = JSON.stringify(s);
    const next = ok(st === 'end-turn' ? endTurn(s) : apply(s, st.who, st.commands));
    expect(JSON.stringify(s), `${seed} step ${steps.length}`).toBe(before);
    steps.push(st);
    s = next;
  };
  for (let i = 0; i < players; i++) {
    const faction = one(availableFactions(s));
    step({ who: null, commands: [{ type: 'pick-faction', faction }] });
    while (s.phase === 'select-factions' && whoMustAct(s).includes(faction))
      step({ who: faction, commands: one(legalMoves(s, faction)).commands });
  }
  for (let k = 0; k < moves && !s.finished; k++) {
    const who = one(whoMustAct(s));
    if (who === s.active && turnComplete(s, who) && rand() < 0.8) step('end-turn');
    else {
      const before = JSON.stringify(s);
      const legal = legalMoves(s, who);
      expect(JSON.stringify(s), `${seed} legal moves at step ${steps.length}`).toBe(before);
      const notPass = legal.filter((m) => m.kind !== 'pass');
      step({ who, commands: one(notPass.length && rand() < 0.97 ? notPass : legal).commands });
    }
  }
  return { setup, steps, states, last: s };
}

const walks = [
  checkedWalk('clone-walk-1', 4, [], 250),
  checkedWalk('clone-walk-2', 3, ['mini-expansion-1', 'shipping-bonus'], 150),
  checkedWalk(
    'clone-walk-3',
    5,
    ['fire-and-ice-factions/ice', 'fire-and-ice-factions/volcano', 'special-landscapes'],
    150,
  ),
];

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
    const states = walks.flatMap((w) => w.states);
    expect(states.length).toBeGreaterThan(500);
    for (const [i, state] of states.entries()) {
      const copy = cloneState(state);
      expect(JSON.stringify(copy), `state ${i}`).toBe(JSON.stringify(state));
      const found: string[] = [];
      shared(state, copy, '', found);
      expect(found, `state ${i}`).toEqual([]);
    }
  });

  it('changes a state in place without changing the copies made of it on the way (a replay)', () => {
    for (const walk of walks) {
      let state = newGame(walk.setup);
      const copies: [GameState, string][] = [];
      for (const [i, st] of walk.steps.entries()) {
        if (st === 'end-turn') state = ok(endTurn(state));
        else applyInPlace(state, st.who, st.commands);
        if (i % 5 === 0) {
          const copy = cloneState(state);
          copies.push([copy, JSON.stringify(copy)]);
        }
      }
      expect(JSON.stringify(state)).toBe(JSON.stringify(walk.last));
      for (const [copy, json] of copies) expect(JSON.stringify(copy)).toBe(json);
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
  it('keeps a hex a change adds to the table (a river space taking a landscape) in the copies made after', () => {
    const state = newGame(randomSetup('clone-river', ['a', 'b'], []));
    const [first, second] = Object.keys(state.hexes) as HexId[];
    const river = 'r0' as HexId;
    expect(state.hexes[river]).toBeUndefined();
    // One copy of the table made before the new hex, then the hex added to that copy.
    const ctx = makeCtx(cloneState(state));
    setHex(ctx, first!, { town: 1 });
    const reef = { terrain: null, building: null, owner: null, town: 0 };
    putHex(ctx, river, reef);
    // The next copies of the table (a change to another hex in a copy of the state) hold it too.
    const later = makeCtx(cloneState(ctx.s));
    setHex(later, second!, { town: 1 });
    expect(later.s.hexes).not.toBe(ctx.s.hexes);
    expect(later.s.hexes[river]).toEqual(reef);
    expect(Object.keys(later.s.hexes)).toEqual([...Object.keys(state.hexes), river]);
    expect(later.s.hexes[first!]!.town).toBe(1);
    expect(state.hexes[first!]!.town).toBe(0);
    expect(ctx.s.hexes[second!]!.town).toBe(0);
  });
});
