// The game service: every use case the bot offers, each returning a Result whose error is a typed
// value (errors.ts). Depends on the engine, the notation and the GameRepo port only.
import { type FactionId, type GameState, type LegalMove, legalMoves } from '../engine/index.ts';
import { formatCommands } from '../notation/format.ts';
import {
  type Caller,
  factionOfSeat,
  isGameAdmin,
  loadFor,
  loadForPlayer,
  loadInChannel,
  loadState,
  requireAdmin,
  retryOnStale,
  seatOf,
} from './access.ts';
import { type Outbox, readAnnouncement } from './announcements.ts';
import { type Result, run, runNow } from './errors.ts';
import { type MoveChoice, answerOffer, playLegalMove } from './decisions.ts';
import type { OfferAnswer } from './offers.ts';
import { finishedGame, positionAt, recomputedResult, type VpTimeline, vpTimeline } from './history.ts';
import {
  exportMoveList,
  type ImportInput,
  importGame,
  type PreparedImport,
  prepareImport,
  storeImport,
} from './import-export.ts';
import {
  abandon,
  bidForFaction,
  checkMoveTimer,
  chooseFaction,
  type CreateGameInput,
  type CreationQuota,
  createGame,
  join,
  leave,
  start,
} from './lifecycle.ts';
import { type MoveOutcome, type Played, play, preview } from './play.ts';
import {
  type PlayerSettings,
  claimDigest,
  digestWanted,
  playerSettings,
  remindersWanted,
  setDigest,
  setReminders,
} from './preferences.ts';
import { type SeatChange, dropPlayer, replacePlayer, resign, setLeechRules } from './players.ts';
import type { GameFilter, GameRecord, GameRepo, InteractionInFlight, LeechRule, ReminderWait } from './repo.ts';
import type { GameResult } from './result.ts';
import { type UndoOutcome, type UndoPlan, approveUndo, planUndo, rejectUndo, undo } from './undo.ts';
import { type GameView, viewOf } from './view.ts';
import { keepingPosition } from './position.ts';
import { type TimedOut, timeOut } from './timeouts.ts';
import { type WakeUp, muteReminders, remindersDue, settleReminder } from './reminders.ts';
import { TIMEOUT_ACTIONS, type TimeoutAction, settingsOf } from './settings.ts';
import { stored } from './announcements.ts';
import { fail } from './errors.ts';
import type { AiNote } from './ai-reasons.ts';
import { addAiSeat, handToAi, removeAiSeat } from './ai-seats.ts';

export type { Caller, Waiting } from './access.ts';
export type { Announcement, AnnouncementKind, Outbox, PendingAnnouncement } from './announcements.ts';
export type { GameError, GameErrorCode, Result } from './errors.ts';
export type { PlayerSettings } from './preferences.ts';
export type { GameResult, ResultSeat } from './result.ts';
export type { VpTimeline } from './history.ts';
export type { AiNote, StoredReason } from './ai-reasons.ts';
export { AI_GOALS, VP_SOURCES } from './ai-reasons.ts';
export { type AiTurn, aiCaller, aiTurnOf, isAiSeatLevel } from './ai-seats.ts';
export { aiName, isAiId } from './ai-ids.ts';
export { aiPlayed } from './result.ts';
export { AI_SEAT_LEVELS, type AiSeatLevel } from './repo.ts';

export type { AuctionView, GameView } from './view.ts';
export { IMPORT_MAX_ROWS, type PreparedImport } from './import-export.ts';
export { type CreationQuota, DEFAULT_CREATION_QUOTA } from './lifecycle.ts';

/**
 * A snellman record read and replayed, not yet stored: needs no store, so the bot runs it off its main
 * thread (an import of a long record took seconds of it). `importPrepared` then stores it.
 */
export function prepareRecord(text: string): Result<PreparedImport> {
  return runNow(() => prepareImport(text));
}
export { waitedUsers } from './view.ts';
export { timeoutAnswer, timeoutLine } from './timeouts.ts';
export type { TimerAnswer } from './move-facts.ts';
export type { MoveOutcome, Played } from './play.ts';
export {
  CHOICE_KINDS,
  type ChoiceKind,
  type GameAt,
  type MoveChoice,
  type OwedChoice,
  legalMovesAt,
  owedChoice,
} from './decisions.ts';
export { type OfferAnswer, type PowerOffer, powerOffers } from './offers.ts';
export { type WakeUp, reminderSteps } from './reminders.ts';

export interface LegalLine {
  readonly kind: LegalMove['kind'];
  readonly text: string;
}

