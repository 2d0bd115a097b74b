// GameRepo on Prisma: SQLite (better-sqlite3 adapter) or PostgreSQL (pg adapter). The only module, with
// database.ts, that queries through Prisma.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  ChannelBusyError,
  type GameFilter,
  type GamePatch,
  type GameRecord,
  GameNotFoundError,
  GameOptionsSchema,
  type GameRepo,
  type InteractionInFlight,
  GameSettingsSchema,
  INTERACTION_CLAIM_MS,
  GAME_STATUSES,
  LIVE_STATUSES,
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
  AI_SEAT_LEVELS,
  type AiSeat,
  StaleVersionError,
  type StoredAnnouncement,
  type UndoRecord,
  type UndoRequest,
  UndoRangeError,
  UserIdListSchema,
  activeChannelKey,
  channelKey,
  checkNewMoves,
  checkSeats,
  isLive,
} from '../game/repo.ts';
import { PrismaClient as PostgresClient } from '../generated/postgresql/client.ts';
import { Prisma, PrismaClient } from '../generated/sqlite/client.ts';
import type {
  Game as GameRow,
  Move as MoveRow,
  Seat as SeatRow,
  UndoRecord as UndoRow,
} from '../generated/sqlite/client.ts';
import {
  type DatabaseKind,
  type DatabaseTarget,
  ensureSqliteDir,
  queryAdapter,
  resolveDatabaseUrl,
} from './database.ts';
import { log, type Logger } from '../log.ts';
import { StoreAvailability } from './availability.ts';
import { type HeldGame, HeldGames } from './held-games.ts';
import { KeyedQueue } from './keyed-queue.ts';
import { checkSqliteFile } from './integrity.ts';
import { migrateDeploy } from './migrations.ts';
import { writeResult } from './results.ts';

export type Tx = Prisma.TransactionClient;

/** How long a write waits for another process's SQLite lock before the store counts as unavailable. */
const BUSY_RETRY_MS = 3_000;

export interface OpenedStore {
  repo: PrismaGameRepo;
  /** Migrations applied while opening (empty when the database was up to date). */
  applied: string[];
}

/**
 * Opens the store DATABASE_URL names (see resolveDatabaseUrl: unset → file:./data/tm.db), applying
 * pending migrations first, so a fresh file or an empty PostgreSQL database just works. A SQLite file
 * that fails SQLite's quick_check is refused (DamagedDatabaseError), as is a database migrated by a newer
 * version (MigrationError).
 */
export async function openStore(
  databaseUrl: string | undefined = process.env.DATABASE_URL,
  options: StoreOptions = {},
): Promise<OpenedStore> {
  const target = resolveDatabaseUrl(databaseUrl);
  await ensureSqliteDir(target);
  checkSqliteFile(target);
  const applied = await migrateDeploy(target);
  const repo = new PrismaGameRepo(target, options);
  if (target.kind === 'sqlite') {
    // WAL: a commit appends to the log instead of rewriting pages and readers never block the
    // writer; with synchronous=FULL each commit is still fsynced, so moves survive crashes. The store
    // keeps one connection for its life, so the pragmas hold (better-sqlite3 builds SQLite with WAL
    // commits unsynced by default, hence the explicit FULL).
    await repo.client.$queryRawUnsafe('PRAGMA journal_mode=WAL');
    await repo.client.$executeRawUnsafe('PRAGMA synchronous=FULL');
  }
  return { repo, applied };
}

const gameInclude = { seats: { orderBy: { position: 'asc' } } } satisfies Prisma.GameInclude;
/**
 * Columns a GameRecord does not show. The snapshot cache (kilobytes of JSON a game, more as it grows) is
 * read only where a game is loaded to be played; every other read of the row leaves it out. Reading it
 * with every listed game made each health check of a process with 1,000 games parse and drop 11 MB of
 * strings.
 */
const withoutSnapshot = {
  snapshot: true,
  snapshotVersion: true,
  statusMessageId: true,
  dueAt: true,
} satisfies Prisma.GameOmit;
type GameFields = Omit<GameRow, keyof typeof withoutSnapshot>;
type GameWithSeats = GameFields & { seats: SeatRow[] };

export interface StoreOptions {
  /** Where store faults and recoveries are reported (default: the process's logger). */
  logger?: Logger;
  /** How much of the games last read or written is kept to load them again without reading them (held-games.ts). */
  heldBytes?: number;
}

/**
 * 32 MB: a thousand games in set-up (a 11 kB snapshot and a few rows each) take 13 MB, late games about
 * 50 kB each.
 */
const HELD_BYTES = 32 * 1024 * 1024;

/** Expired interaction claims are deleted at most this often (by each process, along with a claim). */
const CLAIM_PRUNE_MS = 60_000;

