// A choice model of strong players: which of the planner's candidate lines a player takes, as a
// conditional logit (softmax) over the values the evaluation gives the positions the lines lead to. The
// value of a candidate is what no weight touches (VP held) plus its features times the weights of its
// slot; the weights are the parameters' own (priorWeights) plus a change the model fits by maximising the
// log-likelihood of the players' choices, with an L2 pull back to the parameters' own so that features the
// games say little about stay where the parameters put them. A `ChoiceModel` says how the changes are tied:
// one per slot and feature (`fullModel`), or one scale per feature over all slots (`tiedModel`).
//
// The optimiser (L-BFGS with a backtracking line search) is written here: the objective is smooth and
// convex in the changes, a few hundred parameters at most, and no maintained JavaScript library offers
// L-BFGS with gradients we supply.
import type { ChoiceSet } from './choices.ts';
import { priorWeights, type Weights } from './evaluate.ts';
import { type Feature, FEATURES } from './features.ts';
import type { EvalParams } from './params.ts';

/** Slots of weights (slotOf): rounds 1-6, before and after the faction's pass, the last pass excepted. */
export const SLOTS = 11;

/** How the fitted parameters change the weights: parameter k adds `a × θ_k` to each of its entries. */
export interface ChoiceModel {
  readonly name: string;
  readonly params: readonly (readonly { readonly slot: number; readonly feature: number; readonly a: number }[])[];
}

const CONSTANT = FEATURES.indexOf('constant');

/** A change for every slot and feature. */
export function fullModel(): ChoiceModel {
  const params = [];
  for (let slot = 0; slot < SLOTS; slot++)
    for (let feature = 0; feature < FEATURES.length; feature++) params.push([{ slot, feature, a: 1 }]);
  return { name: 'full', params };
}

/** What the faction holds (the features before income's): their weights say how readily it spends. */
export const RESOURCES: ReadonlySet<Feature> = new Set(FEATURES.slice(0, FEATURES.indexOf('incomeC')));

/** The slots of rounds 1-2, 3-4 and 5-6 (before and after the pass). */
export const ROUND_PAIRS: readonly (readonly number[])[] = [
  [0, 1, 2, 3],
  [4, 5, 6, 7],
  [8, 9, 10],
];

/**
 * One scale per feature and group of slots (the feature's weight × (1 + θ), or + θ where the parameters
 * give it none), and the constant per slot: it says what the rest of a round is worth before the pass,
 * so it sets when to pass. With one group of every slot (the default), each feature keeps the shape the
 * parameters give it over the rounds. `frozen` features keep the parameters' weights.
 */
export function tiedModel(
  p: EvalParams,
  groups: readonly (readonly number[])[] = [Array.from({ length: SLOTS }, (_, s) => s)],
  frozen: ReadonlySet<Feature> = new Set(),
): ChoiceModel {
  const params = [];
  for (let feature = 0; feature < FEATURES.length; feature++) {
    if (feature === CONSTANT || frozen.has(FEATURES[feature]!)) continue;
    for (const group of groups) {
      const priors = group.map((slot) => priorWeights(p, slot)[feature]!);
      const scaled = priors.some((w) => w !== 0);
      params.push(group.map((slot, i) => ({ slot, feature, a: scaled ? priors[i]! : 1 })));
    }
  }
  for (let slot = 0; slot < SLOTS; slot++) params.push([{ slot, feature: CONSTANT, a: 1 }]);
  const name = groups.length === 1 ? 'tied' : `tied${groups.length}`;
  return { name: frozen.size ? `${name} (${[...frozen].join(' ')} kept)` : name, params };
}

/** The weights a fit gives (the parameters' own for a coin-to-VP rate of 3, plus the change). */
export function weightsOf(p: EvalParams, model: ChoiceModel, theta: readonly number[]): Weights {
  const d = flatDelta(model, theta);
  return Array.from({ length: SLOTS }, (_, slot) => {
    const prior = priorWeights(p, slot);
    return prior.map((w, j) => w + d[slot * F + j]!);
  });
}

/** The choice sets flattened (candidate by candidate) with their values under the parameters' own weights. */
export interface Prepared {
  readonly sets: number;
  readonly games: readonly string[];
  /** Where each set's candidates start (sets + 1 entries) and which of them the player took. */
  readonly start: Int32Array;
  readonly chosen: Int32Array;
  /** Per candidate: its slot (−1 when valued exactly), offset + prior weights · features, its features. */
  readonly slot: Int8Array;
  readonly base: Float64Array;
  readonly phi: Float64Array;
  /** Spread of each feature over all candidates, to put the pull of each parameter in VP. */
  readonly sd: readonly number[];
}

const F = FEATURES.length;

