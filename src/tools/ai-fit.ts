// `npm run ai-fit -- [--dir DIR] [--lambda L] [--out FILE]`: fits the AI evaluation's feature weights to league
// games by regression (with --choices, to the players' choices instead: ai-fit-choices.ts). Every position of every complete 4-player game in DIR (test/fixtures/games by default) is a
// sample for each faction: its features (src/ai/evaluate.ts) and the VP it went on to score from there.
// A ridge regression per period pulls each weight towards the parameters' own value (the prior) and fits
// the rest; a fifth of the games is held out to show the fit predicts better than the prior. --out
// writes the weights as JSON (one row per slot, FEATURES order) for `npm run arena -- --weights FILE`.
//
// `npm run ai-fit -- --self-play N [--seed S] [--lambda L] [--share X] [--out FILE]`: plays N 4-player games
// of `normal` seats against each other (the league options, factions dealt from the seed) on the
// parameters' own weights, and fits what those weights miss of the VP each faction went on to score
// (src/ai/value-fit.ts). --out writes the correction the parameters' `valueCorrection` reads
// (src/ai/value-correction.json is the one the AI plays; run `npx prettier --write` on it after).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { GameState } from '../engine/index.ts';
import { priorWeights } from '../ai/evaluate.ts';
import { FEATURES } from '../ai/features.ts';
import { DEFAULT_PARAMS, UNCORRECTED_PARAMS } from '../ai/params.ts';
import { parseGameLog } from '../notation/log.ts';
import { replayLog } from '../notation/replay.ts';
import { playArenaGame } from '../ai/arena.ts';
import {
  type ValueSample,
  dot,
  fitCorrection,
  positionFeatures,
  rankingError,
  ridge,
  variances,
} from '../ai/value-fit.ts';
import { RULES_PRESETS } from '../game/presets.ts';
import { choiceMain } from './ai-fit-choices.ts';

function samplesOf(text: string, game: number): ValueSample[] {
  const entries = parseGameLog(text);
  const final = replayLog(entries).state;
  if (!final?.finished || final.factionOrder.length !== 4) return [];
  if (final.factionOrder.some((id) => final.factions[id]!.dropped)) return [];
  const out: ValueSample[] = [];
  let last: GameState | null = null;
  for (let i = 1; i <= entries.length; i++) {
    const e = entries[i - 1]!;
    if (e.kind !== 'row' || e.engine) continue;
    const state = replayLog(entries.slice(0, i)).state;
    if (!state || state === last || state.phase !== 'play' || state.finished) continue;
    last = state;
    for (const s of positionFeatures(state, DEFAULT_PARAMS)) {
      out.push({ game, slot: s.slot, phi: s.phi, toCome: final.factions[s.faction]!.VP - s.vp, rate: s.rate });
    }
  }
  return out;
}

/** Ridge regression towards `prior`: each weight's pull scaled by its feature's spread. */
function fit(samples: readonly ValueSample[], prior: readonly number[], lambda: number): number[] {
  const rows = samples.map((s) => s.phi);
  const pulls = variances(rows).map((v) => lambda * samples.length * v);
  const shift = ridge(
    rows,
    samples.map((s) => s.toCome - dot(s.phi, prior)),
    pulls,
  );
  return prior.map((w, i) => w + shift[i]!);
}

function mse(samples: readonly ValueSample[], weights: (slot: number, rate: number) => readonly number[]): number {
  let e = 0;
  for (const s of samples) {
    const w = weights(s.slot, s.rate);
    e += (dot(s.phi, w) - s.toCome) ** 2;
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
      'self-play': { type: 'string' },
      seed: { type: 'string', default: 'vf' },
      share: { type: 'string', default: '0.3' },
    },
  });
  if (values['self-play'] !== undefined) {
    selfPlayMain({
      games: Number(values['self-play']),
      seed: values.seed,
      lambda: Number(values.lambda ?? '0.2'),
      share: Number(values.share),
      out: values.out,
    });
    return;
  }
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
  const held = (s: ValueSample) => s.game % 5 === 0;
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

function selfPlayMain(o: {
  games: number;
  seed: string;
  lambda: number;
  share: number;
  out: string | undefined;
}): void {
  if (!Number.isInteger(o.games) || o.games < 5) throw new Error('--self-play takes a number of games, at least 5');
  if (!(o.lambda >= 0) || !(o.share > 0 && o.share <= 1))
    throw new Error('--lambda must be at least 0, --share in (0, 1]');
  const samples: ValueSample[] = [];
  const tuning = { name: 'uncorrected', params: UNCORRECTED_PARAMS, weights: null };
  for (let game = 0; game < o.games; game++) {
    const seen: ReturnType<typeof positionFeatures> = [];
    const result = playArenaGame({
      seed: `${o.seed}-${game}`,
      levels: ['normal', 'normal', 'normal', 'normal'],
      options: [...RULES_PRESETS.standard],
      tunings: [tuning, tuning, tuning, tuning],
      observe: (state) => {
        if (state.phase === 'play' && !state.finished) seen.push(...positionFeatures(state, UNCORRECTED_PARAMS));
      },
    });
    if (!result.finished) throw new Error(`${o.seed}-${game} did not finish: ${result.failure}`);
    const final = new Map(result.seats.map((s) => [s.faction, s.vp]));
    for (const s of seen)
      samples.push({ game, slot: s.slot, phi: s.phi, toCome: final.get(s.faction)! - s.vp, rate: s.rate });
    console.log(`${o.seed}-${game}: ${result.seats.map((s) => `${s.faction} ${s.vp}`).join(', ')}`);
  }
  console.log(`${samples.length} samples from ${o.games} games`);
  // A fifth of the games held out: the corrected weights must rank their positions better than the prior.
  const held = (s: ValueSample) => s.game % 5 === 0;
  const check = fitCorrection(
    samples.filter((s) => !held(s)),
    UNCORRECTED_PARAMS,
    o,
  );
  const test = samples.filter(held);
  console.log(
    `held-out games: ranking error of the VP still to come, prior ${rankingError(test, UNCORRECTED_PARAMS).toFixed(1)}, corrected ${rankingError(
      test,
      { ...UNCORRECTED_PARAMS, valueCorrection: check },
    ).toFixed(1)}`,
  );
  const correction = fitCorrection(samples, UNCORRECTED_PARAMS, o);
  console.log(['feature'.padEnd(12), ...[1, 2, 3, 4, 5, 6].map((r) => `round ${r}`.padStart(8))].join(''));
  for (const [feature, values] of Object.entries(correction)) {
    console.log([feature.padEnd(12), ...values.map((v) => v.toFixed(3).padStart(8))].join(''));
  }
  if (o.out) {
    const command = `npm run ai-fit -- --self-play ${o.games} --seed ${o.seed} --lambda ${o.lambda} --share ${o.share}`;
    writeFileSync(o.out, `${JSON.stringify({ command, correction })}\n`);
    console.log(`wrote ${o.out}`);
  }
}

main();
