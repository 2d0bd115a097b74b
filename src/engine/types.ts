import type { FactionId } from './data/faction-types.ts';
import type { HexId } from './data/map.ts';
import type { Building, Counter, Cult } from './data/resources.ts';
import type { FinalScoringId, OptionId, ScoringTileId } from './data/tiles.ts';
import type { HexTerrain, Terrain } from './data/terrain.ts';
import type { LandscapeId } from './data/landscapes.ts';

export type { FactionId, HexId, Building, Cult, OptionId, Terrain, HexTerrain, LandscapeId };

export { COUNTERS, type Counter } from './data/resources.ts';

export type SubAction =
  | 'build'
  | 'upgrade'
  | 'transform'
  | 'dig'
  | 'bridge'
  | 'pass'
  | 'send'
  | 'advance'
  | 'action'
  /** A landscape placed as an action of its own (the Coral Reef, SL-MER-1). */
  | 'landscape';

/**
 * What a faction's turn under way allows and has done: the per-turn scratch state, every field of it here and
 * reset together when the faction's next turn starts (`turnStart`, flow.ts). Nothing else on
 * FactionState is per turn, except the counters a placing action allows (`LANDSCAPE`, `LANDSCAPE_SHIP`,
 * `LANDSCAPE_DIG`), reset with it.
 */
export interface TurnScratch {
  /** Actions the turn still allows: 1 at its start, more with an extra action (the Chaos Magicians' double turn). */
  allowedActions: number;
  /** Follow-ups the action allows (a build after a transform, the bridge after the bridge action). */
  allowedSubActions: Readonly<Partial<Record<SubAction, number>>>;
  /** Hexes transformed to home terrain this turn: a build in the same action must be on one of them. */
  allowedBuildLocations: HexId[];
  /** A transform to another terrain was made with spades left: the next one must be to home terrain. */
  requireHomeTerrainTf: boolean;
  /** Where this turn's one tunnel or flight went (a second one elsewhere is refused). */
  teleportTo: HexId | null;
  /** Spades dug this turn were paid for, so they cannot be given up. */
  disableSpadeDecline: boolean;
  /** SL-G6: the landscape was placed in the action under way, so it gives no reach until the next one. */
  landscapeFresh: boolean;
}

export interface FactionState extends TurnScratch {
  readonly name: FactionId;
  /**
   * Home terrain and the colour of the pieces: printed, or picked at setup (null until then) and
   * changeable in play by a faction's ability.
   */
  color: HexTerrain | null;
  /** The land colour an ice or volcano faction picked: where it starts, and its anchor on the wheel. */
  secondaryColor: Terrain | null;
  C: number;
  W: number;
  P: number;
  P1: number;
  P2: number;
  P3: number;
  VP: number;
  KEY: number;
  cults: Record<Cult, number>;
  /** Tracks where the faction stopped at 9 for want of a key; a later key moves it on. */
  cultBlocked: Readonly<Partial<Record<Cult, true>>>;
  /** 9 on a track where another faction already reached 10, else 10. */
  cultMax: Record<Cult, number>;
  /** Priests still in supply (7 minus those sent to cult tracks for good). */
  maxP: number;
  /** Terrains besides its own the faction builds on without terraforming (riverwalkers' unlocked ones). */
  unlockedTerrain: Terrain[];
  /** Priests placed on cult track slots (for the temple scoring tile). */
  priestsOnCults: number;
  buildings: Record<Building, number>;
  ship: number;
  dig: number;
  teleportLevel: number;
  carpetRange: number;
  townSize: number;
  bridgesLeft: number;
  /** Tiles held: BON, FAV, TW (with counts), and action tiles ACTA ... ACTW. */
  tiles: Readonly<Record<string, number>>;
  /** Hexes of its structures: buildings and its special landscape (reach, networks and towns start from them). */
  locations: HexId[];
  /** Where its special landscape stands (docs/rulings.md SL-G1: at most one per game); null before. */
  landscape: HexId | null;
  /**
   * Town tiles taken for each of its towns, under the hex whose building or landscape founded it; a town
   * that absorbed others holds the sum of theirs (the Hatchery's growth counts them, SL-SWA-3).
   */
  townTiles: Readonly<Record<HexId, number>>;
  /** Every counter is present (0 when unused), so the object keeps one shape on the hot paths. */
  counters: Record<Counter, number>;
  passed: boolean;
  dropped: boolean;
  /** Income taken this round: bit 1 cult income, bits 2-8 the rest. */
  incomeTaken: number;
  startPlayer: boolean;
  /** Position in the turn order of the current round. */
  order: number;
  /** Cultists: per leech event, how many neighbours may still answer and how many refused. */
  leechPending: Readonly<Record<string, number>>;
  leechRejected: Readonly<Record<string, number>>;
  leechCultGained: Readonly<Record<string, true>>;
  vpSources: Readonly<Record<string, number>>;
}