export class PrismaGameRepo implements GameRepo {
  readonly kind: DatabaseKind;
  /** Typed as the SQLite client: both generated clients have the same model API. */
  readonly client: PrismaClient;
  private readonly queue = new KeyedQueue();
  private readonly availability: StoreAvailability;
  private readonly held: HeldGames;
  /** When this process last deleted expired interaction claims. */
  private claimsPrunedAt = 0;

  constructor(target: DatabaseTarget, options: StoreOptions = {}) {
    this.kind = target.kind;
    this.held = new HeldGames(options.heldBytes ?? HELD_BYTES);
    this.availability = new StoreAvailability(options.logger ?? log.child({ module: 'store' }));
    const adapter = queryAdapter(target);
    this.client =
      target.kind === 'sqlite'
        ? new PrismaClient({ adapter })
        : (new PostgresClient({ adapter }) as unknown as PrismaClient);
  }

  async createGame(input: NewGame): Promise<GameRecord> {
    return this.guard(async () => {
      const status = input.status ?? 'open';
      const seats = input.seats ?? [];
      checkSeats(seats);
      const now = new Date();
      const data = {
        id: randomUUID(),
        guildId: input.guildId,
        channelId: input.channelId,
        creatorUserId: input.creatorUserId,
        status,
        activeChannelKey: activeChannelKey(input.guildId, input.channelId, status),
        language: input.language ?? 'en',
        options: JSON.stringify(GameOptionsSchema.parse(input.options ?? {})),
        settings: JSON.stringify(GameSettingsSchema.parse(input.settings ?? {})),
        seed: input.seed,
        createdAt: now,
        updatedAt: now,
        dueAt: now,
        threadId: input.threadId ?? null,
        seats: { create: seats.map((s) => seatRow(s, [], now)) },
        ...(input.announce === undefined
          ? {}
          : { announcements: { create: [{ version: 1, payload: JSON.stringify(input.announce), createdAt: now }] } }),
      };
      try {
        return toGame(
          await this.retryWhileBusy(() =>
            this.client.game.create({ data, include: gameInclude, omit: withoutSnapshot }),
          ),
        );
      } catch (error) {
        throw await this.channelBusyOr(error, input.guildId, input.channelId);
      }
    });
  }

  async getGame(gameId: string): Promise<GameRecord | null> {
    return this.guard(async () => {
      const row = await this.client.game.findUnique({
        where: { id: gameId },
        include: gameInclude,
        omit: withoutSnapshot,
      });
      return row ? toGame(row) : null;
    });
  }

  async loadGame(gameId: string): Promise<LoadedGame | null> {
    return this.load({ id: gameId });
  }

  async loadGameInChannel(guildId: string, channelId: string): Promise<LoadedGame | null> {
    return this.load({ guildId, channelId });
  }

  /**
   * One statement finds the game's version and outbox size; when this process holds the game at that
   * version, that is all it reads. Otherwise the game, its log, snapshot and outbox are read in one
   * transaction, and held for next time.
   */
  private load(where: { id: string } | ChannelWhere): Promise<LoadedGame | null> {
    return this.guard(async () => {
      const found = await this.versionOf(where);
      if (!found) return null;
      const held = this.held.current(found.id, found.version, found.pending) ?? (await this.read(found.id));
      return held && loadedOf(held);
    });
  }

  private async versionOf(
    where: { id: string } | ChannelWhere,
  ): Promise<{ id: string; version: number; pending: number } | undefined> {
    // A live game is reached from its channel or from its thread.
    const condition =
      'id' in where
        ? Prisma.sql`g."id" = ${where.id}`
        : Prisma.sql`(g."activeChannelKey" = ${channelKey(where.guildId, where.channelId)} OR (g."threadId" = ${where.channelId} AND g."guildId" = ${where.guildId} AND g."activeChannelKey" IS NOT NULL))`;
    const rows = await this.client.$queryRaw<{ id: string; version: number | bigint; pending: number | bigint }[]>`
      SELECT g."id", g."version",
        (SELECT COUNT(*) FROM "Announcement" a WHERE a."gameId" = g."id") AS "pending"
      FROM "Game" g WHERE ${condition}`;
    const row = rows[0];
    return row && { id: row.id, version: Number(row.version), pending: Number(row.pending) };
  }

  /** The game, its log, snapshot and outbox as of one moment, now held. */
  private read(gameId: string): Promise<HeldGame | null> {
    return this.transaction(async (tx) => {
      const row = await tx.game.findUnique({ where: { id: gameId }, include: gameInclude });
      if (!row) return null;
      const moves = await tx.move.findMany({
        where: { gameId },
        orderBy: { seq: 'asc' },
        omit: { gameId: true },
      });
      const pending = await tx.announcement.findMany({ where: { gameId }, orderBy: { version: 'asc' } });
      const { snapshot, snapshotVersion, statusMessageId: _, dueAt: __, ...game } = row;
      const held: HeldGame = {
        game,
        snapshot: snapshot === null || snapshotVersion === null ? null : { version: snapshotVersion, text: snapshot },
        moves,
        pending,
      };
      this.held.offer(held);
      return held;
    }, 'consistent-read');
  }

