// Seats the AI plays. They are made for it in the lobby (`createGame`'s AI seats, `addAiSeat`,
// `removeAiSeat`), or handed to it during the game by the game admin or by the seat's own player
// (`handToAi`), and a person takes one back with `replacePlayer`. An AI seat holds an id of its own in
// the `ai:` namespace (ai-ids.ts). The AI acts through the same calls a player's click makes, with a
// caller marked as the AI (`aiCaller`): it may act only for an AI seat, and nobody else may act for one
// (`seatOf`).
import {
  type Caller,
  type Loaded,
  factionOfSeat,
  loadFor,
  requireActive,
  requireAdmin,
  requireVersion,
  retryOnStale,
} from './access.ts';
import { freeAiId } from './ai-ids.ts';
import { type Announcement, stored } from './announcements.ts';
import { fail } from './errors.ts';
import { takeBackLeaving } from './players.ts';
import { keepingPosition } from './position.ts';
import { AI_SEAT_LEVELS, type AiSeatLevel, type GameRecord, type GameRepo, type SeatRecord } from './repo.ts';
import { toNewSeats, withPicks } from './seats.ts';
import { settingsOf } from './settings.ts';
import { type GameView, newlyWaiting } from './view.ts';

export function isAiSeatLevel(level: string): level is AiSeatLevel {
  return (AI_SEAT_LEVELS as readonly string[]).includes(level);
}

function checkLevel(level: string): AiSeatLevel {
  return isAiSeatLevel(level) ? level : fail('bad_option', { option: `ai level ${level}` });
}

/** `count` AI seats at `level` after the people's (`createGame`); a game keeps at least one person's seat. */
export function aiSeatsFor(
  people: readonly string[],
  maxPlayers: number,
  wanted: { readonly count: number; readonly level: string } | undefined,
): (Omit<SeatRecord, 'joinedAt' | 'ai'> & { ai: NonNullable<SeatRecord['ai']> })[] {
  if (!wanted || wanted.count === 0) return [];
  const level = checkLevel(wanted.level);
  const room = maxPlayers - people.length;
  if (!Number.isInteger(wanted.count) || wanted.count < 0 || wanted.count > room)
    fail('bad_ai_seats', { count: wanted.count, max: Math.max(0, room) });
  const seats: { userId: string }[] = [];
  for (let i = 0; i < wanted.count; i++) seats.push({ userId: freeAiId(seats) });
  return seats.map((s, i) => ({
    position: people.length + i,
    userId: s.userId,
    leechRules: [],
    ai: { level, standsInFor: null },
  }));
}

/** The caller an AI seat acts as: its own id, from the game's own channel, marked as the AI. */
export function aiCaller(game: GameRecord, seat: SeatRecord): Caller {
  if (!seat.ai) throw new Error(`seat ${seat.position} of game ${game.id} is not an AI seat`);
  return { userId: seat.userId, guildId: game.guildId, channelId: game.channelId, actor: 'ai' };
}

/** What an AI seat must decide now. */
export type AiTurn =
  /** A move: its turn, or (`offTurn`) an answer it owes meanwhile (a power offer, a tile, cult steps). */
  | {
      readonly kind: 'move';
      readonly seat: SeatRecord;
      readonly level: AiSeatLevel;
      readonly faction: NonNullable<ReturnType<typeof factionOfSeat>>;
      readonly offTurn: boolean;
    }
  /** Its faction, picked in turn order. */
  | { readonly kind: 'pick'; readonly seat: SeatRecord; readonly level: AiSeatLevel }
  /** Its bid in the faction auction. */
  | { readonly kind: 'bid'; readonly seat: SeatRecord; readonly level: AiSeatLevel };

/**
 * The AI seat the game waits for, if any: answers owed off turn first (they never wait), then a faction
 * pick or a bid, then a turn.
 */
export function aiTurnOf(view: GameView): AiTurn | null {
  const { game, state } = view;
  if (game.status !== 'active' || !state || state.finished) return null;
  const aiSeat = (position: number) => {
    const seat = game.seats.find((s) => s.position === position);
    return seat?.ai ? { seat, level: seat.ai.level } : null;
  };
  const moves = view.waitingFor.flatMap((w) => {
    const ai = aiSeat(w.position);
    return ai ? [{ kind: 'move' as const, ...ai, faction: w.faction, offTurn: w.faction !== state.active }] : [];
  });
  const offTurn = moves.find((m) => m.offTurn);
  if (offTurn) return offTurn;
  const picker = view.factionPick && aiSeat(view.factionPick.position);
  if (picker && settingsOf(game).factionMode === 'turn-order') return { kind: 'pick', ...picker };
  const bidder = view.auction && aiSeat(view.auction.bidder.position);
  if (bidder) return { kind: 'bid', ...bidder };
  return moves[0] ?? null;
}

