// A correction of the evaluation's weights fitted to games the AI plays against itself
// (`npm run ai-fit -- --self-play`): every position of every game is a sample for each faction, its
// features and the VP it went on to score. What the parameters' own weights predict of those VP and what
// the faction really scored differ; a ridge regression per round (both slots of the round, before and
// after the pass, share one correction, so a pass is judged the same way as before) fits what each
// feature's weight misses. The AI plays the parameters' weights plus a share of the fit: the fit is of
// the games the uncorrected AI plays, so the whole of it overshoots once the play changes.
import type { FactionId, GameState } from '../engine/index.ts';
import { coinRate, evalContext, featuresOf, priorWeights } from './evaluate.ts';
import { FEATURES, type Feature } from './features.ts';
import type { EvalParams, PerRound, ValueCorrection } from './params.ts';

/** One faction's view of one position of a game, and the VP it scored from there to the end. */
export interface ValueSample {
  readonly game: number;
  readonly slot: number;
  readonly phi: readonly number[];
  readonly toCome: number;
  /** Coins that make a VP in the final conversion (the weights' floor for what is held). */
  readonly rate: number;
}

/** A position's features for each faction that can still act on them, with the VP it holds now. */
export function positionFeatures(
  state: GameState,
  params: EvalParams,
): { faction: FactionId; slot: number; phi: number[]; vp: number; rate: number }[] {
  const out = [];
  for (const faction of state.factionOrder) {
    const { slot, phi } = featuresOf(state, evalContext(state, faction, params));
    if (slot !== null) out.push({ faction, slot, phi, vp: state.factions[faction]!.VP, rate: coinRate(faction) });
  }
  return out;
}

/**
 * Features pulled harder towards no correction: building counts and hoards say more about which faction
 * plays and how its game went (a stronghold early is some factions' whole plan) than about what a move is
 * worth, and free they fit the former (a stronghold's weight came out at -17 VP in round 1).
 */
const BUILT: readonly string[] = ['D', 'TP', 'TE', 'SH', 'SA', 'stronghold', 'owed'];
const FIRM: ReadonlySet<Feature> = new Set(FEATURES.filter((f) => f.endsWith('_hoard') || BUILT.includes(f)));
const FIRMNESS = 20;

export interface FitOptions {
  /** Ridge pull towards no correction, per sample and unit of a feature's variance. */
  readonly lambda: number;
  /** Share of the fitted correction kept. */
  readonly share: number;
}

/** What the weights miss in one round: the fitted difference per feature, the intercept left out. */
function fitRound(samples: readonly ValueSample[], params: EvalParams, lambda: number): number[] {
  const rows = samples.map((s) => s.phi);
  const residuals = samples.map((s) => s.toCome - dot(s.phi, priorWeights(params, s.slot, s.rate)));
  const variance = variances(rows);
  // The intercept is free (the weights' level is off by a round's worth of VP, and no decision within a
  // round turns on it).
  const pulls = FEATURES.map((feature, i) =>
    feature === 'constant' ? 0 : lambda * (FIRM.has(feature) ? FIRMNESS : 1) * samples.length * variance[i]!,
  );
  return ridge(rows, residuals, pulls);
}

/** The correction of `params`' weights the samples say, a share of it, rounded to thousandths. */
export function fitCorrection(
  samples: readonly ValueSample[],
  params: EvalParams,
  options: FitOptions,
): ValueCorrection {
  const byRound = Array.from({ length: 6 }, (_, r) => samples.filter((s) => Math.floor(s.slot / 2) === r));
  const fits = byRound.map((round) => (round.length ? fitRound(round, params, options.lambda) : null));
  const out: Partial<Record<Feature, PerRound>> = {};
  FEATURES.forEach((feature, j) => {
    if (feature === 'constant') return;
    const values = fits.map((fit) => Math.round((fit?.[j] ?? 0) * options.share * 1000) / 1000);
    if (values.some((v) => v !== 0)) out[feature] = values as unknown as PerRound;
  });
  return out;
}

/**
 * Mean squared error of the VP still to come as the weights of `params` predict it, each round's mean
 * error taken out first (the level no decision turns on): how well the weights rank positions.
 */
export function rankingError(samples: readonly ValueSample[], params: EvalParams): number {
  const errors = samples.map((s) => {
    return { round: Math.floor(s.slot / 2), e: s.toCome - dot(s.phi, priorWeights(params, s.slot, s.rate)) };
  });
  const bias = Array.from({ length: 6 }, (_, r) => {
    const of = errors.filter((x) => x.round === r);
    return of.length ? of.reduce((a, x) => a + x.e, 0) / of.length : 0;
  });
  return errors.reduce((a, x) => a + (x.e - bias[x.round]!) ** 2, 0) / (errors.length || 1);
}

export function dot(a: readonly number[], b: readonly number[]): number {
  return a.reduce((acc, x, i) => acc + x * b[i]!, 0);
}

/** Each column's variance over the rows; 1 where it never varies, so a pull scaled by it still holds. */
export function variances(rows: readonly (readonly number[])[]): number[] {
  const n = rows.length || 1;
  return (rows[0] ?? []).map((_, j) => {
    const mean = rows.reduce((a, r) => a + r[j]!, 0) / n;
    return rows.reduce((a, r) => a + (r[j]! - mean) ** 2, 0) / n || 1;
  });
}

/**
 * Ridge regression: the x that minimises |rows·x − targets|² + Σ pulls[i]·x[i]², each column pulled
 * towards 0 by its own amount (a fit towards a prior is this on the targets less the prior's prediction).
 */
export function ridge(
  rows: readonly (readonly number[])[],
  targets: readonly number[],
  pulls: readonly number[],
): number[] {
  const k = pulls.length;
  const a = pulls.map((pull, i) => {
    const row = new Array<number>(k).fill(0);
    row[i] = pull;
    return row;
  });
  const b = new Array<number>(k).fill(0);
  rows.forEach((phi, r) => {
    for (let i = 0; i < k; i++) {
      b[i]! += phi[i]! * targets[r]!;
      for (let j = 0; j < k; j++) a[i]![j]! += phi[i]! * phi[j]!;
    }
  });
  return solveLinear(a, b);
}

/** Solves A x = b (A symmetric positive definite) by Gaussian elimination with partial pivoting. */
export function solveLinear(a: readonly (readonly number[])[], b: readonly number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let c = 0; c < n; c++) {
    let pivot = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r]![c]!) > Math.abs(m[pivot]![c]!)) pivot = r;
    [m[c], m[pivot]] = [m[pivot]!, m[c]!];
    for (let r = c + 1; r < n; r++) {
      const k = m[r]![c]! / m[c]![c]!;
      for (let j = c; j <= n; j++) m[r]![j]! -= k * m[c]![j]!;
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let sum = m[r]![n]!;
    for (let j = r + 1; j < n; j++) sum -= m[r]![j]! * x[j]!;
    x[r] = sum / m[r]![r]!;
  }
  return x;
}
