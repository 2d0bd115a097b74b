// Figures from finished games' results: per player or for a whole server, games, wins, mean VP and rank by
// faction and by map, and the best scores. Pure: the bot draws them (src/render/stats.ts) and words them.
import type { GameResult, ResultSeat } from '../game/result.ts';

export interface Figures {
  readonly games: number;
  /** Games finished with the most VP (shared or not). */
  readonly wins: number;
  readonly meanVp: number;
  readonly meanRank: number;
  readonly bestVp: number;
}

export interface BestScore {
  readonly vp: number;
  readonly userId: string;
  readonly faction: string;
  readonly map: string;
  readonly gameId: string;
}

export interface Stats {
  /** Every seat counted (one player's seats, or the server's). */
  readonly overall: Figures | null;
  /** Games counted, and the players who sat in them. */
  readonly games: number;
  readonly players: number;
  /** Mean VP of the seats that finished first. */
  readonly winningVp: number | null;
  /** Most played first. */
  readonly byFaction: readonly (Figures & { readonly faction: string })[];
  /** For a whole server `games` are seats; `tables` counts the games, `winningVp` the winners' mean. */
  readonly byMap: readonly (Figures & { readonly map: string; readonly tables: number; readonly winningVp: number })[];
  /** Highest first, at most five. */
  readonly best: readonly BestScore[];
  /** The players with the most games (server figures only), most first, at most five. */
  readonly active: readonly (Figures & { readonly userId: string })[];
}

function figures(seats: readonly ResultSeat[]): Figures {
  const n = seats.length;
  return {
    games: n,
    wins: seats.filter((s) => s.rank === 1).length,
    meanVp: seats.reduce((a, s) => a + s.vp, 0) / n,
    meanRank: seats.reduce((a, s) => a + s.rank, 0) / n,
    bestVp: Math.max(...seats.map((s) => s.vp)),
  };
}

function grouped<K extends string>(seats: readonly { seat: ResultSeat; key: K }[]): Map<K, ResultSeat[]> {
  const out = new Map<K, ResultSeat[]>();
  for (const { seat, key } of seats) {
    const list = out.get(key);
    if (list) list.push(seat);
    else out.set(key, [seat]);
  }
  return out;
}

const byGames = (a: Figures, b: Figures) => b.games - a.games || b.meanVp - a.meanVp;

/** The figures of one player's seats (`userId`), or of every seat of the server (null). */
export function statsOf(results: readonly GameResult[], userId: string | null): Stats {
  const seats = results.flatMap((r) =>
    r.seats.filter((s) => userId === null || s.userId === userId).map((seat) => ({ seat, result: r })),
  );
  const factions = grouped(seats.map(({ seat }) => ({ seat, key: seat.faction as string })));
  const maps = grouped(seats.map(({ seat, result }) => ({ seat, key: result.map })));
  const players = userId === null ? grouped(seats.map(({ seat }) => ({ seat, key: seat.userId }))) : new Map();
  const winners = seats.filter((s) => s.seat.rank === 1);
  return {
    overall: seats.length ? figures(seats.map((s) => s.seat)) : null,
    games: new Set(seats.map((s) => s.result.gameId)).size,
    players: new Set(seats.map((s) => s.seat.userId)).size,
    winningVp: winners.length ? winners.reduce((a, s) => a + s.seat.vp, 0) / winners.length : null,
    byFaction: [...factions].map(([faction, list]) => ({ faction, ...figures(list) })).sort(byGames),
    byMap: [...maps]
      .map(([map, list]) => {
        const won = list.filter((s) => s.rank === 1);
        return {
          map,
          ...figures(list),
          tables: new Set(seats.filter((s) => s.result.map === map).map((s) => s.result.gameId)).size,
          winningVp: won.length ? won.reduce((a, s) => a + s.vp, 0) / won.length : 0,
        };
      })
      .sort(byGames),
    best: seats
      .map(({ seat, result }) => ({
        vp: seat.vp,
        userId: seat.userId,
        faction: seat.faction,
        map: result.map,
        gameId: result.gameId,
      }))
      .sort((a, b) => b.vp - a.vp)
      .slice(0, 5),
    active: [...players]
      .map(([id, list]: [string, ResultSeat[]]) => ({ userId: id, ...figures(list) }))
      .sort(byGames)
      .slice(0, 5),
  };
}
