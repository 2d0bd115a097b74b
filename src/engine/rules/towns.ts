import type { Ctx } from '../context.ts';
import { adjacentHexes, dataOf, isOccupied, ownRecord, setHex, structureStrength } from '../context.ts';
import { isTownTile } from '../data/tiles.ts';
import type { FactionId, FactionState, HexId } from '../types.ts';
import { adjustResource } from './resources.ts';

/** Own structures next to a hex, counting bridges and links across a river where the faction makes them. */
export function adjacentOwnBuildings(ctx: Ctx, f: FactionState, hex: HexId): HexId[] {
  const links = dataOf(f).joinsAcrossRiver ? ctx.s.riverLinks[hex] : undefined;
  const out: HexId[] = [];
  const keep = (h: HexId) => {
    const st = ctx.s.hexes[h];
    if (st !== undefined && st.owner === f.name && isOccupied(st)) out.push(h);
  };
  for (const h of adjacentHexes(ctx, hex)) keep(h);
  if (links) for (const h of links) keep(h);
  return out;
}

function addToTown(ctx: Ctx, f: FactionState, hex: HexId, town: number): void {
  setHex(ctx, hex, { town });
  for (const adj of adjacentOwnBuildings(ctx, f, hex)) {
    if (!ctx.s.hexes[adj]!.town) addToTown(ctx, f, adj, town);
  }
}

function townTilesLeft(ctx: Ctx): number {
  let n = 0;
  for (const k in ctx.s.pool) if (ctx.s.pool[k]! > 0 && isTownTile(k)) n++;
  return n;
}

/** Strength and size of the group of own buildings connected to `start`. */
export function measureGroup(
  ctx: Ctx,
  f: FactionState,
  start: HexId,
): { hexes: HexId[]; power: number; count: number } {
  const seen = new Set<HexId>([start]);
  const todo = [start];
  let power = 0;
  let count = 0;
  while (todo.length) {
    const loc = todo.pop()!;
    const st = ctx.s.hexes[loc];
    if (st && isOccupied(st)) {
      power += structureStrength(st);
      // The sanctuary counts as two buildings for the town size; a landscape as one (SL-G4).
      count += st.building === 'SA' ? 2 : 1;
    }
    for (const adj of adjacentOwnBuildings(ctx, f, loc)) {
      if (seen.has(adj)) continue;
      seen.add(adj);
      todo.push(adj);
    }
  }
  return { hexes: [...seen], power, count };
}

export function isTownSized(f: FactionState, g: { power: number; count: number }): boolean {
  return g.power >= f.townSize && g.count >= 4;
}

/**
 * Called whenever something happens on a hex of the faction's: the building joins a neighbouring town,
 * or its group may now be large enough to found one (which grants a town tile to take). A town that
 * holds a growing landscape may now be worth more tiles.
 */
export function detectTownsFrom(ctx: Ctx, f: FactionState, hex: HexId): boolean {
  const founded = joinOrFoundTown(ctx, f, hex);
  growLandscapeTown(ctx, f);
  return founded;
}

function joinOrFoundTown(ctx: Ctx, f: FactionState, hex: HexId): boolean {
  const st = ctx.s.hexes[hex];
  if (!st || st.town || !isOccupied(st) || st.owner !== f.name) return false;
  for (const adj of adjacentOwnBuildings(ctx, f, hex)) {
    const town = ctx.s.hexes[adj]!.town;
    if (town) addToTown(ctx, f, hex, town);
  }
  if (ctx.s.hexes[hex]!.town) return false;
  const group = measureGroup(ctx, f, hex);
  if (!isTownSized(f, group)) return false;
  const left = townTilesLeft(ctx);
  if (left > 0) {
    for (const h of group.hexes) setHex(ctx, h, { town: left });
    ownRecord(ctx, f, 'townTiles')[hex] = 1;
    adjustResource(ctx, f, 'GAIN_TW', 1, '');
    return true;
  }
  return false;
}

/** Town tiles still in the supply that nobody is owed yet. */
function untakenTownTiles(ctx: Ctx): number {
  let n = 0;
  for (const k in ctx.s.pool) if (isTownTile(k)) n += ctx.s.pool[k]!;
  for (const id in ctx.s.factions) n -= ctx.s.factions[id as FactionId]!.counters.GAIN_TW;
  return n;
}

/**
 * SL-SWA-1..4 (the Hatchery): the town containing the landscape is owed one tile per multiple of the town
 * size its power value reaches, up to the landscape's maximum. The tiles its merged towns took count
 * (SL-SWA-3); each tile owed is taken like any town's (`+TWn`), so it is a town founded (SL-SWA-2); with
 * the supply empty none is owed (SL-SWA-4).
 */
function growLandscapeTown(ctx: Ctx, f: FactionState): void {
  const growth = f.landscape !== null ? dataOf(f).landscape?.townGrowth : undefined;
  if (!growth || !ctx.s.hexes[f.landscape!]!.town) return;
  const group = measureGroup(ctx, f, f.landscape!);
  let taken = 0;
  for (const h of group.hexes) taken += f.townTiles[h] ?? 0;
  const due = Math.min(growth.maxTiles, Math.floor(group.power / f.townSize)) - taken;
  const owed = Math.min(due, untakenTownTiles(ctx));
  if (owed <= 0) return;
  ownRecord(ctx, f, 'townTiles')[f.landscape!] = (f.townTiles[f.landscape!] ?? 0) + owed;
  adjustResource(ctx, f, 'GAIN_TW', owed, '');
}
