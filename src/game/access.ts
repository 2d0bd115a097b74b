// Who may touch a game, and the game as the engine sees it now (from the snapshot cache when it
// is fresh, else replayed from the log and cached).
import { type FactionId, type GameState, whoMustAct } from '../engine/index.ts';
import { type Announcement, type PendingAnnouncement, readAnnouncement } from './announcements.ts';
import { GameFailure, fail } from './errors.ts';
import { replay, seatFaction, seatOfFaction } from './replay.ts';
import {
  type GameRecord,
  type GameRepo,
  type LoadedGame,
  type MoveRecord,
  type SeatRecord,
  StaleVersionError,
} from './repo.ts';
import { type Game, withPicks } from './seats.ts';
import { settingsOf } from './settings.ts';
import { fromSnapshot, toSnapshot } from './snapshot.ts';

/** Who is asking, and from where: every use case checks the game belongs to this channel. */
export interface Caller {
  readonly userId: string;
  readonly guildId: string;
  readonly channelId: string;
  /** A member allowed to manage the server's channels: a game admin for every game there. */
  readonly isServerManager?: boolean;
  /**
   * The game's AI acting for its own seat (`userId` is then the seat's `ai:` id): it may act only for an AI
   * seat, and nobody else may (src/game/ai-seats.ts).
   */
  readonly actor?: 'ai';
}

export interface Loaded {
  /** Each seat with the faction its pick row in the log chose. */
  readonly game: Game;
  readonly moves: MoveRecord[];
  /** Null until the game starts. */
  readonly state: GameState | null;
  /** What the channel has not been told yet, oldest first (read with the rest). */
  readonly unannounced: readonly PendingAnnouncement[];
}

export interface Waiting {
  readonly faction: FactionId;
  readonly position: number;
  readonly userId: string;
}

export async function loadState(repo: GameRepo, gameId: string): Promise<Loaded> {
  const loaded = await repo.loadGame(gameId);
  if (!loaded) return fail('game_not_found', { gameId });
  return stateOf(repo, loaded);
}

/** The channel's open or active game, for a caller there; null when it has none. One read of the store. */
export async function loadInChannel(repo: GameRepo, caller: Caller): Promise<Loaded | null> {
  const loaded = await repo.loadGameInChannel(caller.guildId, caller.channelId);
  return loaded ? stateOf(repo, loaded) : null;
}

async function stateOf(repo: GameRepo, loaded: LoadedGame): Promise<Loaded> {
  const { moves, snapshot } = loaded;
  const game = withPicks(loaded.game, moves);
  const unannounced = loaded.pending.map((a) => ({ version: a.version, announcement: readAnnouncement(a.payload) }));
  if (settingsOf(game).startedAt === null) return { game, moves, state: null, unannounced };
  const cached = snapshot?.version === game.version ? fromSnapshot(snapshot.state) : null;
  if (cached) return { game, moves, state: cached, unannounced };
  const state = replayOrUnreadable(game, moves);
  await repo.saveSnapshot(game.id, game.version, toSnapshot(state));
  return { game, moves, state, unannounced };
}

/**
 * The game after this process appended `appended` to `before` (and marked it `finished` when the move
 * finished it): what the store now holds, without reading it back. Its announcement joins the ones not
 * delivered yet.
 */
export function appendedTo(
  before: Loaded,
  appended: { readonly version: number; readonly moves: readonly MoveRecord[] },
  finished: GameRecord | null,
  state: GameState,
  announcement: Announcement,
): Loaded {
  const moves = [...before.moves, ...appended.moves];
  const record: GameRecord = finished ?? {
    ...before.game,
    version: appended.version,
    moveCount: moves.length,
    // The store stamps the version bump and the rows with one time.
    updatedAt: appended.moves.at(-1)?.createdAt ?? before.game.updatedAt,
  };
  return {
    game: withPicks(record, moves),
    moves,
    state,
    unannounced: [...before.unannounced, { version: appended.version, announcement }],
  };
}

/** The game as it was with the log kept through `keepThroughSeq`: the position an undo goes back to. */
export function positionAt(before: Loaded, keepThroughSeq: number): { game: Game; state: GameState | null } {
  const moves = before.moves.filter((m) => m.seq <= keepThroughSeq);
  const record: GameRecord = { ...before.game, moveCount: moves.length };
  return { game: withPicks(record, moves), state: before.state ? replayOrUnreadable(record, moves) : null };
}

/**
 * The game after this process took its log back to `keepThroughSeq` (the store's truncateMoves gave the
 * new version and the undo record): the earlier position (`positionAt`, replayed from the moves kept),
 * without reading the store back. Its announcement joins the ones not delivered yet.
 */
