import { describe, expect, it } from 'vitest';
import type { GameResult } from '../game/result.ts';
import { placementPoints, seatPoints } from './points.ts';
import {
  type SeasonConfig,
  SeasonConfigSchema,
  type SeasonEntry,
  type SeasonPoints,
  type SeasonTable,
} from './season.ts';
import { bpaTables, seatPlayers } from './seating.ts';
import { standingsOf } from './standings.ts';

const placement: SeasonPoints = { kind: 'placement', table: [10, 6, 3, 1] };
const seats = (...vps: (number | [number, 'dropped'])[]) =>
  vps.map((v) => (Array.isArray(v) ? { vp: v[0], dropped: true } : { vp: v, dropped: false }));

describe('points', () => {
  it('are 10/6/3/1 at four seats and the same curve read at three and five', () => {
    expect(placementPoints([10, 6, 3, 1], 4)).toEqual([10, 6, 3, 1]);
    expect(placementPoints([10, 6, 3, 1], 3)).toEqual([10, 4.5, 1]);
    expect(placementPoints([10, 6, 3, 1], 5)).toEqual([10, 7, 4.5, 2.5, 1]);
    expect(placementPoints([10, 6, 3, 1], 2)).toEqual([10, 1]);
  });

  it('are shared by equal VP: the average of the places they hold', () => {
    expect(seatPoints(seats(120, 100, 100, 80), placement, 'zero')).toEqual([10, 4.5, 4.5, 1]);
    expect(seatPoints(seats(90, 90, 90, 90), placement, 'zero')).toEqual([5, 5, 5, 5]);
  });

  it('give a dropped seat nothing, the last place, or its place by VP, as the season says', () => {
    // The dropped seat had the most VP; the three who played on take the first three places.
    const table = seats([130, 'dropped'], 120, 100, 80);
    expect(seatPoints(table, placement, 'zero')).toEqual([0, 10, 6, 3]);
    expect(seatPoints(table, placement, 'last')).toEqual([1, 10, 6, 3]);
    expect(seatPoints(table, placement, 'as-played')).toEqual([10, 6, 3, 1]);
  });

  it('are the final VP when the season counts VP', () => {
    const table = seats(120, [50, 'dropped'], 100, 80);
    expect(seatPoints(table, { kind: 'vp' }, 'zero')).toEqual([120, 0, 100, 80]);
    expect(seatPoints(table, { kind: 'vp' }, 'last')).toEqual([120, 50, 100, 80]);
    expect(seatPoints(table, { kind: 'vp' }, 'as-played')).toEqual([120, 50, 100, 80]);
  });
});

const t0 = Date.parse('2025-01-01T00:00:00Z');
const entries = (count: number): SeasonEntry[] =>
  Array.from({ length: count }, (_, i) => ({
    userId: `p${String(i + 1).padStart(2, '0')}`,
    status: 'player',
    signedUpAt: new Date(t0 + i * 1000),
    division: null,
    seed: null,
  }));

describe('seating', () => {
  it('seats whole groups, seeds them into divisions and snakes each division into even groups', () => {
    const config = SeasonConfigSchema.parse({ divisionSize: 8 });
    const signed = entries(18);
    const order = signed.map((e) => e.userId).reverse();
    const seating = seatPlayers(config, signed, order, 'seed');
    // 18 sign-ups: four groups of four play, the last two to sign up wait.
    expect(seating.waiting).toEqual(['p17', 'p18']);
    expect(seating.players.map((p) => p.userId)).toEqual(order.filter((u) => !['p17', 'p18'].includes(u)));
    expect(seating.players.map((p) => p.division)).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2]);
    expect(seating.tables.map((t) => [t.number, t.division, t.group])).toEqual([
      [1, 1, 1],
      [2, 1, 2],
      [3, 2, 1],
      [4, 2, 2],
    ]);
    // Snake: seeds 1, 4, 5, 8 in group 1 and 2, 3, 6, 7 in group 2.
    const seedOf = new Map(seating.players.map((p) => [p.userId, p.seed]));
    const groupSeeds = (n: number) => seating.tables[n]!.seats.map((s) => seedOf.get(s.userId)).sort((a, b) => a! - b!);
    expect(groupSeeds(0)).toEqual([1, 4, 5, 8]);
    expect(groupSeeds(1)).toEqual([2, 3, 6, 7]);
    expect(seating.tables.every((t) => t.seats.map((s) => s.position).join() === '0,1,2,3')).toBe(true);
  });

  it('gives a BPA group seven tables of four, each player four tables, once in each seat, every pair twice', () => {
    const group = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
    const tables = bpaTables(group);
    expect(tables).toHaveLength(7);
    for (const p of group) {
      expect(tables.filter((t) => t.includes(p))).toHaveLength(4);
      expect([0, 1, 2, 3].map((seat) => tables.filter((t) => t[seat] === p).length)).toEqual([1, 1, 1, 1]);
    }
    for (const a of group)
      for (const b of group)
        if (a < b)
          expect(
            tables.filter((t) => t.includes(a) && t.includes(b)),
            `${a}${b}`,
          ).toHaveLength(2);
    const config = SeasonConfigSchema.parse({ format: 'bpa' });
    const seating = seatPlayers(
      config,
      entries(15),
      entries(15).map((e) => e.userId),
      's',
    );
    expect(seating.waiting).toEqual(['p15']);
    expect(seating.tables).toHaveLength(14);
  });
});

