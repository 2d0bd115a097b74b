// The persistence port of the game service: what a store must do, the shapes it stores and the
// errors it reports. Implementations: memory-repo.ts (tests) and src/store/prisma-repo.ts (SQLite or
// PostgreSQL). The move log is the truth; snapshots are a cache the service may use when fresh.
import { z } from 'zod';
import type { GameResult } from './result.ts';

export const GAME_STATUSES = ['open', 'active', 'finished', 'abandoned'] as const;
export type GameStatus = (typeof GAME_STATUSES)[number];
/** Statuses that occupy the game's channel: at most one such game per (guild, channel). */
export const LIVE_STATUSES: readonly GameStatus[] = ['open', 'active'];

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };
const json: z.ZodType<JsonValue> = z.json();

// ---- stored JSON (validated on every write and every read) ----

/** Engine options of a game (opaque here; the engine owns their meaning). */
export const GameOptionsSchema = z.record(z.string(), json);
export type GameOptions = z.infer<typeof GameOptionsSchema>;

/** Per-game settings. Unknown keys are kept so the service can add settings without a migration. */
export const GameSettingsSchema = z.looseObject({
  /** Time a seat has to act, 12 h to 2 weeks; null: no timer. */
  moveTimerHours: z.number().int().min(12).max(336).nullable().default(null),
  /** Remind the seat to act after this many hours; null: no reminders. */
  reminderHours: z.number().positive().nullable().default(null),
});
export type GameSettings = z.infer<typeof GameSettingsSchema>;

/** One automatic answer to leech (power) offers; a seat's rules are tried in order, first match wins. */
export const LeechRuleSchema = z.discriminatedUnion('kind', [
  /** Accept offers of at most `upTo` power that cost at most `maxVpCost` VP. */
  z.object({ kind: z.literal('accept'), upTo: z.number().int().min(1), maxVpCost: z.number().int().min(0) }),
  /** Decline offers that would gain no power (bowls already full). */
  z.object({ kind: z.literal('declineIfNothingGained') }),
  /** Decline every offer after this seat's final pass. */
  z.object({ kind: z.literal('declineAfterFinalPass') }),
]);
export type LeechRule = z.infer<typeof LeechRuleSchema>;
export const LeechRulesSchema = z.array(LeechRuleSchema);

/** A user's preferences, globally (guildId null) or for one guild. Unknown keys are kept. */
export const PreferenceDataSchema = z.looseObject({
  language: z.string().min(2).optional(),
  leechRules: LeechRulesSchema.optional(),
  /** Reminders when the game waits for this player; absent: on. */
  reminders: z.boolean().optional(),
  /** A daily direct message listing the games waiting for this player, instead of pings; absent: off. */
  digest: z.boolean().optional(),
  /** When the last daily digest went out (ISO time). */
  digestSentAt: z.iso.datetime().optional(),
});
export type PreferenceData = z.infer<typeof PreferenceDataSchema>;

export const UserIdListSchema = z.array(z.string().min(1));

// ---- records ----

/** Levels an AI seat plays at (src/ai's AI_LEVELS; src/seats checks the two lists agree). */
export const AI_SEAT_LEVELS = ['easy', 'normal', 'hard'] as const;
export type AiSeatLevel = (typeof AI_SEAT_LEVELS)[number];

/** A seat the AI plays (src/game/ai-seats.ts). */
export interface AiSeat {
  readonly level: AiSeatLevel;
  /** The person whose seat the AI took over, who may take it back; null for a seat made for the AI. */
  readonly standsInFor: string | null;
}

export interface SeatRecord {
  position: number;
  /** A Discord user id, or for an AI seat its own id in the `ai:` namespace (never a Discord user). */
  userId: string;
  leechRules: LeechRule[];
  joinedAt: Date;
  /** Null: a person plays the seat. */
  ai: AiSeat | null;
}

