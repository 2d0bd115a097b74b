/**
 * The special landscapes of Board Game Arena (docs/rulings.md §1-2): one per base faction, a structure of
 * power value 1 that is none of the building types. What each one does is typed data in its faction's file
 * (`FactionData.landscape`); this file has what all of them share.
 */
import type { Effect } from './effects.ts';

export const LANDSCAPE_IDS = [
  'tree',
  'raven',
  'workshop',
  'encampment',
  'palace',
  'drill',
  'tunnel',
  'tower',
  'reef',
  'hatchery',
  'portal',
  'cave',
  'school',
  'camp',
] as const;

export type LandscapeId = (typeof LANDSCAPE_IDS)[number];

export function isLandscapeId(s: string): s is LandscapeId {
  return (LANDSCAPE_IDS as readonly string[]).includes(s);
}

/** SL-G4: the power value of any landscape, for towns and power offers. */
export const LANDSCAPE_STRENGTH = 1;

/**
 * How the landscape gets on the board. `transform`: in the action phase, instead of the terrain tile of a
 * transformation to home terrain (SL-G2). `stronghold`: in the action that builds the stronghold, on any
 * free space of the faction's home terrain (the Chaos Portal, SL-CHA-1). `river`: as an action, on a river
 * space next to one of the faction's structures (the Coral Reef, SL-MER-1).
 */
export type LandscapePlacement = 'transform' | 'stronghold' | 'river';

/** What a track advance taken with the landscape's placement leaves unpaid (SL-ALC-1, SL-GIA-1). */
export type PlacementAdvance = 'without-priest' | 'free';

/** A landscape and what it does besides being a structure (each field cites its ruling). */
export interface LandscapeData {
  readonly id: LandscapeId;
  readonly placement: LandscapePlacement;
  /** SL-AUR-1: VP each time the faction reaches space 10 of a cult track after placing it. */
  readonly cultTopVp?: number;
  /** SL-ALC-1, SL-GIA-1: one advance per track the placing action may add, paid only in part. */
  readonly placementAdvances?: Partial<Record<'ship' | 'dig', PlacementAdvance>>;
  /** What placing it does besides standing there: run after its power offers, before its towns. */
  readonly onPlaced?: readonly Effect[];
  /** SL-DAR-1: it counts as a dwelling for pass VP per dwelling (its placing scores as one: `onPlaced`). */
  readonly passVpAsDwelling?: true;
  /** Once it is placed, what founding a town does in place of the faction's `onTownFounded` (SL-WIT-1). */
  readonly onTownFounded?: readonly Effect[];
  /**
   * SL-WIT-1: after placement, each town the faction founds owes a choice between these VP (its usual town
   * reward, which the choice replaces) and this many steps on one cult track (`choose-town-reward`).
   */
  readonly townChoice?: { readonly vp: number; readonly cultSteps: number };
  /** SL-CUL-1: in the final cult scoring the faction ranks half a step ahead on every track it is on. */
  readonly breaksCultTies?: true;
  /** SL-HAL-1: a transformation of a space next to it needs this many spades fewer, never fewer than 1. */
  readonly spadeDiscountAround?: number;
  /**
   * SL-SWA-1: the town that contains it takes one more town tile each time its power value reaches another
   * multiple of the faction's town size, up to this many tiles in all.
   */
  readonly townGrowth?: { readonly maxTiles: number };
  /**
   * SL-NOM-1/2: when it is among the owner's structures next to another faction's build, the owner may answer
   * the power offer with this many coins instead, losing no VP, even with no power to gain.
   */
  readonly offerCoins?: number;
  /**
   * SL-DWA-1/3: the faction's tunnelling (or flight) range measured from the landscape's own space, when longer
   * than its usual one: for reach and for the final network.
   */
  readonly teleportRange?: number;
  /** SL-DWA-2: spades of the round's cult bonus may tunnel (or fly), paying nothing for it; its VP as usual. */
  readonly cultSpadesTeleportFree?: true;
  /**
   * SL-ENG-1..3: bridges may join it to the land space across any of its corners (`acrossCorners`), and it
   * counts as a building at a bridge's end for the faction's bridge VP.
   */
  readonly landBridges?: true;
  /** SL-FAK-1: what each carpet flight gains after the landscape is placed. */
  readonly flightGain?: { readonly C: number };
}
