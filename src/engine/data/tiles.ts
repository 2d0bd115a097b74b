import type { Effect } from './effects.ts';
import type { Amounts, Building, Cost, Cult, FactionActionTile } from './resources.ts';

export type BonusTileId = `BON${1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10}`;
export type FavorTileId = `FAV${1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12}`;
export type TownTileId = `TW${1 | 2 | 3 | 4 | 5 | 6 | 7 | 8}`;
export type ScoringTileId = `SCORE${1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9}`;
export type PowerActionId = `ACT${1 | 2 | 3 | 4 | 5 | 6}`;
export type OptionId =
  | 'mini-expansion-1'
  | 'shipping-bonus'
  | 'temple-scoring-tile'
  | 'variable-turn-order'
  | 'strict-leech'
  | 'strict-darkling-sh'
  | 'strict-chaosmagician-sh'
  | 'errata-cultist-power'
  | 'maintain-player-order'
  | 'email-notify'
  | 'fire-and-ice-final-scoring'
  | 'starting-vp-2017'
  | 'faction-auction'
  | 'special-landscapes'
  | 'fire-and-ice-factions/ice'
  | 'fire-and-ice-factions/volcano'
  | 'fire-and-ice-factions/variable_v5';

export const OPTIONS: readonly OptionId[] = [
  'mini-expansion-1',
  'shipping-bonus',
  'temple-scoring-tile',
  'variable-turn-order',
  'strict-leech',
  'strict-darkling-sh',
  'strict-chaosmagician-sh',
  'errata-cultist-power',
  'maintain-player-order',
  'email-notify',
  'fire-and-ice-final-scoring',
  'fire-and-ice-factions/ice',
  'fire-and-ice-factions/volcano',
  'fire-and-ice-factions/variable_v5',
];

/** The Fire & Ice options that make their factions selectable (each faction names its own). */
export const FACTION_OPTIONS = [
  'fire-and-ice-factions/ice',
  'fire-and-ice-factions/volcano',
  'fire-and-ice-factions/variable_v5',
] as const satisfies readonly OptionId[];

/**
 * Options terra.snellman.net does not have (docs/rulings.md): our own records write and read them as
 * `option <id>` rows, but the reference engine refuses them, so they stay out of OPTIONS (what the
 * differential draws and the rule presets enable).
 */
export const EXTRA_OPTIONS = ['starting-vp-2017', 'faction-auction', 'special-landscapes'] as const satisfies readonly OptionId[];

/** Every option a game may have. */
export const GAME_OPTIONS: readonly OptionId[] = [...OPTIONS, ...EXTRA_OPTIONS];

export function isOptionId(o: string): o is OptionId {
  return (GAME_OPTIONS as readonly string[]).includes(o);
}

/** VP by level of a building type or track, awarded when passing. */
export type PassVp = Partial<Record<Building | 'ship', readonly number[]>>;

export interface BonusTile {
  readonly income: Amounts;
  readonly passVp?: PassVp;
  /** One more shipping range while held (BON4). */
  readonly shipBonus?: boolean;
  readonly action?: ActionDef;
  readonly option?: OptionId;
}

export interface ActionDef {
  readonly cost: Cost;
  readonly gain: Amounts;
  /** What the action lets the faction do next in the same turn. */
  readonly followUp?: Readonly<Record<string, number>>;
  /** The engineers' bridge may be used repeatedly. */
  readonly reusable?: boolean;
}

const spadeFollowUp = { dig: 1, transform: 1, build: 1 };

export const POWER_ACTIONS: Readonly<Record<PowerActionId, ActionDef>> = {
  ACT1: { cost: { PW: 3 }, gain: { BRIDGE: 1 }, followUp: { bridge: 1 } },
  ACT2: { cost: { PW: 3 }, gain: { P: 1 } },
  ACT3: { cost: { PW: 4 }, gain: { W: 2 } },
  ACT4: { cost: { PW: 4 }, gain: { C: 7 } },
  ACT5: { cost: { PW: 4 }, gain: { SPADE: 1 }, followUp: spadeFollowUp },
  ACT6: { cost: { PW: 6 }, gain: { SPADE: 2 }, followUp: { dig: 1, transform: 2, build: 1 } },
};

