import type { Amounts, Building, Cost, Cult, Gainable } from './resources.ts';
import type { Terrain } from './terrain.ts';

export type FactionId =
  | 'alchemists'
  | 'auren'
  | 'chaosmagicians'
  | 'cultists'
  | 'darklings'
  | 'dwarves'
  | 'engineers'
  | 'fakirs'
  | 'giants'
  | 'halflings'
  | 'mermaids'
  | 'nomads'
  | 'swarmlings'
  | 'witches';

export interface BuildingTrack {
  readonly cost: Cost;
  /** Gain when the n-th building of this type is built (index = number built before). */
  readonly gain?: readonly Amounts[];
  /** Income by number built (index 0 = none built). */
  readonly income: Partial<Record<'C' | 'W' | 'P' | 'PW', readonly number[]>>;
  /** Sub-actions the upgrade allows at once (Halflings' stronghold spades). */
  readonly followUp?: Readonly<Record<string, number>>;
}

export interface AdvanceTrack {
  readonly start: number;
  readonly max: number;
  readonly cost?: Cost;
  /** VP (or other gains) for reaching level start+i+1 (indexed by the level before advancing). */
  readonly gain: readonly Amounts[];
}

export interface DigTrack extends AdvanceTrack {
  /** Cost of one spade by digging level. */
  readonly spadeCost: readonly Cost[];
  /** Darklings get VP (and the spade) for each priest paid. */
  readonly spadeGain?: readonly Amounts[];
}

export interface TeleportTrack {
  readonly kind: 'tunnel' | 'carpet';
  /** Cost and gain of one use, by level (the stronghold raises the level). */
  readonly cost: readonly Cost[];
  readonly gain: readonly Amounts[];
  readonly range: number;
}

export interface StartingDwellings {
  readonly count: 1 | 2 | 3;
  readonly afterOthers?: true;
}

export interface FactionData {
  readonly id: FactionId;
  readonly display: string;
  readonly color: Terrain;
  readonly start: { readonly C: number; readonly W: number; readonly P: number; readonly P1: number; readonly P2: number };
  readonly cults: Partial<Record<Cult, number>>;
  readonly ship: AdvanceTrack;
  readonly dig: DigTrack;
  readonly teleport?: TeleportTrack;
  readonly buildings: Readonly<Record<Building, BuildingTrack>>;
  /** Bonuses triggered by gaining a resource or tile: halflings' VP per spade, witches' VP per town. */
  readonly special?: {
    readonly on: Partial<Record<Gainable | `TW${number}`, Amounts>>;
    /** The bonus only applies once this many of the building exist (alchemists after their SH). */
    readonly enableIf?: Partial<Record<Building, number>>;
  };
  /** Exchange-rate overrides (alchemists trade VP and C 1:1 / 2:1). */
  readonly exchange?: Partial<Record<'C' | 'VP', Partial<Record<'VP' | 'C', number>>>>;
  /** Effect for the builder when neighbours take or refuse power (cultists). */
  readonly leechEffect?: { readonly taken: Amounts; readonly notTaken: Amounts };
  /** Every transform takes exactly this many spades, towards home only (the giants' 2). */
  readonly fixedTransformSpades?: number;
  /**
   * Starting dwellings when not the usual two, placed in the snake order unless `afterOthers`: the
   * nomads' third comes after everyone's two, the chaos magicians' only one after that.
   */
  readonly startingDwellings?: StartingDwellings;
  /** Land on both sides of one river hex may be joined into a town and a network (mermaids' `connect`). */
  readonly joinsAcrossRiver?: true;
  /** VP on passing for each own bridge between two own buildings, once `needs` is built (engineers). */
  readonly passVpPerBridge?: { readonly needs: Building; readonly vp: number };
  /** Own action tiles the faction starts with (engineers' bridge). */
  readonly startTiles?: readonly string[];
}
