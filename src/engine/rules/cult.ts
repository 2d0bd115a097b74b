import type { Ctx } from '../context.ts';
import { fail } from '../errors.ts';
import type { Cult } from '../data/resources.ts';
import { PRIEST_SLOTS } from '../data/tiles.ts';
import type { FactionState } from '../types.ts';
import { requireSubaction } from '../flow.ts';
import { adjustResource, counter, gain } from './resources.ts';

/** Sends a priest to a cult track: onto the first free slot (3 or 2 steps), or for 1 step back to supply. */
export function sendPriest(ctx: Ctx, f: FactionState, cult: Cult, amount: number | undefined): void {
  requireSubaction(ctx, f, 'send', {});
  const slots = ctx.s.cultSlots[cult];
  let steps = 1;
  for (let i = 0; i < slots.length; i++) {
    if (slots[i]) continue;
    if (amount && PRIEST_SLOTS[i] !== amount) continue;
    steps = PRIEST_SLOTS[i]!;
    slots[i] = f.name;
    f.maxP--;
    f.priestsOnCults++;
    break;
  }
  if (amount && steps !== amount) fail('noPriestSpace', { amount, cult });
  // The Acolytes' stronghold: every priest goes further than its space says.
  gain(ctx, f, { [cult]: steps + counter(f, 'PRIEST_CULT_BONUS') }, 'send');
  adjustResource(ctx, f, 'P', -1, 'send');
}
