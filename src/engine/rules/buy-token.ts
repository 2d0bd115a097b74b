import type { Ctx } from '../context.ts';
import { fail } from '../errors.ts';
import type { FactionState } from '../types.ts';
import { dismissAction } from '../obligations.ts';
import { adjustResource, counter, setCounter } from './resources.ts';

/**
 * `gain P3 for VP`: the shapeshifters' reward when a neighbour takes power from them, a new power
 * token straight into bowl III for 1 VP. Taken any time it is held; declined with `-GAIN_P3_FOR_VP`.
 */
export function buyToken(ctx: Ctx, f: FactionState): void {
  if (!counter(f, 'GAIN_P3_FOR_VP')) fail('noTokenToBuy');
  adjustResource(ctx, f, 'VP', -1, 'convert');
  adjustResource(ctx, f, 'P3', 1, 'convert');
  setCounter(f, 'GAIN_P3_FOR_VP', counter(f, 'GAIN_P3_FOR_VP') - 1);
  // As in the reference engine the offer is answered; one still held is asked again when the turn is checked.
  dismissAction(ctx, f, 'gain-token');
}
