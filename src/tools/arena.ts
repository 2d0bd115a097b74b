// `npm run arena -- --games N --players P --level L [--vs L2] [--map ID] [--options a,b] [--seed S]
// [--from K] [--mix] [--mirror] [--ai-picks] [--params FILE] [--vs-params FILE] [--weights FILE] [--out FILE] [--json]`: AI seats play whole games on the
// engine and the figures are printed (one JSON object with --json). With --vs, seats alternate between the
// two levels (L in the first, L2 in the second, ...) and the seats rotate from one game to the next.
// --vs-params FILE: a head to head of two tunings; the seats --vs gives L2 (at L without --vs) evaluate with
// FILE's parameters, the others with --params or the defaults, and `headToHead` compares them.
// --mix draws, per game, the player count (2-5), one of the six offered maps and the options (every Fire &
// Ice faction option, the final-scoring tile, special landscapes, the auction, the 2017 starting VP).
// --options takes option ids, or `standard` (the league preset, the default) or `base`.
// `npm run arena -- --summarize [--json] FILE...` prints the figures of the games in --out files.
// --league DIR adds the final VP a seat and by faction of the finished 4-player game records in DIR (the
// league games: `--league test/fixtures/games`), for the arena's figures to stand next to.
import { appendFileSync, readFileSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import {
  EXTRA_OPTIONS,
  FACTION_OPTIONS,
  MAPS,
  type OptionId,
  isMapId,
  isOptionId,
  seededRandom,
} from '../engine/index.ts';
import {
  type ArenaGameConfig,
  type ArenaGameResult,
  type ArenaSummary,
  type NamedTuning,
  playArenaGame,
  summarize,
} from '../ai/arena.ts';
import { recordedFigures } from '../ai/league-vp.ts';
import { parseWeights } from '../ai/weights.ts';
import { DEFAULT_PARAMS } from '../ai/params.ts';
import { parseParams } from '../ai/params-file.ts';
import { type AiLevel, isAiLevel } from '../ai/types.ts';
import type { Weights } from '../ai/evaluate.ts';
import { RULES_PRESETS } from '../game/presets.ts';

function fail(message: string): never {
  console.error(
    `${message}\nusage: npm run arena -- --games N --players P --level L [--vs L2] [--map ID] [--options a,b] [--seed S] [--from K] [--mix] [--mirror] [--ai-picks] [--params FILE] [--vs-params FILE] [--weights FILE] [--out FILE] [--json]\n       npm run arena -- --summarize [--json] [--challenger NAME] FILE...`,
  );
  process.exit(2);
}

function optionsOf(text: string | undefined): OptionId[] {
  if (text === undefined || text === 'standard') return [...RULES_PRESETS.standard];
  if (text === 'base' || text === '') return [];
  const list = text.split(',').flatMap((o) => (o === 'standard' ? [...RULES_PRESETS.standard] : [o.trim()]));
  const bad = list.filter((o) => !isOptionId(o));
  if (bad.length) fail(`unknown option ${bad.join(', ')}`);
  return [...new Set(list)] as OptionId[];
}

/** The offered maps (those of snellman's new-game page), in a fixed order. */
const OFFERED_MAPS = MAPS.filter((m) => m.offered).map((m) => m.id);

/** A game of the --mix run: its player count, map and options, drawn from its seed. */
function mixed(seed: string, levels: (n: number) => AiLevel[]): Omit<ArenaGameConfig, 'seed'> {
  const rand = seededRandom(`${seed}/mix`);
  const players = 2 + Math.floor(rand() * 4);
  const map = OFFERED_MAPS[Math.floor(rand() * OFFERED_MAPS.length)]!;
  const options: OptionId[] = [...RULES_PRESETS.standard];
  for (const o of [...FACTION_OPTIONS, 'fire-and-ice-final-scoring', ...EXTRA_OPTIONS] as OptionId[])
    if (rand() < (FACTION_OPTIONS.includes(o as (typeof FACTION_OPTIONS)[number]) ? 0.7 : 0.4)) options.push(o);
  return { levels: levels(players), map, options };
}

function main(): void {
  const { values, positionals } = parseArgs({
    options: {
      games: { type: 'string', default: '10' },
      players: { type: 'string', default: '4' },
      level: { type: 'string', default: 'normal' },
      vs: { type: 'string' },
      map: { type: 'string' },
      options: { type: 'string' },
      seed: { type: 'string', default: 'arena' },
      from: { type: 'string', default: '0' },
      mix: { type: 'boolean', default: false },
      mirror: { type: 'boolean', default: false },
      'ai-picks': { type: 'boolean', default: false },
      params: { type: 'string' },
      'vs-params': { type: 'string' },
      challenger: { type: 'string' },
      weights: { type: 'string' },
      out: { type: 'string' },
      json: { type: 'boolean', default: false },
      quiet: { type: 'boolean', default: false },
      summarize: { type: 'boolean', default: false },
      league: { type: 'string' },
    },
    allowPositionals: true,
  });
  if (values.summarize) {
    // The figures of games already played, from --out files (several runs, --from ranges, merged).
    const lines = positionals.flatMap((file) => readFileSync(file, 'utf8').split('\n').filter(Boolean));
    print(
      summarize(
        lines.map((l) => JSON.parse(l) as ArenaGameResult),
        values.challenger,
      ),
      values.json,
      values.league,
    );
    return;
  }
  const games = Number(values.games);
  const players = Number(values.players);
  const from = Number(values.from);
  if (!Number.isInteger(games) || games < 1) fail('--games must be a positive number');
  if (!Number.isInteger(players) || players < 2 || players > 5) fail('--players must be 2 to 5');
  if (!isAiLevel(values.level)) fail(`unknown level ${values.level}`);
  if (values.vs !== undefined && !isAiLevel(values.vs)) fail(`unknown level ${values.vs}`);
  if (values.map !== undefined && !isMapId(values.map)) fail(`unknown map ${values.map}`);
  const level = values.level;
  const vs = values.vs as AiLevel | undefined;
  // --weights FILE: fitted feature weights (npm run ai-fit -- --out FILE) instead of the parameters' own.
  const weights = values.weights ? parseWeights(JSON.parse(readFileSync(values.weights, 'utf8'))) : null;
  const tuned = tuningOf(values.params, weights);
  const challenger = values['vs-params'] === undefined ? undefined : tuningOf(values['vs-params'], weights);
  if (challenger && challenger.name === tuned?.name) fail('--params and --vs-params name the same file');
  const options = optionsOf(values.options);
  const results: ArenaGameResult[] = [];
  // --mirror (with --vs): each seed is played twice, the levels swapped seat for seat, so the same
  // factions on the same map are played once by each level and their strength cancels out of a comparison.
  const plays = values.mirror && (vs || challenger) ? [0, 1] : [0];
  for (let i = from; i < from + games; i++)
    for (const flip of plays) {
      const seed = `${values.seed}-${i}`;
      // Seats alternate between the two sides (levels, tunings); the pattern turns one seat a game.
      const second = (s: number) => (s + i + flip) % 2 === 1;
      const levelsFor = (n: number): AiLevel[] => Array.from({ length: n }, (_, s) => (vs && second(s) ? vs : level));
      const tunings = (n: number) =>
        Array.from({ length: n }, (_, s) => (challenger && second(s) ? challenger : tuned));
      const game: Omit<ArenaGameConfig, 'tunings'> = values.mix
        ? { seed, ...mixed(seed, levelsFor), aiPicks: values['ai-picks'] }
        : {
            seed,
            levels: levelsFor(players),
            options,
            aiPicks: values['ai-picks'],
            ...(values.map ? { map: values.map } : {}),
          };
      const config: ArenaGameConfig = tuned || challenger ? { ...game, tunings: tunings(game.levels.length) } : game;
      const result = playArenaGame(config);
      results.push(result);
      if (values.out) appendFileSync(values.out, `${JSON.stringify(result)}\n`);
      if (!values.json && !values.quiet) {
        const seats = result.seats
          .map((s) => `${s.faction}(${[s.level, s.tuning].filter(Boolean).join(' ')}) ${s.vp}`)
          .join(', ');
        console.log(`${seed}: ${result.finished ? 'finished' : `STOPPED: ${result.failure}`} — ${seats}`);
      }
    }
  print(summarize(results, challenger?.name), values.json, values.league);
}

/** A params file (its parameters over the defaults) named by its file name, with the run's weights. */
function tuningOf(file: string | undefined, weights: Weights | null): NamedTuning | undefined {
  if (file === undefined) return weights ? { name: 'weights', params: DEFAULT_PARAMS, weights } : undefined;
  let params;
  try {
    params = parseParams(JSON.parse(readFileSync(file, 'utf8')));
  } catch (error) {
    fail(`${file}: ${error instanceof z.ZodError ? z.prettifyError(error) : String(error)}`);
  }
  return { name: basename(file, '.json'), params, weights };
}

function print(summary: ArenaSummary, json: boolean, leagueDir: string | undefined): void {
  const out = leagueDir === undefined ? summary : { ...summary, league: leagueFigures(leagueDir) };
  console.log(json ? JSON.stringify(out) : JSON.stringify(out, null, 2));
}

function leagueFigures(dir: string) {
  const files = readdirSync(dir).filter((f) => f.endsWith('.txt'));
  return recordedFigures(files.sort().map((f) => readFileSync(join(dir, f), 'utf8')));
}

main();
