import type { ResourceName } from './data/resource-names.ts';
import type { Building, Cult, FactionId, HexId, HexTerrain, Terrain } from './types.ts';

export type ConvertUnit = 'C' | 'W' | 'P' | 'PW' | 'VP';

/** One player command, as snellman's notation names them. */
export type Command =
  | { readonly type: 'build'; readonly hex: HexId }
  | { readonly type: 'upgrade'; readonly hex: HexId; readonly to: Exclude<Building, 'D'> }
  | { readonly type: 'transform'; readonly hex: HexId; readonly to?: HexTerrain }
  | { readonly type: 'dig'; readonly amount: number }
  | { readonly type: 'send'; readonly cult: Cult; readonly amount?: number }
  | {
      readonly type: 'convert';
      readonly fromCount: number;
      readonly from: ConvertUnit;
      readonly toCount: number;
      readonly to: ConvertUnit;
    }
  | { readonly type: 'burn'; readonly amount: number }
  | { readonly type: 'leech'; readonly amount: number; readonly from?: FactionId }
  | { readonly type: 'decline'; readonly amount?: number; readonly from?: FactionId }
  /** The Trading Camp's coins instead of a power offer (docs/rulings.md SL-NOM-1: "leech coin from X"). */
  | { readonly type: 'leech-coin'; readonly from?: FactionId }
  | { readonly type: 'pass'; readonly bonus?: string }
  | { readonly type: 'action'; readonly action: string }
  | { readonly type: 'advance'; readonly track: 'ship' | 'dig' }
  | { readonly type: 'bridge'; readonly from: HexId; readonly to: HexId }
  | { readonly type: 'connect'; readonly hexes: readonly HexId[] }
  /** Fire & Ice: the faction's land colour (snellman spells it in lower case). */
  | { readonly type: 'pick-color'; readonly color: HexTerrain }
  /** Riverwalkers: "unlock-terrain black" or "unlock-terrain gain-priest". */
  | { readonly type: 'unlock-terrain'; readonly terrain: Terrain | 'gain-priest' }
  /** Shapeshifters: "gain P3 for VP", a power token for bowl III bought with 1 VP. */
  | { readonly type: 'gain'; readonly to: 'P3'; readonly from: 'VP' }
  /** "+FAV11", "+TW3", "+2FIRE", "-SPADE": take a tile, place cult steps, or drop an entitlement. */
  | { readonly type: 'adjust'; readonly resource: ResourceName; readonly delta: number }
  | { readonly type: 'pick-color'; readonly color: Terrain }
  /** The faction's special landscape on a hex (docs/rulings.md §5: "landscape E5"). */
  | { readonly type: 'landscape'; readonly hex: HexId }
  | { readonly type: 'wait' }
  | { readonly type: 'done' };

/** Commands that are not a faction's move: game setup and administration. */
export type AdminCommand =
  | { readonly type: 'pick-faction'; readonly faction: FactionId }
  | { readonly type: 'drop-faction'; readonly faction: FactionId }
  /** A bid of starting VP in the faction auction, for the seat whose bid it is (docs/rulings.md AU-2). */
  | { readonly type: 'bid'; readonly faction: FactionId; readonly amount: number };
