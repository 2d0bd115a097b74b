import type { Ctx } from '../context.ts';
import { dataOf } from '../context.ts';
import type { Command } from '../commands.ts';
import { BUILDING_COUNT, CULTS } from '../data/resources.ts';
import { isTerrain } from '../data/terrain.ts';
import type { FactionState, HexId } from '../types.ts';
import type { Reach } from '../rules/reach.ts';
import { canPayVolcano, volcanoPrice } from '../rules/volcano.ts';
import { affordable } from './costs.ts';
import type { MoveKind } from './move-kind.ts';

/**
 * A volcano faction's transform lines: each reachable land hex it can pay for turned into volcano, alone
 * or with a dwelling on it, after `prefix` (the dig that gives the transform, or nothing when held).
 * Cult steps it costs are paid in the same line, once for each track that has them ("-3FIRE"): the
 * reference engine waits for good when another faction's row comes between the volcano and the payment.
 */
export function volcanoLines(
  ctx: Ctx,
  f: FactionState,
  prefix: readonly Command[],
  reach: ReadonlyMap<HexId, Reach>,
): { kind: MoveKind; commands: Command[] }[] {
  const out: { kind: MoveKind; commands: Command[] }[] = [];
  const dwelling = dataOf(f).buildings.D.cost;
  const dwellingLeft = f.buildings.D < BUILDING_COUNT.D;
  for (const [h, r] of reach) {
    const from = ctx.s.hexes[h]!.terrain;
    // Only land of the wheel's colours can be transformed (never ice or volcano).
    if (!from || !isTerrain(from) || !canPayVolcano(ctx, f, from)) continue;
    if (!affordable(f, r.cost)) continue;
    for (const pay of payments(ctx, f, from)) {
      out.push({ kind: 'transform', commands: [...prefix, { type: 'transform', hex: h, to: 'volcano' }, ...pay] });
      if (dwellingLeft && affordable(f, dwelling, r.cost))
        out.push({ kind: 'build', commands: [...prefix, { type: 'build', hex: h }, ...pay] });
    }
  }
  return out;
}

/** The ways to pay what the volcano costs besides the dig: nothing more, or its cult steps on one track. */
function payments(ctx: Ctx, f: FactionState, from: string): Command[][] {
  const steps = volcanoPrice(ctx, f, from).gain.LOSE_CULT;
  if (!steps) return [[]];
  return CULTS.filter((c) => f.cults[c] >= steps).map((c) => [{ type: 'adjust', resource: c, delta: -steps }]);
}