  async findActiveGameByChannel(guildId: string, channelId: string): Promise<GameRecord | null> {
    return this.guard(async () => {
      const row = await this.client.game.findFirst({
        where: {
          OR: [
            { activeChannelKey: channelKey(guildId, channelId) },
            { threadId: channelId, guildId, activeChannelKey: { not: null } },
          ],
        },
        include: gameInclude,
        omit: withoutSnapshot,
      });
      return row ? toGame(row) : null;
    });
  }

  async listGames(filter: GameFilter = {}): Promise<GameRecord[]> {
    return this.guard(async () => {
      const rows = await this.client.game.findMany({
        where: {
          guildId: filter.guildId,
          status: filter.status ? { in: filter.status } : undefined,
          AND: [
            ...(filter.channelId === undefined
              ? []
              : [{ OR: [{ channelId: filter.channelId }, { threadId: filter.channelId }] }]),
            ...(filter.userId === undefined ? [] : [{ seats: { some: { userId: filter.userId } } }]),
            ...(filter.withAiSeats ? [{ seats: { some: { aiLevel: { not: null } } } }] : []),
          ],
        },
        include: gameInclude,
        omit: withoutSnapshot,
        orderBy: [{ updatedAt: 'desc' }, { id: 'asc' }],
        take: filter.limit ?? 50,
      });
      return rows.map(toGame);
    });
  }

  async liveGamesPerGuild(): Promise<{ guildId: string; games: number }[]> {
    return this.guard(async () => {
      const rows = await this.client.game.groupBy({
        by: ['guildId'],
        where: { status: { in: [...LIVE_STATUSES] } },
        _count: { _all: true },
      });
      return rows.map((r) => ({ guildId: r.guildId, games: r._count._all }));
    });
  }

  async countGamesCreated(
    since: Date,
    by: { readonly creatorUserId: string } | { readonly guildId: string },
  ): Promise<number> {
    return this.guard(() => this.client.game.count({ where: { ...by, createdAt: { gte: since } } }));
  }

  async updateGame(gameId: string, expectedVersion: number, patch: GamePatch): Promise<GameRecord> {
    return this.guard(async () => {
      if (patch.seats) checkSeats(patch.seats);
      if (patch.moves) checkNewMoves(patch.moves);
      return this.queue.run(gameId, async () => {
        try {
          return await this.transaction(async (tx) => {
            const old = await this.current(tx, gameId, expectedVersion);
            const now = new Date();
            const status = patch.status ?? (old.status as GameRecord['status']);
            const settings =
              patch.settings &&
              GameSettingsSchema.parse({
                ...parseStored(GameSettingsSchema, old.settings, 'Game.settings'),
                ...patch.settings,
              });
            await this.bump(tx, gameId, expectedVersion, {
              status,
              activeChannelKey: activeChannelKey(old.guildId, old.channelId, status),
              language: patch.language,
              options: patch.options && JSON.stringify(GameOptionsSchema.parse(patch.options)),
              settings: settings && JSON.stringify(settings),
              seed: patch.seed,
              ...(patch.moves ? { moveCount: { increment: patch.moves.length } } : {}),
              updatedAt: now,
              ...(patch.restartWait ? { waitRestartedAt: now } : {}),
            });
            if (patch.moves) {
              const first = old.moveCount + 1;
              await tx.move.createMany({ data: patch.moves.map((m, i) => moveRow(gameId, m, first + i, now)) });
            }
            if (patch.result) await writeResult(tx, patch.result, now);
            if (patch.seats) {
              const previous = await tx.seat.findMany({ where: { gameId } });
              await tx.seat.deleteMany({ where: { gameId } });
              await tx.seat.createMany({ data: patch.seats.map((s) => ({ gameId, ...seatRow(s, previous, now) })) });
            }
            await announce(
              tx,
              gameId,
              expectedVersion + 1,
              patch.announce === undefined ? undefined : JSON.stringify(patch.announce),
              now,
            );
            return toGame(
              await tx.game.findUniqueOrThrow({ where: { id: gameId }, include: gameInclude, omit: withoutSnapshot }),
            );
          });
        } catch (error) {
          throw await this.gameChannelBusyOr(error, gameId);
        } finally {
          // Rare changes (seats, settings, status): the next load reads the game again.
          this.held.forget(gameId);
        }
      });
    });
  }

