/**
 * The turn planner leaves out an action whose every gift can only be given up (a bridge with nowhere to
 * go): it costs workers or power and brings nothing. Judged by the evaluation alone such a line can rank
 * above passing, whose position is weighed at the next round's prices, and the engineers took it so.
 */
import { describe, expect, it } from 'vitest';
import { type FactionId, type GameState, apply, legalMoves } from '../../src/engine/index.ts';
import { evalContext } from '../../src/ai/evaluate.ts';
import { followUpMoves, keyOf } from '../../src/ai/lines.ts';
import { DEFAULT_PARAMS } from '../../src/ai/params.ts';
import { turnLines } from '../../src/ai/turn.ts';
import { playOn, tableOf } from '../support/ai-games.ts';

const FACTIONS: FactionId[] = ['engineers', 'witches', 'halflings', 'nomads'];
const SEEDS = ['hollow-1', 'hollow-2', 'hollow-3', 'hollow-4'];

/** Keys of the faction's actions that, taken now, leave it nothing to do with what they give but give it up. */
function hollowActions(state: GameState, me: FactionId): Set<string> {
  const out = new Set<string>();
  for (const m of legalMoves(state, me)) {
    if (m.kind !== 'action' || m.commands.length !== 1) continue;
    const r = apply(state, me, m.commands);
    if (!r.ok) continue;
    const owed = followUpMoves(r.value.state, me);
    if (owed.length && owed.every((o) => o.kind === 'discard')) out.add(keyOf(m.commands));
  }
  return out;
}

describe('hollow actions', () => {
  it('are never among the lines the turn planner values', () => {
    let found = 0;
    for (const seed of SEEDS) found += checkedGame(seed);
    // The games offered such actions: the planner had something to leave out.
    expect(found).toBeGreaterThan(0);
  });
});

/** An AI game played through, the planner's lines checked wherever a hollow action is legal; how many such turns. */
function checkedGame(seed: string): number {
  let found = 0;
  playOn(
    tableOf(seed, FACTIONS, ['a', 'b', 'c', 'd']),
    { level: 'easy', seed },
    (s) => s.finished,
    (state, who) => {
      const f = state.factions[who]!;
      if (state.phase !== 'play' || state.active !== who || f.allowedActions === 0 || f.passed) return;
      const hollow = hollowActions(state, who);
      if (!hollow.size) return;
      found++;
      const lines = turnLines(state, who, evalContext(state, who, DEFAULT_PARAMS), { fund: true });
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.filter((l) => hollow.has(keyOf(l.action.commands))).map((l) => keyOf(l.action.commands))).toEqual(
        [],
      );
    },
  );
  return found;
}