export class GameService {
  private readonly quota: CreationQuota | undefined;

  /** `quota`: how many games one player and one server may open from a command in an hour; none by default. */
  constructor(
    private readonly repo: GameRepo,
    options: { readonly quota?: CreationQuota } = {},
  ) {
    this.quota = options.quota;
  }

  // ---- lifecycle ----

  /** A game opened by one player (no `players`) counts against the creation quota of the hour before `now`. */
  createGame(caller: Caller, input: CreateGameInput = {}, now: Date = new Date()): Promise<Result<GameRecord>> {
    return run(() => createGame(this.repo, caller, input, this.quota, now));
  }

  join(caller: Caller, gameId: string): Promise<Result<GameRecord>> {
    return run(() => join(this.repo, caller, gameId));
  }

  leave(caller: Caller, gameId: string): Promise<Result<GameRecord>> {
    return run(() => leave(this.repo, caller, gameId));
  }

  /** Fixes seat order, tiles and (unless picked in turn order) factions; `now` starts the first timer. */
  start(caller: Caller, gameId: string, now: Date): Promise<Result<GameRecord>> {
    return run(() => start(this.repo, caller, gameId, now));
  }

  /** `game`: its id, or the view the caller holds (saves reading it again); returns the view after the pick. */
  chooseFaction(caller: Caller, game: string | GameView, faction: string): Promise<Result<GameView>> {
    return run(() => chooseFaction(this.repo, caller, game, faction));
  }

  /** A bid of starting VP in the faction auction (0 names a faction). */
  bid(caller: Caller, gameId: string, faction: string, amount: number): Promise<Result<GameRecord>> {
    return run(() => bidForFaction(this.repo, caller, gameId, faction, amount));
  }

  abandon(caller: Caller, gameId: string): Promise<Result<GameRecord>> {
    return run(() => abandon(this.repo, caller, gameId));
  }

  /** Abandons the channel's game from its record alone: it works even when the game no longer reads. */
  abandonChannelGame(caller: Caller): Promise<Result<GameRecord | null>> {
    return run(async () => {
      const game = await this.repo.findActiveGameByChannel(caller.guildId, caller.channelId);
      return game ? abandon(this.repo, caller, game.id) : null;
    });
  }

  /**
   * The game admin sets the move timer (null: none) and, optionally, what it does when it runs out; the
   * channel is told.
   */
  setMoveTimer(
    caller: Caller,
    gameId: string,
    hours: number | null,
    onTimeout?: TimeoutAction,
  ): Promise<Result<GameRecord>> {
    return run(() =>
      retryOnStale(async () => {
        const { game } = await loadFor(this.repo, caller, gameId);
        requireAdmin(caller, game);
        const timeoutAction = onTimeout ?? settingsOf(game).timeoutAction;
        if (!TIMEOUT_ACTIONS.includes(timeoutAction)) fail('bad_option', { option: String(timeoutAction) });
        const moveTimerHours = checkMoveTimer(hours);
        return this.repo.updateGame(game.id, game.version, {
          settings: { moveTimerHours, timeoutAction, ...keepingPosition(game) },
          // A timer set now gives the seats waited on its whole time, however long they have waited.
          restartWait: true,
          announce: stored({ kind: 'timerSet', by: caller.userId, hours: moveTimerHours, onTimeout: timeoutAction }),
        });
      }),
    );
  }

  /**
   * The move timer, acting by itself: when the game's deadline is at or before `now`, each seat it waits
   * for passes (declines, makes the choice owed) or is dropped, as the game's settings say. Nothing before
   * the deadline. Rows without a user; the channel is told of each.
   */
  timeOut(gameId: string, now: Date): Promise<Result<{ done: TimedOut[]; view: GameView | null }>> {
    return run(() => timeOut(this.repo, gameId, now));
  }

  // ---- reading ----

  getGame(caller: Caller, gameId: string): Promise<Result<GameView>> {
    return run(async () => viewOf(await loadFor(this.repo, caller, gameId)));
  }

  /** The channel's open or active game, if any, with what its channel has not been told yet: one store read. */
  findGameInChannel(caller: Caller): Promise<Result<GameView | null>> {
    return run(async () => {
      const loaded = await loadInChannel(this.repo, caller);
      return loaded ? viewOf(loaded) : null;
    });
  }

