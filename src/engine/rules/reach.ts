import type { Ctx } from '../context.ts';
import { adjacentHexes, dataOf, isBridged, isOccupied } from '../context.ts';
import { fail } from '../errors.ts';
import type { Amounts, Cost } from '../data/resources.ts';
import type { HexTerrain, Terrain } from '../data/terrain.ts';
import { isTerrain, TERRAIN_WHEEL, wheelDifference } from '../data/terrain.ts';
import type { FactionState, HexId } from '../types.ts';
import { counter } from './resources.ts';
import { wheelHome } from './colors.ts';
import { volcanoPrice } from './volcano.ts';

export interface Reach {
  readonly cost: Cost & Amounts;
  readonly gain: Amounts;
  /** Tunnelling or carpet flight was needed. */
  readonly teleport: boolean;
}

export function shippingRange(f: FactionState): number {
  const data = dataOf(f);
  // The shipping bonus tile counts only for factions that ship, and not after passing.
  return f.ship + (data.ship.max > 0 && f.tiles.BON4 && !f.passed ? 1 : 0);
}

/** Whether the faction can reach `hex` to build or terraform there, and what tunnelling/flight costs. */
export function checkReachable(ctx: Ctx, f: FactionState, hex: HexId): Reach {
  const r = reachOf(ctx, f, hex);
  if (r === 'teleportTwice') fail('teleportTwice');
  return r ?? fail('cannotReach', { faction: f.name, hex });
}

/**
 * The structures the faction reaches from. SL-G6: a landscape placed in the action under way gives no
 * reach until the next one.
 */
function reachingFrom(ctx: Ctx, f: FactionState): readonly HexId[] {
  const fresh = f.landscapeFresh && ctx.s.active === f.name;
  return fresh ? f.locations.filter((l) => l !== f.landscape) : f.locations;
}

/** checkReachable without the error: null when out of reach (legal-move generation asks for every hex). */
export function reachOf(ctx: Ctx, f: FactionState, hex: HexId): Reach | 'teleportTwice' | null {
  if (ctx.s.round === 0) return FREE;
  const from = reachingFrom(ctx, f);
  if (!dataOf(f).reachByRiverOnly) {
    const adj = adjacentHexes(ctx, hex);
    if (from.some((l) => adj.includes(l))) return FREE;
  }
  const range = shippingRange(f);
  if (range > 0) {
    const dist = ctx.map.riverDistance.get(hex);
    if (from.some((l) => (dist?.get(l) ?? Infinity) <= range)) return FREE;
  }
  // SL-DWA-2: the cult bonus's spades may tunnel, each space they reach that way paid for on its own.
  const cultSpades = cultSpadesTeleportFree(ctx, f);
  if (f.teleportTo && !cultSpades) return f.teleportTo === hex ? FREE : 'teleportTwice';
  if (f.teleportTo === hex) return FREE;
  const t = dataOf(f).teleport;
  if (t && (!f.passed || cultSpades)) {
    const r = t.kind === 'tunnel' ? t.range : f.carpetRange;
    const dist = ctx.map.landDistance.get(hex);
    if (from.some((l) => (dist?.get(l) ?? Infinity) - 1 <= teleportRangeFrom(f, l, r))) {
      const gain: Amounts = { ...t.gain[f.teleportLevel] };
      // SL-FAK-1: the Flying School's coins for each flight once it stands.
      const flight = f.landscape !== null ? dataOf(f).landscape?.flightGain : undefined;
      if (flight) gain.C = (gain.C ?? 0) + flight.C;
      return { cost: cultSpades ? {} : { ...t.cost[f.teleportLevel] }, gain, teleport: true };
    }
  }
  return null;
}

/**
 * Every empty land space the faction reaches, with what reaching it costs: reachOf for each space, in the
 * map's order. A faction that cannot tunnel or fly reaches exactly the spaces next to its structures and
 * within its shipping range, so those are listed from its structures (a planner asks this for every
 * position it values, and most spaces of the map are out of reach); the others ask reachOf space by space.
 */
export function reachableLand(ctx: Ctx, f: FactionState): Map<HexId, Reach> {
  const out = new Map<HexId, Reach>();
  const s = ctx.s;
  if (s.round === 0 || f.teleportTo !== null || dataOf(f).teleport) {
    for (const h of ctx.map.landIds) {
      if (isOccupied(s.hexes[h]!)) continue;
      const r = reachOf(ctx, f, h);
      if (r && r !== 'teleportTwice') out.set(h, r);
    }
    return out;
  }
  const near = new Set<HexId>();
  const from = reachingFrom(ctx, f);
  if (!dataOf(f).reachByRiverOnly) for (const l of from) for (const a of adjacentHexes(ctx, l)) near.add(a);
  const range = shippingRange(f);
  if (range > 0)
    for (const l of from) for (const [h, d] of ctx.map.riverDistance.get(l) ?? []) if (d <= range) near.add(h);
  for (const h of ctx.map.landIds) if (near.has(h) && !isOccupied(s.hexes[h]!)) out.set(h, FREE);
  return out;
}

/** SL-DWA-1/3: the tunnelling or flight range from one of the faction's structures (longer from its landscape). */
export function teleportRangeFrom(f: FactionState, from: HexId, range: number): number {
  const longer = from === f.landscape ? dataOf(f).landscape?.teleportRange : undefined;
  return longer !== undefined && longer > range ? longer : range;
}

/** SL-DWA-2 (SL-G3's phase): spades of the round's cult bonus being spent by a faction whose landscape lets them tunnel free. */
function cultSpadesTeleportFree(ctx: Ctx, f: FactionState): boolean {
  const s = ctx.s;
  if (s.phase !== 'use-income-spades' || s.incomeState !== 'cult' || f.landscape === null) return false;
  return !!dataOf(f).landscape?.cultSpadesTeleportFree;
}

