/**
 * The special landscapes of Board Game Arena (docs/rulings.md §1-2): one per base faction, a structure of
 * power value 1 that is none of the building types. What each one does is typed data in its faction's file
 * (`FactionData.landscape`); this file has what all of them share.
 */

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

/** A landscape and what it does besides being a structure (each field is named for its ruling). */
export interface LandscapeData {
  readonly id: LandscapeId;
  readonly placement: LandscapePlacement;
}
