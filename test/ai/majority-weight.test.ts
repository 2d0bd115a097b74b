/**
 * Cult majorities are VP shared out among the factions: while the game is undecided the evaluation counts
 * their expected share at the parameters' weight (league players' choices weigh them at about half;
 * counted in full, the AI spent priests and temples on steps that buy nothing else), after its last pass
 * too (rivals still move; a full count there made passing in round 6 look like a gain), and exactly once
 * the game is over. (On the parameters' own weights: the self-play correction adds to the weight of each
 * round, tested in value-fit.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import type { FactionId } from '../../src/engine/index.ts';
import { breakdown, evalContext } from '../../src/ai/evaluate.ts';
import { DEFAULT_PARAMS, UNCORRECTED_PARAMS } from '../../src/ai/params.ts';
import { playOn, tableOf } from '../support/ai-games.ts';

const FACTIONS: FactionId[] = ['witches', 'nomads', 'cultists', 'engineers'];

/** The AI that plays the test's game on, from its table with the factions picked. */
const AI = { level: 'easy', seed: 'majority-weight' } as const;
const newTable = () => tableOf(AI.seed, FACTIONS, ['a', 'b', 'c', 'd']);

describe('the cult-majority weight', () => {
  it('scales the expected majorities while the game is undecided, and nothing else', () => {
    const state = playOn(newTable(), AI, (s) => s.round >= 3);
    const me = FACTIONS.find((f) => breakdown(state, evalContext(state, f, UNCORRECTED_PARAMS)).cults > 0)!;
    const full = breakdown(state, evalContext(state, me, { ...UNCORRECTED_PARAMS, cultMajorityWeight: 1 }));
    const own = breakdown(state, evalContext(state, me, UNCORRECTED_PARAMS));
    expect(full.cults).toBeGreaterThan(0);
    expect(DEFAULT_PARAMS.cultMajorityWeight).toBeLessThan(1);
    expect(own.cults).toBeCloseTo(full.cults * DEFAULT_PARAMS.cultMajorityWeight, 6);
    // The rest of the position is weighed as before.
    expect(own.network).toBeCloseTo(full.network, 6);
    expect(own.resources).toBeCloseTo(full.resources, 6);
  });

  it('keeps that weight after the last pass while rivals still play, and counts the VP in full at the end', () => {
    const lastRound = playOn(
      newTable(),
      AI,
      (s) => s.round === 6 && s.phase === 'play' && FACTIONS.some((f) => s.factions[f]!.passed),
    );
    const me = FACTIONS.find((f) => lastRound.factions[f]!.passed)!;
    expect(lastRound.finished).toBe(false);
    const full = breakdown(lastRound, evalContext(lastRound, me, { ...UNCORRECTED_PARAMS, cultMajorityWeight: 1 }));
    const own = breakdown(lastRound, evalContext(lastRound, me, UNCORRECTED_PARAMS));
    expect(full.cults).toBeGreaterThan(0);
    expect(own.cults).toBeCloseTo(full.cults * DEFAULT_PARAMS.cultMajorityWeight, 6);
    expect(own.resources).toBe(full.resources);

    // The same game played on to its end.
    const over = playOn(lastRound, AI, (s) => s.finished);
    const end = breakdown(over, evalContext(over, me, UNCORRECTED_PARAMS));
    expect(end.vp).toBe(over.factions[me]!.VP);
    expect(end.cults).toBe(0);
  });
});