  /**
   * The game an undo here acts on: the channel's (or thread's) open or active game, else its most recently
   * finished one, which the game admin's undo takes back into play to correct its result.
   */
  findUndoableInChannel(caller: Caller): Promise<Result<GameView | null>> {
    return run(async () => {
      const live = await loadInChannel(this.repo, caller);
      if (live) return viewOf(live);
      const [game] = await this.repo.listGames({
        guildId: caller.guildId,
        channelId: caller.channelId,
        status: ['finished'],
        limit: 1,
      });
      return game ? viewOf(await loadFor(this.repo, caller, game.id)) : null;
    });
  }

  listGames(filter: GameFilter): Promise<GameRecord[]> {
    return this.repo.listGames(filter);
  }

  /** How many open or active games each server has. */
  liveGamesPerGuild(): Promise<{ guildId: string; games: number }[]> {
    return this.repo.liveGamesPerGuild();
  }

  /**
   * A game the user sits in, reached from anywhere (another channel or server, a direct message): the game
   * and the caller acting for their own seat in it. `not_seated` for anyone else.
   */
  playerGame(userId: string, gameId: string): Promise<Result<{ caller: Caller; view: GameView }>> {
    return run(async () => {
      const { caller, loaded } = await loadForPlayer(this.repo, userId, gameId);
      return { caller, view: viewOf(loaded) };
    });
  }

  /**
   * Every open or active game the user sits in, across channels and servers, most recently changed first;
   * a game that no longer reads comes as its record alone.
   */
  async gamesOf(userId: string): Promise<(GameView | GameRecord)[]> {
    const records = await this.repo.listGames({ userId, status: ['open', 'active'], limit: 100 });
    return Promise.all(
      records.map(async (record) => {
        const view = await run(async () => viewOf(await loadState(this.repo, record.id)));
        return view.ok ? view.value : record;
      }),
    );
  }

  /** The game as it stands, for the bot's own posts: no caller, no channel check. */
  currentView(gameId: string): Promise<Result<GameView>> {
    return run(async () => viewOf(await loadState(this.repo, gameId)));
  }

  // ---- the outbox: what the channels have not been told yet ----

  /** The game's announcements not yet delivered, oldest first; null for an unknown game. */
  async outbox(gameId: string): Promise<Outbox | null> {
    const game = await this.repo.getGame(gameId);
    if (!game) return null;
    const pending = (await this.repo.listAnnouncements(gameId)).map((a) => ({
      version: a.version,
      announcement: readAnnouncement(a.payload),
    }));
    return { game, pending };
  }

  /** The channel shows everything up to this version. */
  markAnnounced(gameId: string, throughVersion: number): Promise<void> {
    return this.repo.markAnnounced(gameId, throughVersion);
  }

  gamesToAnnounce(): Promise<string[]> {
    return this.repo.gamesToAnnounce();
  }

  /** The game's pinned status message as recorded, so that a restarted bot need not look for it. */
  statusMessageOf(gameId: string): Promise<string | null> {
    return this.repo.statusMessageOf(gameId);
  }

  setStatusMessage(gameId: string, messageId: string | null): Promise<void> {
    return this.repo.setStatusMessage(gameId, messageId);
  }

  /** What the caller's faction may do now, as lines to type or offer as buttons. */
  legalMoves(caller: Caller, gameId: string): Promise<Result<LegalLine[]>> {
    return run(async () => {
      const { game, state } = await loadFor(this.repo, caller, gameId);
      const faction = factionOfSeat(game, seatOf(caller, game));
      if (!state || !faction) return [];
      return legalMoves(state, faction).map((m) => ({ kind: m.kind, text: formatCommands(m.commands) }));
    });
  }

  // ---- play ----

  /** `game`: its id, or the view the caller holds (saves reading it again). */
  preview(caller: Caller, game: string | GameView, text: string): Promise<Result<MoveOutcome>> {
    return run(() => preview(this.repo, caller, game, text));
  }

  /**
   * `game`: its id, or the view the caller holds, which saves reading it again (the append still checks
   * `expectedVersion` against the store). The result carries the view after the move.
   */
  /** Plays the caller's legal move an index names at the position it was read at (decisions.ts). */
  playMove(caller: Caller, view: GameView, choice: MoveChoice): Promise<Result<Played>> {
    return run(() => playLegalMove(this.repo, caller, view, choice));
  }

  /** The caller answers a power offer open to their faction: takes the power, declines it, or takes the coins. */
  answerOffer(
    caller: Caller,
    view: GameView,
    offer: { readonly amount: number; readonly from: FactionId },
    answer: OfferAnswer,
  ): Promise<Result<Played>> {
    return run(() => answerOffer(this.repo, caller, view, offer, answer));
  }

