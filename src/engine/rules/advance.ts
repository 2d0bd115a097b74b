import type { Ctx } from '../context.ts';
import { dataOf } from '../context.ts';
import type { Cost } from '../data/resources.ts';
import { fail } from '../errors.ts';
import type { FactionState } from '../types.ts';
import { isActive, requireSubaction } from '../flow.ts';
import { counter, gain, pay, setCounter } from './resources.ts';

export function advanceTrack(ctx: Ctx, f: FactionState, track: 'ship' | 'dig'): void {
  const data = dataOf(f)[track];
  const level = f[track];
  const owed = track === 'ship' ? 'LANDSCAPE_SHIP' : 'LANDSCAPE_DIG';
  const withLandscape = counter(f, owed) > 0 && isActive(ctx, f);
  // SL-ALC-1/2, SL-GIA-1: part of the landscape's placing action, so it takes no action of its own.
  if (withLandscape) setCounter(f, owed, 0);
  else requireSubaction(ctx, f, 'advance', {});
  if (level >= data.max || !data.cost) fail(track === 'ship' ? 'shippingMaxed' : 'diggingMaxed');
  pay(ctx, f, withLandscape ? landscapePrice(data.cost, dataOf(f).landscape?.placementAdvances?.[track]) : data.cost);
  const g = data.gain[level];
  if (g) gain(ctx, f, g, `advance_${track}`);
  f[track]++;
}

/** What an advance taken with the landscape still costs: all but the priest, or nothing. */
function landscapePrice(cost: Cost, waiver: 'without-priest' | 'free' | undefined): Cost {
  if (waiver === 'free') return {};
  const rest: Cost = { ...cost };
  delete rest.P;
  return rest;
}