export const FACTION_ACTIONS = {
  ACTA: { cost: {}, gain: { CULT: 2, CULTS_ON_SAME_TRACK: 1 } },
  ACTE: { cost: { W: 2 }, gain: { BRIDGE: 1 }, followUp: { bridge: 1 }, reusable: true },
  ACTG: { cost: {}, gain: { SPADE: 2 }, followUp: spadeFollowUp },
  ACTS: { cost: {}, gain: { FREE_TP: 1 }, followUp: { upgrade: 1 } },
  ACTN: { cost: {}, gain: { FREE_TF: 1, TF_NEED_HEX_ADJACENCY: 1 }, followUp: spadeFollowUp },
  ACTW: { cost: {}, gain: { FREE_D: 1, TELEPORT_NO_TF: 1 }, followUp: { build: 1 } },
  ACTC: { cost: {}, gain: { GAIN_ACTION: 2 } },
  // The shapeshifters' terrain change: any number of times a round, for 5 power or 5 tokens given up.
  ACTH5: { cost: { PW: 5 }, gain: { PICK_COLOR: 1 }, reusable: true },
  ACTH6: { cost: { PW_TOKEN: 5 }, gain: { PICK_COLOR: 1 }, reusable: true },
} as const satisfies Record<FactionActionTile, ActionDef>;

export const BONUS_TILES: Readonly<Record<BonusTileId, BonusTile>> = {
  BON1: { income: { C: 2 }, action: { cost: {}, gain: { SPADE: 1 }, followUp: spadeFollowUp } },
  BON2: { income: { C: 4 }, action: { cost: {}, gain: { CULT: 1 } } },
  BON3: { income: { C: 6 } },
  BON4: { income: { PW: 3 }, shipBonus: true },
  BON5: { income: { PW: 3, W: 1 } },
  BON6: { income: { W: 2 }, passVp: { SA: [0, 4], SH: [0, 4] } },
  BON7: { income: { W: 1 }, passVp: { TP: [0, 2, 4, 6, 8] } },
  BON8: { income: { P: 1 } },
  // Up to 9: the Darklings' Encampment counts as a dwelling here (docs/rulings.md SL-DAR-1).
  BON9: { income: { C: 2 }, passVp: { D: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] } },
  BON10: { income: { PW: 3 }, passVp: { ship: [0, 3, 6, 9, 12, 15] }, option: 'shipping-bonus' },
};

export interface FavorTile {
  readonly gain: Partial<Record<Cult, number>> & { TOWN_SIZE?: number };
  readonly income: Amounts;
  /** VP whenever a building of this type is built. */
  readonly buildVp?: Partial<Record<Building, number>>;
  readonly passVp?: PassVp;
  readonly action?: ActionDef;
  readonly count: number;
  /** What taking the tile does besides its gain. */
  readonly onTaken?: readonly Effect[];
}

export const FAVOR_TILES: Readonly<Record<FavorTileId, FavorTile>> = {
  FAV1: { gain: { FIRE: 3 }, income: {}, count: 1 },
  FAV2: { gain: { WATER: 3 }, income: {}, count: 1 },
  FAV3: { gain: { EARTH: 3 }, income: {}, count: 1 },
  FAV4: { gain: { AIR: 3 }, income: {}, count: 1 },
  FAV5: { gain: { FIRE: 2, TOWN_SIZE: -1 }, income: {}, count: 3, onTaken: [{ kind: 'found-towns' }] },
  FAV6: { gain: { WATER: 2 }, income: {}, action: { cost: {}, gain: { CULT: 1 } }, count: 3 },
  FAV7: { gain: { EARTH: 2 }, income: { W: 1, PW: 1 }, count: 3 },
  FAV8: { gain: { AIR: 2 }, income: { PW: 4 }, count: 3 },
  FAV9: { gain: { FIRE: 1 }, income: { C: 3 }, count: 3 },
  FAV10: { gain: { WATER: 1 }, income: {}, buildVp: { TP: 3 }, count: 3 },
  FAV11: { gain: { EARTH: 1 }, income: {}, buildVp: { D: 2 }, count: 3 },
  FAV12: { gain: { AIR: 1 }, income: {}, passVp: { TP: [0, 2, 3, 3, 4] }, count: 3 },
};

export interface TownTile {
  readonly gain: Amounts;
  readonly count: number;
  readonly option?: OptionId;
}

export const TOWN_TILES: Readonly<Record<TownTileId, TownTile>> = {
  TW1: { gain: { KEY: 1, VP: 5, C: 6 }, count: 2 },
  TW2: { gain: { KEY: 1, VP: 7, W: 2 }, count: 2 },
  TW3: { gain: { KEY: 1, VP: 9, P: 1 }, count: 2 },
  TW4: { gain: { KEY: 1, VP: 6, PW: 8 }, count: 2 },
  TW5: { gain: { KEY: 1, VP: 8, FIRE: 1, WATER: 1, EARTH: 1, AIR: 1 }, count: 2 },
  TW6: { gain: { KEY: 2, VP: 2, FIRE: 2, WATER: 2, EARTH: 2, AIR: 2 }, count: 1, option: 'mini-expansion-1' },
  TW7: { gain: { KEY: 1, VP: 4, GAIN_SHIP: 1, carpet_range: 1 }, count: 2, option: 'mini-expansion-1' },
  TW8: { gain: { KEY: 1, VP: 11 }, count: 1, option: 'mini-expansion-1' },
};

