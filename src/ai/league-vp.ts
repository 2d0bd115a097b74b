// What strong players score with each faction: the final VP of finished game records (the league games
// in test/fixtures/games), for the arena's figures to stand next to (issue 27: "mean VP per faction next
// to the league figures").
import type { FactionId } from '../engine/index.ts';
import { parseGameLog } from '../notation/log.ts';
import { replayLog } from '../notation/replay.ts';

export interface RecordedSeat {
  readonly faction: FactionId;
  readonly vp: number;
}

/**
 * Each faction's final VP in a game record that replays to its end with nobody dropped; null for any
 * other record (a dropped faction's seat would pull its faction's figure down for a reason not its own).
 */
export function recordedFinalVp(text: string): RecordedSeat[] | null {
  const { state, error } = replayLog(parseGameLog(text));
  if (error || !state?.finished) return null;
  const seats = state.factionOrder.map((id) => state.factions[id]!);
  if (seats.some((f) => f.dropped)) return null;
  return seats.map((f) => ({ faction: f.name, vp: f.VP }));
}

export interface RecordedFigures {
  readonly games: number;
  readonly seatMeanVp: number;
  readonly byFaction: Readonly<Partial<Record<FactionId, { readonly games: number; readonly meanVp: number }>>>;
}

const mean = (xs: readonly number[]) => Math.round((xs.reduce((a, b) => a + b, 0) / xs.length) * 10) / 10;

/**
 * Mean final VP a seat and by faction over the records of `players` players that count (recordedFinalVp):
 * the league's are 4-player games, and a seat scores less the more players share the map.
 */
export function recordedFigures(texts: readonly string[], players = 4): RecordedFigures {
  const games = texts.flatMap((t) => {
    const seats = recordedFinalVp(t);
    return seats && seats.length === players ? [seats] : [];
  });
  const seats = games.flat();
  const byFaction: Partial<Record<FactionId, number[]>> = {};
  for (const s of seats) (byFaction[s.faction] ??= []).push(s.vp);
  return {
    games: games.length,
    seatMeanVp: seats.length ? mean(seats.map((s) => s.vp)) : 0,
    byFaction: Object.fromEntries(
      Object.entries(byFaction)
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([k, v]) => [k, { games: v.length, meanVp: mean(v) }]),
    ),
  };
}