/** The game admin seats an AI before the start. */
export async function addAiSeat(repo: GameRepo, caller: Caller, gameId: string, level: string): Promise<GameRecord> {
  const aiLevel = checkLevel(level);
  return retryOnStale(async () => {
    const { game } = await loadFor(repo, caller, gameId);
    requireAdmin(caller, game);
    if (game.status !== 'open') fail('not_open', { status: game.status });
    const { maxPlayers } = settingsOf(game);
    if (game.seats.length >= maxPlayers) fail('game_full', { maxPlayers });
    const position = Math.max(-1, ...game.seats.map((s) => s.position)) + 1;
    const userId = freeAiId(game.seats);
    return repo.updateGame(game.id, game.version, {
      seats: [
        ...toNewSeats(game.seats),
        { position, userId, leechRules: [], ai: { level: aiLevel, standsInFor: null } },
      ],
      announce: stored({
        kind: 'aiAdded',
        by: caller.userId,
        userId,
        level: aiLevel,
        seated: [...game.seats.map((s) => s.userId), userId],
      }),
    });
  });
}

/** The game admin takes the AI seat that joined last away before the start. */
export async function removeAiSeat(repo: GameRepo, caller: Caller, gameId: string): Promise<GameRecord> {
  return retryOnStale(async () => {
    const { game } = await loadFor(repo, caller, gameId);
    requireAdmin(caller, game);
    if (game.status !== 'open') fail('not_open', { status: game.status });
    const last = game.seats.filter((s) => s.ai).at(-1) ?? fail('no_ai_seat', {});
    return repo.updateGame(game.id, game.version, {
      seats: toNewSeats(game.seats.filter((s) => s !== last)),
      announce: stored({ kind: 'aiRemoved', by: caller.userId, userId: last.userId }),
    });
  });
}

/**
 * A seat goes to the AI at `level` during the game: the game admin hands any seat over (a player who
 * timed out, dropped away or asked), a player their own; an AI seat's level changes the same way (admin).
 * The person it stands in for may take it back (`replacePlayer`). The position is as it was: the AI plays
 * at once if the game waits for the seat.
 */
export async function handToAi(
  repo: GameRepo,
  caller: Caller,
  gameId: string,
  expectedVersion: number,
  position: number,
  level: string,
): Promise<GameRecord> {
  const aiLevel = checkLevel(level);
  const loaded = await loadFor(repo, caller, gameId);
  const { game } = loaded;
  requireActive(game);
  requireVersion(game, expectedVersion);
  const seat = game.seats.find((s) => s.position === position) ?? fail('seat_not_found', { position });
  const own = !seat.ai && seat.userId === caller.userId && caller.actor !== 'ai';
  if (!own) requireAdmin(caller, game);
  return (await handOver(repo, loaded, seat, aiLevel, caller.userId)).game;
}

/**
 * The seat handed to the AI at `level` by `by` (null: the move timer, as the game's settings ask), stored with
 * its announcement; the game after it, without reading the store again.
 */
export async function handOver(
  repo: GameRepo,
  given: Loaded,
  seat: SeatRecord,
  level: AiSeatLevel,
  by: string | null,
): Promise<Loaded> {
  let loaded = given;
  if (seat.ai?.level === level) fail('already_ai', {});
  const faction = factionOfSeat(loaded.game, seat);
  if (loaded.state?.finished) fail('game_over', {});
  // A faction that left comes back with the AI, as with a new player, while nobody has moved since.
  if (faction && loaded.state?.factions[faction]?.dropped)
    loaded = await takeBackLeaving(repo, loaded, faction, by ?? loaded.game.creatorUserId);
  const { game } = loaded;
  const userId = seat.ai ? seat.userId : freeAiId(game.seats);
  const ai = { level, standsInFor: seat.ai ? seat.ai.standsInFor : seat.userId };
  const seats = toNewSeats(game.seats).map((s) =>
    s.position === seat.position ? { ...s, userId, leechRules: [], ai, joinedAt: new Date() } : s,
  );
  const after: Loaded = {
    ...loaded,
    game: { ...game, seats: game.seats.map((s) => (s.position === seat.position ? { ...s, userId, ai } : s)) },
  };
  const announcement: Announcement = {
    kind: 'handedToAi',
    by,
    userId,
    level,
    previous: seat.userId,
    faction,
    ping: newlyWaiting(loaded, after, by),
  };
  const record = await repo.updateGame(game.id, game.version, {
    seats,
    // The board is as it was: the buttons drawn for it stay valid for everyone else.
    settings: keepingPosition(game),
    // Whoever holds the seat now has the move timer's whole time (the AI answers at once anyway).
    restartWait: true,
    announce: stored(announcement),
  });
  return {
    ...loaded,
    game: withPicks(record, loaded.moves),
    unannounced: [...loaded.unannounced, { version: record.version, announcement }],
  };
}
