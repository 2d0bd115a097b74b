import type { Ctx } from '../context.ts';
import type { Cult } from '../data/resources.ts';

/**
 * With strict ordering nobody may take level 10 on a track while the cultists could still get there
 * first from cult steps they are owed (leeches not yet answered, steps not yet placed).
 */
export function shouldWaitForCultists(ctx: Ctx, cult: Cult): boolean {
  const cultists = ctx.s.factions.cultists;
  if (!cultists || cultists.KEY < 1) return false;
  let owed = 0;
  const leechIds = new Set<number>();
  for (const p of ctx.s.pending) {
    if (p.type === 'cult' && p.faction === 'cultists') owed++;
    else if (p.type === 'leech' && p.from === 'cultists' && !cultists.leechCultGained[p.leechId])
      leechIds.add(p.leechId);
  }
  return cultists.cults[cult] + owed + leechIds.size >= 10;
}