  async appendMoves(
    gameId: string,
    expectedVersion: number,
    moves: NewMove[],
    announcement?: JsonValue,
    snapshot?: JsonValue,
  ): Promise<{ version: number; moves: MoveRecord[] }> {
    return this.guard(async () => {
      checkNewMoves(moves);
      return this.queue.run(gameId, async () => {
        const now = new Date();
        const payload = announcement === undefined ? undefined : JSON.stringify(announcement);
        const cached =
          snapshot === undefined ? undefined : { version: expectedVersion + 1, text: JSON.stringify(snapshot) };
        const rows = await this.changing(gameId, () =>
          this.transaction(async (tx) => {
            // The conditional UPDATE comes first: it takes the row's write lock (PostgreSQL) or the
            // database's (SQLite) at once, so a concurrent writer can only fail the version check.
            const { moveCount } = await this.bump(tx, gameId, expectedVersion, {
              moveCount: { increment: moves.length },
              updatedAt: now,
              ...(cached && { snapshot: cached.text, snapshotVersion: cached.version }),
            });
            const first = moveCount - moves.length + 1;
            const rows = moves.map((m, i) => moveRow(gameId, m, first + i, now));
            await tx.move.createMany({ data: rows });
            await announce(tx, gameId, expectedVersion + 1, payload, now);
            return rows;
          }),
        );
        // What the transaction wrote, on top of the game as held before it: held without reading it back.
        const before = this.held.at(gameId, expectedVersion);
        if (before)
          this.held.offer({
            game: {
              ...before.game,
              version: expectedVersion + 1,
              moveCount: before.game.moveCount + rows.length,
              updatedAt: now,
            },
            snapshot: cached ?? before.snapshot,
            moves: [...before.moves, ...rows.map(({ gameId: _, ...m }) => m)],
            pending:
              payload === undefined
                ? before.pending
                : [...before.pending, { gameId, version: expectedVersion + 1, payload, createdAt: now }],
          });
        else this.held.forget(gameId);
        return { version: expectedVersion + 1, moves: rows.map(toMove) };
      });
    });
  }

  async listMoves(gameId: string, afterSeq = 0): Promise<MoveRecord[]> {
    return this.guard(async () => {
      const rows = await this.client.move.findMany({
        where: { gameId, seq: { gt: afterSeq } },
        orderBy: { seq: 'asc' },
      });
      return rows.map(toMove);
    });
  }

  async truncateMoves(
    gameId: string,
    expectedVersion: number,
    request: UndoRequest,
    announcement?: JsonValue,
  ): Promise<{ version: number; undo: UndoRecord }> {
    return this.guard(async () => {
      const approvedBy = UserIdListSchema.parse(request.approvedBy ?? []);
      return this.queue.run(gameId, async () => {
        try {
          return await this.forgetting(gameId, async (tx) => {
            const { keepThroughSeq } = request;
            const old = await this.current(tx, gameId, expectedVersion);
            if (!Number.isInteger(keepThroughSeq) || keepThroughSeq < 0 || keepThroughSeq >= old.moveCount) {
              throw new UndoRangeError(gameId, keepThroughSeq, old.moveCount);
            }
            const now = new Date();
            const reopens = old.status === 'finished';
            await this.bump(tx, gameId, expectedVersion, {
              moveCount: keepThroughSeq,
              updatedAt: now,
              waitRestartedAt: now,
              ...(reopens
                ? { status: 'active', activeChannelKey: activeChannelKey(old.guildId, old.channelId, 'active') }
                : {}),
            });
            if (reopens) await tx.gameResult.deleteMany({ where: { gameId } });
            const removed = await tx.move.findMany({
              where: { gameId, seq: { gt: keepThroughSeq } },
              orderBy: { seq: 'asc' },
            });
            await tx.move.deleteMany({ where: { gameId, seq: { gt: keepThroughSeq } } });
            const undo = await tx.undoRecord.create({
              data: {
                gameId,
                fromSeq: keepThroughSeq + 1,
                toSeq: old.moveCount,
                requestedBy: request.requestedBy,
                approvedBy: JSON.stringify(approvedBy),
                reason: request.reason ?? '',
                moves: JSON.stringify(removed.map(toMove)),
                createdAt: now,
              },
            });
            await announce(
              tx,
              gameId,
              expectedVersion + 1,
              announcement === undefined ? undefined : JSON.stringify(announcement),
              now,
            );
            return { version: expectedVersion + 1, undo: toUndo(undo) };
          });
        } catch (error) {
          throw await this.gameChannelBusyOr(error, gameId);
        }
      });
    });
  }

  async listUndoRecords(gameId: string): Promise<UndoRecord[]> {
    return this.guard(async () => {
      const rows = await this.client.undoRecord.findMany({ where: { gameId }, orderBy: { id: 'asc' } });
      return rows.map(toUndo);
    });
  }

