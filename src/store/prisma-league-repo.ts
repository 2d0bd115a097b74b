// LeagueRepo on Prisma, sharing the game store's connection, fault handling and transactions: results,
// servers' league settings, seasons with their sign-ups, tables and seats.
import { randomUUID } from 'node:crypto';
import type { GameResult } from '../game/result.ts';
import type { RatingGame, RatingSeat } from '../league/ratings.ts';
import {
  type GuildLeague,
  type LeagueRepo,
  type NewSeason,
  RATING_SCOPES,
  type ResultQuery,
  type SeasonChange,
  type SeasonMessage,
  SeasonNameTakenError,
  SeasonNotFoundError,
  StaleSeasonError,
} from '../league/repo.ts';
import {
  type LoadedSeason,
  SEASON_STATUSES,
  SeasonConfigSchema,
  type SeasonRecord,
  type SeasonStatus,
} from '../league/season.ts';
import { Prisma } from '../generated/sqlite/client.ts';
import type { PrismaGameRepo, Tx } from './prisma-repo.ts';
import { type ResultRow, toResult, writeResult } from './results.ts';

const seasonInclude = {
  entries: { orderBy: [{ signedUpAt: 'asc' }, { userId: 'asc' }] },
  tables: { orderBy: { number: 'asc' }, include: { seats: { orderBy: { position: 'asc' } } } },
} satisfies Prisma.SeasonInclude;

interface SeasonRow {
  id: string;
  guildId: string;
  channelId: string;
  name: string;
  status: string;
  config: string;
  signupClosesAt: Date | null;
  signupMessageId: string | null;
  standingsMessageId: string | null;
  createdBy: string;
  version: number;
  createdAt: Date;
  updatedAt: Date;
}

interface LoadedRow extends SeasonRow {
  entries: { userId: string; status: string; signedUpAt: Date; division: number | null; seed: number | null }[];
  tables: {
    number: number;
    division: number;
    group: number;
    channelId: string | null;
    gameId: string | null;
    seats: { position: number; userId: string; substituteId: string | null }[];
  }[];
}

export class PrismaLeagueRepo implements LeagueRepo {
  constructor(private readonly store: PrismaGameRepo) {}

  private get client() {
    return this.store.client;
  }

  /**
   * One statement: the chosen results joined with their seats. Reading 10,000 results with Prisma's
   * include (a second query with every id) took seconds; the join, a fraction of that.
   */
  async listResults(query: ResultQuery): Promise<GameResult[]> {
    return this.store.guard(async () => {
      const conditions = [Prisma.sql`r."guildId" = ${query.guildId}`];
      if (query.channelId !== undefined) conditions.push(Prisma.sql`r."channelId" = ${query.channelId}`);
      if (query.userId !== undefined)
        conditions.push(
          Prisma.sql`EXISTS (SELECT 1 FROM "ResultSeat" u WHERE u."gameId" = r."gameId" AND u."userId" = ${query.userId})`,
        );
      if (query.gameIds) {
        if (query.gameIds.length === 0) return [];
        conditions.push(Prisma.sql`r."gameId" IN (${Prisma.join([...query.gameIds])})`);
      }
      if (query.leagueOnly)
        conditions.push(Prisma.sql`EXISTS (SELECT 1 FROM "SeasonTable" t WHERE t."gameId" = r."gameId")`);
      const direction = query.newestFirst ? Prisma.sql`DESC` : Prisma.sql`ASC`;
      const order = Prisma.sql`r."finishedAt" ${direction}, r."gameId" ${direction}`;
      const limit = query.limit === undefined ? Prisma.empty : Prisma.sql`LIMIT ${query.limit}`;
      const rows = await this.client.$queryRaw<JoinedRow[]>`
        SELECT r."gameId", r."guildId", r."channelId", r."finishedAt", r."map", r."options",
          s."position", s."userId", s."faction", s."vp", s."rank", s."dropped", s."ai"
        FROM (SELECT * FROM "GameResult" r WHERE ${Prisma.join(conditions, ' AND ')} ORDER BY ${order} ${limit}) r
        JOIN "ResultSeat" s ON s."gameId" = r."gameId"
        ORDER BY ${order}, s."position" ASC`;
      return groupResults(rows);
    });
  }

