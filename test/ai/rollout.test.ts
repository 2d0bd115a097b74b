/**
 * The `hard` level's play-out of the round: it plays every faction on to the next round's first turn (or
 * the end of the game in the last round), plays only what the engine takes, and hard's decisions built on
 * it are legal moves that the same position and seed give again.
 */
import { describe, expect, it } from 'vitest';
import { type FactionId, type GameState, legalMoves, play, whoMustAct } from '../../src/engine/index.ts';
import { decide } from '../../src/ai/index.ts';
import { rolloutPolicy } from '../../src/ai/decide.ts';
import { playOut, type RolloutPolicy } from '../../src/ai/rollout.ts';
import type { LookWork } from '../../src/ai/search.ts';
import { formatCommands } from '../../src/notation/format.ts';
import { nextToMove, turnPositions } from '../support/ai-games.ts';

const FACTIONS: FactionId[] = ['witches', 'halflings', 'engineers', 'darklings'];

/** Every faction plays the first legal move that is not a conversion (so passing comes in time). */
const firstMove: RolloutPolicy = (state, faction) => {
  const moves = legalMoves(state, faction);
  const main = moves.find((m) => m.kind === 'pass') ?? moves.find((m) => m.kind !== 'convert' && m.kind !== 'burn');
  return main ? [main] : moves.slice(0, 1);
};

/** One move of the game by the first-move policy. */
function step(state: GameState): GameState {
  const who = nextToMove(state);
  const r = play(
    state,
    who,
    firstMove(state, who)!.flatMap((m) => m.commands),
  );
  if (!r.ok) throw r.error;
  return r.value.state;
}

describe('the play-out of the round', () => {
  const positions = turnPositions('rollout-1', FACTIONS, 120);

  it('plays the round out, income included, and stops at the first turn of the next round', () => {
    expect(positions.length).toBeGreaterThan(10);
    for (const state of positions.slice(0, 12)) {
      const policy: RolloutPolicy = (s, f) => {
        expect(s.round === state.round || s.phase !== 'play').toBe(true);
        return firstMove(s, f);
      };
      const end = playOut(state, policy, { moves: 200 });
      expect(end.round).toBe(state.round + 1);
      expect(end.phase).toBe('play');
      expect(end.turn).toBe(1);
      // Nobody has acted in the new round: everyone's income is in, nobody has passed.
      for (const f of FACTIONS) expect(end.factions[f]!.passed).toBe(false);
      expect(whoMustAct(end)).toEqual([end.active]);
    }
  });

  it('plays the last round out to the final scoring', () => {
    let state = positions[0]!;
    while (!(state.round === 6 && state.phase === 'play')) state = step(state);
    const end = playOut(state, firstMove, { moves: 200 });
    expect(end.finished).toBe(true);
  });

  it('gives hard decisions that are legal moves, the same again for the same position and seed', () => {
    for (const state of positions.filter((_, i) => i % 5 === 0).slice(0, 6)) {
      const me = state.active!;
      const d = decide(state, me, { level: 'hard', seed: 'rollout' });
      const legal = legalMoves(state, me).map((m) => formatCommands(m.commands));
      expect(legal).toContain(formatCommands(d.move.commands));
      expect(formatCommands(decide(state, me, { level: 'hard', seed: 'rollout' }).move.commands)).toBe(
        formatCommands(d.move.commands),
      );
    }
  });

  it("stops the deciding faction's look past the turn once it has valued the play-out's share of lines", () => {
    const state = positions[3]!;
    const me = state.active!;
    const rival = FACTIONS.find((f) => f !== me)!;
    const opts = { level: 'hard' as const, seed: 'rollout' };
    const config = { lines: 4, moves: 200, ownLookLines: 1 };
    const work: LookWork = { lines: 0 };
    const policy = rolloutPolicy(me, opts, config, work);
    policy(state, rival);
    expect(work.lines).toBe(0);
    expect(policy(state, me)).not.toBeNull();
    const spent = work.lines;
    expect(spent).toBeGreaterThan(0);
    // The budget is spent: the faction's next turns play without the look, and cost it nothing more.
    expect(policy(state, me)).not.toBeNull();
    expect(work.lines).toBe(spent);
    const unbounded: LookWork = { lines: 0 };
    const fresh = rolloutPolicy(me, opts, { ...config, ownLookLines: Infinity }, unbounded);
    fresh(state, me);
    fresh(state, me);
    expect(unbounded.lines).toBe(2 * spent);
  });
});
