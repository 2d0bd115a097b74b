/**
 * Cult majorities are VP shared out among the factions: while the game is undecided the evaluation counts
 * their expected share at the parameters' weight (league players' choices weigh them at about half;
 * counted in full, the AI spent priests and temples on steps that buy nothing else), and exactly once
 * only the final scoring is left.
 */
import { describe, expect, it } from 'vitest';
import {
  type FactionId,
  type GameState,
  apply,
  newGame,
  play,
  randomSetup,
  whoMustAct,
} from '../../src/engine/index.ts';
import { decide } from '../../src/ai/index.ts';
import { breakdown, evalContext } from '../../src/ai/evaluate.ts';
import { DEFAULT_PARAMS } from '../../src/ai/params.ts';
import { RULES_PRESETS } from '../../src/game/presets.ts';

const FACTIONS: FactionId[] = ['witches', 'nomads', 'cultists', 'engineers'];

/** A game played by the AI until the start of round 3. */
function midGame(): GameState {
  const standard = [...RULES_PRESETS.standard];
  let state = newGame(randomSetup('majority-weight', ['a', 'b', 'c', 'd'], standard));
  for (const faction of FACTIONS) {
    const r = apply(state, null, [{ type: 'pick-faction', faction }]);
    if (!r.ok) throw r.error;
    state = r.value.state;
  }
  while (state.round < 3) {
    const waiting = whoMustAct(state);
    const who = (waiting.find((f) => f !== state.active) ?? waiting[0]) as FactionId;
    const d = decide(state, who, { level: 'easy', seed: 'majority-weight' });
    const r = play(state, who, d.move.commands);
    if (!r.ok) throw r.error;
    state = r.value.state;
  }
  return state;
}

describe('the cult-majority weight', () => {
  it('scales the expected majorities while the game is undecided, and nothing else', () => {
    const state = midGame();
    const me = FACTIONS.find((f) => breakdown(state, evalContext(state, f, DEFAULT_PARAMS)).cults > 0)!;
    const full = breakdown(state, evalContext(state, me, { ...DEFAULT_PARAMS, cultMajorityWeight: 1 }));
    const own = breakdown(state, evalContext(state, me, DEFAULT_PARAMS));
    expect(full.cults).toBeGreaterThan(0);
    expect(DEFAULT_PARAMS.cultMajorityWeight).toBeLessThan(1);
    expect(own.cults).toBeCloseTo(full.cults * DEFAULT_PARAMS.cultMajorityWeight, 6);
    // The rest of the position is weighed as before.
    expect(own.network).toBeCloseTo(full.network, 6);
    expect(own.resources).toBeCloseTo(full.resources, 6);
  });
});
