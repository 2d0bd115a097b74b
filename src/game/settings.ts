// The service's own keys in a game's settings (the store keeps unknown keys, so these need no
// migration) and the engine options, both read back through zod like everything stored.
import { z } from 'zod';
import { isFinalScoringTile, isMapId, isOptionId, ORIGINAL_MAP_ID, type OptionId } from '../engine/index.ts';
import { fail } from './errors.ts';
import type { GameOptions, GameRecord } from './repo.ts';

export const FACTION_MODES = ['turn-order', 'random', 'recommended', 'auction'] as const;
export type FactionMode = (typeof FACTION_MODES)[number];
export const SEAT_ORDERS = ['random', 'joined'] as const;
/**
 * What the move timer does to the seats it runs out on: `pass` (the default) answers for them as little as
 * the rules allow (pass the round, decline an offer, make the choice owed) and they play on; `drop` removes
 * the faction from the game, as terra.snellman.net does; `ai` hands the seat to the AI (normal level), which
 * plays on at once until its player takes the seat back.
 */
export const TIMEOUT_ACTIONS = ['pass', 'drop', 'ai'] as const;
export type TimeoutAction = (typeof TIMEOUT_ACTIONS)[number];
export type SeatOrder = (typeof SEAT_ORDERS)[number];

const TilesSchema = z.object({
  scoreTiles: z.array(z.string()).length(6),
  /** Bonus tiles taken out of the game; null while they are still to be chosen for the player count. */
  removedBonusTiles: z.array(z.string()).nullable(),
  /** Fire & Ice final-scoring tiles, drawn at start with the option (older games have none). */
  finalScoring: z.array(z.string().refine(isFinalScoringTile, 'unknown final-scoring tile')).default([]),
});
export type Tiles = z.infer<typeof TilesSchema>;

const UndoRequestSchema = z.object({
  keepThroughSeq: z.number().int().min(0),
  /** The log length the request was made at: any later move or undo voids it. */
  moveCount: z.number().int().min(0),
  requestedBy: z.string(),
  approvedBy: z.array(z.string()),
});
export type PendingUndo = z.infer<typeof UndoRequestSchema>;

/** The rules of games stored before each game recorded its own: ENGINE_VERSION 8, the last without. */
const UNVERSIONED_RULES = 8;

export const ServiceSettingsSchema = z.looseObject({
  moveTimerHours: z.number().int().min(12).max(336).nullable().default(null),
  timeoutAction: z.enum(TIMEOUT_ACTIONS).default('pass'),
  maxPlayers: z.number().int().min(2).max(5).default(5),
  factionMode: z.enum(FACTION_MODES).default('turn-order'),
  seatOrder: z.enum(SEAT_ORDERS).default('random'),
  /** Chosen at creation, or drawn from the seed at start; fixed once the game is active. */
  tiles: TilesSchema.nullable().default(null),
  /** snellman's map id, chosen at creation (games made before maps could be chosen play the original). */
  map: z.string().refine(isMapId, 'unknown map').default(ORIGINAL_MAP_ID),
  /** ISO time the game started: when the first seat began to wait. */
  startedAt: z.string().nullable().default(null),
  undoRequest: UndoRequestSchema.nullable().default(null),
  /**
   * Changes that leave the position as it is (an undo request and its answers, a setting, a new player)
   * still add a version: `since` is the version at which the game reached its position, and the note
   * holds while the game is at `through` (src/game/position.ts).
   */
  positionSince: z
    .object({ since: z.number().int().min(1), through: z.number().int().min(1) })
    .nullable()
    .default(null),
  /**
   * The engine version whose rules the game keeps where a later version narrowed one, so that its stored
   * moves always replay: the version it was created under (games stored before rules had versions follow
   * version 8's).
   */
  rulesVersion: z.number().int().min(1).default(UNVERSIONED_RULES),
});
export type ServiceSettings = z.infer<typeof ServiceSettingsSchema>;

/** The game's settings; settings that no longer read (a forged value, an old format) make the game unreadable. */
export function settingsOf(game: GameRecord): ServiceSettings {
  const parsed = ServiceSettingsSchema.safeParse(game.settings);
  if (!parsed.success)
    return fail('game_unreadable', { gameId: game.id, reason: `settings: ${parsed.error.issues[0]?.message ?? ''}` });
  return parsed.data;
}

/** Engine options are stored as `{ "<option>": true }`, so the record stays an open map. */
export function engineOptions(options: GameOptions): OptionId[] {
  return Object.keys(options)
    .filter((o) => options[o] === true && isOptionId(o))
    .sort() as OptionId[];
}

export function storedOptions(options: readonly OptionId[]): GameOptions {
  return Object.fromEntries(options.map((o) => [o, true]));
}