const FREE: Reach = Object.freeze({ cost: Object.freeze({}), gain: Object.freeze({}), teleport: false });

function colorsOnCycle(current: Terrain, home: Terrain, spades: number): [Terrain, Terrain] {
  const index = TERRAIN_WHEEL.indexOf(current);
  let cw = current;
  let ccw = current;
  for (let offset = 1; offset <= spades; offset++) {
    if (cw !== home) cw = TERRAIN_WHEEL[(index + offset) % 7]!;
    if (ccw !== home) ccw = TERRAIN_WHEEL[(((index - offset) % 7) + 7) % 7]!;
  }
  return Math.abs(wheelDifference(home, cw)) < Math.abs(wheelDifference(home, ccw)) ? [cw, ccw] : [ccw, cw];
}

/**
 * The terrain a "transform" without a colour goes to: towards home as far as the spades reach. For an
 * ice faction the way leads to its picked colour, which becomes ice on arrival.
 */
export function defaultTransformColor(f: FactionState, current: Terrain): HexTerrain {
  // A volcano faction only ever transforms to volcano.
  if (counter(f, 'FREE_TF') || dataOf(f).fixedTransformSpades || dataOf(f).volcano) return f.color ?? current;
  const spades = counter(f, 'SPADE');
  const anchor = wheelHome(f);
  if (!spades || anchor === null) return current;
  if (anchor !== f.color && current === anchor) return f.color ?? current;
  const to = colorsOnCycle(current, anchor, spades)[0];
  return to === anchor && f.color !== null ? f.color : to;
}

/** Spades needed to turn `from` into `to`, going the way round the wheel that the rules allow. */
export function spadesNeeded(f: FactionState, from: Terrain, to: HexTerrain): number {
  const home = wheelHome(f);
  if (!isTerrain(to)) {
    // Off the wheel: only the faction whose home it is makes it, from its picked colour's distance.
    if (to !== f.color || home === null) fail('cannotMakeTerrain', { faction: f.name, terrain: to });
    return Math.max(1, Math.abs(wheelDifference(from, home)));
  }
  const diff = wheelDifference(from, to);
  let spades = Math.abs(diff);
  if (home === null) {
    // No land colour yet: nothing to go round.
  } else if (to === home || from === home) {
    const otherWay = 7 - spades;
    if (counter(f, 'SPADE') && counter(f, 'SPADE') === otherWay) spades = otherWay;
  } else {
    const homeDiff = wheelDifference(from, home);
    if (homeDiff < 0 !== diff < 0) {
      // Home lies the other way: the short way round is fine.
    } else if (Math.abs(homeDiff) > Math.abs(diff)) {
      // Home lies beyond the target.
    } else {
      // Home terrain is in the way: the long way round.
      spades = 7 - spades;
    }
  }
  const fixed = dataOf(f).fixedTransformSpades;
  if (fixed && spades !== 0) spades = fixed;
  return spades;
}

/**
 * Spades to turn `hex` into `to`: the terrain cycle's count, less a landscape's discount when the space
 * neighbours it on the map (SL-HAL-1/3: a bridge does not make a space adjacent), never below 1.
 */
export function spadesFor(ctx: Ctx, f: FactionState, hex: HexId, to: HexTerrain): number {
  const from = ctx.s.hexes[hex]!.terrain as Terrain;
  const spades = spadesNeeded(f, from, to);
  const discount = f.landscape !== null ? dataOf(f).landscape?.spadeDiscountAround : undefined;
  if (!discount || spades === 0 || !ctx.map.adjacent.get(hex)?.has(f.landscape!)) return spades;
  return Math.max(1, spades - discount);
}

export interface TransformCost extends Reach {
  readonly spades: number;
  readonly to: HexTerrain;
  /** A volcano made with a dig's free transform: it takes the action's transform like spades do. */
  readonly volcano: boolean;
}

export function transformCost(ctx: Ctx, f: FactionState, hex: HexId, color: HexTerrain | undefined): TransformCost {
  const st = ctx.s.hexes[hex];
  if (!st || st.terrain === null) fail('notLandHex', { hex });
  // Ice and volcano stay what they are.
  if (!isTerrain(st.terrain)) fail('cannotTransformTerrain', { terrain: st.terrain });
  const to = color ?? defaultTransformColor(f, st.terrain);
  const reach = checkReachable(ctx, f, hex);
  if (to === 'volcano') {
    const price = volcanoPrice(ctx, f, st.terrain);
    const cost = { ...reach.cost, ...price.cost };
    return { cost, gain: { ...reach.gain, ...price.gain }, teleport: reach.teleport, spades: 0, to, volcano: true };
  }
  const spades = spadesFor(ctx, f, hex, to);
  const cost: Record<string, number> = { ...reach.cost };
  if (counter(f, 'FREE_TF')) cost.FREE_TF = (cost.FREE_TF ?? 0) + 1;
  else cost.SPADE = (cost.SPADE ?? 0) + spades;
  if (counter(f, 'TF_NEED_HEX_ADJACENCY')) {
    cost.TF_NEED_HEX_ADJACENCY = (cost.TF_NEED_HEX_ADJACENCY ?? 0) + 1;
    const adj = adjacentHexes(ctx, hex);
    const ok = f.locations.some((l) => !isBridged(ctx, hex, l) && adj.includes(l));
    if (!ok) fail('needDirectAdjacency');
  }
  return { cost, gain: reach.gain, teleport: reach.teleport, spades, to, volcano: false };
}