export interface GameRecord {
  id: string;
  guildId: string;
  channelId: string;
  creatorUserId: string;
  status: GameStatus;
  language: string;
  options: GameOptions;
  settings: GameSettings;
  seed: string;
  /** Starts at 1; every change (moves, undo, fields, seats) adds exactly 1. Snapshots do not. */
  version: number;
  /** Number of moves in the log; their seqs are 1..moveCount. */
  moveCount: number;
  /** Seats ordered by position. */
  seats: SeatRecord[];
  createdAt: Date;
  /** Time of the last version bump. */
  updatedAt: Date;
  /**
   * When a change other than a move last began the wait anew (an undo, the move timer set, a seat handed
   * to someone else): the move timer counts from it when it is later than the last row. Null: never.
   */
  waitRestartedAt: Date | null;
  /** The thread the game posts in (its moves, pictures, pings), if it has one; fixed at creation. */
  threadId: string | null;
}

export interface MoveRecord {
  seq: number;
  /** Null: not a seat's move (an imported setup row, a system action). */
  seat: number | null;
  /** Null: not entered by a Discord user (imported). */
  userId: string | null;
  /** Snellman command text, opaque to the store. */
  text: string;
  createdAt: Date;
}

export interface UndoRecord {
  id: number;
  gameId: string;
  /** First and last seq removed from the log. */
  fromSeq: number;
  toSeq: number;
  requestedBy: string;
  approvedBy: string[];
  reason: string;
  /** The removed moves, kept for the record. */
  moves: MoveRecord[];
  createdAt: Date;
}

export interface Snapshot {
  /** The game version the snapshot was computed at; use it only when equal to the game's version. */
  version: number;
  state: JsonValue;
}

export interface LoadedGame {
  game: GameRecord;
  /** The whole log, seq 1..game.moveCount, read consistently with `game`. */
  moves: MoveRecord[];
  snapshot: Snapshot | null;
  /** The game's announcements not yet delivered (its outbox), oldest first. */
  pending: StoredAnnouncement[];
}

export interface PlayerPreference {
  userId: string;
  guildId: string | null;
  data: PreferenceData;
  updatedAt: Date;
}

// ---- inputs ----

export interface NewSeat {
  position: number;
  userId: string;
  leechRules?: LeechRule[];
  /** Absent or null: a person plays the seat. */
  ai?: AiSeat | null;
  /** Defaults to now; pass the old value to keep it when rewriting seats. */
  joinedAt?: Date;
}

export interface NewGame {
  guildId: string;
  channelId: string;
  creatorUserId: string;
  /** Defaults to 'open'. Must be open or active: a new game occupies its channel. */
  status?: 'open' | 'active';
  language?: string;
  options?: GameOptions;
  settings?: Partial<GameSettings>;
  seed: string;
  seats?: NewSeat[];
  /** What the channel must be told about the new game (recorded at version 1). */
  announce?: JsonValue;
  /** The game's thread, already created in the channel (its id). */
  threadId?: string;
}

/** Fields to change; `seats`, when given, replaces the whole seat list. */
export interface GamePatch {
  status?: GameStatus;
  language?: string;
  options?: GameOptions;
  settings?: Partial<GameSettings>;
  seed?: string;
  seats?: NewSeat[];
  /** Rows appended to the log in the same transaction (seq moveCount+1…). */
  moves?: NewMove[];
  /** What the channel must be told about this change, recorded at the new version in the same transaction. */
  announce?: JsonValue;
  /** The game's result, stored (or replaced) in the same transaction: given with `status: 'finished'`. */
  result?: GameResult;
  /** The seats the game waits on begin waiting now (`waitRestartedAt`): the move timer starts again. */
  restartWait?: boolean;
}

export interface NewMove {
  seat: number | null;
  userId: string | null;
  text: string;
}

export interface UndoRequest {
  /** Moves with seq > keepThroughSeq are removed; 0 empties the log. */
  keepThroughSeq: number;
  requestedBy: string;
  approvedBy?: string[];
  reason?: string;
}

