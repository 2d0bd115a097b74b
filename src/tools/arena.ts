// `npm run arena -- --games N --players P --level L [--vs L2] [--map ID] [--options a,b] [--seed S]
// [--from K] [--mix] [--mirror] [--ai-picks] [--params FILE] [--weights FILE] [--out FILE] [--json]`: AI seats play whole games on the
// engine and the figures are printed (one JSON object with --json). With --vs, seats alternate between the
// two levels (L in the first, L2 in the second, ...) and the seats rotate from one game to the next.
// --mix draws, per game, the player count (2-5), one of the six offered maps and the options (every Fire &
// Ice faction option, the final-scoring tile, special landscapes, the auction, the 2017 starting VP).
// --options takes option ids, or `standard` (the league preset, the default) or `base`.
// `npm run arena -- --summarize [--json] FILE...` prints the figures of the games in --out files.
// --league DIR adds the final VP a seat and by faction of the finished 4-player game records in DIR (the
// league games: `--league test/fixtures/games`), for the arena's figures to stand next to.
import { appendFileSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
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
  playArenaGame,
  summarize,
} from '../ai/arena.ts';
import { setParamsForExperiments } from '../ai/decide.ts';
import { recordedFigures } from '../ai/league-vp.ts';
import { parseWeights } from '../ai/weights.ts';
import { DEFAULT_PARAMS, type EvalParams } from '../ai/params.ts';
import { type AiLevel, isAiLevel } from '../ai/types.ts';
import { RULES_PRESETS } from '../game/presets.ts';

function fail(message: string): never {
  console.error(
    `${message}\nusage: npm run arena -- --games N --players P --level L [--vs L2] [--map ID] [--options a,b] [--seed S] [--from K] [--mix] [--mirror] [--ai-picks] [--params FILE] [--weights FILE] [--out FILE] [--json]\n       npm run arena -- --summarize [--json] FILE...`,
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
    print(summarize(lines.map((l) => JSON.parse(l) as ArenaGameResult)), values.json, values.league);
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
  if (values.params || values.weights) {
    const p = values.params ? (JSON.parse(readFileSync(values.params, 'utf8')) as Partial<EvalParams>) : {};
    // --weights FILE: fitted feature weights (npm run ai-fit -- --out FILE) instead of the parameters' own.
    const weights = values.weights ? parseWeights(JSON.parse(readFileSync(values.weights, 'utf8'))) : null;
    setParamsForExperiments({ ...DEFAULT_PARAMS, ...p }, weights);
  }
  const options = optionsOf(values.options);
  const results: ArenaGameResult[] = [];
  // --mirror (with --vs): each seed is played twice, the levels swapped seat for seat, so the same
  // factions on the same map are played once by each level and their strength cancels out of a comparison.
  const plays = values.mirror && vs ? [0, 1] : [0];
  for (let i = from; i < from + games; i++)
    for (const flip of plays) {
      const seed = `${values.seed}-${i}`;
      // Seats alternate between the two levels; the pattern turns one seat a game.
      const levelsFor = (n: number): AiLevel[] =>
        Array.from({ length: n }, (_, s) => (vs && (s + i + flip) % 2 === 1 ? vs : level));
      const config: ArenaGameConfig = values.mix
        ? { seed, ...mixed(seed, levelsFor), aiPicks: values['ai-picks'] }
        : {
            seed,
            levels: levelsFor(players),
            options,
            aiPicks: values['ai-picks'],
            ...(values.map ? { map: values.map } : {}),
          };
      const result = playArenaGame(config);
      results.push(result);
      if (values.out) appendFileSync(values.out, `${JSON.stringify(result)}\n`);
      if (!values.json && !values.quiet) {
        const seats = result.seats.map((s) => `${s.faction}(${s.level}) ${s.vp}`).join(', ');
        console.log(`${seed}: ${result.finished ? 'finished' : `STOPPED: ${result.failure}`} — ${seats}`);
      }
    }
  print(summarize(results), values.json, values.league);
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