  play(
    caller: Caller,
    game: string | GameView,
    expectedVersion: number,
    text: string,
    /** An AI seat's level and reasons, told with its move (an AI caller's only). */
    note?: AiNote,
  ): Promise<Result<Played>> {
    return run(() => play(this.repo, caller, game, expectedVersion, text, note));
  }

  /** Whether the caller may run the game's admin commands (the bot asks before an irreversible one). */
  mayAdminister(caller: Caller, game: GameRecord): boolean {
    return isGameAdmin(caller, game);
  }

  // `game` below: its id, or the view the caller holds (saves reading it again); an undo done carries
  // the view after it.

  planUndo(caller: Caller, game: string | GameView, keepThroughSeq?: number): Promise<Result<UndoPlan>> {
    return run(() => planUndo(this.repo, caller, game, keepThroughSeq));
  }

  undo(
    caller: Caller,
    game: string | GameView,
    expectedVersion: number,
    keepThroughSeq?: number,
  ): Promise<Result<UndoOutcome>> {
    return run(() => undo(this.repo, caller, game, expectedVersion, keepThroughSeq));
  }

  approveUndo(caller: Caller, game: string | GameView): Promise<Result<UndoOutcome>> {
    return run(() => approveUndo(this.repo, caller, game));
  }

  rejectUndo(caller: Caller, gameId: string): Promise<Result<GameRecord>> {
    return run(() => rejectUndo(this.repo, caller, gameId));
  }

  // ---- seats ----

  /** `game`: its id, or the view the caller holds (saves reading it again); the change carries the view after it. */
  resign(caller: Caller, game: string | GameView, expectedVersion: number): Promise<Result<SeatChange>> {
    return run(() => resign(this.repo, caller, game, expectedVersion));
  }

  /** The game admin removes a seat's faction from the game (the move timer does so by itself: `timeOut`). */
  dropPlayer(caller: Caller, gameId: string, expectedVersion: number, position: number): Promise<Result<SeatChange>> {
    return run(() => dropPlayer(this.repo, caller, gameId, expectedVersion, position));
  }

  replacePlayer(
    caller: Caller,
    gameId: string,
    expectedVersion: number,
    position: number,
    newUserId: string,
  ): Promise<Result<GameRecord>> {
    return run(() => replacePlayer(this.repo, caller, gameId, expectedVersion, position, newUserId));
  }

  // ---- AI seats ----

  /** The game admin seats an AI at `level` before the start. */
  addAiSeat(caller: Caller, gameId: string, level: string): Promise<Result<GameRecord>> {
    return run(() => addAiSeat(this.repo, caller, gameId, level));
  }

  /** The game admin takes away the AI seat that joined last, before the start. */
  removeAiSeat(caller: Caller, gameId: string): Promise<Result<GameRecord>> {
    return run(() => removeAiSeat(this.repo, caller, gameId));
  }

  /**
   * The seat at `position` goes to the AI at `level`: the game admin's choice for any seat, a player's for
   * their own. The person it stands in for takes it back with `replacePlayer`.
   */
  handToAi(
    caller: Caller,
    gameId: string,
    expectedVersion: number,
    position: number,
    level: string,
  ): Promise<Result<GameRecord>> {
    return run(() => handToAi(this.repo, caller, gameId, expectedVersion, position, level));
  }

  /** Active games with an AI seat (of one server if given): those the AI may have to play in. */
  gamesWithAiSeats(guildId?: string): Promise<GameRecord[]> {
    return this.repo.listGames({
      status: ['active'],
      withAiSeats: true,
      limit: 10_000,
      ...(guildId ? { guildId } : {}),
    });
  }

  setLeechRules(caller: Caller, gameId: string, rules: readonly LeechRule[]): Promise<Result<GameRecord>> {
    return run(() => setLeechRules(this.repo, caller, gameId, rules));
  }

  /** The caller's own settings in a game they play. */
  playerSettings(caller: Caller, gameId: string): Promise<Result<PlayerSettings>> {
    return run(() => playerSettings(this.repo, caller, gameId));
  }

  setReminders(caller: Caller, gameId: string, on: boolean): Promise<Result<PlayerSettings>> {
    return run(() => setReminders(this.repo, caller, gameId, on));
  }

  remindersWanted(userId: string, guildId: string): Promise<boolean> {
    return remindersWanted(this.repo, userId, guildId);
  }

  /** Whether the player chose a daily digest by direct message instead of pings. */
  digestWanted(userId: string): Promise<boolean> {
    return digestWanted(this.repo, userId);
  }

  /** Every player who chose the daily digest. */
  digestUsers(): Promise<string[]> {
    return this.repo.digestUsers();
  }