/** An announcement recorded with a change and not yet delivered to the channel. */
export interface StoredAnnouncement {
  /** The game version the change created. */
  version: number;
  /** Opaque to the store; the service reads it (announcements.ts). */
  payload: JsonValue;
  createdAt: Date;
}

export interface GameFilter {
  guildId?: string;
  /** Games played in this channel, or in this thread of a channel. */
  channelId?: string;
  status?: GameStatus[];
  /** Only games where this user holds a seat. */
  userId?: string;
  /** Only games with at least one seat the AI plays. */
  withAiSeats?: boolean;
  /** Most recently changed first; default 50. */
  limit?: number;
}

// ---- the port ----

/**
 * Writes to one game are serialized in process, and every write that takes an expectedVersion
 * checks it in the same database transaction: a stale version writes nothing. Different games
 * proceed in parallel. Reads return copies; mutating them changes nothing stored.
 */
/** One seat's wait: the game at `version` waits for `userId`; a new version starts a new wait. */
export interface ReminderWait {
  readonly gameId: string;
  readonly version: number;
  readonly userId: string;
}

/** A game the reminder pass must look at, and the server it is in (which process serves it). */
export interface DueGame {
  readonly gameId: string;
  readonly guildId: string;
}

/** An interaction being handled, written when it begins (src/bot/journal.ts). */
export interface InteractionInFlight {
  /** Discord's interaction id. */
  readonly id: string;
  /** Answers the interaction for 15 minutes. */
  readonly token: string;
  readonly applicationId: string;
  readonly userId: string;
  /** Null for a direct message. */
  readonly guildId: string | null;
  readonly channelId: string;
  /** The game a button names; a command's game is its channel's. */
  readonly gameId: string | null;
  /** The command as typed (`/move build E5`); empty for a click. */
  readonly what: string;
  readonly locale: string;
  readonly startedAt: Date;
}