  async saveSnapshot(gameId: string, version: number, state: JsonValue): Promise<boolean> {
    return this.guard(async () => {
      const text = JSON.stringify(state);
      return this.queue.run(gameId, async () => {
        const { count } = await this.retryWhileBusy(() =>
          this.client.game.updateMany({
            where: { id: gameId, version },
            data: { snapshot: text, snapshotVersion: version },
          }),
        );
        const held = this.held.at(gameId, version);
        if (count === 1 && held) this.held.offer({ ...held, snapshot: { version, text } });
        return count === 1;
      });
    });
  }

  async listAnnouncements(gameId: string): Promise<StoredAnnouncement[]> {
    return this.guard(async () => {
      const rows = await this.client.announcement.findMany({ where: { gameId }, orderBy: { version: 'asc' } });
      return rows.map(toAnnouncement);
    });
  }

  async markAnnounced(gameId: string, throughVersion: number): Promise<void> {
    await this.guard(() =>
      this.retryWhileBusy(() =>
        this.client.announcement.deleteMany({ where: { gameId, version: { lte: throughVersion } } }),
      ),
    );
  }

  async statusMessageOf(gameId: string): Promise<string | null> {
    return this.guard(async () => {
      const row = await this.client.game.findUnique({ where: { id: gameId }, select: { statusMessageId: true } });
      return row?.statusMessageId ?? null;
    });
  }

  async setStatusMessage(gameId: string, messageId: string | null): Promise<void> {
    await this.guard(() =>
      this.retryWhileBusy(() =>
        this.client.game.updateMany({ where: { id: gameId }, data: { statusMessageId: messageId } }),
      ),
    );
  }

  async gamesToAnnounce(): Promise<string[]> {
    return this.guard(async () => {
      const rows = await this.client.announcement.findMany({ distinct: ['gameId'], select: { gameId: true } });
      return rows.map((r) => r.gameId);
    });
  }

  async claimReminder(wait: ReminderWait, step: number, now: Date, leaseUntil: Date): Promise<boolean> {
    return this.guard(() =>
      this.retryWhileBusy(async () => {
        await this.client.reminderState.deleteMany({ where: { gameId: wait.gameId, version: { lt: wait.version } } });
        await this.insertReminder(wait);
        // A conditional update is the claim: PostgreSQL re-checks the condition on the row a concurrent
        // claimer just updated, and SQLite runs writes one at a time, so only one process gets count 1.
        const { count } = await this.client.reminderState.updateMany({
          where: {
            ...wait,
            sentStep: { lt: step },
            OR: [{ leaseUntil: null }, { leaseUntil: { lt: now } }],
          },
          data: { claimedStep: step, leaseUntil },
        });
        return count === 1;
      }),
    );
  }

  async gamesDue(now: Date, limit: number): Promise<DueGame[]> {
    return this.guard(async () => {
      const rows = await this.client.game.findMany({
        where: { status: 'active', dueAt: { lte: now } },
        select: { id: true, guildId: true },
        orderBy: [{ dueAt: 'asc' }, { id: 'asc' }],
        take: limit,
      });
      return rows.map((r) => ({ gameId: r.id, guildId: r.guildId }));
    });
  }

  async setDueAt(gameId: string, version: number | null, at: Date | null): Promise<void> {
    await this.guard(() =>
      this.retryWhileBusy(() =>
        this.client.game.updateMany({
          where: { id: gameId, ...(version === null ? {} : { version }) },
          data: { dueAt: at },
        }),
      ),
    );
  }

  async settleReminder(wait: ReminderWait, step: number, sent: boolean): Promise<void> {
    await this.guard(() =>
      this.retryWhileBusy(() =>
        this.client.reminderState.updateMany({
          where: { ...wait, claimedStep: step },
          data: sent ? { sentStep: step, leaseUntil: null } : { leaseUntil: null },
        }),
      ),
    );
  }

  async muteReminders(wait: ReminderWait, step: number): Promise<void> {
    await this.guard(() =>
      this.retryWhileBusy(async () => {
        await this.insertReminder(wait);
        await this.client.reminderState.updateMany({
          where: { ...wait, sentStep: { lt: step } },
          data: { sentStep: step },
        });
      }),
    );
  }

