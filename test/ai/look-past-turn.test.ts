/**
 * Looking past the turn (`normal` and up): a line is worth what the faction's next action makes of it,
 * and with `then` what the action after that makes of the next one. Looking further only ever adds what
 * a later action finds, counted at the discount, and its lines are counted as work.
 */
import { describe, expect, it } from 'vitest';
import type { FactionId, GameState } from '../../src/engine/index.ts';
import { evalContext } from '../../src/ai/evaluate.ts';
import { LOOK_PAST_TURN } from '../../src/ai/levels.ts';
import { keyOf } from '../../src/ai/lines.ts';
import { DEFAULT_PARAMS } from '../../src/ai/params.ts';
import { lookahead, type LookaheadConfig, type LookWork, rankedOf } from '../../src/ai/search.ts';
import { turnLines } from '../../src/ai/turn.ts';
import { turnPositions } from '../support/ai-games.ts';

const FACTIONS: FactionId[] = ['nomads', 'mermaids', 'alchemists', 'giants'];

function looked(state: GameState, config: LookaheadConfig, work: LookWork): Map<string, number> {
  const me = state.active!;
  const ctx = evalContext(state, me, DEFAULT_PARAMS);
  const ranked = turnLines(state, me, ctx, { fund: true }).map(rankedOf);
  const out = new Map<string, number>();
  for (const r of lookahead(state, me, ranked, ctx, config, work))
    out.set(keyOf(r.line.flatMap((m) => m.commands)), r.value);
  return out;
}

describe('looking past the turn', () => {
  const positions = turnPositions('look-past-turn', FACTIONS, 90).filter((_, i) => i % 4 === 1);

  it('values lines by the action after the next one too, never below the look one action ahead', () => {
    expect(LOOK_PAST_TURN.then).not.toBeNull();
    const oneAction: LookaheadConfig = { ...LOOK_PAST_TURN, then: null };
    let raised = 0;
    for (const state of positions) {
      const nearWork: LookWork = { lines: 0 };
      const farWork: LookWork = { lines: 0 };
      const near = looked(state, oneAction, nearWork);
      const far = looked(state, LOOK_PAST_TURN, farWork);
      expect([...far.keys()].sort()).toEqual([...near.keys()].sort());
      for (const [key, value] of far) {
        expect(value).toBeGreaterThanOrEqual(near.get(key)! - 1e-9);
        if (value > near.get(key)! + 1e-9) raised++;
      }
      // The action after the next one is valued too, and counted.
      expect(farWork.lines).toBeGreaterThanOrEqual(nearWork.lines);
    }
    expect(positions.length).toBeGreaterThan(5);
    expect(raised).toBeGreaterThan(0);
  });
});
