// Placing a special landscape (docs/rulings.md §1): the general rules SL-G1 to SL-G6. What a landscape
// does once placed is in its faction's file (FactionData.landscape) and read by the rule it changes.
import type { Ctx } from '../context.ts';
import { dataOf, hasOption, isOccupied, setHex } from '../context.ts';
import { fail } from '../errors.ts';
import type { LandscapeData } from '../data/landscapes.ts';
import type { FactionState, GameState, HexId } from '../types.ts';
import { isActive } from '../flow.ts';
import { noteLeech } from './leech.ts';
import { counter, maybeScoreCurrentTile, maybeScoreFavorTiles, setCounter } from './resources.ts';
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

export function placeLandscape(ctx: Ctx, f: FactionState, hex: HexId): void {
  if (!hasOption(ctx, 'special-landscapes')) fail('noLandscapes');
  const data = dataOf(f).landscape ?? fail('noLandscape', { faction: f.name });
  if (f.landscape !== null) fail('landscapePlaced', { faction: f.name, hex: f.landscape });
  if (ctx.s.phase !== 'play' || !isActive(ctx, f) || f.passed) fail('landscapeNotNow');
  const st = ctx.s.hexes[hex] ?? fail('unknownHex', { hex });
  if (isOccupied(st)) fail('hexOccupied', { hex });
  switch (data.placement) {
    case 'transform':
      if (!f.allowedBuildLocations.includes(hex)) fail('landscapeNeedsTransform', { hex });
      break;
    case 'stronghold':
      // SL-CHA-1: in the stronghold's action, on any free space of home terrain, no range, no cost.
      if (!counter(f, 'LANDSCAPE')) fail('landscapeWithStronghold');
      if (st.terrain !== f.color) fail('landscapeOnHomeTerrain', { hex });
      setCounter(f, 'LANDSCAPE', 0);
      break;
    case 'river':
      fail('landscapeNeedsTransform', { hex });
  }
  setHex(ctx, hex, { owner: f.name, landscape: data.id });
  f.landscape = hex;
  f.locations.push(hex);
  f.landscapeFresh = true;
  // SL-G4: placing is building for power offers and towns.
  noteLeech(ctx, f, hex);
  if (data.scoresAsDwelling) {
    // SL-DAR-1: the Encampment scores like a dwelling built.
    maybeScoreFavorTiles(ctx, f, 'D');
    maybeScoreCurrentTile(ctx, f, 'D', 'build');
  }
  const advances = data.placementAdvances;
  if (advances?.ship) setCounter(f, 'LANDSCAPE_SHIP', 1);
  if (advances?.dig) setCounter(f, 'LANDSCAPE_DIG', 1);
  detectTownsFrom(ctx, f, hex);
}

/** SL-CHA-1: building the stronghold allows a landscape placed that way, in the same action. */
export function allowLandscapeWithStronghold(s: GameState, f: FactionState): void {
  if (landscapeToPlace(s, f)?.placement === 'stronghold') setCounter(f, 'LANDSCAPE', 1);
}