  async claimInteraction(interactionId: string, claimant: string, now: Date): Promise<boolean> {
    // A SQLite file is one process's: nobody else can have the interaction, and a write (a sync on disk,
    // 6 ms here, on the main thread) for every interaction would cost what it protects against.
    if (this.kind === 'sqlite') return true;
    return this.guard(async () => {
      // One statement a minute keeps the table to the last 15 minutes' interactions.
      if (now.getTime() - this.claimsPrunedAt >= CLAIM_PRUNE_MS) {
        this.claimsPrunedAt = now.getTime();
        await this.client.interactionClaim.deleteMany({
          where: { claimedAt: { lt: new Date(now.getTime() - INTERACTION_CLAIM_MS) } },
        });
      }
      const inserted = await this.client
        .$executeRaw`INSERT INTO "InteractionClaim" ("id", "claimedAt", "claimedBy") VALUES (${interactionId}, ${now}, ${claimant}) ON CONFLICT DO NOTHING`;
      if (inserted === 1) return true;
      const claim = await this.client.interactionClaim.findUnique({ where: { id: interactionId } });
      return claim?.claimedBy === claimant;
    });
  }

  /** The wait's row, if it is not there yet (both providers know ON CONFLICT DO NOTHING). */
  private async insertReminder(wait: ReminderWait): Promise<void> {
    await this.client
      .$executeRaw`INSERT INTO "ReminderState" ("gameId", "version", "userId") VALUES (${wait.gameId}, ${wait.version}, ${wait.userId}) ON CONFLICT DO NOTHING`;
  }

  async beginInteraction(entry: InteractionInFlight): Promise<void> {
    await this.guard(() =>
      this.retryWhileBusy(() =>
        this.client.interactionInFlight.create({ data: { ...entry, guildId: entry.guildId ?? '' } }),
      ),
    );
  }

  async endInteraction(id: string): Promise<void> {
    await this.guard(() => this.retryWhileBusy(() => this.client.interactionInFlight.deleteMany({ where: { id } })));
  }

  async interactionsBefore(time: Date): Promise<InteractionInFlight[]> {
    return this.guard(async () => {
      const rows = await this.client.interactionInFlight.findMany({
        where: { startedAt: { lt: time } },
        orderBy: { startedAt: 'asc' },
      });
      return rows.map((r) => ({ ...r, guildId: r.guildId === '' ? null : r.guildId }));
    });
  }

  async getPreference(userId: string, guildId: string | null): Promise<PlayerPreference | null> {
    return this.guard(async () => {
      const row = await this.client.playerPreference.findUnique({
        where: { userId_guildId: { userId, guildId: guildId ?? '' } },
      });
      return row && toPreference(row);
    });
  }

  async digestUsers(): Promise<string[]> {
    return this.guard(async () => {
      // The data is JSON text written by setPreference: its digest key reads `"digest":true` when on.
      const rows = await this.client.playerPreference.findMany({
        where: { guildId: '', data: { contains: '"digest":true' } },
      });
      return rows.map(toPreference).flatMap((p) => (p.data.digest === true ? [p.userId] : []));
    });
  }

  async setPreference(userId: string, guildId: string | null, data: PreferenceData): Promise<PlayerPreference> {
    return this.guard(async () => {
      const text = JSON.stringify(PreferenceDataSchema.parse(data));
      const updatedAt = new Date();
      const row = await this.retryWhileBusy(() =>
        this.client.playerPreference.upsert({
          where: { userId_guildId: { userId, guildId: guildId ?? '' } },
          create: { userId, guildId: guildId ?? '', data: text, updatedAt },
          update: { data: text, updatedAt },
        }),
      );
      return toPreference(row);
    });
  }

  async close(): Promise<void> {
    await this.client.$disconnect();
  }

  /**
   * Every call: a database fault becomes StoreUnavailableError, reported to the operator. Also used by the
   * league's repository, which shares this store's connection (prisma-league-repo.ts).
   */
  guard<T>(work: () => Promise<T>): Promise<T> {
    return this.availability.guard(work);
  }

  transaction<T>(work: (tx: Tx) => Promise<T>, mode: 'write' | 'consistent-read' = 'write'): Promise<T> {
    // SQLite transactions are serializable anyway (and the adapter accepts nothing else); on
    // PostgreSQL a read of game + log needs one snapshot, writes rely on the conditional UPDATE.
    const isolationLevel = this.kind === 'postgresql' && mode === 'consistent-read' ? 'RepeatableRead' : undefined;
    // Generous limits: SQLite has one connection and runs one transaction at a time, so many games
    // writing at once queue for it.
    return this.retryWhileBusy(() =>
      this.client.$transaction(work, {
        maxWait: 60_000,
        timeout: 60_000,
        ...(isolationLevel && { isolationLevel: isolationLevel as Prisma.TransactionIsolationLevel }),
      }),
    );
  }

