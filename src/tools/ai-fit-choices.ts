// `npm run ai-fit -- --choices [--cache FILE] [--rebuild] [--model tied|tied3|full] [--keep-resources] [--lambda L] [--out FILE]`:
// fits the evaluation's weights to what strong players chose. Every turn of the finished 4-player league
// games is a choice set (src/ai/choices.ts: normal's candidate lines and the human's); the sets are built
// once and cached as JSON lines (out/ai-choices.jsonl by default; slow: every turn planned once; --rebuild
// after changing the planner or the evaluation), then a
// conditional-logit model is fitted in seconds (src/ai/choice-fit.ts) on four fifths of the games and
// checked on the rest, and fitted again on all of them for --out (weights for `npm run arena -- --weights`).
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync, appendFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { recordedTurns } from '../ai/agreement.ts';
import { type ChoiceSet, choiceSetOf } from '../ai/choices.ts';
import {
  type ChoiceModel,
  agreementOf,
  fitChoices,
  fullModel,
  logLikelihood,
  prepare,
  priorFit,
  RESOURCES,
  ROUND_PAIRS,
  tiedModel,
  weightsOf,
} from '../ai/choice-fit.ts';
import { priorWeights } from '../ai/evaluate.ts';
import { FEATURES } from '../ai/features.ts';
import { DEFAULT_PARAMS } from '../ai/params.ts';

export interface ChoiceOptions {
  readonly dir: string;
  readonly cache: string;
  readonly rebuild: boolean;
  readonly model: string;
  /** Resources keep the parameters' weights (they anchor what a VP now is worth against the position). */
  readonly keepResources: boolean;
  readonly lambda: number;
  readonly out: string | undefined;
}

const round4 = (x: number) => Math.round(x * 1e4) / 1e4;

/** Builds the cache of choice sets, one line per set, game by game (a run stopped part-way is carried on). */
function buildCache(dir: string, cache: string, rebuild: boolean): void {
  mkdirSync(dirname(cache), { recursive: true });
  if (rebuild || !existsSync(cache) || readCache(cache).games.some((g) => g.features !== CACHE_KEY))
    writeFileSync(cache, '');
  const done = new Set(readCache(cache).games.map((g) => g.game));
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.txt'))
    .sort();
  for (const file of files) {
    if (done.has(file)) continue;
    const turns = recordedTurns(readFileSync(join(dir, file), 'utf8'), file);
    const lines: string[] = [];
    const skipped = { setup: 0, missing: 0 };
    for (const turn of turns) {
      const set = choiceSetOf(turn);
      if (typeof set === 'string') {
        skipped[set]++;
        continue;
      }
      lines.push(
        JSON.stringify({
          ...set,
          candidates: set.candidates.map((c) => ({ ...c, offset: round4(c.offset), phi: c.phi.map(round4) })),
        }),
      );
    }
    // Each game ends with a line of what it skipped (and a game with no sets still counts as done).
    lines.push(JSON.stringify({ game: file, turns: turns.length, ...skipped, features: CACHE_KEY }));
    appendFileSync(cache, `${lines.join('\n')}\n`);
    console.log(`${file}: ${turns.length} turns, ${lines.length - 1} choice sets, skipped ${JSON.stringify(skipped)}`);
  }
}

const gameLine = z.object({
  game: z.string(),
  turns: z.number(),
  setup: z.number(),
  missing: z.number(),
  /** How the sets were made (CACHE_KEY): a cache from other code is built again. */
  features: z.string(),
});
type GameLine = z.infer<typeof gameLine>;

const choiceSet = z.object({
  game: z.string(),
  round: z.number(),
  rate: z.number(),
  chosen: z.number().int().nonnegative(),
  candidates: z.array(
    z.object({
      slot: z.number().int().nullable(),
      offset: z.number(),
      phi: z.array(z.number()).length(FEATURES.length),
    }),
  ),
});

/** Turns matched as `actionKey` matches them (2: a build's own transform left out), and the features. */
const CACHE_KEY = `matching 2; ${FEATURES.join(' ')}`;