  async listRatingGames(guildId: string, leagueOnly: boolean): Promise<RatingGame[]> {
    return this.store.guard(async () => {
      const league = leagueOnly
        ? Prisma.sql`AND EXISTS (SELECT 1 FROM "SeasonTable" t WHERE t."gameId" = r."gameId")`
        : Prisma.empty;
      const rows = await this.client.$queryRaw<RatingRow[]>`
        SELECT r."gameId", r."finishedAt", r."map", s."userId", s."faction", s."vp", s."dropped", s."ai"
        FROM "GameResult" r JOIN "ResultSeat" s ON s."gameId" = r."gameId"
        WHERE r."guildId" = ${guildId} ${league}
        ORDER BY r."finishedAt" ASC, r."gameId" ASC, s."position" ASC`;
      const games: { id: string; finishedAt: Date; map: string; factions: RatingSeat[] }[] = [];
      for (const row of rows) {
        let game = games.at(-1);
        if (game?.id !== row.gameId) {
          game = { id: row.gameId, finishedAt: new Date(row.finishedAt), map: row.map, factions: [] };
          games.push(game);
        }
        game.factions.push({
          player: row.userId,
          faction: row.faction,
          vp: Number(row.vp),
          dropped: Boolean(row.dropped),
          ai: Boolean(row.ai),
        });
      }
      return games;
    });
  }

  async saveResult(result: GameResult): Promise<void> {
    await this.store.guard(() => this.store.transaction((tx) => writeResult(tx, result, new Date())));
  }

  async finishedWithoutResult(limit: number): Promise<string[]> {
    return this.store.guard(async () => {
      const rows = await this.client.game.findMany({
        where: { status: 'finished', result: null },
        select: { id: true },
        orderBy: { updatedAt: 'asc' },
        take: limit,
      });
      return rows.map((r) => r.id);
    });
  }

  async guildLeague(guildId: string): Promise<GuildLeague> {
    return this.store.guard(async () => {
      const row = await this.client.guildLeague.findUnique({ where: { guildId } });
      return row ? toGuildLeague(row) : { guildId, ratings: 'off', adminRoleId: null };
    });
  }

  async setGuildLeague(guildId: string, patch: Partial<Omit<GuildLeague, 'guildId'>>): Promise<GuildLeague> {
    return this.store.guard(async () => {
      const data = { ...patch, updatedAt: new Date() };
      const row = await this.store.retryWhileBusy(() =>
        this.client.guildLeague.upsert({ where: { guildId }, create: { guildId, ...data }, update: data }),
      );
      return toGuildLeague(row);
    });
  }

  async createSeason(input: NewSeason): Promise<LoadedSeason> {
    return this.store.guard(async () => {
      const now = new Date();
      try {
        const row = await this.store.retryWhileBusy(() =>
          this.client.season.create({
            data: {
              id: randomUUID(),
              guildId: input.guildId,
              channelId: input.channelId,
              name: input.name,
              status: 'signup',
              config: JSON.stringify(SeasonConfigSchema.parse(input.config)),
              signupClosesAt: input.signupClosesAt,
              createdBy: input.createdBy,
              createdAt: now,
              updatedAt: now,
            },
            include: seasonInclude,
          }),
        );
        return toLoaded(row);
      } catch (error) {
        if ((error as { code?: unknown }).code === 'P2002') throw new SeasonNameTakenError(input.name);
        throw error;
      }
    });
  }

