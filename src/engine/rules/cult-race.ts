import type { Ctx } from '../context.ts';
import { dataOf, factionsInOrder } from '../context.ts';
import type { Cult } from '../data/resources.ts';
import type { FactionState } from '../types.ts';

/**
 * With strict ordering nobody may take level 10 on a track while a faction that gains cult steps from
 * its neighbours' power (the cultists) could still get there first from steps it is owed: leeches not
 * yet answered, steps not yet placed.
 */
export function mustWaitForOwedCultSteps(ctx: Ctx, mover: FactionState, cult: Cult): boolean {
  return factionsInOrder(ctx).some((other) => other !== mover && couldReachTopFirst(ctx, other, cult));
}

function couldReachTopFirst(ctx: Ctx, f: FactionState, cult: Cult): boolean {
  if (!dataOf(f).leechEffect?.taken.CULT || f.KEY < 1) return false;
  let owed = 0;
  const leechIds = new Set<number>();
  for (const p of ctx.s.pending) {
    if (p.type === 'cult' && p.faction === f.name) owed++;
    else if (p.type === 'leech' && p.from === f.name && !f.leechCultGained[p.leechId]) leechIds.add(p.leechId);
  }
  return f.cults[cult] + owed + leechIds.size >= 10;
}