  /**
   * Another process holding SQLite's write lock makes a statement wait (SQLITE_BUSY_TIMEOUT_MS), and a
   * transaction that read before another process wrote cannot upgrade its lock at all: it fails at once
   * with SQLITE_BUSY (P1008 through the adapter). Nothing was committed then, so the whole operation is
   * retried.
   */
  async retryWhileBusy<T>(operation: () => Promise<T>): Promise<T> {
    if (this.kind !== 'sqlite') return operation();
    const deadline = Date.now() + BUSY_RETRY_MS;
    for (let delay = 2; ; delay = Math.min(delay * 2, 100)) {
      try {
        return await operation();
      } catch (error) {
        if (!isPrismaError(error, 'P1008') || Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, delay * (0.5 + Math.random())));
      }
    }
  }

  /** A write whose result is not held: the game is read again at its next load. */
  private async forgetting<T>(gameId: string, work: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      return await this.transaction(work);
    } finally {
      this.held.forget(gameId);
    }
  }

  /** A write this process holds the result of: if it fails (it may still have committed), the game is read again. */
  private async changing<T>(gameId: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      this.held.forget(gameId);
      throw error;
    }
  }

  /** The game row if it exists at `expectedVersion`. */
  private async current(tx: Tx, gameId: string, expectedVersion: number): Promise<GameFields> {
    const row = await tx.game.findUnique({ where: { id: gameId }, omit: withoutSnapshot });
    if (!row) throw new GameNotFoundError(gameId);
    if (row.version !== expectedVersion) throw new StaleVersionError(gameId, expectedVersion, row.version);
    return row;
  }

  /** Adds 1 to the version if it still is `expectedVersion` (the optimistic lock), with other changes. */
  private async bump(
    tx: Tx,
    gameId: string,
    expectedVersion: number,
    data: Prisma.GameUpdateInput,
  ): Promise<{ moveCount: number }> {
    try {
      return await tx.game.update({
        where: { id: gameId, version: expectedVersion },
        // A changed game is due the reminder pass at once: its wait may have begun, ended or changed.
        data: { ...data, version: expectedVersion + 1, dueAt: data.updatedAt },
        select: { moveCount: true },
      });
    } catch (error) {
      if (!isPrismaError(error, 'P2025')) throw error;
      const row = await tx.game.findUnique({ where: { id: gameId }, select: { version: true } });
      throw row ? new StaleVersionError(gameId, expectedVersion, row.version) : new GameNotFoundError(gameId);
    }
  }

  /** Maps a unique violation of the channel key to ChannelBusyError; returns other errors unchanged. */
  private async channelBusyOr(error: unknown, guildId: string, channelId: string): Promise<unknown> {
    if (!isPrismaError(error, 'P2002')) return error;
    const existing = await this.findActiveGameByChannel(guildId, channelId);
    return new ChannelBusyError(guildId, channelId, existing?.id ?? null);
  }

  /** The same for a change to a stored game, whose channel is read again (the refused change wrote nothing). */
  private async gameChannelBusyOr(error: unknown, gameId: string): Promise<unknown> {
    if (!isPrismaError(error, 'P2002')) return error;
    const game = await this.client.game.findUnique({
      where: { id: gameId },
      select: { guildId: true, channelId: true },
    });
    return game ? this.channelBusyOr(error, game.guildId, game.channelId) : error;
  }
}

/** Records, inside the change's transaction, what the channel must be told about it. */
async function announce(tx: Tx, gameId: string, version: number, payload: string | undefined, now: Date) {
  if (payload === undefined) return;
  await tx.announcement.create({ data: { gameId, version, payload, createdAt: now } });
}

function isPrismaError(error: unknown, code: string): boolean {
  return error instanceof Error && (error as { code?: unknown }).code === code;
}

function moveRow(gameId: string, m: NewMove, seq: number, now: Date) {
  return { gameId, seq, seat: m.seat, userId: m.userId, text: m.text, createdAt: now };
}

function seatRow(s: NewSeat, previous: Pick<SeatRow, 'userId' | 'joinedAt'>[], now: Date) {
  return {
    position: s.position,
    userId: s.userId,
    leechRules: JSON.stringify(LeechRulesSchema.parse(s.leechRules ?? [])),
    joinedAt: s.joinedAt ?? previous.find((p) => p.userId === s.userId)?.joinedAt ?? now,
    aiLevel: s.ai?.level ?? null,
    aiStandsInFor: s.ai?.standsInFor ?? null,
  };
}

/** Stored JSON that no longer matches its schema is corruption or a missing migration: a bug, so it throws. */
function parseStored<S extends z.ZodType>(schema: S, text: string, where: string): z.infer<S> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error(`${where} holds invalid JSON`);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new Error(`${where} does not match its schema: ${parsed.error.message}`);
  return parsed.data;
}