  async loadSeason(seasonId: string): Promise<LoadedSeason | null> {
    return this.store.guard(async () => {
      const row = await this.store.transaction(
        (tx) => tx.season.findUnique({ where: { id: seasonId }, include: seasonInclude }),
        'consistent-read',
      );
      return row ? toLoaded(row) : null;
    });
  }

  async findSeason(guildId: string, name: string): Promise<LoadedSeason | null> {
    return this.store.guard(async () => {
      const row = await this.store.transaction(
        (tx) => tx.season.findUnique({ where: { guildId_name: { guildId, name } }, include: seasonInclude }),
        'consistent-read',
      );
      return row ? toLoaded(row) : null;
    });
  }

  async listSeasons(guildId: string, statuses?: readonly SeasonStatus[]): Promise<SeasonRecord[]> {
    return this.store.guard(async () => {
      const rows = await this.client.season.findMany({
        where: { guildId, ...(statuses ? { status: { in: [...statuses] } } : {}) },
        orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
      });
      return rows.map(toSeason);
    });
  }

  async changeSeason(seasonId: string, expectedVersion: number, change: SeasonChange): Promise<LoadedSeason> {
    return this.store.guard(() =>
      this.store.transaction(async (tx) => {
        await bumpSeason(tx, seasonId, expectedVersion, {
          ...(change.status ? { status: change.status } : {}),
          ...(change.config ? { config: JSON.stringify(SeasonConfigSchema.parse(change.config)) } : {}),
          ...(change.signupClosesAt === undefined ? {} : { signupClosesAt: change.signupClosesAt }),
        });
        for (const e of change.entries ?? []) {
          const row = { status: e.status, signedUpAt: e.signedUpAt, division: e.division, seed: e.seed };
          await tx.seasonEntry.upsert({
            where: { seasonId_userId: { seasonId, userId: e.userId } },
            create: { seasonId, userId: e.userId, ...row },
            update: row,
          });
        }
        if (change.removeEntries?.length)
          await tx.seasonEntry.deleteMany({ where: { seasonId, userId: { in: [...change.removeEntries] } } });
        for (const t of change.tables ?? []) {
          await tx.seasonTable.create({
            data: {
              seasonId,
              number: t.number,
              division: t.division,
              group: t.group,
              seats: { create: t.seats.map((s) => ({ position: s.position, userId: s.userId })) },
            },
          });
        }
        for (const s of change.substitutes ?? []) {
          await tx.seasonSeat.update({
            where: { seasonId_tableNumber_position: { seasonId, tableNumber: s.table, position: s.position } },
            data: { substituteId: s.substituteId },
          });
        }
        return toLoaded(await tx.season.findUniqueOrThrow({ where: { id: seasonId }, include: seasonInclude }));
      }),
    );
  }

  async setTableChannel(seasonId: string, table: number, channelId: string): Promise<boolean> {
    return this.store.guard(async () => {
      const { count } = await this.store.retryWhileBusy(() =>
        this.client.seasonTable.updateMany({
          where: { seasonId, number: table, channelId: null },
          data: { channelId },
        }),
      );
      return count === 1;
    });
  }

  async setTableGame(seasonId: string, table: number, gameId: string): Promise<boolean> {
    return this.store.guard(async () => {
      const { count } = await this.store.retryWhileBusy(() =>
        this.client.seasonTable.updateMany({ where: { seasonId, number: table, gameId: null }, data: { gameId } }),
      );
      return count === 1;
    });
  }

  async setSeasonMessage(seasonId: string, kind: SeasonMessage, messageId: string | null): Promise<void> {
    await this.store.guard(() =>
      this.store.retryWhileBusy(() =>
        this.client.season.updateMany({
          where: { id: seasonId },
          data: kind === 'signup' ? { signupMessageId: messageId } : { standingsMessageId: messageId },
        }),
      ),
    );
  }

  async tableOfGame(gameId: string): Promise<{ seasonId: string; table: number } | null> {
    return this.store.guard(async () => {
      const row = await this.client.seasonTable.findUnique({
        where: { gameId },
        select: { seasonId: true, number: true },
      });
      return row && { seasonId: row.seasonId, table: row.number };
    });
  }
}