export function prepare(sets: readonly ChoiceSet[], p: EvalParams): Prepared {
  const total = sets.reduce((a, s) => a + s.candidates.length, 0);
  const start = new Int32Array(sets.length + 1);
  const chosen = new Int32Array(sets.length);
  const slot = new Int8Array(total);
  const base = new Float64Array(total);
  const phi = new Float64Array(total * F);
  const sum = new Array<number>(F).fill(0);
  const sq = new Array<number>(F).fill(0);
  let n = 0;
  let c = 0;
  sets.forEach((set, i) => {
    start[i] = c;
    chosen[i] = set.chosen;
    for (const cand of set.candidates) {
      slot[c] = cand.slot ?? -1;
      base[c] = cand.offset;
      if (cand.slot !== null) {
        const w = priorWeights(p, cand.slot, set.rate);
        for (let j = 0; j < F; j++) {
          const x = cand.phi[j]!;
          phi[c * F + j] = x;
          base[c]! += w[j]! * x;
          sum[j]! += x;
          sq[j]! += x * x;
        }
        n++;
      }
      c++;
    }
  });
  start[sets.length] = c;
  const sd = sum.map((s, j) => Math.sqrt(Math.max(0, sq[j]! / Math.max(1, n) - (s / Math.max(1, n)) ** 2)) || 1);
  return { sets: sets.length, games: sets.map((s) => s.game), start, chosen, slot, base, phi, sd };
}

/** Every candidate's value with the weights changed by `delta` (slot-major, SLOTS × F). */
function valuesOf(data: Prepared, delta: Float64Array): Float64Array {
  const v = Float64Array.from(data.base);
  for (let c = 0; c < v.length; c++) {
    const s = data.slot[c]!;
    if (s < 0) continue;
    let x = 0;
    const o = c * F;
    const d = s * F;
    for (let j = 0; j < F; j++) x += delta[d + j]! * data.phi[o + j]!;
    v[c]! += x;
  }
  return v;
}

/** The fitted change to the weights, slot-major. */
function flatDelta(model: ChoiceModel, theta: readonly number[]): Float64Array {
  const d = new Float64Array(SLOTS * F);
  model.params.forEach((entries, k) => {
    for (const e of entries) d[e.slot * F + e.feature]! += e.a * theta[k]!;
  });
  return d;
}

/**
 * The mean negative log-likelihood of the choices plus the pull (λ/2 · Σ (scale_k θ_k)²), and its gradient,
 * for x = [θ..., log β] (β: how sharply values decide, 1/VP).
 */
function objective(
  data: Prepared,
  model: ChoiceModel,
  lambda: number,
  scale: readonly number[],
  x: readonly number[],
): { f: number; g: number[] } {
  const k = model.params.length;
  const theta = x.slice(0, k);
  const beta = Math.exp(x[k]!);
  const v = valuesOf(data, flatDelta(model, theta));
  const gDelta = new Float64Array(SLOTS * F);
  let nll = 0;
  let gLogBeta = 0;
  const n = data.sets;
  const p = new Float64Array(v.length);
  for (let i = 0; i < n; i++) {
    const a = data.start[i]!;
    const b = data.start[i + 1]!;
    const h = a + data.chosen[i]!;
    let max = -Infinity;
    for (let c = a; c < b; c++) max = Math.max(max, beta * v[c]!);
    let z = 0;
    for (let c = a; c < b; c++) z += p[c] = Math.exp(beta * v[c]! - max);
    nll -= beta * v[h]! - max - Math.log(z);
    let mean = 0;
    for (let c = a; c < b; c++) {
      const pc = p[c]! / z;
      mean += pc * v[c]!;
      // d(−log p_chosen)/dΔ = β (Σ p φ − φ_chosen), each in its own slot.
      const coef = beta * (pc - (c === h ? 1 : 0));
      const s = data.slot[c]!;
      if (s < 0 || coef === 0) continue;
      const o = c * F;
      const d = s * F;
      for (let j = 0; j < F; j++) gDelta[d + j]! += coef * data.phi[o + j]!;
    }
    gLogBeta -= beta * (v[h]! - mean);
  }
  const g = new Array<number>(k + 1).fill(0);
  let pull = 0;
  model.params.forEach((entries, q) => {
    let s = 0;
    for (const e of entries) s += e.a * gDelta[e.slot * F + e.feature]!;
    g[q] = s / n + lambda * scale[q]! ** 2 * theta[q]!;
    pull += (lambda / 2) * (scale[q]! * theta[q]!) ** 2;
  });
  g[k] = gLogBeta / n;
  return { f: nll / n + pull, g };
}

/** Each parameter's pull scale: the spread, in VP, its change makes in the values (root mean square). */
function scalesOf(model: ChoiceModel, sd: readonly number[]): number[] {
  return model.params.map((entries) =>
    Math.sqrt(entries.reduce((a, e) => a + (e.a * sd[e.feature]!) ** 2, 0) / Math.max(1, entries.length)),
  );
}

export interface Fit {
  readonly theta: number[];
  /** How sharply values decide (1/VP): the softmax's inverse temperature. */
  readonly beta: number;
  readonly iterations: number;
  /** Mean negative log-likelihood of the fitted sets, without the pull. */
  readonly nll: number;
}

