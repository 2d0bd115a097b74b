// A season's standings, computed from its tables and their games' results and nothing else: points per
// seat (points.ts), the season's tie-breaks, then the seeding; promotion and relegation marks by division.
import type { GameResult } from '../game/result.ts';
import { seatPoints } from './points.ts';
import type { SeasonConfig, SeasonEntry, SeasonTable, TieBreak } from './season.ts';

export interface StandingRow {
  readonly userId: string;
  readonly division: number;
  readonly seed: number;
  /** 1-based place in the division. */
  readonly place: number;
  readonly points: number;
  /** Tables of theirs that finished, and all of theirs. */
  readonly played: number;
  readonly tables: number;
  /** Finishes with the most VP (shared or not). */
  readonly wins: number;
  readonly vp: number;
  /** Mean rank at finished tables; null before the first. */
  readonly averageRank: number | null;
  /** Tables they dropped out of, were replaced at, or left (in part) to the AI. */
  readonly drops: number;
  readonly mark: 'up' | 'down' | null;
}

export interface DivisionStandings {
  readonly division: number;
  readonly rows: readonly StandingRow[];
}

export interface Standings {
  readonly divisions: readonly DivisionStandings[];
  readonly finishedTables: number;
  readonly tables: number;
  /** Every table has finished. */
  readonly complete: boolean;
}

interface Tally {
  points: number;
  played: number;
  tables: number;
  wins: number;
  vp: number;
  ranks: number;
  drops: number;
}

const compareBy: Record<TieBreak, (a: StandingRow, b: StandingRow) => number> = {
  vp: (a, b) => b.vp - a.vp,
  wins: (a, b) => b.wins - a.wins,
  'average-rank': (a, b) => (a.averageRank ?? Infinity) - (b.averageRank ?? Infinity),
};

/** The standings of a started season: `results` holds its finished tables' games' results by game id. */
export function standingsOf(
  config: SeasonConfig,
  entries: readonly SeasonEntry[],
  tables: readonly SeasonTable[],
  results: ReadonlyMap<string, GameResult>,
): Standings {
  const tallies = new Map<string, Tally>();
  const tally = (userId: string) => {
    let t = tallies.get(userId);
    if (!t) tallies.set(userId, (t = { points: 0, played: 0, tables: 0, wins: 0, vp: 0, ranks: 0, drops: 0 }));
    return t;
  };
  let finishedTables = 0;
  for (const table of tables) {
    for (const seat of table.seats) tally(seat.userId).tables++;
    const result = table.gameId ? results.get(table.gameId) : undefined;
    if (!result) continue;
    finishedTables++;
    const seats = table.seats.map((seat) => {
      const played = result.seats.find((s) => s.position === seat.position);
      if (!played) throw new Error(`game ${result.gameId} has no seat ${seat.position} for table ${table.number}`);
      // A seat the seated player did not play to the end is theirs to count as a drop: they left it, a
      // substitute took it, or the AI played any of it (the move timer's choice, or the admin's).
      return { seat, played, dropped: played.dropped || played.ai || seat.substituteId !== null };
    });
    const points = seatPoints(
      seats.map((s) => ({ vp: s.played.vp, dropped: s.dropped })),
      config.points,
      config.dropRule,
    );
    seats.forEach((s, i) => {
      const t = tally(s.seat.userId);
      t.points += points[i]!;
      t.played++;
      t.vp += s.played.vp;
      t.ranks += s.played.rank;
      if (s.dropped) t.drops++;
      else if (s.played.rank === 1) t.wins++;
    });
  }
  const players = entries.filter((e) => e.status === 'player' && e.division !== null && e.seed !== null);
  const lastDivision = Math.max(0, ...players.map((p) => p.division!));
  const divisions: DivisionStandings[] = [];
  for (let division = 1; division <= lastDivision; division++) {
    const unsorted = players
      .filter((p) => p.division === division)
      .map((p): StandingRow => {
        const t = tally(p.userId);
        return {
          userId: p.userId,
          division,
          seed: p.seed!,
          place: 0,
          points: t.points,
          played: t.played,
          tables: t.tables,
          wins: t.wins,
          vp: t.vp,
          averageRank: t.played ? t.ranks / t.played : null,
          drops: t.drops,
          mark: null,
        };
      });
    const sorted = unsorted.sort((a, b) => {
      if (b.points !== a.points) return b.points - a.points;
      for (const key of config.tieBreaks) {
        const c = compareBy[key](a, b);
        if (c !== 0) return c;
      }
      return a.seed - b.seed;
    });
    const n = sorted.length;
    const up = division > 1 ? Math.min(config.promote, n) : 0;
    const down = division < lastDivision ? Math.min(config.relegate, n - up) : 0;
    divisions.push({
      division,
      rows: sorted.map((row, i) => ({
        ...row,
        place: i + 1,
        mark: i < up ? 'up' : i >= n - down ? 'down' : null,
      })),
    });
  }
  return {
    divisions,
    finishedTables,
    tables: tables.length,
    complete: tables.length > 0 && finishedTables === tables.length,
  };
}