export type Pending =
  | {
      readonly type: 'leech';
      readonly faction: FactionId;
      readonly from: FactionId;
      readonly amount: number;
      actual: number;
      readonly leechId: number;
      tainted?: string;
      /** SL-NOM-1: coins the holder may take instead of the power (its landscape is next to the build). */
      readonly coins?: number;
    }
  | { readonly type: 'full'; readonly faction: FactionId }
  | { readonly type: 'transform'; readonly faction: FactionId; amount: number }
  | { readonly type: 'cult'; readonly faction: FactionId; amount: number }
  /** Cult steps a volcano still costs, all to be lost on one track. */
  | { readonly type: 'lose-cult'; readonly faction: FactionId; amount: number }
  | { readonly type: 'favor'; readonly faction: FactionId; amount: number }
  | { readonly type: 'town'; readonly faction: FactionId; amount: number }
  /** The Raven's Folly: for each town, its VP or cult steps (docs/rulings.md SL-WIT-1). */
  | { readonly type: 'town-reward'; readonly faction: FactionId; amount: number }
  | { readonly type: 'bridge'; readonly faction: FactionId }
  | { readonly type: 'upgrade'; readonly faction: FactionId }
  | { readonly type: 'dwelling'; readonly faction: FactionId }
  | { readonly type: 'bonus'; readonly faction: FactionId }
  | { readonly type: 'convert'; readonly faction: FactionId; amount: number; readonly optional: true }
  | { readonly type: 'pick-color'; readonly faction: FactionId }
  /** Riverwalkers: terrains (or priests) owed for priests gained. */
  | { readonly type: 'unlock-terrain'; readonly faction: FactionId; amount: number }
  /** Shapeshifters: a power token for bowl III may be bought with 1 VP (the round waits for the answer). */
  | { readonly type: 'gain-token'; readonly faction: FactionId; amount: number }
  | { readonly type: 'gameover' };

/** A hex is a value: rules replace it (setHex), so a copied state may share the hexes it has not changed. */
export interface HexState {
  readonly terrain: HexTerrain | null;
  readonly building: Building | null;
  readonly owner: FactionId | null;
  /** Town id (non-zero) once the building is part of a town. */
  readonly town: number;
  /**
   * A special landscape (docs/rulings.md SL-G4/G5): a structure of `owner` with no building, of power
   * value 1. Absent on every other hex. A river hex has a state only while it holds one (the Coral Reef,
   * SL-MER-2), with no terrain.
   */
  readonly landscape?: LandscapeId;
}

export interface Bridge {
  readonly from: HexId;
  readonly to: HexId;
  readonly faction: FactionId;
}

export type Phase =
  | 'select-factions'
  /** Every player has a faction; those who pick their colour after selection do it now. */
  | 'post-setup'
  | 'initial-dwellings'
  | 'initial-bonus'
  | 'income'
  | 'use-income-spades'
  | 'play'
  | 'finished';

/** A faction named in the auction: its highest bid so far and the seat (index into the players) holding it. */
export interface AuctionLot {
  readonly faction: FactionId;
  bid: number;
  holder: number;
}

/** The faction auction (docs/rulings.md §3): the factions named, in naming order, and whose bid it is. */
export interface AuctionState {
  lots: AuctionLot[];
  /** The seat to bid; null once every seat holds a faction. */
  bidder: number | null;
}

export interface GameState {
  readonly schema: 1;
  /** The engine version whose rules the game follows where a later one narrowed a rule (rules/versions.ts). */
  readonly rulesVersion: number;
  /** snellman's map id (data/maps.ts): the board, and the starting VP where the map sets them. */
  readonly map: string;
  options: OptionId[];
  /** Fire & Ice final-scoring tiles in play, scored before the cults and the network. */
  readonly finalScoring: readonly FinalScoringId[];
  playerCount: number;
  players: string[];
  phase: Phase;
  incomeState: 'cult' | 'other';
  round: number;
  turn: number;
  scoreTiles: ScoringTileId[];
  /** Tiles still available: BON (1 each), FAV, TW with counts. */
  pool: Readonly<Record<string, number>>;
  bonusCoins: Readonly<Record<string, number>>;
  /** Factions in seat order, rotated by passing when variable-turn-order is on. */
  factionOrder: FactionId[];
  nextFactionOrder: FactionId[] | null;
  setupOrder: { faction: FactionId; step: 'dwelling' | 'bonus' }[];
  factions: Partial<Record<FactionId, FactionState>>;
  hexes: Readonly<Record<HexId, HexState>>;
  bridges: Bridge[];
  /** Mermaids' river towns: land hexes joined across a river hex, both ways. */
  riverLinks: Record<HexId, HexId[]>;
  /** Priest slots per cult track (3, 2, 2, 2 steps); the faction that occupies each. */
  cultSlots: Record<Cult, (FactionId | null)[]>;
  /** Action spaces used this round: ACT1..6, and "<tile>/<faction>" for own tiles. */
  usedActions: string[];
  pending: Pending[];
  active: FactionId | null;
  fullTurnPlayed: boolean;
  leechCounter: number;
  finished: boolean;
  /** The faction whose commands came last: a command by anyone else first closes that turn. */
  lastActor: FactionId | null;
  /**
   * The complete turn the engine handed on at the end of its move (a live game cannot wait for the next
   * row), until another faction's command comes: the reference engine hands a turn on only when the next
   * row is another faction's, so until then the turn goes on (handed-on.ts).
   */
  handedOn: HandedOn | null;
  /** With the `faction-auction` option; null without it. */
  auction: AuctionState | null;
}

/** A turn handed on, and what the hand-over changed, to take it back (handed-on.ts). */
export interface HandedOn {
  readonly from: FactionId;
  readonly turn: number;
  readonly fullTurnPlayed: boolean;
}

export interface VpEvent {
  readonly faction: FactionId;
  readonly delta: number;
  readonly source: string;
}