/** A held game as the port returns it: copies, checked like every read (the snapshot's JSON parsed afresh). */
function loadedOf(held: HeldGame): LoadedGame {
  const { game } = held;
  return {
    game: toGame({
      ...game,
      createdAt: new Date(game.createdAt),
      updatedAt: new Date(game.updatedAt),
      seats: game.seats.map((s) => ({ ...s, joinedAt: new Date(s.joinedAt) })),
    }),
    moves: held.moves.map((m) => toMove({ ...m, createdAt: new Date(m.createdAt) })),
    snapshot: held.snapshot && snapshotOf(held.game.id, held.snapshot),
    pending: held.pending.map((p) => toAnnouncement({ ...p, createdAt: new Date(p.createdAt) })),
  };
}

/**
 * A stored snapshot, or none when its cell is not JSON: it is only a cache of the log, so a damaged one
 * costs a replay (which writes it afresh), never the game.
 */
function snapshotOf(gameId: string, snapshot: { version: number; text: string }): LoadedGame['snapshot'] {
  try {
    return { version: snapshot.version, state: JSON.parse(snapshot.text) as JsonValue };
  } catch {
    log.warn({ gameId }, 'the game snapshot is not JSON; the game is replayed from its log');
    return null;
  }
}

/** A live game by the channel it is played in (or its thread). */
interface ChannelWhere {
  readonly guildId: string;
  readonly channelId: string;
}

function toGame(row: GameWithSeats): GameRecord {
  const status = GAME_STATUSES.find((s) => s === row.status);
  if (!status) throw new Error(`Game.status of ${row.id} is "${row.status}"`);
  if ((row.activeChannelKey !== null) !== isLive(status))
    throw new Error(`Game ${row.id}: activeChannelKey disagrees with status`);
  return {
    id: row.id,
    guildId: row.guildId,
    channelId: row.channelId,
    creatorUserId: row.creatorUserId,
    status,
    language: row.language,
    options: parseStored(GameOptionsSchema, row.options, `Game.options of ${row.id}`),
    settings: parseStored(GameSettingsSchema, row.settings, `Game.settings of ${row.id}`),
    seed: row.seed,
    version: row.version,
    moveCount: row.moveCount,
    seats: row.seats.map((s) => toSeat(s, row.id)),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    waitRestartedAt: row.waitRestartedAt,
    threadId: row.threadId,
  };
}

function toSeat(row: SeatRow, gameId: string): SeatRecord {
  return {
    position: row.position,
    userId: row.userId,
    leechRules: parseStored(LeechRulesSchema, row.leechRules, `Seat.leechRules of ${gameId}/${row.position}`),
    joinedAt: row.joinedAt,
    ai: aiSeatOf(row, gameId),
  };
}

/** A seat's AI columns, checked: a level this version does not know is corruption, and throws. */
function aiSeatOf(row: Pick<SeatRow, 'aiLevel' | 'aiStandsInFor' | 'position'>, gameId: string): AiSeat | null {
  if (row.aiLevel === null) return null;
  const level = AI_SEAT_LEVELS.find((l) => l === row.aiLevel);
  if (!level) throw new Error(`Seat.aiLevel of ${gameId}/${row.position} is "${row.aiLevel}"`);
  return { level, standsInFor: row.aiStandsInFor };
}

function toMove(row: Pick<MoveRow, 'seq' | 'seat' | 'userId' | 'text' | 'createdAt'>): MoveRecord {
  return { seq: row.seq, seat: row.seat, userId: row.userId, text: row.text, createdAt: row.createdAt };
}

function toAnnouncement(row: {
  gameId: string;
  version: number;
  payload: string;
  createdAt: Date;
}): StoredAnnouncement {
  return {
    version: row.version,
    payload: parseStored(z.json(), row.payload, `Announcement ${row.gameId}/${row.version}`) as JsonValue,
    createdAt: row.createdAt,
  };
}

const StoredMovesSchema = z.array(
  z.object({
    seq: z.number().int(),
    seat: z.number().int().nullable(),
    userId: z.string().nullable(),
    text: z.string(),
    createdAt: z.coerce.date(),
  }),
);

function toUndo(row: UndoRow): UndoRecord {
  return {
    id: row.id,
    gameId: row.gameId,
    fromSeq: row.fromSeq,
    toSeq: row.toSeq,
    requestedBy: row.requestedBy,
    approvedBy: parseStored(UserIdListSchema, row.approvedBy, `UndoRecord.approvedBy of ${row.id}`),
    reason: row.reason,
    moves: parseStored(StoredMovesSchema, row.moves, `UndoRecord.moves of ${row.id}`),
    createdAt: row.createdAt,
  };
}

function toPreference(row: { userId: string; guildId: string; data: string; updatedAt: Date }): PlayerPreference {
  return {
    userId: row.userId,
    guildId: row.guildId === '' ? null : row.guildId,
    data: parseStored(PreferenceDataSchema, row.data, `PlayerPreference.data of ${row.userId}`),
    updatedAt: row.updatedAt,
  };
}