export interface GameRepo {
  /** @throws ChannelBusyError when the channel already has an open or active game. */
  createGame(input: NewGame): Promise<GameRecord>;
  getGame(gameId: string): Promise<GameRecord | null>;
  /** The game, its whole log, its snapshot and its outbox, read in one transaction. */
  loadGame(gameId: string): Promise<LoadedGame | null>;
  /**
   * The channel's open or active game, loaded as `loadGame` does, in one transaction. `channelId` may also
   * be the game's thread.
   */
  loadGameInChannel(guildId: string, channelId: string): Promise<LoadedGame | null>;
  /** The open or active game of the channel, or whose thread it is. */
  findActiveGameByChannel(guildId: string, channelId: string): Promise<GameRecord | null>;
  listGames(filter?: GameFilter): Promise<GameRecord[]>;
  /** How many open or active games each server has (servers without any are left out). Counted, not read. */
  liveGamesPerGuild(): Promise<{ guildId: string; games: number }[]>;
  /** How many games one user, or one server, created since `since` (whatever became of them). Counted. */
  countGamesCreated(
    since: Date,
    by: { readonly creatorUserId: string } | { readonly guildId: string },
  ): Promise<number>;
  /**
   * @throws GameNotFoundError, StaleVersionError, ChannelBusyError (making a game live again in a
   *   channel that has another one).
   */
  updateGame(gameId: string, expectedVersion: number, patch: GamePatch): Promise<GameRecord>;
  /**
   * Appends moves (seq moveCount+1…) and adds 1 to the version, in one transaction, with the
   * announcement of the change and the snapshot of the state after it (cached at the new version) if given.
   * @throws GameNotFoundError, StaleVersionError
   */
  appendMoves(
    gameId: string,
    expectedVersion: number,
    moves: NewMove[],
    announce?: JsonValue,
    snapshot?: JsonValue,
  ): Promise<{ version: number; moves: MoveRecord[] }>;
  /** Moves with seq > afterSeq (default 0: all), in order. */
  listMoves(gameId: string, afterSeq?: number): Promise<MoveRecord[]>;
  /**
   * Removes the moves after `keepThroughSeq`, records the undo (and the announcement, if given) and
   * adds 1 to the version, in one transaction; the wait begins anew (`waitRestartedAt`, the undo's time).
   * A finished game's log cut short no longer ends: the game is active again in its channel and its stored
   * result goes, in the same transaction (ChannelBusyError when another game holds the channel now).
   * @throws GameNotFoundError, StaleVersionError, UndoRangeError, ChannelBusyError
   */
  truncateMoves(
    gameId: string,
    expectedVersion: number,
    undo: UndoRequest,
    announce?: JsonValue,
  ): Promise<{ version: number; undo: UndoRecord }>;
  listUndoRecords(gameId: string): Promise<UndoRecord[]>;
  /**
   * Caches the state replayed at `version`. Stored only if the game is still at that version
   * (returns false otherwise, or for an unknown game); never changes the version.
   */
  saveSnapshot(gameId: string, version: number, state: JsonValue): Promise<boolean>;
  /** The game's announcements not yet delivered, oldest first (the outbox). */
  listAnnouncements(gameId: string): Promise<StoredAnnouncement[]>;
  /** Marks the game's announcements up to `throughVersion` delivered; they leave the outbox. Idempotent. */
  markAnnounced(gameId: string, throughVersion: number): Promise<void>;
  /** Ids of the games with announcements not yet delivered. */
  gamesToAnnounce(): Promise<string[]>;
  /** The id of the channel message pinned with the game's status, if one was recorded. */
  statusMessageOf(gameId: string): Promise<string | null>;
  /** Records (null: forgets) the game's pinned status message; never changes the version. */
  setStatusMessage(gameId: string, messageId: string | null): Promise<void>;
  /**
   * Claims reminder `step` (1-based) of one seat's wait until `leaseUntil`. True for exactly one caller,
   * even across processes: the step was not sent yet and no unexpired claim holds it. Forgets the game's
   * waits at older versions.
   */
  claimReminder(wait: ReminderWait, step: number, now: Date, leaseUntil: Date): Promise<boolean>;
  /** Ends a claim: `sent` records the step as sent; otherwise the claim is released for the next try. */
  settleReminder(wait: ReminderWait, step: number, sent: boolean): Promise<void>;
  /** Records every step up to `step` as sent ("not this turn"). */
  muteReminders(wait: ReminderWait, step: number): Promise<void>;
  /**
   * Active games the reminder pass must look at by `now`, earliest due first, at most `limit`. Every
   * version bump (and creation) makes a game due at once; `setDueAt` sets its next time. Only the due
   * rows are read, so games with nothing due cost nothing.
   */
  gamesDue(now: Date, limit: number): Promise<DueGame[]>;
  /**
   * When the reminder pass next looks at the game (null: not until it changes), if it is still at
   * `version` (null: at any version). An unknown game or another version changes nothing.
   */
  setDueAt(gameId: string, version: number | null, at: Date | null): Promise<void>;
  /** Records an interaction as being handled. */
  beginInteraction(entry: InteractionInFlight): Promise<void>;
  /** The interaction was answered (or given up): it is no longer in flight. Idempotent. */
  endInteraction(id: string): Promise<void>;
  /** Interactions still recorded as in flight that began before `time`, oldest first. */
  interactionsBefore(time: Date): Promise<InteractionInFlight[]>;
  /**
   * Claims a Discord interaction for the process `claimant` names: true for exactly one claimant among the
   * processes that share the store (false when another claimed it first), so of two processes that both
   * received it only one answers. The same claimant asking again is told true: a retry after a broken
   * connection lost the reply of a claim that went through must not read it as another's (then neither
   * would answer). Claims older than `INTERACTION_CLAIM_MS` are forgotten (Discord takes no answer by then).
   */
  claimInteraction(interactionId: string, claimant: string, now: Date): Promise<boolean>;
  getPreference(userId: string, guildId: string | null): Promise<PlayerPreference | null>;
  /** The players whose preference for every server (guildId null) turns the daily digest on. */
  digestUsers(): Promise<string[]>;
  setPreference(userId: string, guildId: string | null, data: PreferenceData): Promise<PlayerPreference>;
  close(): Promise<void>;
}

