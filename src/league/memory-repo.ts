// In-memory LeagueRepo with the same semantics as the Prisma store (the contract tests run against both).
// Results are the in-memory game store's own, as the database's are the game tables' neighbours.
import { randomUUID } from 'node:crypto';
import type { MemoryGameRepo } from '../game/memory-repo.ts';
import type { GameResult } from '../game/result.ts';
import {
  type GuildLeague,
  type LeagueRepo,
  type NewSeason,
  type ResultQuery,
  type SeasonChange,
  type SeasonMessage,
  SeasonNameTakenError,
  SeasonNotFoundError,
  StaleSeasonError,
} from './repo.ts';
import { type RatingGame, ratingGame } from './ratings.ts';
import { type LoadedSeason, SeasonConfigSchema, type SeasonRecord, type SeasonStatus } from './season.ts';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

export class MemoryLeagueRepo implements LeagueRepo {
  private readonly guilds = new Map<string, GuildLeague>();
  private readonly seasons = new Map<string, Mutable<LoadedSeason>>();

  constructor(private readonly games: MemoryGameRepo) {}

  async listResults(query: ResultQuery): Promise<GameResult[]> {
    const league = new Set(
      [...this.seasons.values()]
        .filter((s) => s.season.guildId === query.guildId)
        .flatMap((s) => s.tables.flatMap((t) => (t.gameId ? [t.gameId] : []))),
    );
    const chosen = this.games
      .storedResults()
      .filter(
        (r) =>
          r.guildId === query.guildId &&
          (query.channelId === undefined || r.channelId === query.channelId) &&
          (query.userId === undefined || r.seats.some((s) => s.userId === query.userId)) &&
          (!query.leagueOnly || league.has(r.gameId)) &&
          (!query.gameIds || query.gameIds.includes(r.gameId)),
      )
      .sort((a, b) => a.finishedAt.getTime() - b.finishedAt.getTime() || (a.gameId < b.gameId ? -1 : 1));
    if (query.newestFirst) chosen.reverse();
    return query.limit === undefined ? chosen : chosen.slice(0, query.limit);
  }

  async listRatingGames(guildId: string, leagueOnly: boolean): Promise<RatingGame[]> {
    return (await this.listResults({ guildId, leagueOnly })).map(ratingGame);
  }

  async saveResult(result: GameResult): Promise<void> {
    this.games.saveResult(result);
  }

  async finishedWithoutResult(limit: number): Promise<string[]> {
    const stored = new Set(this.games.storedResults().map((r) => r.gameId));
    const finished = await this.games.listGames({ status: ['finished'], limit: Number.MAX_SAFE_INTEGER });
    return finished
      .filter((g) => !stored.has(g.id))
      .reverse()
      .slice(0, limit)
      .map((g) => g.id);
  }

  async guildLeague(guildId: string): Promise<GuildLeague> {
    return structuredClone(this.guilds.get(guildId) ?? { guildId, ratings: 'off', adminRoleId: null });
  }

  async setGuildLeague(guildId: string, patch: Partial<Omit<GuildLeague, 'guildId'>>): Promise<GuildLeague> {
    const next = { ...(await this.guildLeague(guildId)), ...patch };
    this.guilds.set(guildId, next);
    return structuredClone(next);
  }

  async createSeason(input: NewSeason): Promise<LoadedSeason> {
    if ([...this.seasons.values()].some((s) => s.season.guildId === input.guildId && s.season.name === input.name))
      throw new SeasonNameTakenError(input.name);
    const now = new Date();
    const season: SeasonRecord = {
      id: randomUUID(),
      guildId: input.guildId,
      channelId: input.channelId,
      name: input.name,
      status: 'signup',
      config: SeasonConfigSchema.parse(input.config),
      signupClosesAt: input.signupClosesAt,
      signupMessageId: null,
      standingsMessageId: null,
      createdBy: input.createdBy,
      version: 1,
      createdAt: now,
      updatedAt: now,
    };
    this.seasons.set(season.id, { season, entries: [], tables: [] });
    return structuredClone(this.seasons.get(season.id)!);
  }

