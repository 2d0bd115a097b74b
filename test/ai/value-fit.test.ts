/**
 * The evaluation's weights corrected by what self-play games say they miss: the fit finds a correction
 * planted in the data, keeps the share it is told, and the correction reaches the weights of its round
 * only (both slots, before and after the pass).
 */
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../src/engine/index.ts';
import { priorWeights } from '../../src/ai/evaluate.ts';
import { FEATURES, type Feature } from '../../src/ai/features.ts';
import { parseParams } from '../../src/ai/params-file.ts';
import { correctionFileSchema, DEFAULT_PARAMS, UNCORRECTED_PARAMS } from '../../src/ai/params.ts';
import { fitCorrection, positionFeatures, rankingError, type ValueSample } from '../../src/ai/value-fit.ts';
import shipped from '../../src/ai/value-correction.json' with { type: 'json' };
import { playOn, tableOf } from '../support/ai-games.ts';

const index = (f: Feature) => FEATURES.indexOf(f);

/** Positions of round 2 (slots 2 and 3) whose VP to come are the prior's, `planted` and a level more. */
function plantedSamples(planted: Partial<Record<Feature, number>>, n = 600): ValueSample[] {
  const random = seededRandom('value-fit');
  return Array.from({ length: n }, (_, i) => {
    const slot = 2 + (i % 2);
    const phi = FEATURES.map((f) => (f === 'constant' ? 1 : Math.floor(random() * 12)));
    const prior = priorWeights(UNCORRECTED_PARAMS, slot);
    let toCome = 7;
    phi.forEach((x, j) => (toCome += x * (prior[j]! + (planted[FEATURES[j]!] ?? 0))));
    return { game: i, slot, phi, toCome, rate: 3 };
  });
}

describe('a correction fitted to self-play', () => {
  it('finds what the weights miss in the round the samples are from, and nothing in the others', () => {
    const fit = fitCorrection(plantedSamples({ network: 0.8, cults: -0.5 }), UNCORRECTED_PARAMS, {
      lambda: 1e-9,
      share: 1,
    });
    expect(fit.network![1]).toBeCloseTo(0.8, 2);
    expect(fit.cults![1]).toBeCloseTo(-0.5, 2);
    for (const [feature, values] of Object.entries(fit)) {
      if (feature !== 'network' && feature !== 'cults') expect(Math.abs(values[1])).toBeLessThan(0.01);
      values.forEach((v, round) => round !== 1 && expect(v).toBe(0));
    }
    expect(fit).not.toHaveProperty('constant');
  });

  it('keeps the share it is told, and pulls towards no correction as lambda grows', () => {
    const samples = plantedSamples({ network: 0.8 });
    expect(fitCorrection(samples, UNCORRECTED_PARAMS, { lambda: 1e-9, share: 0.3 }).network![1]).toBeCloseTo(0.24, 2);
    const pulled = fitCorrection(samples, UNCORRECTED_PARAMS, { lambda: 5, share: 1 }).network![1];
    expect(pulled).toBeGreaterThan(0);
    expect(pulled).toBeLessThan(0.6);
  });

  it('ranks the positions better with the correction than without', () => {
    const samples = plantedSamples({ expansion: 1.5, neighbours: -1 });
    const correction = fitCorrection(samples, UNCORRECTED_PARAMS, { lambda: 1e-9, share: 1 });
    const corrected = rankingError(samples, { ...UNCORRECTED_PARAMS, valueCorrection: correction });
    expect(corrected).toBeLessThan(0.01);
    expect(rankingError(samples, UNCORRECTED_PARAMS)).toBeGreaterThan(1);
  });

  it('adds to the weights of its round before and after the pass, and to no other', () => {
    const params = { ...UNCORRECTED_PARAMS, valueCorrection: { towns: [0, 0, 0.5, 0, 0, 0] as const } };
    for (let slot = 0; slot < 11; slot++) {
      const diff = priorWeights(params, slot).map((w, j) => w - priorWeights(UNCORRECTED_PARAMS, slot)[j]!);
      const round = Math.floor(slot / 2);
      diff.forEach((d, j) => expect(d).toBeCloseTo(round === 2 && j === index('towns') ? 0.5 : 0, 12));
    }
  });

  it('samples every faction of a position in play, with the slot its weights are in', () => {
    const factions = ['witches', 'nomads', 'cultists', 'engineers'] as const;
    const state = playOn(tableOf('vf-test', [...factions]), { level: 'easy', seed: 'vf-test' }, (s) => s.round >= 1);
    const seen = positionFeatures(state, UNCORRECTED_PARAMS);
    expect(seen.map((s) => s.faction).sort()).toEqual([...factions].sort());
    for (const s of seen) {
      expect(s.slot).toBe(0);
      expect(s.phi).toHaveLength(FEATURES.length);
      expect(s.vp).toBe(state.factions[s.faction]!.VP);
    }
  });
});

describe('the correction the AI plays', () => {
  it('is the file the fit wrote, naming features only, and what the default parameters hold', () => {
    const file = correctionFileSchema.parse(shipped);
    expect(file.command).toMatch(/^npm run ai-fit -- --self-play \d+/);
    expect(Object.keys(file.correction).length).toBeGreaterThan(0);
    expect(DEFAULT_PARAMS.valueCorrection).toEqual(file.correction);
  });

  it('is one of the parameters a params file can change, feature by feature, and a feature it does not know is refused', () => {
    const params = parseParams({ valueCorrection: { network: [0, 0, 0, 0, 0, 0] } });
    expect(params.valueCorrection.network).toEqual([0, 0, 0, 0, 0, 0]);
    expect(params.valueCorrection.cults).toEqual(DEFAULT_PARAMS.valueCorrection.cults);
    expect(() => parseParams({ valueCorrection: { bogus: [0, 0, 0, 0, 0, 0] } })).toThrow();
    expect(() => correctionFileSchema.parse({ command: 'x', correction: { bogus: [0, 0, 0, 0, 0, 0] } })).toThrow(
      /not a feature/,
    );
  });
});
