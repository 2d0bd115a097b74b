// In-memory GameRepo with the same semantics as the Prisma store (the contract tests run against
// both). Every method does its whole work synchronously, so each is atomic on Node's single thread.
import { randomUUID } from 'node:crypto';
import {
  ChannelBusyError,
  type GameFilter,
  type GamePatch,
  type GameRecord,
  GameNotFoundError,
  GameOptionsSchema,
  type GameRepo,
  GameSettingsSchema,
  type InteractionInFlight,
  INTERACTION_CLAIM_MS,
  type JsonValue,
  LeechRulesSchema,
  type LoadedGame,
  type MoveRecord,
  type NewGame,
  type NewMove,
  type NewSeat,
  type PlayerPreference,
  type PreferenceData,
  PreferenceDataSchema,
  type DueGame,
  type ReminderWait,
  type SeatRecord,
  type Snapshot,
  type StoredAnnouncement,
  StaleVersionError,
  type UndoRecord,
  type UndoRequest,
  UndoRangeError,
  UserIdListSchema,
  activeChannelKey,
  channelKey,
  checkNewMoves,
  checkSeats,
  isLive,
} from './repo.ts';
import type { GameResult } from './result.ts';

interface StoredGame {
  game: GameRecord;
  moves: MoveRecord[];
  snapshot: Snapshot | null;
  undo: UndoRecord[];
  /** Not yet delivered, oldest first. */
  announcements: StoredAnnouncement[];
}

interface StoredReminder extends ReminderWait {
  sentStep: number;
  claimedStep: number;
  leaseUntil: Date | null;
}

const reminderKey = (w: ReminderWait) => `${w.gameId}:${w.version}:${w.userId}`;

export class MemoryGameRepo implements GameRepo {
  private readonly games = new Map<string, StoredGame>();
  private readonly preferences = new Map<string, PlayerPreference>();
  private readonly reminders = new Map<string, StoredReminder>();
  /** The reminder pass's next time for a game, set at a version: any later version is due at its change. */
  private readonly due = new Map<string, { readonly version: number; readonly at: Date | null }>();
  private readonly statusMessages = new Map<string, string>();
  private readonly results = new Map<string, GameResult>();
  private readonly inFlight = new Map<string, InteractionInFlight>();
  /** Claimed interactions and when, oldest first. */
  private readonly claims = new Map<string, { at: number; claimant: string }>();
  private nextUndoId = 1;

  /** Every stored result (for the league's memory store, src/league/memory-repo.ts). */
  storedResults(): GameResult[] {
    return structuredClone([...this.results.values()]);
  }

  /** Stores a result, replacing the game's earlier one. */
  saveResult(result: GameResult): void {
    if (!this.games.has(result.gameId)) throw new GameNotFoundError(result.gameId);
    this.results.set(result.gameId, structuredClone(result));
  }

  async createGame(input: NewGame): Promise<GameRecord> {
    const status = input.status ?? 'open';
    this.reserveChannel(input.guildId, input.channelId, status, null);
    const now = new Date();
    const game: GameRecord = {
      id: randomUUID(),
      guildId: input.guildId,
      channelId: input.channelId,
      creatorUserId: input.creatorUserId,
      status,
      language: input.language ?? 'en',
      options: GameOptionsSchema.parse(input.options ?? {}),
      settings: GameSettingsSchema.parse(input.settings ?? {}),
      seed: input.seed,
      version: 1,
      moveCount: 0,
      seats: makeSeats(input.seats ?? [], [], now),
      createdAt: now,
      waitRestartedAt: null,
      updatedAt: now,
      threadId: input.threadId ?? null,
    };
    this.games.set(game.id, { game, moves: [], snapshot: null, undo: [], announcements: [] });
    this.announce(this.games.get(game.id)!, input.announce);
    return structuredClone(game);
  }

  async getGame(gameId: string): Promise<GameRecord | null> {
    const stored = this.games.get(gameId);
    return stored ? structuredClone(stored.game) : null;
  }

  async loadGame(gameId: string): Promise<LoadedGame | null> {
    const stored = this.games.get(gameId);
    if (!stored) return null;
    return structuredClone({
      game: stored.game,
      moves: stored.moves,
      snapshot: stored.snapshot,
      pending: stored.announcements,
    });
  }

  async loadGameInChannel(guildId: string, channelId: string): Promise<LoadedGame | null> {
    const game = await this.findActiveGameByChannel(guildId, channelId);
    return game ? this.loadGame(game.id) : null;
  }

