import { leechVpCost } from './rules/leech.ts';
import type { FactionId, GameState, Pending } from './types.ts';

/** Why the game waits for a faction: its turn, a power offer to answer, or a choice its last move owes. */
export type WaitReason =
  { readonly kind: 'move' } | { readonly kind: 'leech'; readonly from: FactionId } | { readonly kind: 'choice' };

export function waitReason(state: GameState, faction: FactionId): WaitReason {
  const offer = state.pending.find((p) => p.type === 'leech' && p.faction === faction);
  if (offer && offer.type === 'leech') return { kind: 'leech', from: offer.from };
  // Placing a starting dwelling or taking a starting bonus card is a turn like any other.
  const setupTurn = state.pending.some((p) => (p.type === 'dwelling' || p.type === 'bonus') && p.faction === faction);
  if (state.active === faction || setupTurn) return { kind: 'move' };
  return { kind: 'choice' };
}

/** What taking an open power offer would cost its holder now, in VP. */
export function offerVpCost(state: GameState, offer: Extract<Pending, { type: 'leech' }>): number {
  return leechVpCost(offer.actual, state.factions[offer.faction]?.VP ?? 0);
}