  async loadSeason(seasonId: string): Promise<LoadedSeason | null> {
    const s = this.seasons.get(seasonId);
    return s ? structuredClone(s) : null;
  }

  async findSeason(guildId: string, name: string): Promise<LoadedSeason | null> {
    const s = [...this.seasons.values()].find((x) => x.season.guildId === guildId && x.season.name === name);
    return s ? structuredClone(s) : null;
  }

  async listSeasons(guildId: string, statuses?: readonly SeasonStatus[]): Promise<SeasonRecord[]> {
    return structuredClone(
      [...this.seasons.values()]
        .map((s) => s.season)
        .filter((s) => s.guildId === guildId && (!statuses || statuses.includes(s.status)))
        .reverse(),
    );
  }

  async changeSeason(seasonId: string, expectedVersion: number, change: SeasonChange): Promise<LoadedSeason> {
    const stored = this.seasons.get(seasonId);
    if (!stored) throw new SeasonNotFoundError(seasonId);
    if (stored.season.version !== expectedVersion) throw new StaleSeasonError(seasonId, expectedVersion);
    for (const s of change.substitutes ?? []) {
      const seat = stored.tables.find((t) => t.number === s.table)?.seats.find((x) => x.position === s.position);
      if (!seat) throw new RangeError(`no seat ${s.position} at table ${s.table}`);
    }
    const replaced = new Set([...(change.entries ?? []).map((e) => e.userId), ...(change.removeEntries ?? [])]);
    const entries = [...stored.entries.filter((e) => !replaced.has(e.userId)), ...(change.entries ?? [])].sort(
      (a, b) => a.signedUpAt.getTime() - b.signedUpAt.getTime() || (a.userId < b.userId ? -1 : 1),
    );
    const tables = [
      ...stored.tables.map((t) => ({
        ...t,
        seats: t.seats.map((seat) => {
          const sub = change.substitutes?.find((s) => s.table === t.number && s.position === seat.position);
          return sub ? { ...seat, substituteId: sub.substituteId } : seat;
        }),
      })),
      ...(change.tables ?? []).map((t) => ({
        ...t,
        channelId: null,
        gameId: null,
        seats: t.seats.map((s) => ({ ...s, substituteId: null })).sort((a, b) => a.position - b.position),
      })),
    ].sort((a, b) => a.number - b.number);
    stored.season = {
      ...stored.season,
      ...(change.status ? { status: change.status } : {}),
      ...(change.config ? { config: change.config } : {}),
      ...(change.signupClosesAt === undefined ? {} : { signupClosesAt: change.signupClosesAt }),
      version: expectedVersion + 1,
      updatedAt: new Date(),
    };
    stored.entries = structuredClone(entries);
    stored.tables = structuredClone(tables);
    return structuredClone(stored);
  }

  async setTableChannel(seasonId: string, table: number, channelId: string): Promise<boolean> {
    return this.setTable(seasonId, table, 'channelId', channelId);
  }

  async setTableGame(seasonId: string, table: number, gameId: string): Promise<boolean> {
    return this.setTable(seasonId, table, 'gameId', gameId);
  }

  private setTable(seasonId: string, number: number, key: 'channelId' | 'gameId', value: string): boolean {
    const stored = this.seasons.get(seasonId);
    const table = stored?.tables.find((t) => t.number === number);
    if (!stored || !table || table[key] !== null) return false;
    stored.tables = stored.tables.map((t) => (t === table ? { ...t, [key]: value } : t));
    return true;
  }

  async setSeasonMessage(seasonId: string, kind: SeasonMessage, messageId: string | null): Promise<void> {
    const stored = this.seasons.get(seasonId);
    if (!stored) return;
    stored.season = {
      ...stored.season,
      ...(kind === 'signup' ? { signupMessageId: messageId } : { standingsMessageId: messageId }),
    };
  }

  async tableOfGame(gameId: string): Promise<{ seasonId: string; table: number } | null> {
    for (const s of this.seasons.values()) {
      const t = s.tables.find((x) => x.gameId === gameId);
      if (t) return { seasonId: s.season.id, table: t.number };
    }
    return null;
  }
}
