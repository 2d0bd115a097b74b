import type { Amounts, Building, Cost, Counter, Cult } from './resources.ts';
import type { HexTerrain } from './terrain.ts';
import type { OptionId } from './tiles.ts';
import type { LandscapeData } from './landscapes.ts';
import type { ResourceName } from './resource-names.ts';
import type { Effect } from './effects.ts';

export type FactionId =
  | 'acolytes'
  | 'alchemists'
  | 'auren'
  | 'chaosmagicians'
  | 'cultists'
  | 'darklings'
  | 'dragonlords'
  | 'dwarves'
  | 'engineers'
  | 'fakirs'
  | 'giants'
  | 'halflings'
  | 'mermaids'
  | 'nomads'
  | 'riverwalkers'
  | 'shapeshifters'
  | 'swarmlings'
  | 'witches'
  | 'icemaidens'
  | 'yetis';

/**
 * A faction's colour as printed: a terrain (ice and volcano for the Fire & Ice factions), or
 * `variable` for a faction whose home colour is picked at setup.
 */
export type PrintedColor = HexTerrain | 'variable';

/**
 * When a faction picks a land colour (`pick-color`): right after its `setup` row, or once every
 * player has a faction (before the initial dwellings). An ice or volcano faction keeps its printed
 * colour and picks the land colour it starts on and terraforms from (`secondaryColor`); a
 * `variable` faction picks its home colour itself (`color`).
 */
export type ColorPick = 'at-selection' | 'after-selection';

export interface BuildingTrack {
  readonly cost: Cost;
  /** Gain when the n-th building of this type is built (index = number built before). */
  readonly gain?: readonly Amounts[];
  /** Income by number built (index 0 = none built). */
  readonly income: Partial<Record<'C' | 'W' | 'P' | 'PW', readonly number[]>>;
  /** Sub-actions the upgrade allows at once (Halflings' stronghold spades). */
  readonly followUp?: Readonly<Record<string, number>>;
  /** Gain per faction in the game when the n-th building is built (the Dragonlords' stronghold tokens). */
  readonly gainPerFaction?: readonly Amounts[];
}

/**
 * What turning a hex into volcano costs a volcano faction, besides the dig: cult steps lost on one track
 * (Acolytes) or power tokens taken out of the game (Dragonlords), more on another faction's home terrain.
 */
export interface VolcanoCost {
  readonly pay: 'cult-steps' | 'power-tokens';
  readonly notHome: number;
  readonly home: number;
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
  /** What one dig gives instead of a spade (the volcano factions' free volcano transform). */
  readonly digGain?: Amounts;
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

/** What unlocking a terrain costs a faction that starts with every terrain but its own locked (riverwalkers). */
export interface LockedTerrain {
  /** A terrain that is another faction's home. */
  readonly home: Cost;
  readonly other: Cost;
}

export interface FactionData {
  readonly id: FactionId;
  readonly display: string;
  readonly color: PrintedColor;
  /** The game option that makes the faction selectable (the Fire & Ice factions). */
  readonly option?: OptionId;
  /** A setup conflict tag besides the colours: only one faction per board may be chosen. */
  readonly board?: 'variable';
  readonly pickColor?: ColorPick;
  /** Entitlements the faction starts with, owed during faction selection (Ice Maidens' favour tile). */
  readonly startCounters?: Partial<Record<Counter, number>>;
  readonly start: { readonly C: number; readonly W: number; readonly P: number; readonly P1: number; readonly P2: number };
  readonly cults: Partial<Record<Cult, number>>;
  readonly ship: AdvanceTrack;
  readonly dig: DigTrack;
  readonly teleport?: TeleportTrack;
  readonly buildings: Readonly<Record<Building, BuildingTrack>>;
  /** Bonuses triggered by gaining a resource: halflings' VP per spade, alchemists' power per spade. */
  readonly special?: {
    readonly on: Partial<Record<ResourceName, Amounts>>;
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
  /** VP on every pass for each building of a kind, once `needs` is built (Ice Maidens: 3 per temple). */
  readonly passVpPerBuilding?: { readonly needs: Building; readonly building: Building; readonly vp: number };
  /** Power (PW) off the cost of the power actions ACT1-ACT6 (Yetis). */
  readonly powerActionDiscount?: number;
  /** Once `needs` is built, power actions may be taken even when already used this round (Yetis). */
  readonly reusePowerActions?: { readonly needs: Building };
  /** Power value of own buildings for neighbours' power and town size, when not the usual (Yetis' SH/SA 4). */
  readonly buildingStrength?: Partial<Record<Building, number>>;
  /** The faction builds on volcano hexes it makes itself, at this price. */
  readonly volcano?: VolcanoCost;
  /** Actions it may take but that allow nothing after them (the volcano factions' spade actions). */
  readonly actionsWithoutFollowUp?: readonly string[];
  /** Priests the faction may hold at the start when not 7 (riverwalkers' 1). */
  readonly maxPriests?: number;
  /** Gains that turn into something else as they arrive: the riverwalkers' spades into nothing, priests into unlocks. */
  readonly replaceGain?: Partial<Record<ResourceName, Amounts>>;
  /** Terrains are unlocked one by one instead of terraformed (riverwalkers): `UNLOCK_TERRAIN` pays for one. */
  readonly lockedTerrain?: LockedTerrain;
  /** Only shipping reaches new hexes, not direct adjacency (riverwalkers). */
  readonly reachByRiverOnly?: true;
  /** Initial dwellings must stand beside a river hex (riverwalkers). */
  readonly startBesideRiver?: true;
  /** Actions the faction may not take (riverwalkers: the spade actions). */
  readonly forbiddenActions?: readonly string[];
  /**
   * What founding a town does besides its tile (the Witches' 5 VP, the Swarmlings' 3 workers), once per
   * town tile taken; a placed landscape's own `onTownFounded` takes its place (SL-WIT-1).
   */
  readonly onTownFounded?: readonly Effect[];
  /** Its special landscape with the `special-landscapes` option (docs/rulings.md §2); base factions only. */
  readonly landscape?: LandscapeData;
}
