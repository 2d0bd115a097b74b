// The league's persistence port: finished games' results (written by the game store when a game ends,
// read here), each server's league settings, and seasons with their sign-ups and tables.
// Implementations: memory-repo.ts (tests) and src/store/prisma-league-repo.ts (SQLite or PostgreSQL).
import type { GameResult } from '../game/result.ts';
import type { RatingGame } from './ratings.ts';
import type { LoadedSeason, SeasonConfig, SeasonEntry, SeasonRecord, SeasonStatus } from './season.ts';

export const RATING_SCOPES = ['off', 'all', 'league'] as const;
/** Which of a server's finished games are rated: none (the default), all, or its league tables only. */
export type RatingScope = (typeof RATING_SCOPES)[number];

export interface GuildLeague {
  readonly guildId: string;
  readonly ratings: RatingScope;
  /** Members with this role may run seasons, besides those with Manage Server. */
  readonly adminRoleId: string | null;
}

export interface ResultQuery {
  readonly guildId: string;
  readonly channelId?: string;
  /** Games this user sat in. */
  readonly userId?: string;
  /** Only games played as a season's table. */
  readonly leagueOnly?: boolean;
  readonly gameIds?: readonly string[];
  /** Default: oldest first, every result (ratings read them so). */
  readonly newestFirst?: boolean;
  readonly limit?: number;
}

export interface NewSeason {
  readonly guildId: string;
  readonly channelId: string;
  readonly name: string;
  readonly config: SeasonConfig;
  readonly signupClosesAt: Date | null;
  readonly createdBy: string;
}

export interface NewSeasonTable {
  readonly number: number;
  readonly division: number;
  readonly group: number;
  readonly seats: readonly { readonly position: number; readonly userId: string }[];
}

/** One change to a season, written with its version bump in one transaction. */
export interface SeasonChange {
  readonly status?: SeasonStatus;
  /** The whole of the new settings (only while the season signs up). */
  readonly config?: SeasonConfig;
  readonly signupClosesAt?: Date | null;
  /** Added, or replacing the entry of the same user. */
  readonly entries?: readonly SeasonEntry[];
  /** Users whose entries go. */
  readonly removeEntries?: readonly string[];
  readonly tables?: readonly NewSeasonTable[];
  readonly substitutes?: readonly {
    readonly table: number;
    readonly position: number;
    readonly substituteId: string;
  }[];
}

export type SeasonMessage = 'signup' | 'standings';

export interface LeagueRepo {
  /** Results of the server's finished games, as `query` selects them. */
  listResults(query: ResultQuery): Promise<GameResult[]>;
  /**
   * The server's finished games as the ratings read them, oldest first (league tables only with
   * `leagueOnly`): the columns the rating needs, in one statement, for the one read that takes every result.
   */
  listRatingGames(guildId: string, leagueOnly: boolean): Promise<RatingGame[]>;
  /** Stores a result recomputed from its game's log, replacing the one stored. */
  saveResult(result: GameResult): Promise<void>;
  /** Finished games without a stored result (finished before results were kept), at most `limit`. */
  finishedWithoutResult(limit: number): Promise<string[]>;

  guildLeague(guildId: string): Promise<GuildLeague>;
  setGuildLeague(guildId: string, patch: Partial<Omit<GuildLeague, 'guildId'>>): Promise<GuildLeague>;

  /** @throws SeasonNameTakenError */
  createSeason(input: NewSeason): Promise<LoadedSeason>;
  loadSeason(seasonId: string): Promise<LoadedSeason | null>;
  findSeason(guildId: string, name: string): Promise<LoadedSeason | null>;
  /** Newest first. */
  listSeasons(guildId: string, statuses?: readonly SeasonStatus[]): Promise<SeasonRecord[]>;
  /** @throws SeasonNotFoundError, StaleSeasonError (another change came first: nothing written) */
  changeSeason(seasonId: string, expectedVersion: number, change: SeasonChange): Promise<LoadedSeason>;
  /**
   * Records where a table is played, or its game, unless it has one already (a second bot process that
   * opened it too). True when this call recorded it. Never changes the season's version.
   */
  setTableChannel(seasonId: string, table: number, channelId: string): Promise<boolean>;
  setTableGame(seasonId: string, table: number, gameId: string): Promise<boolean>;
  /** The message the season's sign-up or standings were posted as (null: forget it). */
  setSeasonMessage(seasonId: string, kind: SeasonMessage, messageId: string | null): Promise<void>;
  /** The season table a game is played as, if any. */
  tableOfGame(gameId: string): Promise<{ seasonId: string; table: number } | null>;
}

export class SeasonNotFoundError extends Error {
  readonly code = 'season_not_found';
  constructor(readonly seasonId: string) {
    super(`season ${seasonId} does not exist`);
    this.name = 'SeasonNotFoundError';
  }
}

export class StaleSeasonError extends Error {
  readonly code = 'stale_season';
  constructor(
    readonly seasonId: string,
    readonly expectedVersion: number,
  ) {
    super(`season ${seasonId} moved on from version ${expectedVersion}`);
    this.name = 'StaleSeasonError';
  }
}

export class SeasonNameTakenError extends Error {
  readonly code = 'season_name_taken';
  constructor(readonly seasonName: string) {
    super(`the server already has a season named ${seasonName}`);
    this.name = 'SeasonNameTakenError';
  }
}