export function truncatedTo(
  before: Loaded,
  keepThroughSeq: number,
  truncated: { readonly version: number; readonly undo: { readonly createdAt: Date } },
  announcement: Announcement,
  earlier: { readonly state: GameState | null } = positionAt(before, keepThroughSeq),
): Loaded {
  const moves = before.moves.filter((m) => m.seq <= keepThroughSeq);
  const record: GameRecord = {
    ...before.game,
    // A finished game taken back is in play again (the store reopened it in the same change).
    status: before.game.status === 'finished' ? 'active' : before.game.status,
    version: truncated.version,
    moveCount: moves.length,
    // The store stamps the version bump, the wait's new start and the undo record with one time.
    updatedAt: truncated.undo.createdAt,
    waitRestartedAt: truncated.undo.createdAt,
  };
  return {
    game: withPicks(record, moves),
    moves,
    state: earlier.state,
    unannounced: [...before.unannounced, { version: truncated.version, announcement }],
  };
}

/** A log the rules no longer replay (a damaged row, a rule changed since) cannot go on: it is unreadable. */
function replayOrUnreadable(game: GameRecord, moves: readonly MoveRecord[]): GameState {
  try {
    return replay(game, moves);
  } catch (e) {
    if (e instanceof GameFailure) throw e;
    return fail('game_unreadable', { gameId: game.id, reason: `log: ${(e as Error).message}` });
  }
}

/** The game record alone, for what must work whatever the stored game holds (abandoning it). */
export async function recordFor(repo: GameRepo, caller: Caller, gameId: string): Promise<GameRecord> {
  const game = (await repo.getGame(gameId)) ?? fail('game_not_found', { gameId });
  checkChannel(caller, game);
  return game;
}

/** Loads a game for a caller in its own channel; a game elsewhere is refused as if unknown here. */
export async function loadFor(repo: GameRepo, caller: Caller, gameId: string): Promise<Loaded> {
  const loaded = await loadState(repo, gameId);
  checkChannel(caller, loaded.game);
  return loaded;
}

/**
 * A seated player's game wherever they ask from (another channel, another server, a direct message): the
 * game, and the caller acting for their own seat in the game's own channel. Nobody else reaches a game
 * from outside its channel; the seat carries no admin rights from there.
 */
export async function loadForPlayer(
  repo: GameRepo,
  userId: string,
  gameId: string,
): Promise<{ caller: Caller; loaded: Loaded }> {
  const loaded = await loadState(repo, gameId);
  seatOf({ userId }, loaded.game);
  return { caller: { userId, guildId: loaded.game.guildId, channelId: loaded.game.channelId }, loaded };
}

/**
 * `game`: its id (read from the store), or the game as the caller holds it from a service call of the same
 * interaction, which saves reading it again; a change made from it still checks its version when stored.
 */
export async function heldOrLoaded(repo: GameRepo, caller: Caller, game: string | Loaded): Promise<Loaded> {
  if (typeof game === 'string') return loadFor(repo, caller, game);
  checkChannel(caller, game.game);
  return game;
}

/** A game is reached from its own channel, or from its thread. */
export function checkChannel(caller: Caller, game: GameRecord): void {
  const here = caller.channelId === game.channelId || (game.threadId !== null && caller.channelId === game.threadId);
  if (game.guildId !== caller.guildId || !here) fail('wrong_channel', { gameId: game.id });
}

/** The caller's own seat: a person's for a person, an AI seat for the AI. */
export function seatOf<S extends SeatRecord>(
  caller: Pick<Caller, 'userId' | 'actor'>,
  game: { readonly seats: readonly S[] },
): S {
  const seat = game.seats.find((s) => s.userId === caller.userId);
  if (!seat || (seat.ai !== null) !== (caller.actor === 'ai')) return fail('not_seated', {});
  return seat;
}

export function isGameAdmin(caller: Caller, game: GameRecord): boolean {
  if (caller.actor === 'ai') return false;
  return caller.userId === game.creatorUserId || caller.isServerManager === true;
}

export function requireAdmin(caller: Caller, game: GameRecord): void {
  if (!isGameAdmin(caller, game)) fail('admin_only', {});
}

export function requireActive(game: GameRecord): void {
  if (game.status !== 'active') fail('not_active', { status: game.status });
}

export function requireVersion(game: GameRecord, expectedVersion: number): void {
  if (game.version !== expectedVersion) fail('stale_version', { expected: expectedVersion, actual: game.version });
}

/** The seats the game waits for, leech decisions included. */
export function waitingFor(game: Game, state: GameState | null): Waiting[] {
  if (!state) return [];
  return whoMustAct(state).flatMap((faction) => {
    const seat = seatOfFaction(game.seats, faction);
    return seat ? [{ faction, position: seat.position, userId: seat.userId }] : [];
  });
}

export function factionOfSeat(game: Game, seat: SeatRecord): FactionId | null {
  return seatFaction(game.seats, seat.position);
}

/**
 * For changes whose meaning does not depend on what else happened (join, leave, leech rules): a
 * lost race is re-run on the fresh game, which re-checks everything.
 */
export async function retryOnStale<T>(work: () => Promise<T>, attempts = 5): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await work();
    } catch (e) {
      if (!(e instanceof StaleVersionError) || i >= attempts) throw e;
    }
  }
}
