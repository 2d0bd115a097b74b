// Placing a special landscape (docs/rulings.md §1): the general rules SL-G1 to SL-G6. What a landscape
// does once placed is in its faction's file (FactionData.landscape): what its placing does as effects
// (`onPlaced`, run here), the rest read by the rule it changes.
import type { Ctx } from '../context.ts';
import { dataOf, hasOption, isOccupied, putHex, setHex } from '../context.ts';
import { fail } from '../errors.ts';
import type { LandscapeData } from '../data/landscapes.ts';
import type { FactionState, GameState, HexId, HexState } from '../types.ts';
import { isActive, requireSubaction } from '../flow.ts';
import { noteLeech } from './leech.ts';
import { counter, setCounter } from './resources.ts';
import { runEffects } from './effects.ts';
import { detectTownsFrom } from './towns.ts';

/** The landscape the faction may still place in this game, or null (no option, none of its own, placed). */
export function landscapeToPlace(s: GameState, f: FactionState): LandscapeData | null {
  const data = dataOf(f).landscape;
  if (!data || f.landscape !== null || !s.options.includes('special-landscapes')) return null;
  return data;
}

/**
 * SL-G2/G3: a landscape placed through a transformation goes on a space this action turned into home
 * terrain (`allowedBuildLocations` lists exactly those), during the action phase only, so never with the
 * cult-bonus spades of the income phase.
 */
export function placeableByTransform(s: GameState, f: FactionState): boolean {
  const data = landscapeToPlace(s, f);
  return data?.placement === 'transform' && s.phase === 'play' && s.active === f.name && !f.passed;
}

/** SL-MER-1: a landscape placed as an action on a river space, by the faction whose turn it is. */
export function placeableOnRiver(s: GameState, f: FactionState): boolean {
  const data = landscapeToPlace(s, f);
  return data?.placement === 'river' && s.phase === 'play' && s.active === f.name && !f.passed;
}

export function placeLandscape(ctx: Ctx, f: FactionState, hex: HexId): void {
  if (!hasOption(ctx, 'special-landscapes')) fail('noLandscapes');
  const data = dataOf(f).landscape ?? fail('noLandscape', { faction: f.name });
  if (f.landscape !== null) fail('landscapePlaced', { faction: f.name, hex: f.landscape });
  if (ctx.s.phase !== 'play' || !isActive(ctx, f) || f.passed) fail('landscapeNotNow');
  switch (data.placement) {
    case 'transform':
      freeLand(ctx, hex);
      if (!f.allowedBuildLocations.includes(hex)) fail('landscapeNeedsTransform', { hex });
      break;
    case 'stronghold':
      // SL-CHA-1: in the stronghold's action, on any free space of home terrain, no range, no cost.
      if (!counter(f, 'LANDSCAPE')) fail('landscapeWithStronghold');
      if (freeLand(ctx, hex).terrain !== f.color) fail('landscapeOnHomeTerrain', { hex });
      setCounter(f, 'LANDSCAPE', 0);
      break;
    case 'river':
      placeOnRiver(ctx, f, hex);
      break;
  }
  // A river space has no hex state until a landscape stands on it, and keeps no terrain (SL-MER-2).
  if (!ctx.s.hexes[hex]) putHex(ctx, hex, RIVER_SPACE);
  setHex(ctx, hex, { owner: f.name, landscape: data.id });
  f.landscape = hex;
  f.locations.push(hex);
  f.landscapeFresh = true;
  // SL-G4: placing is building for power offers and towns.
  noteLeech(ctx, f, hex);
  runEffects(ctx, f, data.onPlaced);
  const advances = data.placementAdvances;
  if (advances?.ship) setCounter(f, 'LANDSCAPE_SHIP', 1);
  if (advances?.dig) setCounter(f, 'LANDSCAPE_DIG', 1);
  detectTownsFrom(ctx, f, hex);
}

function freeLand(ctx: Ctx, hex: HexId): HexState {
  const st = ctx.s.hexes[hex] ?? fail('unknownHex', { hex });
  if (isOccupied(st)) fail('hexOccupied', { hex });
  return st;
}

const RIVER_SPACE: HexState = Object.freeze({ terrain: null, building: null, owner: null, town: 0 });

/**
 * SL-MER-1: the Coral Reef is an action of its own, free, on a river space next to one of the faction's
 * buildings (map neighbours: a bridge joins land to land, never to a river space). SL-MER-4: a river
 * space that already joins a town of theirs (`connect`) cannot hold it.
 */
function placeOnRiver(ctx: Ctx, f: FactionState, hex: HexId): void {
  if (!ctx.map.hexes.get(hex)?.river) fail('reefNotOnRiver', { hex });
  if (ctx.s.hexes[hex]) fail('hexOccupied', { hex });
  const land = ctx.map.adjacentList.get(hex)!.filter((h) => !ctx.map.hexes.get(h)!.river);
  if (!land.some((h) => ctx.s.hexes[h]!.owner === f.name && ctx.s.hexes[h]!.building)) fail('reefNotBeside', { hex });
  if (riverJoinsTown(ctx, land)) fail('reefOnConnectedRiver', { hex });
  requireSubaction(ctx, f, 'landscape', {});
}

/** The land around a river space is linked across it: the river space is a town's connection (`connect`). */
function riverJoinsTown(ctx: Ctx, land: readonly HexId[]): boolean {
  return land.length > 1 && land.every((a) => land.every((b) => a === b || ctx.s.riverLinks[a]?.includes(b)));
}

/** SL-CHA-1: building the stronghold allows a landscape placed that way, in the same action. */
export function allowLandscapeWithStronghold(s: GameState, f: FactionState): void {
  if (landscapeToPlace(s, f)?.placement === 'stronghold') setCounter(f, 'LANDSCAPE', 1);
}
