// The game service: every use case the bot offers, each returning a Result whose error is a typed
// value (errors.ts). Depends on the engine, the notation and the GameRepo port only.
import {
  type FactionId,
  type GameState,
  type LegalMove,
  type AuctionChoice,
  auctionBidder,
  auctionChoices,
  availableFactions,
  legalMoves,
  nextFactionPick,
} from '../engine/index.ts';
import { formatCommands } from '../notation/format.ts';
import {
  type Caller,
  type Loaded,
  type Waiting,
  factionOfSeat,
  isGameAdmin,
  loadFor,
  loadState,
  requireAdmin,
  retryOnStale,
  seatOf,
  waitingFor,
} from './access.ts';
import { type Outbox, readAnnouncement } from './announcements.ts';
import { type Result, run } from './errors.ts';
import { exportMoveList, type ImportInput, importGame } from './import-export.ts';
import {
  abandon,
  bidForFaction,
  checkMoveTimer,
  chooseFaction,
  type CreateGameInput,
  createGame,
  join,
  leave,
  start,
} from './lifecycle.ts';
import { type MoveOutcome, type Played, play, preview } from './play.ts';
import { type PlayerSettings, playerSettings, remindersWanted, setReminders } from './preferences.ts';
import { type SeatChange, dropPlayer, replacePlayer, resign, setLeechRules } from './players.ts';
import type { GameFilter, GameRecord, GameRepo, LeechRule, MoveRecord, ReminderWait } from './repo.ts';
import type { Game } from './seats.ts';
import { type DeadlinePassed, deadlineOf, deadlinesPassed } from './timers.ts';
import { type UndoOutcome, type UndoPlan, approveUndo, planUndo, rejectUndo, undo } from './undo.ts';

export type { Caller, Waiting } from './access.ts';
export type { Announcement, AnnouncementKind, Outbox, PendingAnnouncement } from './announcements.ts';
export type { GameError, GameErrorCode, Result } from './errors.ts';
export type { PlayerSettings } from './preferences.ts';

export interface GameView {
  readonly game: Game;
  readonly moves: MoveRecord[];
  /** Null until the game starts. */
  readonly state: GameState | null;
  readonly waitingFor: Waiting[];
  /** While factions are picked in turn order: whose pick it is and what is left. */
  readonly factionPick: { readonly position: number; readonly userId: string; readonly available: FactionId[] } | null;
  /** While the seats bid for factions: whose bid it is, the bids so far and the bids they may make. */
  readonly auction: AuctionView | null;
  /** When the seats waited on run out of time (null: no timer). */
  readonly deadline: Date | null;
}

export interface AuctionView {
  readonly bidder: { readonly position: number; readonly userId: string };
  /** The factions named so far, in naming order (which becomes the turn order), with their holders. */
  readonly lots: readonly { readonly faction: FactionId; readonly bid: number; readonly userId: string }[];
  readonly choices: readonly AuctionChoice[];
}

function auctionView(game: Game, state: GameState | null): AuctionView | null {
  const bidder = state ? auctionBidder(state) : null;
  const seat = bidder === null ? undefined : game.seats[bidder];
  if (!state?.auction || !seat) return null;
  return {
    bidder: { position: seat.position, userId: seat.userId },
    lots: state.auction.lots.map((l) => ({ faction: l.faction, bid: l.bid, userId: game.seats[l.holder]!.userId })),
    choices: auctionChoices(state),
  };
}

export interface LegalLine {
  readonly kind: LegalMove['kind'];
  readonly text: string;
}

function view({ game, moves, state }: Loaded): GameView {
  const next = state ? nextFactionPick(state) : null;
  const picker = next === null ? undefined : game.seats[next];
  return {
    game,
    moves,
    state,
    waitingFor: waitingFor(game, state),
    factionPick:
      picker && state
        ? { position: picker.position, userId: picker.userId, available: availableFactions(state) }
        : null,
    auction: auctionView(game, state),
    deadline: game.status === 'active' ? deadlineOf(game, moves) : null,
  };
}

export class GameService {
  constructor(private readonly repo: GameRepo) {}

  // ---- lifecycle ----