/** Fits the model's parameters to the choice sets. */
export function fitChoices(data: Prepared, model: ChoiceModel, lambda: number, maxIterations = 300): Fit {
  const scale = scalesOf(model, data.sd);
  const k = model.params.length;
  const f = (x: readonly number[]) => objective(data, model, lambda, scale, x);
  const { x, iterations } = lbfgs(f, [...new Array<number>(k).fill(0), Math.log(0.2)], maxIterations);
  return { theta: x.slice(0, k), beta: Math.exp(x[k]!), iterations, nll: logLikelihood(data, model, x) };
}

/** Mean negative log-likelihood of the sets under parameters x = [θ..., log β]. */
export function logLikelihood(data: Prepared, model: ChoiceModel, x: readonly number[]): number {
  return objective(data, model, 0, new Array<number>(model.params.length).fill(0), x).f;
}

/** The best log β for the parameters' own weights (θ = 0), so the prior's likelihood is a fair baseline. */
export function priorFit(data: Prepared, model: ChoiceModel): Fit {
  const k = model.params.length;
  const zeros = new Array<number>(k).fill(0);
  const f = (x: readonly number[]) => {
    const r = objective(data, model, 0, zeros, [...zeros, x[0]!]);
    return { f: r.f, g: [r.g[k]!] };
  };
  const { x, iterations } = lbfgs(f, [Math.log(0.2)], 100);
  return { theta: zeros, beta: Math.exp(x[0]!), iterations, nll: f(x).f };
}

export interface Agreement {
  readonly sets: number;
  /** Sets where the player's line ranks first, and among the first three. */
  readonly first: number;
  readonly top3: number;
}

/** How often the player's line is the model's first choice, or in its top 3 (ties go to the planner's order). */
export function agreementOf(data: Prepared, model: ChoiceModel, theta: readonly number[]): Agreement {
  const v = valuesOf(data, flatDelta(model, theta));
  let first = 0;
  let top3 = 0;
  for (let i = 0; i < data.sets; i++) {
    const a = data.start[i]!;
    const h = a + data.chosen[i]!;
    let rank = 0;
    for (let c = a; c < data.start[i + 1]!; c++) if (v[c]! > v[h]! || (v[c] === v[h] && c < h)) rank++;
    if (rank === 0) first++;
    if (rank < 3) top3++;
  }
  return { sets: data.sets, first, top3 };
}

/** Limited-memory BFGS minimisation with a backtracking (Armijo) line search. */
export function lbfgs(
  f: (x: readonly number[]) => { f: number; g: number[] },
  start: readonly number[],
  maxIterations: number,
  memory = 10,
): { x: number[]; iterations: number } {
  let x = [...start];
  let cur = f(x);
  const ss: number[][] = [];
  const ys: number[][] = [];
  const dot = (a: readonly number[], b: readonly number[]) => a.reduce((s, v, i) => s + v * b[i]!, 0);
  let it = 0;
  for (; it < maxIterations; it++) {
    const gnorm = Math.sqrt(dot(cur.g, cur.g));
    if (gnorm < 1e-7) break;
    // Two-loop recursion: d = −H g.
    const q = [...cur.g];
    const alphas: number[] = [];
    for (let m = ss.length - 1; m >= 0; m--) {
      const a = dot(ss[m]!, q) / dot(ys[m]!, ss[m]!);
      alphas[m] = a;
      for (let i = 0; i < q.length; i++) q[i]! -= a * ys[m]![i]!;
    }
    const gamma = ss.length ? dot(ss.at(-1)!, ys.at(-1)!) / dot(ys.at(-1)!, ys.at(-1)!) : 1 / Math.max(1, gnorm);
    for (let i = 0; i < q.length; i++) q[i]! *= gamma;
    for (let m = 0; m < ss.length; m++) {
      const b = dot(ys[m]!, q) / dot(ys[m]!, ss[m]!);
      for (let i = 0; i < q.length; i++) q[i]! += ss[m]![i]! * (alphas[m]! - b);
    }
    let d = q.map((v) => -v);
    let slope = dot(cur.g, d);
    if (slope >= 0) {
      // Not a descent direction: start again from the gradient.
      ss.length = 0;
      ys.length = 0;
      d = cur.g.map((v) => -v / Math.max(1, gnorm));
      slope = dot(cur.g, d);
    }
    let step = 1;
    let next = f(x.map((v, i) => v + step * d[i]!));
    while (!(next.f <= cur.f + 1e-4 * step * slope) && step > 1e-10) {
      step /= 2;
      next = f(x.map((v, i) => v + step * d[i]!));
    }
    if (step <= 1e-10) break;
    const nx = x.map((v, i) => v + step * d[i]!);
    const s = nx.map((v, i) => v - x[i]!);
    const y = next.g.map((v, i) => v - cur.g[i]!);
    if (dot(s, y) > 1e-12) {
      ss.push(s);
      ys.push(y);
      if (ss.length > memory) {
        ss.shift();
        ys.shift();
      }
    }
    const improvement = cur.f - next.f;
    x = nx;
    cur = next;
    if (improvement < 1e-10 * Math.max(1, Math.abs(cur.f))) break;
  }
  return { x, iterations: it };
}
