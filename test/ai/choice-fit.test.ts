/**
 * The choice model (issue 27): fitted to choices made by a known set of weights, it finds those weights
 * again, and it ranks unseen choices better than the weights it started from.
 */
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../src/engine/index.ts';
import type { ChoiceSet } from '../../src/ai/choices.ts';
import {
  agreementOf,
  fitChoices,
  fullModel,
  lbfgs,
  prepare,
  priorFit,
  tiedModel,
  weightsOf,
} from '../../src/ai/choice-fit.ts';
import { priorWeights } from '../../src/ai/evaluate.ts';
import { FEATURES } from '../../src/ai/features.ts';
import { DEFAULT_PARAMS } from '../../src/ai/params.ts';

const W = FEATURES.indexOf('W');
const TP = FEATURES.indexOf('TP');
const SLOT = 2;

/**
 * Choice sets in one slot whose player values a worker `dW` VP more and a trading house `dTP` VP more
 * than the parameters do, and chooses by those values with Gumbel noise of scale 1/β (a logit chooser).
 */
function synthetic(count: number, seed: string, dW: number, dTP: number, beta = 1): ChoiceSet[] {
  const rand = seededRandom(seed);
  const prior = priorWeights(DEFAULT_PARAMS, SLOT);
  const sets: ChoiceSet[] = [];
  for (let i = 0; i < count; i++) {
    const candidates = Array.from({ length: 6 }, () => {
      const phi = FEATURES.map(() => 0);
      phi[W] = Math.floor(rand() * 6);
      phi[TP] = Math.floor(rand() * 3);
      phi[FEATURES.indexOf('C')] = Math.floor(rand() * 10);
      return { slot: SLOT, offset: Math.floor(rand() * 8), phi };
    });
    let chosen = 0;
    let best = -Infinity;
    candidates.forEach((c, k) => {
      const value = c.offset + c.phi.reduce((a, x, j) => a + x * prior[j]!, 0) + dW * c.phi[W]! + dTP * c.phi[TP]!;
      const gumbel = -Math.log(-Math.log(Math.max(1e-12, rand())));
      if (beta * value + gumbel > best) [best, chosen] = [beta * value + gumbel, k];
    });
    sets.push({ game: `g${i % 10}`, round: 2, rate: 3, candidates, chosen });
  }
  return sets;
}

describe('fitChoices', () => {
  const prior = priorWeights(DEFAULT_PARAMS, SLOT);

  it('finds the weights the choices were made with (every slot and feature free)', () => {
    const data = prepare(synthetic(3000, 'fit', 1.5, -2), DEFAULT_PARAMS);
    const model = fullModel();
    const fit = fitChoices(data, model, 1e-5);
    const w = weightsOf(DEFAULT_PARAMS, model, fit.theta)[SLOT]!;
    expect(w[W]! - prior[W]!).toBeCloseTo(1.5, 0);
    expect(w[TP]! - prior[TP]!).toBeCloseTo(-2, 0);
    expect(fit.beta).toBeGreaterThan(0.7);
    expect(fit.beta).toBeLessThan(1.4);
    // A feature that never varies keeps the parameters' value.
    expect(w[FEATURES.indexOf('P')]).toBeCloseTo(prior[FEATURES.indexOf('P')]!, 6);
  });

  it('ranks unseen choices better than the prior weights, tying the weights over slots', () => {
    const train = prepare(synthetic(2000, 'train', 2, 0, 3), DEFAULT_PARAMS);
    const test = prepare(synthetic(1000, 'test', 2, 0, 3), DEFAULT_PARAMS);
    const model = tiedModel(DEFAULT_PARAMS);
    const fit = fitChoices(train, model, 1e-4);
    const before = agreementOf(test, model, priorFit(train, model).theta);
    const after = agreementOf(test, model, fit.theta);
    expect(after.first).toBeGreaterThan(before.first + 50);
    expect(after.top3).toBeGreaterThanOrEqual(before.top3);
    const w = weightsOf(DEFAULT_PARAMS, model, fit.theta)[SLOT]!;
    expect(w[W]! - prior[W]!).toBeCloseTo(2, 0);
  });

  it('a strong pull keeps the weights at the parameters’ own', () => {
    const data = prepare(synthetic(500, 'pull', 3, 0), DEFAULT_PARAMS);
    const model = fullModel();
    const loose = weightsOf(DEFAULT_PARAMS, model, fitChoices(data, model, 1e-5).theta)[SLOT]!;
    const tight = weightsOf(DEFAULT_PARAMS, model, fitChoices(data, model, 100).theta)[SLOT]!;
    expect(Math.abs(tight[W]! - prior[W]!)).toBeLessThan(0.1);
    expect(loose[W]! - prior[W]!).toBeGreaterThan(2);
  });
});

describe('lbfgs', () => {
  it('minimises the Rosenbrock function', () => {
    const f = (x: readonly number[]) => {
      const [a, b] = [x[0]!, x[1]!];
      return {
        f: (1 - a) ** 2 + 100 * (b - a * a) ** 2,
        g: [-2 * (1 - a) - 400 * a * (b - a * a), 200 * (b - a * a)],
      };
    };
    const { x } = lbfgs(f, [-1.2, 1], 500);
    expect(x[0]).toBeCloseTo(1, 3);
    expect(x[1]).toBeCloseTo(1, 3);
  });
});
