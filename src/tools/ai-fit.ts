// `npm run ai-fit -- [--dir DIR] [--lambda L] [--out FILE]`: fits the AI evaluation's feature weights to league
// games by regression (with --choices, to the players' choices instead: ai-fit-choices.ts). Every position of every complete 4-player game in DIR (test/fixtures/games by default) is a
// sample for each faction: its features (src/ai/evaluate.ts) and the VP it went on to score from there.
// A ridge regression per period pulls each weight towards the parameters' own value (the prior) and fits
// the rest; a fifth of the games is held out to show the fit predicts better than the prior. --out
// writes the weights as JSON (one row per slot, FEATURES order) for `npm run arena -- --weights FILE`.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { FACTIONS, type GameState } from '../engine/index.ts';
import { FEATURES, evalContext, featuresOf, priorWeights } from '../ai/evaluate.ts';
import { DEFAULT_PARAMS } from '../ai/params.ts';
import { parseGameLog } from '../notation/log.ts';
import { replayLog } from '../notation/replay.ts';
import { choiceMain } from './ai-fit-choices.ts';

interface Sample {
  readonly game: number;
  readonly slot: number;
  readonly phi: readonly number[];
  /** VP still to come: the final score less the VP held. */
  readonly y: number;
  readonly rate: number;
}

function samplesOf(text: string, game: number): Sample[] {
  const entries = parseGameLog(text);
  const final = replayLog(entries).state;
  if (!final?.finished || final.factionOrder.length !== 4) return [];
  if (final.factionOrder.some((id) => final.factions[id]!.dropped)) return [];
  const out: Sample[] = [];
  let last: GameState | null = null;
  for (let i = 1; i <= entries.length; i++) {
    const e = entries[i - 1]!;
    if (e.kind !== 'row' || e.engine) continue;
    const state = replayLog(entries.slice(0, i)).state;
    if (!state || state === last || state.phase !== 'play' || state.finished) continue;
    last = state;
    for (const id of state.factionOrder) {
      const ctx = evalContext(state, id, DEFAULT_PARAMS);
      const { slot, phi } = featuresOf(state, ctx);
      if (slot === null) continue;
      const rate = FACTIONS[id].exchange?.C?.VP ?? 3;
      out.push({ game, slot, phi, y: final.factions[id]!.VP - state.factions[id]!.VP, rate });
    }
  }
  return out;
}

/** Solves A x = b (A symmetric positive definite) by Gaussian elimination with partial pivoting. */
function solve(a: number[][], b: number[]): number[] {
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

/** Ridge regression towards `prior`: each weight's pull scaled by its feature's spread. */
function fit(samples: readonly Sample[], prior: readonly number[], lambda: number): number[] {
  const k = prior.length;
  const n = samples.length;
  const sd = prior.map((_, j) => {
    const mean = samples.reduce((a, s) => a + s.phi[j]!, 0) / n;
    return Math.sqrt(samples.reduce((a, s) => a + (s.phi[j]! - mean) ** 2, 0) / n) || 1;
  });
  const a = prior.map(() => new Array<number>(k).fill(0));
  const b = new Array<number>(k).fill(0);
  for (const s of samples) {
    for (let i = 0; i < k; i++) {
      b[i]! += s.phi[i]! * s.y;
      for (let j = 0; j < k; j++) a[i]![j]! += s.phi[i]! * s.phi[j]!;
    }
  }
  for (let i = 0; i < k; i++) {
    const pull = lambda * n * sd[i]! ** 2;
    a[i]![i]! += pull;
    b[i]! += pull * prior[i]!;
  }
  return solve(a, b);
}

function mse(samples: readonly Sample[], weights: (slot: number, rate: number) => readonly number[]): number {
  let e = 0;
  for (const s of samples) {
    const w = weights(s.slot, s.rate);
    const pred = s.phi.reduce((a, x, i) => a + x * w[i]!, 0);
    e += (pred - s.y) ** 2;
  }
  return e / samples.length;
}

function main(): void {
  const { values } = parseArgs({
    options: {
      dir: { type: 'string', default: 'test/fixtures/games' },
      lambda: { type: 'string' },
      out: { type: 'string' },
      choices: { type: 'boolean', default: false },
      cache: { type: 'string', default: 'out/ai-choices.jsonl' },
      rebuild: { type: 'boolean', default: false },
      model: { type: 'string', default: 'tied' },
      'keep-resources': { type: 'boolean', default: false },
    },
  });
  if (values.choices) {
    choiceMain({
      dir: values.dir,
      cache: values.cache,
      rebuild: values.rebuild,
      model: values.model,
      keepResources: values['keep-resources'],
      lambda: Number(values.lambda ?? '0.01'),
      out: values.out,
    });
    return;
  }
  const lambda = Number(values.lambda ?? '0.05');
  const files = readdirSync(values.dir)
    .filter((f) => f.endsWith('.txt'))
    .sort();
  const samples = files.flatMap((f, i) => samplesOf(readFileSync(join(values.dir, f), 'utf8'), i));
  const games = new Set(samples.map((s) => s.game)).size;
  console.log(`${samples.length} samples from ${games} games`);
  const prior = (slot: number, rate = 3) => priorWeights(DEFAULT_PARAMS, slot, rate);
  const held = (s: Sample) => s.game % 5 === 0;
  const fitted: number[][] = [];
  const check: number[][] = [];
  for (let slot = 0; slot < 11; slot++) {
    const all = samples.filter((s) => s.slot === slot);
    check.push(
      fit(
        all.filter((s) => !held(s)),
        prior(slot),
        lambda,
      ),
    );
    fitted.push(fit(all, prior(slot), lambda));
  }
  const test = samples.filter(held);
  console.log(
    `held-out games: mean squared error of the VP still to come, prior ${mse(test, prior).toFixed(1)}, fitted ${mse(
      test,
      (slot) => check[slot]!,
    ).toFixed(1)}`,
  );
  const slots = [...fitted.keys()];
  const name = (slot: number) => `r${Math.floor(slot / 2) + 1}${slot % 2 ? 'p' : ' '}`;
  console.log(['feature'.padEnd(12), ...slots.map((k) => `   ${name(k)} prior→fit`)].join(''));
  FEATURES.forEach((feature, j) => {
    const cells = slots.map((k) => `${prior(k)[j]!.toFixed(2).padStart(6)}→${fitted[k]![j]!.toFixed(2).padEnd(6)}`);
    console.log([feature.padEnd(12), ...cells].join(' '));
  });
  if (values.out) {
    writeFileSync(values.out, `${JSON.stringify(fitted.map((w) => w.map((x) => Number(x.toFixed(4)))))}\n`);
    console.log(`wrote ${values.out}`);
  }
}

main();