interface RatingRow {
  gameId: string;
  finishedAt: Date;
  map: string;
  userId: string;
  faction: string;
  vp: number | bigint;
  dropped: boolean | number;
  ai: boolean | number;
}

interface JoinedRow extends Omit<ResultRow, 'seats'> {
  position: number | bigint;
  userId: string;
  faction: string;
  vp: number | bigint;
  rank: number | bigint;
  dropped: boolean | number;
  ai: boolean | number;
}

/** Rows of results joined with their seats, in order, back into results. */
function groupResults(rows: readonly JoinedRow[]): GameResult[] {
  const out: ResultRow[] = [];
  for (const row of rows) {
    let last = out.at(-1);
    if (last?.gameId !== row.gameId) {
      last = { ...row, finishedAt: new Date(row.finishedAt), seats: [] };
      out.push(last);
    }
    last.seats.push({
      position: Number(row.position),
      userId: row.userId,
      faction: row.faction,
      vp: Number(row.vp),
      rank: Number(row.rank),
      dropped: Boolean(row.dropped),
      ai: Boolean(row.ai),
    });
  }
  return out.map(toResult);
}

/** Adds 1 to the season's version if it still is `expectedVersion`, with other changes. */
async function bumpSeason(
  tx: Tx,
  seasonId: string,
  expectedVersion: number,
  data: { status?: string; config?: string; signupClosesAt?: Date | null },
): Promise<void> {
  const { count } = await tx.season.updateMany({
    where: { id: seasonId, version: expectedVersion },
    data: { ...data, version: expectedVersion + 1, updatedAt: new Date() },
  });
  if (count === 1) return;
  const exists = await tx.season.findUnique({ where: { id: seasonId }, select: { id: true } });
  throw exists ? new StaleSeasonError(seasonId, expectedVersion) : new SeasonNotFoundError(seasonId);
}

function toGuildLeague(row: { guildId: string; ratings: string; adminRoleId: string | null }): GuildLeague {
  const ratings = RATING_SCOPES.find((r) => r === row.ratings);
  if (!ratings) throw new Error(`GuildLeague.ratings of ${row.guildId} is "${row.ratings}"`);
  return { guildId: row.guildId, ratings, adminRoleId: row.adminRoleId };
}

function toSeason(row: SeasonRow): SeasonRecord {
  const status = SEASON_STATUSES.find((s) => s === row.status);
  if (!status) throw new Error(`Season.status of ${row.id} is "${row.status}"`);
  const config = SeasonConfigSchema.safeParse(JSON.parse(row.config));
  if (!config.success) throw new Error(`Season.config of ${row.id} does not match its schema: ${config.error.message}`);
  return {
    id: row.id,
    guildId: row.guildId,
    channelId: row.channelId,
    name: row.name,
    status,
    config: config.data,
    signupClosesAt: row.signupClosesAt,
    signupMessageId: row.signupMessageId,
    standingsMessageId: row.standingsMessageId,
    createdBy: row.createdBy,
    version: row.version,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

function toLoaded(row: LoadedRow): LoadedSeason {
  return {
    season: toSeason(row),
    entries: row.entries.map((e) => {
      if (e.status !== 'player' && e.status !== 'waiting')
        throw new Error(`SeasonEntry.status of ${row.id}/${e.userId} is "${e.status}"`);
      return { userId: e.userId, status: e.status, signedUpAt: e.signedUpAt, division: e.division, seed: e.seed };
    }),
    tables: row.tables.map((t) => ({
      number: t.number,
      division: t.division,
      group: t.group,
      channelId: t.channelId,
      gameId: t.gameId,
      seats: t.seats.map((s) => ({ position: s.position, userId: s.userId, substituteId: s.substituteId })),
    })),
  };
}
