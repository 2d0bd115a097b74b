import { describe, expect, it } from 'vitest';
import type { GameResult } from '../game/result.ts';
import { gamesCsv, gamesJson, resultsCsv, seasonJson, standingsCsv } from './export.ts';
import { ratingsJson, readResultsFile } from './results-file.ts';
import { computeRatings, ratingGame } from './ratings.ts';
import { SeasonConfigSchema } from './season.ts';
import { standingsOf } from './standings.ts';
import { statsOf } from './stats.ts';

let n = 0;
/** A result: seats (user, faction, vp) in position order, on `map`. */
function result(map: string, seats: [string, string, number][]): GameResult {
  n++;
  return {
    gameId: `g${n}`,
    guildId: 'g',
    channelId: `c${n}`,
    finishedAt: new Date(Date.UTC(2025, 0, n)),
    map,
    options: ['mini-expansion-1'],
    seats: seats.map(([userId, faction, vp], position) => ({
      position,
      userId,
      faction: faction as GameResult['seats'][number]['faction'],
      vp,
      rank: 1 + seats.filter((s) => s[2] > vp).length,
      dropped: false,
      ai: false,
    })),
  };
}

const results = [
  result('m1', [
    ['ann', 'witches', 120],
    ['bob', 'nomads', 100],
    ['cat', 'giants', 90],
  ]),
  result('m1', [
    ['ann', 'nomads', 80],
    ['bob', 'witches', 110],
    ['cat', 'darklings', 95],
  ]),
  result('m2', [
    ['ann', 'witches', 140],
    ['dan', 'giants', 130],
    ['cat', 'nomads', 60],
  ]),
];

describe('statistics', () => {
  it('of one player: games, wins, mean VP and rank by faction and map, best scores', () => {
    const s = statsOf(results, 'ann');
    expect(s.overall).toEqual({ games: 3, wins: 2, meanVp: 340 / 3, meanRank: 5 / 3, bestVp: 140 });
    expect(s).toMatchObject({ games: 3, players: 1, winningVp: 130 });
    expect(s.byFaction.map((f) => [f.faction, f.games, f.wins, f.meanVp, f.bestVp])).toEqual([
      ['witches', 2, 2, 130, 140],
      ['nomads', 1, 0, 80, 80],
    ]);
    expect(s.byMap.map((m) => [m.map, m.games, m.tables, m.meanRank])).toEqual([
      ['m1', 2, 2, 2],
      ['m2', 1, 1, 1],
    ]);
    expect(s.best.map((b) => [b.vp, b.faction, b.map])).toEqual([
      [140, 'witches', 'm2'],
      [120, 'witches', 'm1'],
      [80, 'nomads', 'm1'],
    ]);
    expect(s.active).toEqual([]);
  });

  it('of a server: every seat, the games per map and what it took to win, the most active players', () => {
    const s = statsOf(results, null);
    expect(s).toMatchObject({ games: 3, players: 4, winningVp: (120 + 110 + 140) / 3 });
    expect(s.overall!.games).toBe(9);
    const m1 = s.byMap.find((m) => m.map === 'm1')!;
    expect([m1.games, m1.tables, m1.winningVp]).toEqual([6, 2, 115]);
    expect(s.active.map((p) => [p.userId, p.games])).toEqual([
      ['ann', 3],
      ['cat', 3],
      ['bob', 2],
      ['dan', 1],
    ]);
    expect(s.best[0]).toMatchObject({ vp: 140, userId: 'ann' });
  });

  it('of nobody: nothing to show', () => {
    expect(statsOf(results, 'zed')).toMatchObject({ overall: null, games: 0, byFaction: [], best: [] });
  });
});

describe('a season’s export', () => {
  const config = SeasonConfigSchema.parse({ groupSize: 3 });
  const entries = ['ann', 'bob', 'cat', 'dan', 'eve', 'fay'].map((userId, i) => ({
    userId,
    status: 'player' as const,
    signedUpAt: new Date(Date.UTC(2025, 0, 1, 0, i)),
    division: 1,
    seed: i + 1,
  }));
  const played = result('m1', [
    ['ann', 'witches', 120],
    ['bob', 'nomads', 100],
    ['cat', 'giants', 90],
  ]);
  const tables = [
    {
      number: 1,
      division: 1,
      group: 1,
      channelId: 'c',
      gameId: played.gameId,
      seats: ['ann', 'bob', 'cat'].map((userId, position) => ({ position, userId, substituteId: null })),
    },
    {
      number: 2,
      division: 1,
      group: 2,
      channelId: null,
      gameId: null,
      seats: ['dan', 'eve', 'fay'].map((userId, position) => ({
        position,
        userId,
        substituteId: position === 1 ? 'sub, "quoted"' : null,
      })),
    },
  ];
  const byGame = new Map([[played.gameId, played]]);
  const loaded = {
    season: {
      id: 's',
      guildId: 'g',
      channelId: 'c',
      name: 'S1',
      status: 'running' as const,
      config,
      signupClosesAt: null,
      signupMessageId: null,
      standingsMessageId: null,
      createdBy: 'admin',
      version: 3,
      createdAt: new Date(Date.UTC(2025, 0, 1)),
      updatedAt: new Date(Date.UTC(2025, 0, 1)),
    },
    entries,
    tables,
  };
  const data = { season: loaded, standings: standingsOf(config, entries, tables, byGame), results: byGame };

  it('writes the standings as CSV, one row per player', () => {
    const lines = standingsCsv(data).split('\r\n');
    expect(lines[0]).toBe('division,place,player,points,played,tables,wins,vp,average_rank,drops,mark');
    expect(lines[1]).toBe('1,1,ann,10,1,1,1,120,1,0,');
    expect(lines).toHaveLength(8);
  });

  it('writes every seat of every table, a table not finished with empty results, fields quoted where needed', () => {
    const lines = resultsCsv(data).split('\r\n');
    expect(lines[1]).toBe(
      `1,1,1,${played.gameId},${played.finishedAt.toISOString()},m1,mini-expansion-1,0,ann,,witches,120,1,false`,
    );
    expect(lines[5]).toBe('2,1,2,,,,,1,eve,"sub, ""quoted""",,,,');
    expect(lines).toHaveLength(8);
  });

  it('writes the whole season as one JSON document', () => {
    const json = JSON.parse(seasonJson(data)) as {
      season: { name: string };
      tables: { result: unknown }[];
      standings: { rows: unknown[] }[];
    };
    expect(json.season.name).toBe('S1');
    expect(json.tables.map((t) => t.result === null)).toEqual([false, true]);
    expect(json.standings[0]!.rows).toHaveLength(6);
  });
});

describe('finished games as a file', () => {
  it('as CSV, one row per seat', () => {
    const lines = gamesCsv(results).trim().split('\r\n');
    expect(lines[0]).toBe('game,finished_at,channel,map,options,position,player,faction,vp,rank,dropped,ai');
    expect(lines).toHaveLength(10);
  });

  it('as JSON that npm run ratings reads, to the same ratings', () => {
    const file = readResultsFile(JSON.parse(gamesJson(results)));
    if (!file.ok) throw new Error(file.problem);
    expect(ratingsJson(computeRatings(file.games))).toEqual(ratingsJson(computeRatings(results.map(ratingGame))));
  });
});
