// The power offers open in a game, as the view carries them: who may take how much from whom, what it
// costs in VP, whether the rules let it be taken now, and the Trading Camp's coins instead.
import { type FactionId, type GameState, apply, offerVpCost } from '../engine/index.ts';

/** A power offer open to `faction`: what it would gain (`actual`), what that costs in VP, and the coins a Trading Camp may take instead. */
export interface PowerOffer {
  readonly faction: FactionId;
  readonly from: FactionId;
  /** The amount the offer was made for, as its answer names it. */
  readonly amount: number;
  readonly actual: number;
  readonly vpCost: number;
  /**
   * Whether the power may be taken now. Under `strict-leech` an offer passed over (a later offer taken, or
   * a conversion made, before answering it) may only be declined; a front end must not offer "take".
   */
  readonly takeable: boolean;
  /** Coins the holder may take instead (SL-NOM-1); 0 when it may not. */
  readonly coins: number;
}

/** How a power offer is answered: taking the power, declining it, or taking the Trading Camp's coins. */
export type OfferAnswer = 'accept' | 'decline' | 'coin';

/**
 * The open power offers, each once: two alike (a line that built twice next to the same neighbour) are
 * answered by the same words, one at a time.
 */
export function powerOffers(state: GameState): PowerOffer[] {
  const offers: PowerOffer[] = [];
  for (const p of state.pending) {
    if (p.type !== 'leech') continue;
    if (offers.some((o) => o.faction === p.faction && o.amount === p.amount && o.from === p.from)) continue;
    offers.push({
      faction: p.faction,
      from: p.from,
      amount: p.amount,
      actual: p.actual,
      vpCost: offerVpCost(state, p),
      takeable: apply(state, p.faction, [{ type: 'leech', amount: p.amount, from: p.from }]).ok,
      coins: p.coins ?? 0,
    });
  }
  return offers;
}
