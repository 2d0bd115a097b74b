import type { Ctx } from '../context.ts';
import { dataOf, factionsInOrder, setHex } from '../context.ts';
import { fail } from '../errors.ts';
import { FACTIONS } from '../data/factions/index.ts';
import type { FactionData } from '../data/faction-types.ts';
import type { HexTerrain, Terrain } from '../data/terrain.ts';
import { isTerrain } from '../data/terrain.ts';
import type { FactionState } from '../types.ts';
import { counter, setCounter } from './resources.ts';

/**
 * The land colour a faction terraforms from: its home colour, or for an ice or volcano faction the
 * colour it picked. Null before a pick.
 */
export function wheelHome(f: FactionState): Terrain | null {
  return f.color !== null && isTerrain(f.color) ? f.color : f.secondaryColor;
}

/** What a `pick-color` sets: a variable faction's home colour, or an ice/volcano faction's land colour. */
function picksHomeColor(d: FactionData): boolean {
  return d.color === 'variable';
}

/** The colour a faction starts the game with: its printed one, none for a faction that picks it. */
export function initialColor(d: FactionData): HexTerrain | null {
  return d.color === 'variable' ? null : d.color;
}

/**
 * Two factions that can never sit in one game, whatever colours get picked: the same printed colour (two
 * ice, two volcano, two variable factions) or the same board. What dealing factions before any pick needs.
 */
export function factionsClash(a: keyof typeof FACTIONS, b: keyof typeof FACTIONS): boolean {
  const [x, y] = [FACTIONS[a], FACTIONS[b]];
  return x.color === y.color || (x.board !== undefined && x.board === y.board);
}

/**
 * A new faction is refused when it shares a colour, a picked colour or a board with a faction already
 * chosen (dropped ones aside): one ice faction, one volcano faction, one variable faction, and no base
 * faction whose colour an ice or variable faction has picked.
 */
export function setupClash(ctx: Ctx, d: FactionData): FactionState | undefined {
  const tags = new Set<string>([d.color, ...(d.board ? [d.board] : [])]);
  return factionsInOrder(ctx, true).find((f) => {
    const other = dataOf(f);
    const theirs = [other.color, f.color, f.secondaryColor, other.board];
    return theirs.some((t) => t !== null && t !== undefined && tags.has(t));
  });
}

/**
 * Colours still free for `pick-color`: a land colour nobody has as home colour (dropped factions
 * included) and, during setup, that no ice or volcano faction picked. Ice is never offered: a variable
 * faction on ice could never build.
 */
export function colorAvailable(ctx: Ctx, color: Terrain): boolean {
  return factionsInOrder(ctx).every((f) => f.color !== color && (ctx.s.round > 0 || f.secondaryColor !== color));
}

export function pickColor(ctx: Ctx, f: FactionState, color: HexTerrain): void {
  if (!counter(f, 'PICK_COLOR')) fail('noColorPick', { faction: f.name });
  if (!isTerrain(color) || !colorAvailable(ctx, color)) fail('colorUnavailable', { terrain: color });
  setCounter(f, 'PICK_COLOR', 0);
  if (!picksHomeColor(dataOf(f))) {
    f.secondaryColor = color;
    return;
  }
  const old = f.color;
  f.color = color;
  // The pieces take the new colour, and so do the hexes they stand on (hexes carry the colour).
  if (old !== null) {
    for (const hex of f.locations) setHex(ctx, hex, { terrain: color });
  }
}

/** Whether a faction's option is on: Fire & Ice factions are only selectable with theirs. */
export function factionOffered(options: readonly string[], id: keyof typeof FACTIONS): boolean {
  const option = FACTIONS[id].option;
  return option === undefined || options.includes(option);
}