/** A finished table's result: VP by seat, one seat optionally dropped. */
function result(gameId: string, vps: number[], dropped: number[] = []): GameResult {
  return {
    gameId,
    guildId: 'g',
    channelId: gameId,
    finishedAt: new Date(t0),
    map: 'm',
    options: [],
    seats: vps.map((vp, position) => ({
      position,
      userId: `seat${position}`,
      faction: 'witches',
      vp,
      rank: 1 + vps.filter((v) => v > vp).length,
      dropped: dropped.includes(position),
      ai: false,
    })),
  };
}

describe('standings', () => {
  function season(config: SeasonConfig, players: number) {
    const signed = entries(players);
    const seating = seatPlayers(
      config,
      signed,
      signed.map((e) => e.userId),
      'x',
    );
    const byUser = new Map(seating.players.map((p) => [p.userId, p]));
    const seeded = signed.map((e) => ({
      ...e,
      division: byUser.get(e.userId)!.division,
      seed: byUser.get(e.userId)!.seed,
    }));
    const tables: SeasonTable[] = seating.tables.map((t) => ({
      ...t,
      channelId: `ch${t.number}`,
      gameId: `game${t.number}`,
      seats: t.seats.map((s) => ({ ...s, substituteId: null })),
    }));
    return { seeded, tables };
  }

  it('add each table’s points, break ties as the season says, and mark promotion and relegation', () => {
    const config = SeasonConfigSchema.parse({ divisionSize: 8, promote: 1, relegate: 1, tieBreaks: ['wins', 'vp'] });
    const { seeded, tables } = season(config, 16);
    const results = new Map(
      tables.map((t, i) => [t.gameId!, result(t.gameId!, i === 0 ? [100, 90, 90, 50] : [120, 110, 100, 90])]),
    );
    const s = standingsOf(config, seeded, tables, results);
    expect(s).toMatchObject({ finishedTables: 4, tables: 4, complete: true });
    expect(s.divisions).toHaveLength(2);
    const top = s.divisions[0]!.rows;
    // Two winners with 10 points: the tie-break on wins is equal, then VP (120 > 100).
    expect(top.slice(0, 2).map((r) => [r.points, r.vp, r.wins])).toEqual([
      [10, 120, 1],
      [10, 100, 1],
    ]);
    expect(top.map((r) => r.place)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    // Division 1: its last is relegated, nobody promoted; division 2: its first promoted, nobody relegated.
    expect(top.map((r) => r.mark)).toEqual([null, null, null, null, null, null, null, 'down']);
    expect(s.divisions[1]!.rows.map((r) => r.mark)).toEqual(['up', null, null, null, null, null, null, null]);
    const shared = top.filter((r) => r.points === 4.5);
    expect(shared).toHaveLength(2);
  });

  it('count a table only once it has a result, and a substituted seat as a drop of the seated player', () => {
    const config = SeasonConfigSchema.parse({ dropRule: 'last' });
    const { seeded, tables } = season(config, 8);
    const subbed = tables.map((t, i) =>
      i === 1 ? { ...t, seats: t.seats.map((s) => (s.position === 0 ? { ...s, substituteId: 'sub' } : s)) } : t,
    );
    const first = standingsOf(
      config,
      seeded,
      subbed,
      new Map([[tables[0]!.gameId!, result(tables[0]!.gameId!, [1, 2, 3, 4])]]),
    );
    expect(first).toMatchObject({ finishedTables: 1, tables: 2, complete: false });
    expect(first.divisions[0]!.rows.filter((r) => r.played === 0)).toHaveLength(4);
    const both = new Map([
      [tables[0]!.gameId!, result(tables[0]!.gameId!, [1, 2, 3, 4])],
      [tables[1]!.gameId!, result(tables[1]!.gameId!, [150, 90, 80, 70])],
    ]);
    const s = standingsOf(config, seeded, subbed, both);
    const replaced = s.divisions[0]!.rows.find((r) => r.userId === tables[1]!.seats[0]!.userId)!;
    // The substitute's 150 VP won the table, but the seated player scores a drop: the last place's point.
    expect(replaced).toMatchObject({ points: 1, drops: 1, wins: 0, played: 1 });
    expect(s.divisions[0]!.rows.some((r) => r.userId === 'sub')).toBe(false);
  });

  it('count a seat the AI played (the move timer handed it over) as a drop of the seated player', () => {
    const config = SeasonConfigSchema.parse({ dropRule: 'zero' });
    const { seeded, tables } = season(config, 4);
    const played = result(tables[0]!.gameId!, [140, 100, 90, 80]);
    const byAi = { ...played, seats: played.seats.map((s) => (s.position === 0 ? { ...s, ai: true } : s)) };
    const s = standingsOf(config, seeded, tables, new Map([[byAi.gameId, byAi]]));
    const rows = s.divisions[0]!.rows;
    const left = rows.find((r) => r.userId === tables[0]!.seats[0]!.userId)!;
    expect(left).toMatchObject({ points: 0, drops: 1, wins: 0 });
    // The three who played their seats are placed among themselves.
    expect(rows.filter((r) => r !== left).map((r) => r.points)).toEqual([10, 6, 3]);
  });
});
