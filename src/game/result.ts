// A finished game's result: who played which faction, the final VP and ranks, computed from the game's
// log and nothing else, so a result can always be recomputed and a correction to the log corrects it.
import { z } from 'zod';
import { type FactionId, type GameState, isFactionId } from '../engine/index.ts';
import { fail } from './errors.ts';
import type { MoveRecord } from './repo.ts';
import type { Game, Seat } from './seats.ts';
import { isAiId } from './ai-ids.ts';

export interface ResultSeat {
  readonly position: number;
  readonly userId: string;
  readonly faction: FactionId;
  readonly vp: number;
  /** 1 for the most VP; equal VP share a rank (1, 2, 2, 4). */
  readonly rank: number;
  /** Dropped out (resigned, dropped by the admin or the move timer) before the end. */
  readonly dropped: boolean;
  /** Played by an AI: such a game is not rated. */
  readonly ai: boolean;
}

export interface GameResult {
  readonly gameId: string;
  readonly guildId: string;
  readonly channelId: string;
  /** The time of the log's last row: the moment the game ended. */
  readonly finishedAt: Date;
  /** snellman's map id. */
  readonly map: string;
  /** The engine options the game was played with, sorted. */
  readonly options: readonly string[];
  /** By seat position. */
  readonly seats: readonly ResultSeat[];
}

/**
 * Whether the AI played a seat: it holds the seat at the end, or made any of its rows (a seat handed to the
 * AI and taken back). Such a game is not rated, and its result says so.
 */
export function isAiSeat(seat: Seat, moves: readonly MoveRecord[]): boolean {
  return seat.ai !== null || moves.some((m) => m.seat === seat.position && m.userId !== null && isAiId(m.userId));
}

/** Whether the AI played any seat of the game: its result is then not rated. */
export function aiPlayed(game: Game, moves: readonly MoveRecord[]): boolean {
  return game.seats.some((seat) => isAiSeat(seat, moves));
}

/** Competition ranks by VP, highest first: equal VP share the better rank. */
export function ranksByVp(vps: readonly number[]): number[] {
  return vps.map((vp) => 1 + vps.filter((other) => other > vp).length);
}

/** The result of a finished game, from its record, its log and the state the log replays to. */
export function resultOf(game: Game, moves: readonly MoveRecord[], state: GameState): GameResult {
  if (!state.finished) return fail('game_unreadable', { gameId: game.id, reason: 'the game has not ended' });
  const seats = game.seats.flatMap((seat) => {
    const faction = seat.faction && state.factions[seat.faction];
    return faction ? [{ seat, faction }] : [];
  });
  const ranks = ranksByVp(seats.map((s) => s.faction.VP));
  const last = moves.at(-1);
  return {
    gameId: game.id,
    guildId: game.guildId,
    channelId: game.channelId,
    finishedAt: last ? last.createdAt : game.updatedAt,
    map: state.map,
    options: [...state.options].sort(),
    seats: seats.map(({ seat, faction }, i) => ({
      position: seat.position,
      userId: seat.userId,
      faction: faction.name,
      vp: faction.VP,
      rank: ranks[i]!,
      dropped: faction.dropped,
      ai: isAiSeat(seat, moves),
    })),
  };
}

const StoredResultSchema = z.object({
  gameId: z.string(),
  guildId: z.string(),
  channelId: z.string(),
  finishedAt: z.date(),
  map: z.string(),
  options: z.array(z.string()),
  seats: z.array(
    z.object({
      position: z.number().int().min(0),
      userId: z.string(),
      faction: z.string().refine(isFactionId, 'not a faction'),
      vp: z.number().int(),
      rank: z.number().int().min(1),
      dropped: z.boolean(),
      ai: z.boolean(),
    }),
  ),
});

/** A result as a store read it back, checked: a row that does not match is corruption, and throws. */
export function storedResult(value: unknown): GameResult {
  const parsed = StoredResultSchema.safeParse(value);
  if (!parsed.success) throw new Error(`a stored result does not match its schema: ${parsed.error.message}`);
  const r = parsed.data;
  return { ...r, seats: [...r.seats].sort((a, b) => a.position - b.position) as ResultSeat[] };
}