// ---- errors: values the service maps to user messages (anything else thrown is a bug) ----

export abstract class RepoError extends Error {
  abstract readonly code: 'game_not_found' | 'stale_version' | 'channel_busy' | 'undo_range' | 'store_unavailable';
}

export class GameNotFoundError extends RepoError {
  readonly code = 'game_not_found';
  constructor(readonly gameId: string) {
    super(`game ${gameId} does not exist`);
    this.name = 'GameNotFoundError';
  }
}

export class StaleVersionError extends RepoError {
  readonly code = 'stale_version';
  constructor(
    readonly gameId: string,
    readonly expectedVersion: number,
    readonly actualVersion: number,
  ) {
    super(`game ${gameId} is at version ${actualVersion}, not ${expectedVersion}: it moved on`);
    this.name = 'StaleVersionError';
  }
}

export class ChannelBusyError extends RepoError {
  readonly code = 'channel_busy';
  constructor(
    readonly guildId: string,
    readonly channelId: string,
    /** The live game in the channel (null if it vanished in between). */
    readonly existingGameId: string | null,
  ) {
    super(`channel ${channelId} already has an open or active game${existingGameId ? ` (${existingGameId})` : ''}`);
    this.name = 'ChannelBusyError';
  }
}

export class UndoRangeError extends RepoError {
  readonly code = 'undo_range';
  constructor(
    readonly gameId: string,
    readonly keepThroughSeq: number,
    readonly moveCount: number,
  ) {
    super(`cannot keep moves through ${keepThroughSeq} in game ${gameId}: it has ${moveCount} moves`);
    this.name = 'UndoRangeError';
  }
}

/** Discord takes answers to an interaction for 15 minutes; a claim need not outlive that. */
export const INTERACTION_CLAIM_MS = 15 * 60_000;

/** Why the store cannot serve a call right now (the call changed nothing). */
export type StoreFault = 'unreachable' | 'read_only' | 'busy';

/**
 * The database cannot be reached, refuses writes, or stays locked by another process: nothing was
 * changed, and the same call may succeed once it is back (the store needs no restart).
 */
export class StoreUnavailableError extends RepoError {
  readonly code = 'store_unavailable';
  constructor(
    readonly fault: StoreFault,
    options?: { cause?: unknown },
  ) {
    super(`the game store is unavailable (${fault})`, options);
    this.name = 'StoreUnavailableError';
  }
}

// ---- helpers shared by the implementations ----

export function isLive(status: GameStatus): boolean {
  return LIVE_STATUSES.includes(status);
}

export function channelKey(guildId: string, channelId: string): string {
  return `${guildId}:${channelId}`;
}

/** The unique key that reserves a channel while its game is live (null otherwise). */
export function activeChannelKey(guildId: string, channelId: string, status: GameStatus): string | null {
  return isLive(status) ? channelKey(guildId, channelId) : null;
}

/** Checks a move batch before anything is written. Bad input is a bug of the caller, so it throws. */
export function checkNewMoves(moves: NewMove[]): void {
  if (moves.length === 0) throw new RangeError('appendMoves needs at least one move');
  for (const m of moves) {
    if (typeof m.text !== 'string' || m.text.trim() === '') throw new RangeError('a move needs its text');
    if (m.seat !== null && (!Number.isInteger(m.seat) || m.seat < 0)) throw new RangeError(`bad seat ${m.seat}`);
  }
}

export function checkSeats(seats: NewSeat[]): void {
  const positions = new Set<number>();
  for (const s of seats) {
    if (!Number.isInteger(s.position) || s.position < 0) throw new RangeError(`bad seat position ${s.position}`);
    if (s.ai && !AI_SEAT_LEVELS.includes(s.ai.level)) throw new RangeError(`bad AI level ${s.ai.level}`);
    if (positions.has(s.position)) throw new RangeError(`two seats at position ${s.position}`);
    positions.add(s.position);
  }
}