  createGame(caller: Caller, input: CreateGameInput = {}): Promise<Result<GameRecord>> {
    return run(() => createGame(this.repo, caller, input));
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

  chooseFaction(caller: Caller, gameId: string, faction: string): Promise<Result<GameRecord>> {
    return run(() => chooseFaction(this.repo, caller, gameId, faction));
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

  setMoveTimer(caller: Caller, gameId: string, hours: number | null): Promise<Result<GameRecord>> {
    return run(() =>
      retryOnStale(async () => {
        const { game } = await loadFor(this.repo, caller, gameId);
        requireAdmin(caller, game);
        return this.repo.updateGame(game.id, game.version, { settings: { moveTimerHours: checkMoveTimer(hours) } });
      }),
    );
  }

  // ---- reading ----

  getGame(caller: Caller, gameId: string): Promise<Result<GameView>> {
    return run(async () => view(await loadFor(this.repo, caller, gameId)));
  }

  /** The channel's open or active game, if any. */
  findGameInChannel(caller: Caller): Promise<Result<GameView | null>> {
    return run(async () => {
      const game = await this.repo.findActiveGameByChannel(caller.guildId, caller.channelId);
      return game ? view(await loadFor(this.repo, caller, game.id)) : null;
    });
  }

  listGames(filter: GameFilter): Promise<GameRecord[]> {
    return this.repo.listGames(filter);
  }

  /** The game as it stands, for the bot's own posts: no caller, no channel check. */
  currentView(gameId: string): Promise<Result<GameView>> {
    return run(async () => view(await loadState(this.repo, gameId)));
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

  preview(caller: Caller, gameId: string, text: string): Promise<Result<MoveOutcome>> {
    return run(() => preview(this.repo, caller, gameId, text));
  }

  play(caller: Caller, gameId: string, expectedVersion: number, text: string): Promise<Result<Played>> {
    return run(() => play(this.repo, caller, gameId, expectedVersion, text));
  }

  /** Whether the caller may run the game's admin commands (the bot asks before an irreversible one). */
  mayAdminister(caller: Caller, game: GameRecord): boolean {
    return isGameAdmin(caller, game);
  }

  planUndo(caller: Caller, gameId: string, keepThroughSeq?: number): Promise<Result<UndoPlan>> {
    return run(() => planUndo(this.repo, caller, gameId, keepThroughSeq));
  }

  undo(caller: Caller, gameId: string, expectedVersion: number, keepThroughSeq?: number): Promise<Result<UndoOutcome>> {
    return run(() => undo(this.repo, caller, gameId, expectedVersion, keepThroughSeq));
  }

  approveUndo(caller: Caller, gameId: string): Promise<Result<UndoOutcome>> {
    return run(() => approveUndo(this.repo, caller, gameId));
  }

  rejectUndo(caller: Caller, gameId: string): Promise<Result<GameRecord>> {
    return run(() => rejectUndo(this.repo, caller, gameId));
  }

  // ---- seats ----

  resign(caller: Caller, gameId: string, expectedVersion: number): Promise<Result<SeatChange>> {
    return run(() => resign(this.repo, caller, gameId, expectedVersion));
  }

  /** `byTimer`: the move timer ran out; the caller is the bot acting as the game admin. */
  dropPlayer(
    caller: Caller,
    gameId: string,
    expectedVersion: number,
    position: number,
    byTimer = false,
  ): Promise<Result<SeatChange>> {
    return run(() => dropPlayer(this.repo, caller, gameId, expectedVersion, position, byTimer));
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

  /** See GameRepo.claimReminder: true when this process is the one to send that reminder. */
  claimReminder(wait: ReminderWait, step: number, now: Date, leaseUntil: Date): Promise<boolean> {
    return this.repo.claimReminder(wait, step, now, leaseUntil);
  }

  settleReminder(wait: ReminderWait, step: number, sent: boolean): Promise<void> {
    return this.repo.settleReminder(wait, step, sent);
  }

  muteReminders(wait: ReminderWait, step: number): Promise<void> {
    return this.repo.muteReminders(wait, step);
  }

  // ---- records ----

  exportMoveList(caller: Caller, gameId: string): Promise<Result<string>> {
    return run(() => exportMoveList(this.repo, caller, gameId));
  }

  importGame(caller: Caller, input: ImportInput, now: Date): Promise<Result<GameRecord>> {
    return run(() => importGame(this.repo, caller, input, now));
  }

  // ---- timers ----

  /** Seats past their move deadline at `now` in every active game (of one server if given). */
  async deadlinesPassed(now: Date, guildId?: string): Promise<DeadlinePassed[]> {
    const games = await this.repo.listGames({ status: ['active'], limit: 10_000, ...(guildId ? { guildId } : {}) });
    const out: DeadlinePassed[] = [];
    for (const g of games) {
      if (g.settings.moveTimerHours === null) continue;
      const loaded = await loadState(this.repo, g.id);
      out.push(...deadlinesPassed(loaded.game, loaded.moves, waitingFor(loaded.game, loaded.state), now));
    }
    return out;
  }
}
