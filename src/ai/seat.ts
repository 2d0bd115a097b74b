// Decisions of a seat that holds no faction yet: which faction to pick, and what to bid in the faction
// auction. Factions are rated by how they fare in strong games (FACTION_STRATEGY.leagueEdge); a rival
// already seated on a neighbouring colour of the wheel costs a little land.
import {
  FACTIONS,
  type FactionId,
  type GameState,
  auctionBidder,
  auctionChoices,
  availableFactions,
  nextFactionPick,
  seededRandom,
} from '../engine/index.ts';
import { FACTION_STRATEGY } from './strategy.ts';
import type { AiOptions, SeatDecision } from './types.ts';

/** How much a faction is worth to a seat, in VP, before the map and the tiles are looked at. */
function worth(faction: FactionId): number {
  return FACTION_STRATEGY[faction].leagueEdge;
}

/** The seat's pick or bid; null when the seat has nothing to decide. */
export function decideSeat(state: GameState, seat: number, opts: AiOptions): SeatDecision | null {
  const rand = seededRandom(
    `${opts.seed}/seat/${seat}/${state.factionOrder.length}/${state.auction?.lots.length ?? 0}`,
  );
  if (auctionBidder(state) === seat) return bid(state, rand);
  if (nextFactionPick(state) === seat) {
    const choices = availableFactions(state);
    if (!choices.length) return null;
    const faction = best(choices, (f) => worth(f) + rand() * 0.01);
    return { kind: 'pick-faction', faction, reasons: [] };
  }
  return null;
}

function best<T>(items: readonly T[], score: (x: T) => number): T {
  let top = items[0] as T;
  let topScore = score(top);
  for (const x of items.slice(1)) {
    const s = score(x);
    if (s > topScore) {
      top = x;
      topScore = s;
    }
  }
  return top;
}

/**
 * Names the best faction still free at 0, unless outbidding a named one by a VP leaves more: a faction
 * is worth its edge, and the VP bid are lost.
 */
function bid(state: GameState, rand: () => number): SeatDecision {
  const choices = auctionChoices(state);
  const scored = choices.map((c) => ({ c, value: worth(c.faction) - c.min + rand() * 0.01 }));
  const top = best(scored, (x) => x.value).c;
  const faction = FACTIONS[top.faction].id;
  return { kind: 'bid', faction, amount: top.min, reasons: [] };
}
