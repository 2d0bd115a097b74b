// Writes test/fixtures/ratings/results.json: the results list the ratings are checked on against the
// reference (docs/league.md "Verification"). Every result is what the game service records when a game
// ends: the 55 league games of the corpus imported with their players, then self-play games played
// through the service by invented players (2 to 5 seats, every offered map, some with a seat dropped).
// Finishing times are assigned in list order, two games at a time sharing one, so equal times are tried.
//
//   npx tsx scripts/rating-fixture.ts [--games 300] [--out test/fixtures/ratings/results.json]
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { MAPS, seededRandom } from '../src/engine/index.ts';
import { MemoryGameRepo } from '../src/game/memory-repo.ts';
import { FIRE_AND_ICE_FACTION_OPTIONS, RULES_PRESETS } from '../src/game/presets.ts';
import { type GameResult, resultOf } from '../src/game/result.ts';
import { type Caller, GameService, type GameView, type Result } from '../src/game/service.ts';
import type { ResultsFileGame } from '../src/league/results-file.ts';
import { playThroughService } from '../src/selfplay/service-game.ts';
import { corpusFiles, readCorpus } from '../test/corpus.ts';

const { values } = parseArgs({ options: { games: { type: 'string' }, out: { type: 'string' } } });
const SELF_PLAY_GAMES = Number(values.games ?? 300);
const OUT = values.out ?? 'test/fixtures/ratings/results.json';

/** 36 invented players: enough that most play five games or more, a few stay provisional. */
const NAMES = [
  'Aldara',
  'Brannoc',
  'Cyrene',
  'Dovrik',
  'Elsabet',
  'Faolan',
  'Giorsal',
  'Hallam',
  'Isolde',
  'Jorund',
  'Kestrel',
  'Liadan',
  'Morcant',
  'Nerys',
  'Osric',
  'Peregrin',
  'Quenby',
  'Rhosyn',
  'Sorcha',
  'Tamsin',
  'Ulrik',
  'Vesna',
  'Wendeline',
  'Xanthe',
  'Yestin',
  'Zofia',
  'Anwen',
  'Bertil',
  'Caelan',
  'Dagny',
  'Eirlys',
  'Fenwick',
  'Gwenllian',
  'Hesper',
  'Ivo',
  'Jessamy',
];

function must<T>(r: Result<T>, what: string): T {
  if (!r.ok) throw new Error(`${what}: ${JSON.stringify(r.error)}`);
  return r.value;
}

const service = new GameService(new MemoryGameRepo());
const results: { id: string; result: GameResult }[] = [];

function fileGame(id: string, r: GameResult, finishedAt: Date): ResultsFileGame {
  return {
    id,
    finishedAt: finishedAt.toISOString(),
    map: r.map,
    factions: r.seats.map((s) => ({
      player: s.userId,
      faction: s.faction,
      vp: s.vp,
      ...(s.dropped ? { dropped: true } : {}),
    })),
  };
}

async function finalView(caller: Caller, gameId: string): Promise<GameView> {
  const view = must(await service.getGame(caller, gameId), 'reading the game');
  if (!view.state?.finished) throw new Error(`game ${gameId} did not end`);
  return view;
}

// The league games, in season order (S1 … S66), each player by the name the record gives.
const league = corpusFiles()
  .filter((f) => f.startsWith('4pLeague_'))
  .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
for (const file of league) {
  const text = readCorpus(file);
  const line = text.split('\n').find((l) => l.startsWith('# player->faction'))!;
  const players = Object.fromEntries(
    [...line.slice(line.indexOf('):') + 2).matchAll(/\d+ (\S+) -> (\w+)/g)].map((m) => [m[2]!, m[1]!]),
  );
  const admin: Caller = { userId: 'admin', guildId: 'ratings', channelId: file };
  const game = must(await service.importGame(admin, { text, players }, new Date()), file);
  const view = await finalView(admin, game.id);
  results.push({ id: file.replace(/\.txt$/, ''), result: resultOf(view.game, view.moves, view.state!) });
}

const maps = MAPS.filter((m) => m.offered).map((m) => m.id);
for (let i = 0; i < SELF_PLAY_GAMES; i++) {
  const seed = `ratings-${i}`;
  const rand = seededRandom(seed);
  const count = [2, 3, 3, 4, 4, 4, 4, 5, 5][Math.floor(rand() * 9)]!;
  const pool = [...NAMES];
  const players = Array.from({ length: count }, () => pool.splice(Math.floor(rand() * pool.length), 1)[0]!);
  const channelId = `selfplay-${i}`;
  const at = (userId: string): Caller => ({ userId, guildId: 'ratings', channelId });
  const options = [...RULES_PRESETS.standard, ...(rand() < 0.3 ? FIRE_AND_ICE_FACTION_OPTIONS : [])];
  const game = must(
    await service.createGame(at(players[0]!), {
      maxPlayers: count,
      factionMode: 'random',
      seed,
      options,
      map: maps[Math.floor(rand() * maps.length)]!,
    }),
    seed,
  );
  for (const p of players.slice(1)) must(await service.join(at(p), game.id), `${seed} join`);
  must(await service.start(at(players[0]!), game.id, new Date()), `${seed} start`);
  const start = must(await service.getGame(at(players[0]!), game.id), seed);
  const end = await playThroughService(service, start, { seed, callerOf: at, admin: at(players[0]!), dropChance: 0.1 });
  results.push({ id: channelId, result: resultOf(end.game, end.moves, end.state!) });
  if ((i + 1) % 50 === 0) console.error(`${i + 1} self-play games`);
}

const base = Date.parse('2025-01-01T00:00:00Z');
const file = results.map(({ id, result }, i) => fileGame(id, result, new Date(base + Math.floor(i / 2) * 3_600_000)));
writeFileSync(OUT, `${JSON.stringify(file, null, 1)}\n`);
console.error(`${file.length} games written to ${OUT}`);
