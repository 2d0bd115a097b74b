// A seat's faction is not stored with the seat: it is the one the seat's `setup <faction>` row in the
// log picked, as on snellman, so a pick is undone, exported and imported like any other row.
import type { FactionId } from '../engine/index.ts';
import { formatCommands } from '../notation/format.ts';
import { parseCommand, splitRecorded } from '../notation/parse.ts';
import type { GameRecord, MoveRecord, NewSeat, SeatRecord } from './repo.ts';

export interface Seat extends SeatRecord {
  /** Null until the seat's pick is in the log. */
  readonly faction: FactionId | null;
}

/** A game record with each seat's faction read from its log. */
export interface Game extends Omit<GameRecord, 'seats'> {
  readonly seats: Seat[];
}

/** The faction a row picks, if it is a pick row. */
export function pickOf(move: Pick<MoveRecord, 'text'>): FactionId | null {
  if (!move.text.startsWith('setup ')) return null;
  const [command] = splitRecorded(move.text).map(parseCommand);
  return command?.type === 'pick-faction' ? command.faction : null;
}

/** The faction each seat picked, by position, in log order. */
export function picksOf(moves: readonly MoveRecord[]): Map<number, FactionId> {
  const picks = new Map<number, FactionId>();
  for (const m of moves) {
    const faction = pickOf(m);
    if (faction && m.seat !== null) picks.set(m.seat, faction);
  }
  return picks;
}

export function withPicks(game: GameRecord, moves: readonly MoveRecord[]): Game {
  const picks = picksOf(moves);
  return { ...game, seats: game.seats.map((s) => ({ ...s, faction: picks.get(s.position) ?? null })) };
}

/** The game once the seat at `position` has picked `faction`. */
export function withPick(game: Game, position: number, faction: FactionId): Game {
  return { ...game, seats: game.seats.map((s) => (s.position === position ? { ...s, faction } : s)) };
}

/** The log row of a faction pick, in snellman's notation. */
export function pickRow(faction: FactionId): string {
  return formatCommands([{ type: 'pick-faction', faction }]);
}

/** Seats as they are, to write back (with changes) as a game's whole seat list. */
export function toNewSeats(seats: readonly SeatRecord[]): NewSeat[] {
  return seats.map((s) => ({
    position: s.position,
    userId: s.userId,
    leechRules: s.leechRules,
    joinedAt: s.joinedAt,
    ai: s.ai,
  }));
}