function readCache(cache: string): { sets: ChoiceSet[]; games: GameLine[] } {
  const rows = readFileSync(cache, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as unknown);
  return {
    sets: rows.filter((r) => typeof r === 'object' && r !== null && 'candidates' in r).map((r) => choiceSet.parse(r)),
    games: rows
      .filter((r) => typeof r === 'object' && r !== null && !('candidates' in r))
      .map((r) => gameLine.parse(r)),
  };
}

const pct = (a: number, b: number) => `${((100 * a) / Math.max(1, b)).toFixed(1)}%`;

function modelOf(name: string, keepResources: boolean): ChoiceModel {
  const kept = keepResources ? RESOURCES : new Set<never>();
  if (name === 'full') return fullModel();
  if (name === 'tied') return tiedModel(DEFAULT_PARAMS, undefined, kept);
  if (name === 'tied3') return tiedModel(DEFAULT_PARAMS, ROUND_PAIRS, kept);
  throw new Error(`unknown model ${name} (tied, tied3 or full)`);
}

export function choiceMain(o: ChoiceOptions): void {
  buildCache(o.dir, o.cache, o.rebuild);
  const { sets, games } = readCache(o.cache);
  const count = (k: 'turns' | 'setup' | 'missing') => games.reduce((a, g) => a + g[k], 0);
  console.log(
    `${sets.length} choice sets from ${new Set(sets.map((s) => s.game)).size} games: ${count('turns')} turns, ${count('setup')} set-up or income-spade turns and ${count('missing')} turns whose line is not among the planner's skipped`,
  );
  const model = modelOf(o.model, o.keepResources);
  // A fifth of the games (every fifth, by name) is held out to check the fit on positions it never saw.
  const names = [...new Set(sets.map((s) => s.game))].sort();
  const heldGames = new Set(names.filter((_, i) => i % 5 === 0));
  const train = prepare(
    sets.filter((s) => !heldGames.has(s.game)),
    DEFAULT_PARAMS,
  );
  const test = prepare(
    sets.filter((s) => heldGames.has(s.game)),
    DEFAULT_PARAMS,
  );
  const heldMissing = games.filter((g) => heldGames.has(g.game)).reduce((a, g) => a + g.missing, 0);
  const prior = priorFit(train, model);
  const fit = fitChoices(train, model, o.lambda);
  const k = model.params.length;
  const report = (name: string, theta: readonly number[], beta: number) => {
    const a = agreementOf(test, model, theta);
    const nll = logLikelihood(test, model, [...theta, Math.log(beta)]);
    console.log(
      `  ${name.padEnd(7)} held out: log-likelihood ${(-nll).toFixed(3)} a choice; first ${pct(a.first, a.sets)}, top 3 ${pct(a.top3, a.sets)} of ${a.sets} sets (${pct(a.first, a.sets + heldMissing)} / ${pct(a.top3, a.sets + heldMissing)} counting the ${heldMissing} turns not among the lines)`,
    );
  };
  console.log(
    `model ${model.name} (${k} parameters), λ ${o.lambda}: trained on ${train.sets} sets of ${names.length - heldGames.size} games (${fit.iterations} iterations), held out ${test.sets} of ${heldGames.size}`,
  );
  report('prior', prior.theta, prior.beta);
  report('fitted', fit.theta, fit.beta);
  const all = prepare(sets, DEFAULT_PARAMS);
  const final = fitChoices(all, model, o.lambda);
  const weights = weightsOf(DEFAULT_PARAMS, model, final.theta);
  const slots = [...weights.keys()];
  const name = (slot: number) => `r${Math.floor(slot / 2) + 1}${slot % 2 ? 'p' : ' '}`;
  console.log(`fitted on all ${all.sets} sets (β ${final.beta.toFixed(3)}/VP); weights prior→fitted:`);
  console.log(['feature'.padEnd(12), ...slots.map((s) => `  ${name(s)} prior→fit  `)].join(''));
  FEATURES.forEach((feature, j) => {
    const cells = slots.map(
      (s) => `${priorWeights(DEFAULT_PARAMS, s)[j]!.toFixed(2).padStart(6)}→${weights[s]![j]!.toFixed(2).padEnd(6)}`,
    );
    console.log([feature.padEnd(12), ...cells].join(' '));
  });
  if (o.out) {
    writeFileSync(o.out, `${JSON.stringify(weights.map((w) => w.map(round4)))}\n`);
    console.log(`wrote ${o.out}`);
  }
}
