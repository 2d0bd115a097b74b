import type { Ctx } from '../context.ts';
import { dataOf } from '../context.ts';
import { fail } from '../errors.ts';
import type { FactionState } from '../types.ts';
import { requireSubaction } from '../flow.ts';
import { gain, pay } from './resources.ts';

export function advanceTrack(ctx: Ctx, f: FactionState, track: 'ship' | 'dig'): void {
  requireSubaction(ctx, f, 'advance', {});
  const data = dataOf(f)[track];
  const level = f[track];
  if (level >= data.max || !data.cost) fail(track === 'ship' ? 'shippingMaxed' : 'diggingMaxed');
  pay(ctx, f, data.cost);
  const g = data.gain[level];
  if (g) gain(ctx, f, g, `advance_${track}`);
  f[track]++;
}
