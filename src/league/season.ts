// A season: its rules (stored as JSON, read back through zod like everything stored), its sign-ups and its
// tables. docs/league.md describes each setting.
import { z } from 'zod';
import { isMapId, ORIGINAL_MAP_ID } from '../engine/index.ts';
import type { TimeoutAction } from '../game/settings.ts';

export const SEASON_STATUSES = ['signup', 'running', 'finished', 'cancelled'] as const;
export type SeasonStatus = (typeof SEASON_STATUSES)[number];

/** The rules a season's tables are played with (`PRESET_GAMES` in service.ts says what each means). */
export const SEASON_PRESETS = ['league', 'arena', 'base'] as const;
export type SeasonPreset = (typeof SEASON_PRESETS)[number];

/**
 * `single`: the players are split into groups of `groupSize` and each group plays one game. `bpa`: groups
 * of 7 play 7 four-player tables, each player four of them, once in each seat (the BPA tournament's).
 */
export const SEASON_FORMATS = ['single', 'bpa'] as const;
export type SeasonFormat = (typeof SEASON_FORMATS)[number];

/** What decides between players with equal points, in the order given. */
export const TIE_BREAKS = ['vp', 'wins', 'average-rank'] as const;
export type TieBreak = (typeof TIE_BREAKS)[number];

/** What a seat that dropped out scores: nothing, the last place's points, or its place by the VP it had. */
export const DROP_RULES = ['zero', 'last', 'as-played'] as const;
export type DropRule = (typeof DROP_RULES)[number];

/** How the players are ordered into divisions: rating, the last season's finish, or sign-up order. */
export const SEEDINGS = ['rating', 'last-season', 'signup'] as const;
export type Seeding = (typeof SEEDINGS)[number];

/** Where each table is played: a thread of the season's channel, or a channel of its own. */
export const TABLE_PLACES = ['thread', 'channel'] as const;
export type TablePlace = (typeof TABLE_PLACES)[number];

export const SEASON_LANGUAGES = ['en', 'es', 'it'] as const;

/**
 * What a table's move timer does to a seat whose time ran out (the game's own choices): pass and play on,
 * drop the faction (as terra.snellman.net), or hand the seat to an AI; the last two count as a drop.
 */
export const SEASON_TIMEOUTS = ['pass', 'drop', 'ai'] as const satisfies readonly TimeoutAction[];
export type SeasonTimeout = (typeof SEASON_TIMEOUTS)[number];

/** BPA groups: 7 players, 7 tables of 4. */
export const BPA_GROUP = 7;

/** terra.snellman.net's league and the BPA tournament: 10/6/3/1 for a table of four. */
export const DEFAULT_PLACEMENT_POINTS = [10, 6, 3, 1] as const;

const PointsSchema = z.discriminatedUnion('kind', [
  /** Points by place, for a table of `table.length`; other table sizes scale it (points.ts). */
  z.object({
    kind: z.literal('placement'),
    table: z
      .array(z.number().min(0))
      .min(2)
      .max(5)
      .default([...DEFAULT_PLACEMENT_POINTS]),
  }),
  /** Each seat scores its final VP. */
  z.object({ kind: z.literal('vp') }),
]);
export type SeasonPoints = z.infer<typeof PointsSchema>;

export const SeasonConfigSchema = z.object({
  preset: z.enum(SEASON_PRESETS).default('league'),
  /** Table n plays maps[(n - 1) % maps.length]. */
  maps: z.array(z.string().refine(isMapId, 'unknown map')).min(1).default([ORIGINAL_MAP_ID]),
  moveTimerHours: z.number().int().min(12).max(336).nullable().default(null),
  onTimeout: z.enum(SEASON_TIMEOUTS).default('pass'),
  groupSize: z.number().int().min(3).max(5).default(4),
  format: z.enum(SEASON_FORMATS).default('single'),
  points: PointsSchema.default({ kind: 'placement', table: [...DEFAULT_PLACEMENT_POINTS] }),
  tieBreaks: z.array(z.enum(TIE_BREAKS)).max(TIE_BREAKS.length).default(['vp', 'wins']),
  dropRule: z.enum(DROP_RULES).default('zero'),
  /** At most this many players; later sign-ups wait for a place. Null: no cap. */
  cap: z.number().int().min(2).nullable().default(null),
  /** Only members with this role may sign up. Null: anyone. */
  signupRoleId: z.string().nullable().default(null),
  seeding: z.enum(SEEDINGS).default('rating'),
  /** The season whose final standings seed this one (`last-season`). */
  previousSeasonId: z.string().nullable().default(null),
  /** Players per division, a multiple of the group (4 → groups of 4, bpa → 7); null: one division. */
  divisionSize: z.number().int().min(3).nullable().default(null),
  /** Marked for promotion (from every division but the first) and relegation (from all but the last). */
  promote: z.number().int().min(0).default(2),
  relegate: z.number().int().min(0).default(2),
  tables: z.enum(TABLE_PLACES).default('thread'),
  language: z.enum(SEASON_LANGUAGES).default('en'),
});
export type SeasonConfig = z.infer<typeof SeasonConfigSchema>;
export type SeasonConfigInput = z.input<typeof SeasonConfigSchema>;

/** Seats at every table of the season: BPA tables are always four. */
export function tableSize(config: SeasonConfig): number {
  return config.format === 'bpa' ? 4 : config.groupSize;
}

/** Players in one group: a table's worth, or 7 for BPA. */
export function groupPlayers(config: SeasonConfig): number {
  return config.format === 'bpa' ? BPA_GROUP : config.groupSize;
}

export interface SeasonRecord {
  readonly id: string;
  readonly guildId: string;
  readonly channelId: string;
  readonly name: string;
  readonly status: SeasonStatus;
  readonly config: SeasonConfig;
  /** Sign-up closes then; null: when the admin starts the season. */
  readonly signupClosesAt: Date | null;
  readonly signupMessageId: string | null;
  readonly standingsMessageId: string | null;
  readonly createdBy: string;
  readonly version: number;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

export interface SeasonEntry {
  readonly userId: string;
  /** `waiting`: signed up past the cap (or left over when the tables were made). */
  readonly status: 'player' | 'waiting';
  readonly signedUpAt: Date;
  /** 1 is the top division; null before the season starts. */
  readonly division: number | null;
  /** Place in the seeding order (1 first); null before the season starts. */
  readonly seed: number | null;
}

export interface SeasonSeat {
  /** 0-based: the game's seat, and so the turn order of the first round. */
  readonly position: number;
  /** The player the league seated here; the standings credit (or debit) them. */
  readonly userId: string;
  /** Who plays the seat instead, once the admin replaced the player: a member, or an AI seat's id (`ai:ada`). */
  readonly substituteId: string | null;
}

export interface SeasonTable {
  /** 1, 2, … through the season. */
  readonly number: number;
  readonly division: number;
  /** 1, 2, … within the division. */
  readonly group: number;
  /** Where it is played, once the bot opened it. */
  readonly channelId: string | null;
  readonly gameId: string | null;
  readonly seats: readonly SeasonSeat[];
}

export interface LoadedSeason {
  readonly season: SeasonRecord;
  /** In sign-up order. */
  readonly entries: readonly SeasonEntry[];
  /** By number. */
  readonly tables: readonly SeasonTable[];
}

/** The map a table plays. */
export function mapOfTable(config: SeasonConfig, table: number): string {
  return config.maps[(table - 1) % config.maps.length]!;
}
