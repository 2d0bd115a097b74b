/**
 * Cult majorities are VP shared out among the factions: while the game is undecided the evaluation counts
 * their expected share at the parameters' weight (league players' choices weigh them at about half;
 * counted in full, the AI spent priests and temples on steps that buy nothing else), after its last pass
 * too (rivals still move; a full count there made passing in round 6 look like a gain), and exactly once
 * the game is over.
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

/** The game with its factions picked, before the set-up dwellings. */
function newTable(): GameState {
  const standard = [...RULES_PRESETS.standard];
  let state = newGame(randomSetup('majority-weight', ['a', 'b', 'c', 'd'], standard));
  for (const faction of FACTIONS) {
    const r = apply(state, null, [{ type: 'pick-faction', faction }]);
    if (!r.ok) throw r.error;
    state = r.value.state;
  }
  return state;
}

/** The game played on by the AI from `state` until `until` holds. */
function playUntil(state: GameState, until: (state: GameState) => boolean): GameState {
  while (!until(state)) {
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
    const state = playUntil(newTable(), (s) => s.round >= 3);
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

  it('keeps that weight after the last pass while rivals still play, and counts the VP in full at the end', () => {
    const lastRound = playUntil(
      newTable(),
      (s) => s.round === 6 && s.phase === 'play' && FACTIONS.some((f) => s.factions[f]!.passed),
    );
    const me = FACTIONS.find((f) => lastRound.factions[f]!.passed)!;
    expect(lastRound.finished).toBe(false);
    const full = breakdown(lastRound, evalContext(lastRound, me, { ...DEFAULT_PARAMS, cultMajorityWeight: 1 }));
    const own = breakdown(lastRound, evalContext(lastRound, me, DEFAULT_PARAMS));
    expect(full.cults).toBeGreaterThan(0);
    expect(own.cults).toBeCloseTo(full.cults * DEFAULT_PARAMS.cultMajorityWeight, 6);
    expect(own.resources).toBe(full.resources);

    // The same game played on to its end.
    const over = playUntil(lastRound, (s) => s.finished);
    const end = breakdown(over, evalContext(over, me, DEFAULT_PARAMS));
    expect(end.vp).toBe(over.factions[me]!.VP);
    expect(end.cults).toBe(0);
  });
});
