import type { Ctx } from '../context.ts';
import { dataOf, isBridged } from '../context.ts';
import { hexDistance } from '../data/map.ts';
import type { FinalScoringId } from '../data/tiles.ts';
import type { FactionState, HexId } from '../types.ts';
import { teleportRangeFrom } from './reach.ts';

/** Two of the faction's buildings touch: neighbours, bridged, or joined across a river where the faction may (mermaids). */
function joinedDirectly(ctx: Ctx, f: FactionState, a: HexId, b: HexId): boolean {
  if (ctx.map.adjacent.get(a)?.has(b) || isBridged(ctx, a, b)) return true;
  return !!dataOf(f).joinsAcrossRiver && !!ctx.s.riverLinks[a]?.includes(b);
}

/** Two of the faction's buildings are in one network: joined directly, or within its shipping or teleport range. */
function joinedInNetwork(ctx: Ctx, f: FactionState, a: HexId, b: HexId): boolean {
  if (joinedDirectly(ctx, f, a, b)) return true;
  const teleport = dataOf(f).teleport;
  if (teleport) {
    const range = teleport.kind === 'tunnel' ? teleport.range : f.carpetRange;
    const d = ctx.map.landDistance.get(a)?.get(b);
    return d !== undefined && d - 1 <= Math.max(teleportRangeFrom(f, a, range), teleportRangeFrom(f, b, range));
  }
  const d = ctx.map.riverDistance.get(a)?.get(b);
  return d !== undefined && d <= f.ship;
}

/** The faction's buildings split into groups, each closed under `joined`. */
function groups(f: FactionState, joined: (a: HexId, b: HexId) => boolean): HexId[][] {
  const seen = new Set<HexId>();
  const out: HexId[][] = [];
  for (const first of f.locations) {
    if (seen.has(first)) continue;
    seen.add(first);
    const group: HexId[] = [];
    const todo = [first];
    while (todo.length) {
      const loc = todo.pop()!;
      group.push(loc);
      for (const to of f.locations) {
        if (seen.has(to) || !joined(loc, to)) continue;
        seen.add(to);
        todo.push(to);
      }
    }
    out.push(group);
  }
  return out;
}

/** The faction's networks: buildings connected directly or within its shipping range (tunnelling, carpet flight). */
export function networks(ctx: Ctx, f: FactionState): HexId[][] {
  return groups(f, (a, b) => joinedInNetwork(ctx, f, a, b));
}

/** Size of the largest network (the network final scoring). */
export function networkSize(ctx: Ctx, f: FactionState): number {
  let best = 0;
  for (const n of networks(ctx, f)) best = Math.max(best, n.length);
  return best;
}

/** The value a Fire & Ice final-scoring tile ranks a faction by, as snellman measures it. */
export function finalTileValue(ctx: Ctx, f: FactionState, tile: FinalScoringId): number {
  const nets = networks(ctx, f);
  const distance = (a: HexId, b: HexId) => hexDistance(ctx.map.hexes.get(a)!, ctx.map.hexes.get(b)!);
  let best = 0;
  switch (tile) {
    case 'connected-distance':
      // The longest distance between two buildings of one network.
      for (const n of nets) for (const a of n) for (const b of n) best = Math.max(best, distance(a, b));
      return best;
    case 'connected-sa-sh-distance': {
      // Stronghold to sanctuary, when both stand in one network.
      const building = (h: HexId) => ctx.s.hexes[h]!.building;
      for (const n of nets) {
        const sh = n.find((h) => building(h) === 'SH');
        const sa = n.find((h) => building(h) === 'SA');
        if (sh && sa) best = Math.max(best, distance(sh, sa));
      }
      return best;
    }
    case 'building-on-edge':
      // Buildings on the edge of the map in one network.
      for (const n of nets) best = Math.max(best, n.filter((h) => ctx.map.edge.has(h)).length);
      return best;
    case 'connected-clusters': {
      // Groups of directly connected buildings in one network.
      const clusterOf = new Map<HexId, number>();
      groups(f, (a, b) => joinedDirectly(ctx, f, a, b)).forEach((c, i) => c.forEach((h) => clusterOf.set(h, i)));
      for (const n of nets) best = Math.max(best, new Set(n.map((h) => clusterOf.get(h))).size);
      return best;
    }
  }
}