  async findActiveGameByChannel(guildId: string, channelId: string): Promise<GameRecord | null> {
    const key = channelKey(guildId, channelId);
    for (const { game } of this.games.values()) {
      const live = activeChannelKey(game.guildId, game.channelId, game.status);
      if (live === key || (live !== null && game.guildId === guildId && game.threadId === channelId))
        return structuredClone(game);
    }
    return null;
  }

  async listGames(filter: GameFilter = {}): Promise<GameRecord[]> {
    return [...this.games.values()]
      .map((s) => s.game)
      .filter(
        (g) =>
          (filter.guildId === undefined || g.guildId === filter.guildId) &&
          (filter.channelId === undefined || g.channelId === filter.channelId || g.threadId === filter.channelId) &&
          (filter.status === undefined || filter.status.includes(g.status)) &&
          (filter.userId === undefined || g.seats.some((s) => s.userId === filter.userId)) &&
          (!filter.withAiSeats || g.seats.some((s) => s.ai !== null)),
      )
      .sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime() || a.id.localeCompare(b.id))
      .slice(0, filter.limit ?? 50)
      .map((g) => structuredClone(g));
  }

  async liveGamesPerGuild(): Promise<{ guildId: string; games: number }[]> {
    const counts = new Map<string, number>();
    for (const { game } of this.games.values())
      if (isLive(game.status)) counts.set(game.guildId, (counts.get(game.guildId) ?? 0) + 1);
    return [...counts].map(([guildId, games]) => ({ guildId, games }));
  }

  async countGamesCreated(
    since: Date,
    by: { readonly creatorUserId: string } | { readonly guildId: string },
  ): Promise<number> {
    let count = 0;
    for (const { game } of this.games.values())
      if (
        game.createdAt >= since &&
        ('creatorUserId' in by ? game.creatorUserId === by.creatorUserId : game.guildId === by.guildId)
      )
        count++;
    return count;
  }

  async updateGame(gameId: string, expectedVersion: number, patch: GamePatch): Promise<GameRecord> {
    const stored = this.checkVersion(gameId, expectedVersion);
    const old = stored.game;
    const status = patch.status ?? old.status;
    // Validate everything before changing anything: a failed update writes nothing.
    this.reserveChannel(old.guildId, old.channelId, status, old.id);
    if (patch.moves) checkNewMoves(patch.moves);
    const now = new Date();
    const added = (patch.moves ?? []).map((m, i) => newMoveRecord(m, old.moveCount + 1 + i, now));
    const next: GameRecord = {
      ...old,
      status,
      language: patch.language ?? old.language,
      options: patch.options ? GameOptionsSchema.parse(patch.options) : old.options,
      settings: patch.settings ? GameSettingsSchema.parse({ ...old.settings, ...patch.settings }) : old.settings,
      seed: patch.seed ?? old.seed,
      seats: patch.seats ? makeSeats(patch.seats, old.seats, now) : old.seats,
      moveCount: old.moveCount + added.length,
      version: old.version + 1,
      updatedAt: now,
      waitRestartedAt: patch.restartWait ? now : old.waitRestartedAt,
    };
    stored.game = next;
    stored.moves.push(...added);
    this.announce(stored, patch.announce);
    if (patch.result) this.saveResult(patch.result);
    return structuredClone(next);
  }

  async appendMoves(
    gameId: string,
    expectedVersion: number,
    moves: NewMove[],
    announce?: JsonValue,
    snapshot?: JsonValue,
  ): Promise<{ version: number; moves: MoveRecord[] }> {
    checkNewMoves(moves);
    const stored = this.checkVersion(gameId, expectedVersion);
    const now = new Date();
    const added = moves.map((m, i) => newMoveRecord(m, stored.game.moveCount + 1 + i, now));
    stored.moves.push(...added);
    stored.game = { ...stored.game, moveCount: stored.moves.length, version: stored.game.version + 1, updatedAt: now };
    this.announce(stored, announce);
    if (snapshot !== undefined)
      stored.snapshot = { version: stored.game.version, state: JSON.parse(JSON.stringify(snapshot)) as JsonValue };
    return structuredClone({ version: stored.game.version, moves: added });
  }

  async listMoves(gameId: string, afterSeq = 0): Promise<MoveRecord[]> {
    return structuredClone(this.games.get(gameId)?.moves.filter((m) => m.seq > afterSeq) ?? []);
  }

  async truncateMoves(
    gameId: string,
    expectedVersion: number,
    request: UndoRequest,
    announce?: JsonValue,
  ): Promise<{ version: number; undo: UndoRecord }> {
    const approvedBy = UserIdListSchema.parse(request.approvedBy ?? []);
    const stored = this.checkVersion(gameId, expectedVersion);
    const { keepThroughSeq } = request;
    if (!Number.isInteger(keepThroughSeq) || keepThroughSeq < 0 || keepThroughSeq >= stored.game.moveCount) {
      throw new UndoRangeError(gameId, keepThroughSeq, stored.game.moveCount);
    }
    const reopens = stored.game.status === 'finished';
    const status = reopens ? 'active' : stored.game.status;
    this.reserveChannel(stored.game.guildId, stored.game.channelId, status, gameId);
    const now = new Date();
    const removed = stored.moves.splice(keepThroughSeq);
    const undo: UndoRecord = {
      id: this.nextUndoId++,
      gameId,
      fromSeq: keepThroughSeq + 1,
      toSeq: stored.game.moveCount,
      requestedBy: request.requestedBy,
      approvedBy,
      reason: request.reason ?? '',
      moves: removed,
      createdAt: now,
    };
    stored.undo.push(undo);
    stored.game = {
      ...stored.game,
      status,
      moveCount: stored.moves.length,
      version: stored.game.version + 1,
      updatedAt: now,
      waitRestartedAt: now,
    };
    if (reopens) this.results.delete(gameId);
    this.announce(stored, announce);
    return structuredClone({ version: stored.game.version, undo });
  }

  async listUndoRecords(gameId: string): Promise<UndoRecord[]> {
    return structuredClone(this.games.get(gameId)?.undo ?? []);
  }

  async saveSnapshot(gameId: string, version: number, state: JsonValue): Promise<boolean> {
    const stored = this.games.get(gameId);
    if (!stored || stored.game.version !== version) return false;
    // Same round trip as the database text column, so both stores reject and return the same values.
    stored.snapshot = { version, state: JSON.parse(JSON.stringify(state)) as JsonValue };
    return true;
  }

  async listAnnouncements(gameId: string): Promise<StoredAnnouncement[]> {
    return structuredClone(this.games.get(gameId)?.announcements ?? []);
  }

  async markAnnounced(gameId: string, throughVersion: number): Promise<void> {
    const stored = this.games.get(gameId);
    if (stored) stored.announcements = stored.announcements.filter((a) => a.version > throughVersion);
  }

  async statusMessageOf(gameId: string): Promise<string | null> {
    return this.statusMessages.get(gameId) ?? null;
  }

  async setStatusMessage(gameId: string, messageId: string | null): Promise<void> {
    if (!this.games.has(gameId)) return;
    if (messageId === null) this.statusMessages.delete(gameId);
    else this.statusMessages.set(gameId, messageId);
  }

  async gamesToAnnounce(): Promise<string[]> {
    return [...this.games.entries()].filter(([, s]) => s.announcements.length > 0).map(([id]) => id);
  }

  async claimReminder(wait: ReminderWait, step: number, now: Date, leaseUntil: Date): Promise<boolean> {
    for (const [key, r] of this.reminders)
      if (r.gameId === wait.gameId && r.version < wait.version) this.reminders.delete(key);
    const r = this.reminder(wait);
    if (r.sentStep >= step || (r.leaseUntil !== null && r.leaseUntil.getTime() >= now.getTime())) return false;
    r.claimedStep = step;
    r.leaseUntil = leaseUntil;
    return true;
  }

  async gamesDue(now: Date, limit: number): Promise<DueGame[]> {
    const due = [...this.games.values()]
      .filter((s) => s.game.status === 'active')
      .map((s) => ({ game: s.game, at: this.dueAt(s.game) }))
      .filter((d) => d.at !== null && d.at.getTime() <= now.getTime())
      .sort((a, b) => a.at!.getTime() - b.at!.getTime() || a.game.id.localeCompare(b.game.id));
    return due.slice(0, limit).map((d) => ({ gameId: d.game.id, guildId: d.game.guildId }));
  }

  async setDueAt(gameId: string, version: number | null, at: Date | null): Promise<void> {
    const game = this.games.get(gameId)?.game;
    if (game && (version === null || version === game.version)) this.due.set(gameId, { version: game.version, at });
  }

  private dueAt(game: GameRecord): Date | null {
    const set = this.due.get(game.id);
    return set && set.version === game.version ? set.at : game.updatedAt;
  }

  async settleReminder(wait: ReminderWait, step: number, sent: boolean): Promise<void> {
    const r = this.reminders.get(reminderKey(wait));
    if (!r || r.claimedStep !== step) return;
    if (sent) r.sentStep = Math.max(r.sentStep, step);
    r.leaseUntil = null;
  }

  async muteReminders(wait: ReminderWait, step: number): Promise<void> {
    const r = this.reminder(wait);
    r.sentStep = Math.max(r.sentStep, step);
  }

  async claimInteraction(interactionId: string, claimant: string, now: Date): Promise<boolean> {
    for (const [id, claim] of this.claims) {
      if (claim.at > now.getTime() - INTERACTION_CLAIM_MS) break;
      this.claims.delete(id);
    }
    const claim = this.claims.get(interactionId);
    if (claim) return claim.claimant === claimant;
    this.claims.set(interactionId, { at: now.getTime(), claimant });
    return true;
  }

  private reminder(wait: ReminderWait): StoredReminder {
    const key = reminderKey(wait);
    let r = this.reminders.get(key);
    if (!r) {
      r = { ...wait, sentStep: 0, claimedStep: 0, leaseUntil: null };
      this.reminders.set(key, r);
    }
    return r;
  }

  async beginInteraction(entry: InteractionInFlight): Promise<void> {
    this.inFlight.set(entry.id, structuredClone(entry));
  }

  async endInteraction(id: string): Promise<void> {
    this.inFlight.delete(id);
  }

  async interactionsBefore(time: Date): Promise<InteractionInFlight[]> {
    return structuredClone(
      [...this.inFlight.values()]
        .filter((e) => e.startedAt.getTime() < time.getTime())
        .sort((a, b) => a.startedAt.getTime() - b.startedAt.getTime()),
    );
  }

  async getPreference(userId: string, guildId: string | null): Promise<PlayerPreference | null> {
    const pref = this.preferences.get(preferenceKey(userId, guildId));
    return pref ? structuredClone(pref) : null;
  }

  async digestUsers(): Promise<string[]> {
    return [...this.preferences.values()]
      .filter((p) => p.guildId === null && p.data.digest === true)
      .map((p) => p.userId);
  }

  async setPreference(userId: string, guildId: string | null, data: PreferenceData): Promise<PlayerPreference> {
    const pref: PlayerPreference = { userId, guildId, data: PreferenceDataSchema.parse(data), updatedAt: new Date() };
    this.preferences.set(preferenceKey(userId, guildId), pref);
    return structuredClone(pref);
  }

  async close(): Promise<void> {}

  /** Records the announcement of the change that made the game's current version. */
  private announce(stored: StoredGame, payload: JsonValue | undefined): void {
    if (payload === undefined) return;
    // Same round trip as the database text column.
    const copy = JSON.parse(JSON.stringify(payload)) as JsonValue;
    stored.announcements.push({ version: stored.game.version, payload: copy, createdAt: stored.game.updatedAt });
  }

  private checkVersion(gameId: string, expectedVersion: number): StoredGame {
    const stored = this.games.get(gameId);
    if (!stored) throw new GameNotFoundError(gameId);
    if (stored.game.version !== expectedVersion)
      throw new StaleVersionError(gameId, expectedVersion, stored.game.version);
    return stored;
  }

  private reserveChannel(guildId: string, channelId: string, status: GameRecord['status'], self: string | null): void {
    const key = activeChannelKey(guildId, channelId, status);
    if (key === null) return;
    for (const { game } of this.games.values()) {
      if (game.id !== self && activeChannelKey(game.guildId, game.channelId, game.status) === key) {
        throw new ChannelBusyError(guildId, channelId, game.id);
      }
    }
  }
}

function preferenceKey(userId: string, guildId: string | null): string {
  return JSON.stringify([userId, guildId]);
}

function newMoveRecord(m: NewMove, seq: number, now: Date): MoveRecord {
  return { seq, seat: m.seat, userId: m.userId, text: m.text, createdAt: now };
}

function makeSeats(seats: NewSeat[], previous: SeatRecord[], now: Date): SeatRecord[] {
  checkSeats(seats);
  return seats
    .map((s) => ({
      position: s.position,
      userId: s.userId,
      leechRules: LeechRulesSchema.parse(s.leechRules ?? []),
      joinedAt: s.joinedAt ?? previous.find((p) => p.userId === s.userId)?.joinedAt ?? now,
      ai: s.ai ? { level: s.ai.level, standsInFor: s.ai.standsInFor } : null,
    }))
    .sort((a, b) => a.position - b.position);
}