  setDigest(userId: string, on: boolean): Promise<void> {
    return setDigest(this.repo, userId, on);
  }

  /** True once a day for a player who wants the digest: this process is the one to send today's. */
  claimDigest(userId: string, now: Date): Promise<boolean> {
    return claimDigest(this.repo, userId, now);
  }

  /** See GameRepo.claimInteraction: true when the process `claimant` names is the one to answer it. */
  claimInteraction(interactionId: string, claimant: string, now: Date = new Date()): Promise<boolean> {
    return this.repo.claimInteraction(interactionId, claimant, now);
  }

  /**
   * The reminder pass at `now`, acting by itself (reminders.ts): the move timers that ran out act, and the
   * seats due a reminder have it claimed for this process, in the games due by then of the servers it
   * `serves`. A game that fails is left for the next pass and told to `failed`.
   */
  remindersDue(
    now: Date,
    serves: (guildId: string) => boolean,
    failed: (gameId: string, error: unknown) => void,
  ): Promise<WakeUp[]> {
    return remindersDue(this.repo, now, serves, failed);
  }

  /** A claimed reminder was sent, or could not be (then the next pass tries again). */
  settleReminder(wait: ReminderWait, step: number, sent: boolean): Promise<void> {
    return settleReminder(this.repo, wait, step, sent);
  }

  /** "Not this turn": no more reminders of this wait. */
  muteReminders(wait: ReminderWait): Promise<void> {
    return muteReminders(this.repo, wait);
  }

  // ---- history ----

  /** A finished game of the caller's server, from any of its channels. */
  finishedGame(caller: Caller, gameId: string): Promise<Result<GameView>> {
    return run(() => finishedGame(this.repo, caller, gameId));
  }

  /** The game as it stood after its first `row` rows of log (0: before any). */
  positionAt(view: GameView, row: number): Result<GameState> {
    return runNow(() => positionAt(view, row));
  }

  /** Every faction's VP after every row of the game's log. */
  vpTimeline(view: GameView): VpTimeline {
    return vpTimeline(view);
  }

  /** A finished game's result, recomputed from its log (the league's bookkeeping: no caller). */
  recomputedResult(gameId: string): Promise<Result<GameResult>> {
    return run(() => recomputedResult(this.repo, gameId));
  }

  // ---- records ----

  exportMoveList(caller: Caller, gameId: string): Promise<Result<string>> {
    return run(() => exportMoveList(this.repo, caller, gameId));
  }

  importGame(caller: Caller, input: ImportInput, now: Date): Promise<Result<GameRecord>> {
    return run(() => importGame(this.repo, caller, input, now, this.quota));
  }

  /** `importGame` of a record `prepareRecord` read. */
  importPrepared(
    caller: Caller,
    prepared: PreparedImport,
    input: Omit<ImportInput, 'text'>,
    now: Date,
  ): Promise<Result<GameRecord>> {
    return run(() => storeImport(this.repo, caller, prepared, input, now, this.quota));
  }

  // ---- interactions a restart may cut off ----

  /** Records an interaction as being handled (src/bot/journal.ts). */
  beginInteraction(entry: InteractionInFlight): Promise<void> {
    return this.repo.beginInteraction(entry);
  }

  endInteraction(id: string): Promise<void> {
    return this.repo.endInteraction(id);
  }

  /** Interactions recorded as in flight that began before `time`: a process was killed while handling them. */
  interactionsBefore(time: Date): Promise<InteractionInFlight[]> {
    return this.repo.interactionsBefore(time);
  }

  /**
   * What became of an interaction a restart cut off: the game it was about (the one its button named, else
   * its channel's), the lines its user stored there from its start until `before` (when the process that
   * cut it off was gone), and whether the game changed at all since it began. Null when there is no such game.
   */
  async whatBecameOf(
    entry: InteractionInFlight,
    before: Date,
  ): Promise<{ game: GameRecord; lines: string[]; changed: boolean } | null> {
    const loaded = entry.gameId
      ? await this.repo.loadGame(entry.gameId)
      : entry.guildId
        ? await this.repo.loadGameInChannel(entry.guildId, entry.channelId)
        : null;
    if (!loaded) return null;
    const since = entry.startedAt.getTime();
    const lines = loaded.moves.filter(
      (m) => m.userId === entry.userId && m.createdAt.getTime() >= since && m.createdAt.getTime() < before.getTime(),
    );
    return {
      game: loaded.game,
      lines: lines.map((m) => m.text),
      changed: lines.length > 0 || loaded.game.updatedAt.getTime() >= since,
    };
  }
}
