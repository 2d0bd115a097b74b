/** Resource ids as snellman names them; PW means power gained through the bowls. */
export type Resource = 'C' | 'W' | 'P' | 'PW' | 'VP';
export type Cult = 'FIRE' | 'WATER' | 'EARTH' | 'AIR';
export const CULTS: readonly Cult[] = ['FIRE', 'WATER', 'EARTH', 'AIR'];
export type Building = 'D' | 'TP' | 'TE' | 'SH' | 'SA';
export const BUILDINGS: readonly Building[] = ['D', 'TP', 'TE', 'SH', 'SA'];
export const BUILDING_COUNT: Record<Building, number> = { D: 8, TP: 4, TE: 3, SH: 1, SA: 1 };
/** Power value of a building for leeching and towns. */
export const BUILDING_STRENGTH: Record<Building, number> = { D: 1, TP: 2, TE: 2, SH: 3, SA: 3 };

/**
 * One-shot entitlements and restrictions that live only within a turn (or until used), kept as counters
 * because tiles and actions grant them in amounts: "2 spades", "1 favor tile", "3 W->P conversions".
 */
export const COUNTERS = [
  'SPADE', 'CULT', 'CULTS_ON_SAME_TRACK', 'GAIN_FAVOR', 'GAIN_TW', 'BRIDGE', 'FREE_TF',
  'TF_NEED_HEX_ADJACENCY', 'FREE_TP', 'FREE_D', 'TELEPORT_NO_TF', 'CONVERT_W_TO_P',
  'PICK_COLOR',
  // Fire & Ice volcano factions: a dig's free volcano transform, the cult steps a volcano still owes,
  // and the Acolytes' stronghold (every priest sent to a cult track goes one step further).
  'VOLCANO_TF', 'LOSE_CULT', 'PRIEST_CULT_BONUS',
  // Riverwalkers' unlocks owed for priests gained; the Shapeshifters' tokens on offer for 1 VP.
  'UNLOCK_TERRAIN', 'GAIN_P3_FOR_VP',
  // Special landscapes: the Chaos Portal may be placed (in the stronghold's action), and the advances the
  // Shadow Workshop and the Cave of Wisdom allow in their placing action.
  'LANDSCAPE', 'LANDSCAPE_SHIP', 'LANDSCAPE_DIG',
  // The Raven's Folly: towns whose reward (VP or cult steps) the faction still has to choose.
  'LANDSCAPE_TOWN',
] as const;
export type Counter = (typeof COUNTERS)[number];

/**
 * Everything a tile, action or track step can hand out. Besides plain resources these are one-shot
 * entitlements the owner must use during the current turn (spades, a free dwelling, a favor tile ...).
 */
export type Gainable =
  | Resource
  /** A new power token in bowl I (the Dragonlords' spades and stronghold). */
  | 'P1'
  | Cult
  | 'KEY'
  | Counter
  | 'GAIN_SHIP'
  | 'GAIN_TELEPORT'
  | 'GAIN_ACTION'
  | 'TOWN_SIZE'
  | 'carpet_range'
  | FactionActionTile;

/** Stronghold action tiles (and the engineers' bridge action), named as snellman does. */
export type FactionActionTile = 'ACTA' | 'ACTC' | 'ACTE' | 'ACTG' | 'ACTH5' | 'ACTH6' | 'ACTN' | 'ACTS' | 'ACTW';

export type Amounts = Partial<Record<Gainable, number>>;
export type Cost = Partial<Record<Resource | 'PW_TOKEN', number>>;
