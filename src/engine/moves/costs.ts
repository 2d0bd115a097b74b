import type { Amounts, Cost } from '../data/resources.ts';
import type { FactionState } from '../types.ts';

/**
 * Whether the faction holds enough for all of these costs together (coins, workers, priests, power in
 * bowl III). A necessary condition only: a move can still be refused for other reasons.
 */
export function affordable(f: FactionState, ...costs: readonly (Cost | Amounts)[]): boolean {
  let C = 0;
  let W = 0;
  let P = 0;
  let PW = 0;
  for (const cost of costs) {
    const c = cost as Record<string, number | undefined>;
    C += c.C ?? 0;
    W += c.W ?? 0;
    P += c.P ?? 0;
    PW += c.PW ?? 0;
  }
  return f.C >= C && f.W >= W && f.P >= P && f.P3 >= PW;
}

/** `cost` taken `n` times. */
export function times(cost: Cost, n: number): Cost {
  const out: Record<string, number> = {};
  for (const [k, v] of Object.entries(cost)) if (v) out[k] = v * n;
  return out;
}