export interface ScoringTile {
  /** VP per building built, per spade gained, or per town founded during the round. */
  readonly vp: { readonly on: 'build'; readonly building: readonly Building[]; readonly vp: number }
    | { readonly on: 'spade'; readonly vp: number }
    | { readonly on: 'town'; readonly vp: number };
  readonly display: string;
  /** Cult income at the end of the round: per `req` steps on `cult` (CULT_P: priests sent). */
  readonly cult: Cult | 'CULT_P';
  readonly req: number;
  readonly income: Amounts;
  readonly option?: OptionId;
}

export const SCORING_TILES: Readonly<Record<ScoringTileId, ScoringTile>> = {
  SCORE1: { vp: { on: 'spade', vp: 2 }, display: 'SPADE >> 2', cult: 'EARTH', req: 1, income: { C: 1 } },
  SCORE2: { vp: { on: 'town', vp: 5 }, display: 'TOWN >> 5', cult: 'EARTH', req: 4, income: { SPADE: 1 } },
  SCORE3: { vp: { on: 'build', building: ['D'], vp: 2 }, display: 'D >> 2', cult: 'WATER', req: 4, income: { P: 1 } },
  SCORE4: { vp: { on: 'build', building: ['SA', 'SH'], vp: 5 }, display: 'SA/SH >> 5', cult: 'FIRE', req: 2, income: { W: 1 } },
  SCORE5: { vp: { on: 'build', building: ['D'], vp: 2 }, display: 'D >> 2', cult: 'FIRE', req: 4, income: { PW: 4 } },
  SCORE6: { vp: { on: 'build', building: ['TP'], vp: 3 }, display: 'TP >> 3', cult: 'WATER', req: 4, income: { SPADE: 1 } },
  SCORE7: { vp: { on: 'build', building: ['SA', 'SH'], vp: 5 }, display: 'SA/SH >> 5', cult: 'AIR', req: 2, income: { W: 1 } },
  SCORE8: { vp: { on: 'build', building: ['TP'], vp: 3 }, display: 'TP >> 3', cult: 'AIR', req: 4, income: { SPADE: 1 } },
  SCORE9: { vp: { on: 'build', building: ['TE'], vp: 4 }, display: 'TE >> 4', cult: 'CULT_P', req: 1, income: { C: 2 }, option: 'temple-scoring-tile' },
};

export const isBonusTile = (s: string): s is BonusTileId => Object.hasOwn(BONUS_TILES, s);
export const isFavorTile = (s: string): s is FavorTileId => Object.hasOwn(FAVOR_TILES, s);
export const isTownTile = (s: string): s is TownTileId => Object.hasOwn(TOWN_TILES, s);
export const isScoringTile = (s: string): s is ScoringTileId => Object.hasOwn(SCORING_TILES, s);
export const isPowerAction = (s: string): s is PowerActionId => Object.hasOwn(POWER_ACTIONS, s);

/** Fire & Ice final-scoring tiles, by snellman's key. */
export type FinalScoringId = 'building-on-edge' | 'connected-clusters' | 'connected-distance' | 'connected-sa-sh-distance';

export interface FinalScoringTile {
  /** snellman's short label. */
  readonly label: string;
  /** VP for the highest, second and third values (ties share, as in the network scoring). */
  readonly points: readonly number[];
}

/** Scored before the cult tracks and the network (snellman scores its final-scoring types by name). */
export const FINAL_SCORING_TILES: Readonly<Record<FinalScoringId, FinalScoringTile>> = {
  'building-on-edge': { label: 'edge', points: [18, 12, 6] },
  'connected-clusters': { label: 'clusters', points: [18, 12, 6] },
  'connected-distance': { label: 'distance', points: [18, 12, 6] },
  'connected-sa-sh-distance': { label: 'sa-sh-distance', points: [18, 12, 6] },
};

export const isFinalScoringTile = (s: string): s is FinalScoringId => Object.hasOwn(FINAL_SCORING_TILES, s);

/** Cult track priest slots: the first gives 3 steps, the others 2. */
export const PRIEST_SLOTS = [3, 2, 2, 2] as const;
/** Final cult scoring and network scoring. */
export const CULT_FINAL_VP = [8, 4, 2] as const;
export const NETWORK_FINAL_VP = [18, 12, 6] as const;
