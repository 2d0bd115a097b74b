import type { Ctx } from '../context.ts';
import { dataOf, isBridged, isOccupied } from '../context.ts';
import { fail } from '../errors.ts';
import { acrossCorners } from '../data/map.ts';
import type { FactionState, HexId } from '../types.ts';
import { requireSubaction } from '../flow.ts';
import { counter, setCounter } from './resources.ts';
import { detectTownsFrom } from './towns.ts';

/** A building of the faction's, or its landscape (a structure too, SL-G4), stands on the hex. */
function hasStructure(ctx: Ctx, f: FactionState, hex: HexId): boolean {
  const st = ctx.s.hexes[hex];
  return !!st && isOccupied(st) && st.owner === f.name;
}

/**
 * SL-ENG-1: the land bridges the faction's landscape allows (the Bridge Tower, `landBridges`), from its
 * space to the land spaces across its corners; none before it stands.
 */
export function landBridgeEnds(ctx: Ctx, f: FactionState): HexId[] {
  if (f.landscape === null || !dataOf(f).landscape?.landBridges) return [];
  return acrossCorners(ctx.map, f.landscape);
}

function isLandBridge(ctx: Ctx, f: FactionState, from: HexId, to: HexId): boolean {
  const ends = landBridgeEnds(ctx, f);
  return (from === f.landscape && ends.includes(to)) || (to === f.landscape && ends.includes(from));
}

/**
 * A bridge end scores for the faction's bridge VP (the Engineers' after their stronghold): its building, or
 * a landscape that counts as one there (the Bridge Tower, SL-ENG-3).
 */
export function scoresAsBridgeEnd(ctx: Ctx, f: FactionState, hex: HexId): boolean {
  const st = ctx.s.hexes[hex];
  if (!st || st.owner !== f.name) return false;
  return st.building !== null || (st.landscape !== undefined && !!dataOf(f).landscape?.landBridges);
}

export function placeBridge(ctx: Ctx, f: FactionState, from: HexId, to: HexId): void {
  if (!counter(f, 'BRIDGE')) fail('noBridgeNow');
  if (!hasStructure(ctx, f, from) && !hasStructure(ctx, f, to)) fail('bridgeNotTouching');
  requireSubaction(ctx, f, 'bridge', { bridge: counter(f, 'BRIDGE') - 1 });
  if (f.bridgesLeft === 0) fail('noBridgesLeft');
  if (!ctx.map.bridgeable.get(from)?.has(to) && !isLandBridge(ctx, f, from, to)) fail('bridgeImpossible', { from, to });
  if (isBridged(ctx, from, to)) {
    fail('bridgeExists', { from, to });
  }
  f.bridgesLeft--;
  // Either way round is the same bridge: stored and looked at from its ends in one order, so both give
  // the same state (a town it founds is recorded under the same end).
  const [a, b] = from < to ? [from, to] : [to, from];
  ctx.s.bridges.push({ from: a, to: b, faction: f.name });
  setCounter(f, 'BRIDGE', counter(f, 'BRIDGE') - 1);
  detectTownsFrom(ctx, f, a);
  detectTownsFrom(ctx, f, b);
}

/** The river hex adjacent to all given hexes joins the land around it into one town (mermaids). */
export function connectRiverTown(ctx: Ctx, f: FactionState, given: readonly HexId[]): void {
  if (!dataOf(f).joinsAcrossRiver) fail('onlyMermaidsConnect');
  // "connect r5" names the river itself: its neighbours are the hexes to join.
  const named = given.length === 1 && given[0]!.startsWith('r') ? given[0]! : null;
  // SL-MER-4: a river space that holds the Coral Reef is a structure, not a town's connection.
  if (named && ctx.s.hexes[named]) fail('reefNotConnectable', { hex: named });
  const hexes = named ? [...(ctx.map.adjacent.get(named) ?? [])] : given;
  const rivers = new Map<HexId, number>();
  for (const h of hexes) {
    for (const adj of ctx.map.adjacent.get(h) ?? []) {
      if (adj.startsWith('r') && !ctx.s.hexes[adj]) rivers.set(adj, (rivers.get(adj) ?? 0) + 1);
    }
  }
  for (const [river, n] of rivers) {
    if (n !== hexes.length) continue;
    const land = [...(ctx.map.adjacent.get(river) ?? [])].filter((h) => !h.startsWith('r'));
    for (const a of land) {
      const links = new Set(ctx.s.riverLinks[a] ?? []);
      for (const b of land) if (a !== b) links.add(b);
      ctx.s.riverLinks[a] = [...links];
    }
    break;
  }
  let founded = false;
  for (const h of hexes) founded = detectTownsFrom(ctx, f, h) || founded;
  if (!founded) fail('noTownByConnecting', { hexes: hexes.join(', ') });
}
