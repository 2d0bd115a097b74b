import type { Ctx } from '../context.ts';
import { dataOf } from '../context.ts';
import { fail } from '../errors.ts';
import type { ConvertUnit } from '../commands.ts';
import type { FactionState } from '../types.ts';
import { adjustResource, counter, setCounter } from './resources.ts';
import { leechOffers } from './leech.ts';

const BASE_RATES: Partial<Record<ConvertUnit, Partial<Record<ConvertUnit, number>>>> = {
  PW: { C: 1, W: 3, P: 5 },
  W: { C: 1 },
  P: { C: 1, W: 1 },
  C: { VP: 3 },
};

export function exchangeRate(f: FactionState, from: ConvertUnit, to: ConvertUnit): number | undefined {
  const own = dataOf(f).exchange?.[from as 'C']?.[to as 'VP'];
  if (own) return own;
  return BASE_RATES[from]?.[to];
}

export function convert(
  ctx: Ctx,
  f: FactionState,
  fromCount: number,
  from: ConvertUnit,
  toCount: number,
  to: ConvertUnit,
): void {
  if (ctx.s.phase !== 'play') fail('convertOutsideActions');
  // Power offers must be answered before converting.
  for (const p of leechOffers(ctx, f)) p.tainted = 'convert';
  let rate = exchangeRate(f, from, to);
  // The darklings' stronghold privilege lasts for one conversion, whatever it converts (as in the
  // reference engine): that conversion may turn up to 3 workers into priests, and no more than 3 of anything.
  if (counter(f, 'CONVERT_W_TO_P')) {
    if (toCount > 3) fail('darklingsConvertMax');
    setCounter(f, 'CONVERT_W_TO_P', 0);
    if (from === 'W' && to === 'P') rate = 1;
  }
  if (!rate) fail('cannotConvert', { from, to });
  if (toCount * rate !== fromCount) fail('convertRate', { toCount, to, need: toCount * rate, from, fromCount });
  adjustResource(ctx, f, from, -fromCount, 'convert');
  adjustResource(ctx, f, to, toCount, 'convert');
}

/** A free action in any phase (in the round-start spade phase too); who may take it is the caller's check. */
export function burn(f: FactionState, amount: number): void {
  if (f.P2 < 2 * amount) fail('burnTooMuch', { amount, have: f.P2 });
  f.P2 -= 2 * amount;
  f.P3 += amount;
}
