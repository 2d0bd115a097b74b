// The faction auction (docs/rulings.md §3, AU-1 to AU-7): with the `faction-auction` option the seats bid
// starting VP for factions before anyone picks one; the `setup` rows that follow it pick the factions in
// the order they were first named, each holder paying its bid from its starting VP.
import type { Ctx } from '../context.ts';
import { fail } from '../errors.ts';
import { FACTIONS } from '../data/factions/index.ts';
import type { FactionId } from '../data/faction-types.ts';
import type { AuctionLot, AuctionState, GameState } from '../types.ts';
import { startingVp } from './starting-vp.ts';
import { availableFactions } from './faction-pick.ts';

/** A bid the seat to bid may make: name a faction at 0, or raise a held one within `min`..`max`. */
export interface AuctionChoice {
  readonly faction: FactionId;
  readonly min: number;
  readonly max: number;
  /** The lot being outbid; absent when the faction is named for the first time. */
  readonly lot?: AuctionLot;
}

export function newAuction(): AuctionState {
  return { lots: [], bidder: 0 };
}

/** The seat (index into the players) whose bid it is, or null when there is no auction going on. */
export function auctionBidder(s: GameState): number | null {
  return s.phase === 'select-factions' ? (s.auction?.bidder ?? null) : null;
}

/**
 * AU-5: a faction may be named while no named faction shares its home terrain; the pool is every faction
 * the game allows (availableFactions).
 */
function nameable(s: GameState, a: AuctionState): FactionId[] {
  const named = new Set(a.lots.map((l) => FACTIONS[l.faction].color));
  return availableFactions(s).filter((id) => !a.lots.some((l) => l.faction === id) && !named.has(FACTIONS[id].color));
}

/** Every bid the seat to bid may make now (AU-2 to AU-5). */
export function auctionChoices(s: GameState): AuctionChoice[] {
  const a = s.auction;
  if (!a || auctionBidder(s) === null) return [];
  return [
    ...a.lots
      .filter((lot) => lot.bid < startingVp(s, lot.faction))
      .map((lot) => ({ faction: lot.faction, min: lot.bid + 1, max: startingVp(s, lot.faction), lot })),
    ...nameable(s, a).map((faction) => ({ faction, min: 0, max: 0 })),
  ];
}

/** AU-1: the next seat after the bidder, wrapping around, that holds no faction; null once all hold one. */
function nextBidder(playerCount: number, a: AuctionState, from: number): number | null {
  for (let i = 1; i <= playerCount; i++) {
    const seat = (from + i) % playerCount;
    if (!a.lots.some((l) => l.holder === seat)) return seat;
  }
  return null;
}

export function bid(ctx: Ctx, faction: FactionId, amount: number): void {
  const s = ctx.s;
  const a = s.auction;
  if (!a) return fail('noAuction');
  const bidder = auctionBidder(s);
  if (bidder === null) return fail('auctionOver');
  const lot = a.lots.find((l) => l.faction === faction);
  if (lot) {
    const max = startingVp(s, faction);
    if (amount <= lot.bid) fail('bidTooLow', { faction, min: lot.bid + 1 });
    if (amount > max) fail('bidTooHigh', { faction, max });
    lot.bid = amount;
    lot.holder = bidder;
  } else {
    if (amount !== 0) fail('nameAtZero', { faction });
    if (!availableFactions(s).includes(faction)) fail('factionNotInGame', { faction });
    const clash = a.lots.find((l) => FACTIONS[l.faction].color === FACTIONS[faction].color);
    if (clash) fail('terrainClash', { faction, other: clash.faction });
    a.lots.push({ faction, bid: 0, holder: bidder });
  }
  a.bidder = nextBidder(s.playerCount, a, bidder);
}

/**
 * AU-7: once every seat holds a faction, the factions are picked in the order they were first named;
 * the VP the holder bid on the picked faction, or null when the game has no auction.
 */
export function auctionPrice(s: GameState, faction: FactionId): number | null {
  const a = s.auction;
  if (!a) return null;
  if (a.bidder !== null) fail('auctionNotOver');
  const next = a.lots[s.factionOrder.length];
  if (next?.faction !== faction) fail('auctionPickOrder', { faction, other: next?.faction ?? faction });
  return next.bid;
}

/** Who holds each faction at the end of the auction, by seat; empty while it goes on. */
export function auctionHolders(s: GameState): ReadonlyMap<number, FactionId> {
  const a = s.auction;
  if (!a || a.bidder !== null) return new Map();
  return new Map(a.lots.map((l) => [l.holder, l.faction]));
}
