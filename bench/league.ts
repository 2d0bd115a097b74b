// League figures on SQLite: ratings recomputed over 10,000 stored games (goal: under 5 s), and the
// standings of a season of 64 players over 16 finished tables (goal: under 100 ms).
//
//   npx tsx bench/league.ts          (npm run bench -- --only league)
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { GameService } from '../src/game/service.ts';
import { computeRatings, type RatingGame } from '../src/league/ratings.ts';
import { readResultsFile } from '../src/league/results-file.ts';
import { type LeagueCaller, LeagueService } from '../src/league/service.ts';
import { PrismaLeagueRepo } from '../src/store/prisma-league-repo.ts';
import { openStore, type PrismaGameRepo } from '../src/store/prisma-repo.ts';
import { scratchSqlite } from '../src/store/testing.ts';
import { type BenchSize, sized } from './size.ts';
import { fmt, median, timeMs } from './stats.ts';

const RESULTS = join(import.meta.dirname, '..', 'test', 'fixtures', 'ratings', 'results.json');

/** `count` games: the ratings fixture's list over and over, each copy a year later than the one before. */
export function manyGames(count: number): RatingGame[] {
  const file = readResultsFile(JSON.parse(readFileSync(RESULTS, 'utf8')));
  if (!file.ok) throw new Error(file.problem);
  const span = 365 * 86_400_000;
  return Array.from({ length: count }, (_, i) => {
    const g = file.games[i % file.games.length]!;
    const copy = Math.floor(i / file.games.length);
    return { ...g, id: `${g.id}#${copy}`, finishedAt: new Date(g.finishedAt.getTime() + copy * span) };
  });
}

/** Stores finished games with their results as the game store leaves them, in bulk (setting up only). */
async function storeResults(repo: PrismaGameRepo, guildId: string, games: readonly RatingGame[]): Promise<string[]> {
  const ids = games.map(() => randomUUID());
  const now = new Date();
  for (let at = 0; at < games.length; at += 500) {
    const batch = games.slice(at, at + 500).map((g, i) => ({ g, id: ids[at + i]! }));
    await repo.client.$transaction([
      repo.client.game.createMany({
        data: batch.map(({ id }) => ({
          id,
          guildId,
          channelId: `c-${id}`,
          creatorUserId: 'bench',
          status: 'finished',
          options: '{}',
          settings: '{}',
          seed: id,
          createdAt: now,
          updatedAt: now,
        })),
      }),
      repo.client.gameResult.createMany({
        data: batch.map(({ g, id }) => ({
          gameId: id,
          guildId,
          channelId: `c-${id}`,
          finishedAt: g.finishedAt,
          map: g.map ?? '126fe960806d587c78546b30f1a90853b1ada468',
          options: '[]',
          recordedAt: now,
        })),
      }),
      repo.client.resultSeat.createMany({
        data: batch.flatMap(({ g, id }) =>
          g.factions.map((f, position) => ({
            gameId: id,
            position,
            userId: f.player,
            faction: f.faction,
            vp: f.vp,
            rank: 1 + g.factions.filter((o) => o.vp > f.vp).length,
            dropped: f.dropped ?? false,
            ai: false,
          })),
        ),
      }),
    ]);
  }
  return ids;
}

export async function benchLeague(size: BenchSize = 'full'): Promise<string[]> {
  const lines: string[] = [];
  const count = sized(size, 10_000, 500);
  const games = manyGames(count);
  const computed = Array.from({ length: sized(size, 5, 1) }, () => timeMs(() => computeRatings(games)));
  const many = `${count.toLocaleString('en')} games`;
  lines.push(
    `league: ratings over ${many}, computed alone (median of ${computed.length}): ${fmt(median(computed))} ms`,
  );

  const db = await scratchSqlite();
  const { repo } = await openStore(db.url);
  try {
    const leagueRepo = new PrismaLeagueRepo(repo);
    const league = new LeagueService(leagueRepo, new GameService(repo));
    const admin: LeagueCaller = {
      userId: 'admin',
      guildId: 'bench',
      channelId: 'lobby',
      manageServer: true,
      roles: [],
    };
    await storeResults(repo, 'bench', games);
    await league.setRatings(admin, 'all');
    const stored: number[] = [];
    for (let i = 0; i < 3; i++) {
      const t = performance.now();
      const r = await league.ratings('bench');
      if (!r.ok || r.value.ratings.rated.length < count * 0.8) throw new Error('bench: ratings failed');
      stored.push(performance.now() - t);
    }
    lines.push(
      `league: ratings over ${many} stored, read from SQLite and computed (median of 3): ${fmt(median(stored))} ms (goal for 10,000: < 5,000 ms)`,
    );

    // A season of 64 players: 16 tables of four, each a finished game with its result.
    const created = await league.createSeason(admin, { name: 'Bench', config: { divisionSize: 16 } }, new Date());
    if (!created.ok) throw new Error('bench: season');
    const players = Array.from({ length: sized(size, 64, 8) }, (_, i) => `p${i}`);
    for (const [i, p] of players.entries())
      await league.signUp(
        { ...admin, userId: p, manageServer: false },
        created.value.season.id,
        new Date(Date.now() + i),
      );
    const started = await league.startSeason(admin, created.value.season.id);
    if (!started.ok) throw new Error('bench: start');
    const tableGames = await storeResults(
      repo,
      'bench',
      started.value.tables.map((t, i) => ({
        id: `t${t.number}`,
        finishedAt: new Date(),
        map: null,
        factions: t.seats.map((s, j) => ({
          player: s.userId,
          faction: ['witches', 'nomads', 'giants', 'darklings'][j]!,
          vp: 100 + ((i * 7 + j * 13) % 40),
        })),
      })),
    );
    for (const [i, t] of started.value.tables.entries())
      await leagueRepo.setTableGame(created.value.season.id, t.number, tableGames[i]!);
    const standings: number[] = [];
    for (let i = 0; i < sized(size, 20, 2); i++) {
      const t = performance.now();
      const s = await league.standings(created.value.season.id);
      if (!s.ok || !s.value.standings.complete) throw new Error('bench: standings');
      standings.push(performance.now() - t);
    }
    lines.push(
      `league: standings of ${players.length} players over ${tableGames.length} finished tables, read from SQLite and computed (median of ${standings.length}): ${fmt(median(standings))} ms, slowest ${fmt(Math.max(...standings))} ms (goal for 64: < 100 ms)`,
    );
  } finally {
    await repo.close();
    await db.drop();
  }
  return lines;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const line of await benchLeague()) console.log(line);
}
