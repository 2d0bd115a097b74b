import type { Ctx } from '../context.ts';
import { dataOf } from '../context.ts';
import { fail } from '../errors.ts';
import type { VolcanoCost } from '../data/faction-types.ts';
import type { Amounts, Cost } from '../data/resources.ts';
import { CULTS } from '../data/resources.ts';
import type { FactionState } from '../types.ts';

/**
 * Whether a terrain is some faction's home: the colour of a faction in the game (one that left it
 * counts too). A colour that only names a faction's pieces, not land it builds on unasked, does not.
 */
export function isHomeTerrain(ctx: Ctx, terrain: string): boolean {
  for (const id in ctx.s.factions) {
    const o = ctx.s.factions[id as keyof typeof ctx.s.factions]!;
    // The riverwalkers' colour names their pieces, not a home terrain (snellman skips locked-terrain factions).
    if (o.color === terrain && !dataOf(o).lockedTerrain) return true;
  }
  return false;
}

export interface VolcanoPrice {
  readonly cost: Cost & Amounts;
  /** Cult steps owed (Acolytes): the faction loses them on one track before its turn ends. */
  readonly gain: Amounts;
}

/**
 * What turning a hex of `from` into volcano costs: the free transform a dig gave, and the faction
 * board's price, more on another faction's home terrain. Others have no such transform to spend.
 */
export function volcanoPrice(ctx: Ctx, f: FactionState, from: string): VolcanoPrice {
  const price = dataOf(f).volcano;
  if (!price) return { cost: { VOLCANO_TF: 1 }, gain: {} };
  const n = volcanoAmount(ctx, price, from);
  if (price.pay === 'power-tokens') {
    const have = f.P1 + f.P2 + f.P3;
    if (have < n) fail('notEnoughTokensForVolcano', { need: n, have });
    return { cost: { VOLCANO_TF: 1, PW_TOKEN: n }, gain: {} };
  }
  if (!CULTS.some((c) => f.cults[c] >= n)) fail('cultTooLowForVolcano', { steps: n });
  return { cost: { VOLCANO_TF: 1 }, gain: { LOSE_CULT: n } };
}

function volcanoAmount(ctx: Ctx, price: VolcanoCost, from: string): number {
  return isHomeTerrain(ctx, from) ? price.home : price.notHome;
}

/** Whether the faction can pay for a volcano on a hex of `from` (the dig aside). */
export function canPayVolcano(ctx: Ctx, f: FactionState, from: string): boolean {
  const price = dataOf(f).volcano;
  if (!price) return false;
  const n = volcanoAmount(ctx, price, from);
  if (price.pay === 'power-tokens') return f.P1 + f.P2 + f.P3 >= n;
  return CULTS.some((c) => f.cults[c] >= n);
}
