import type { Ctx } from '../context.ts';
import { adjacentHexes, dataOf } from '../context.ts';
import type { Command } from '../commands.ts';
import { isTerrain, TERRAIN_WHEEL, type HexTerrain } from '../data/terrain.ts';
import type { FactionState, HexId } from '../types.ts';
import { spadesFor, type Reach } from '../rules/reach.ts';
import { affordable, times } from './costs.ts';
import { placeableByTransform } from '../rules/landscape.ts';
import type { MoveKind } from './move-kind.ts';

const EMPTY = {};

/** Where a line's spades come from: held already, a preceding action, or all dug. */
export interface SpadeSource {
  readonly prefix: readonly Command[];
  readonly spades: number;
  /** A free terraform (the nomads' stronghold): any terrain, no spades. */
  readonly free: boolean;
  /** The kind of a line that starts with the prefix (an action), else decided by the line. */
  readonly kind: MoveKind;
}

/**
 * Transform lines from a spade source: every reachable hex to every terrain the spades (and digging
 * more, where the line may dig) can pay for, and a dwelling on top where the terrain is home.
 */
export function spadeLines(
  ctx: Ctx,
  f: FactionState,
  source: SpadeSource,
  reach: ReadonlyMap<HexId, Reach>,
): { kind: MoveKind; commands: Command[] }[] {
  const out: { kind: MoveKind; commands: Command[] }[] = [];
  const data = dataOf(f);
  const spadeCost = data.dig.spadeCost[f.dig];
  const dwelling = data.buildings.D.cost;
  const fixed = data.fixedTransformSpades;
  // What digging 0-7 spades costs, once.
  const digCosts = Array.from({ length: 8 }, (_, n) => (n && spadeCost ? times(spadeCost, n) : null));
  // The wheel's colours, and ice for an ice faction.
  const targets: readonly HexTerrain[] = f.color && !isTerrain(f.color) ? [...TERRAIN_WHEEL, f.color] : TERRAIN_WHEEL;
  const landscape = placeableByTransform(ctx.s, f);
  for (const [h, r] of reach) {
    const current = ctx.s.hexes[h]!.terrain!;
    if (!isTerrain(current)) continue;
    if (source.free && !adjacentHexes(ctx, h).some((a) => ctx.s.hexes[a]?.owner === f.name)) continue;
    for (const to of targets) {
      if (to === current) continue;
      const need = source.free ? 0 : spadesFor(ctx, f, h, to);
      // Exactly the spades the hex needs are dug: dug spades can't be given up, so more would have to
      // go on another hex in the same action (the next legalMoves offers what spades are left).
      const dig = Math.max(0, need - source.spades);
      if (dig > 0 && fixed && (source.spades + dig) % fixed !== 0) continue;
      const digCost = dig > 0 ? digCosts[dig] : EMPTY;
      if (!digCost || !affordable(f, digCost, r.cost)) continue;
      const transform: Command[] = [...source.prefix];
      if (dig > 0) transform.push({ type: 'dig', amount: dig });
      transform.push({ type: 'transform', hex: h, to });
      out.push({ kind: source.prefix.length ? source.kind : 'transform', commands: transform });
      // The landscape instead of the terrain tile (SL-G2), in place of the dwelling it excludes.
      if (to === f.color && landscape)
        out.push({
          kind: source.prefix.length ? source.kind : 'landscape',
          commands: [...transform, { type: 'landscape', hex: h }],
        });
      if (to === f.color && affordable(f, digCost, r.cost, dwelling))
        out.push({
          kind: source.prefix.length ? source.kind : 'build',
          commands: [...transform, { type: 'build', hex: h }],
        });
    }
  }
  return out;
}
