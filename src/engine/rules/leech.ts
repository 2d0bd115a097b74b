import type { Ctx } from '../context.ts';
import {
  addNote,
  adjacentHexes,
  dataOf,
  factionOf,
  factionsFrom,
  hasOption,
  isOccupied,
  ownRecord,
  structureStrength,
} from '../context.ts';
import { fail } from '../errors.ts';
import type { FactionId, FactionState, HexId, Pending } from '../types.ts';
import { adjustResource, gain, gainPower, powerCapacity } from './resources.ts';
import { detectIncompleteTurn } from '../obligations.ts';

type LeechOffer = Extract<Pending, { type: 'leech' }>;

/** Power each neighbouring faction may take when `hex` gets a structure: the sum of its adjacent structures. */
export function computeLeech(ctx: Ctx, builder: FactionId | null, hex: HexId): Map<FactionId, number> {
  if (ctx.s.round === 0) return new Map();
  return neighbourStrengths(ctx, hex, builder ?? ctx.s.hexes[hex]?.owner ?? null);
}

/** The power of each other faction's structures next to `hex` (by bridges too): what a build there offers it. */
export function neighbourStrengths(ctx: Ctx, hex: HexId, owner: FactionId | null): Map<FactionId, number> {
  const out = new Map<FactionId, number>();
  for (const adj of adjacentHexes(ctx, hex)) {
    const st = ctx.s.hexes[adj];
    if (!st || !isOccupied(st) || !st.owner || st.owner === owner) continue;
    out.set(st.owner, (out.get(st.owner) ?? 0) + structureStrength(st));
  }
  return out;
}

/** SL-NOM-1: the coins a faction may take instead of power, when its landscape that allows it neighbours `hex`. */
function offerCoins(ctx: Ctx, f: FactionState, hex: HexId): number {
  const coins = f.landscape !== null ? dataOf(f).landscape?.offerCoins : undefined;
  return coins && adjacentHexes(ctx, hex).includes(f.landscape!) ? coins : 0;
}

/** Offers power to the neighbours of a new or upgraded building, in turn order from the builder. */
export function noteLeech(ctx: Ctx, from: FactionState, hex: HexId): Map<FactionId, number> {
  const leech = computeLeech(ctx, from.name, hex);
  const leechId = ++ctx.s.leechCounter;
  for (const f of factionsFrom(ctx, from, true)) {
    const amount = leech.get(f.name);
    if (!amount) continue;
    const actual = f.dropped ? 0 : Math.min(amount, powerCapacity(f));
    const coins = offerCoins(ctx, f, hex);
    const offer: LeechOffer = { type: 'leech', faction: f.name, from: from.name, amount, actual, leechId };
    ctx.s.pending.push(coins ? { ...offer, coins } : offer);
    if (actual) {
      ownRecord(ctx, from, 'leechPending')[leechId] = (from.leechPending[leechId] ?? 0) + 1;
      ownRecord(ctx, from, 'leechRejected')[leechId] = 0;
    }
  }
  return leech;
}

export function leechOffers(ctx: Ctx, f: FactionState): LeechOffer[] {
  return ctx.s.pending.filter((p): p is LeechOffer => p.type === 'leech' && p.faction === f.name);
}

function note(ctx: Ctx, f: FactionState, text: string, effect: () => void): void {
  effect();
  addNote(ctx, f, text);
}

/** VP that taking `power` from an offer costs: one less than the power, and never more than the VP held. */
export function leechVpCost(power: number, vp: number): number {
  return Math.max(0, Math.min(power, vp + 1) - 1);
}

export function acceptLeech(ctx: Ctx, f: FactionState, pw: number, fromName: FactionId | null): void {
  const vp0 = f.VP;
  const actual = gainPower(f, Math.min(pw, vp0 + 1));
  const vp = leechVpCost(actual, vp0);
  const incompleteCheck: FactionState[] = [];
  let found: LeechOffer | undefined;
  for (const p of leechOffers(ctx, f)) {
    if ((p.amount !== pw && p.amount !== actual) || (fromName && fromName !== p.from)) {
      p.tainted = `leech ${pw} from ${fromName ?? ''}`;
      continue;
    }
    const from = factionOf(ctx, p.from);
    const effect = dataOf(from).leechEffect;
    if (effect && p.actual > 0 && !from.leechCultGained[p.leechId]) {
      ownRecord(ctx, from, 'leechCultGained')[p.leechId] = true;
      note(ctx, from, '[opponent accepted power]', () => gain(ctx, from, effect.taken, ''));
      incompleteCheck.push(from);
    }
    if (p.tainted && hasOption(ctx, 'strict-leech')) {
      fail('leechOrder', { leech: `leech ${pw} from ${fromName ?? p.from}`, before: p.tainted });
    }
    found = p;
    break;
  }
  if (!found) {
    if (fromName) fail('noOfferFromToAccept', { amount: pw, from: fromName });
    fail('noOfferToAccept', { amount: pw });
  }
  ctx.s.pending = ctx.s.pending.filter((p) => p !== found);
  if (actual > 0) adjustResource(ctx, f, 'VP', -vp, 'leech');
  for (const from of incompleteCheck) detectIncompleteTurn(ctx, from);
  const canGain = powerCapacity(f);
  for (const p of leechOffers(ctx, f)) {
    if (!canGain && p.actual) maybeCultistsGainPower(ctx, p);
    p.actual = Math.min(p.actual, canGain);
  }
}

export function declineLeech(ctx: Ctx, f: FactionState, amount: number, fromName: FactionId): void {
  const p = leechOffers(ctx, f).find((x) => x.amount === amount && x.from === fromName);
  if (!p) fail('noOfferToDecline', { amount, from: fromName });
  refuse(ctx, p);
}

/**
 * SL-NOM-1..3: the Trading Camp's coins instead of the whole offer, with no VP lost. Not power gained: for
 * the builder's abilities (the Cultists') it is a refusal.
 */
export function takeOfferCoins(ctx: Ctx, f: FactionState, fromName: FactionId | null): void {
  const p = leechOffers(ctx, f).find((x) => x.coins && (fromName === null || x.from === fromName));
  if (!p?.coins) fail('noCoinOffer', { from: fromName ?? '—' });
  refuse(ctx, p);
  adjustResource(ctx, f, 'C', p.coins, 'leech');
}

function refuse(ctx: Ctx, p: LeechOffer): void {
  const from = factionOf(ctx, p.from);
  ownRecord(ctx, from, 'leechRejected')[p.leechId] = (from.leechRejected[p.leechId] ?? 0) + 1;
  maybeCultistsGainPower(ctx, p);
  ctx.s.pending = ctx.s.pending.filter((x) => x !== p);
}

/** Declines every open offer; returns how many there were. */
export function declineAll(ctx: Ctx, f: FactionState): number {
  const offers = leechOffers(ctx, f);
  for (const p of offers) declineLeech(ctx, f, p.amount, p.from);
  return offers.length;
}

/** Errata: when every neighbour who could take power refused it, the cultists gain 1 power instead. */
function maybeCultistsGainPower(ctx: Ctx, p: LeechOffer): void {
  const from = factionOf(ctx, p.from);
  if (!p.actual) return;
  ownRecord(ctx, from, 'leechPending')[p.leechId] = (from.leechPending[p.leechId] ?? 0) - 1;
  if (from.leechPending[p.leechId]! > 0) return;
  if (!from.leechRejected[p.leechId]) return;
  const effect = dataOf(from).leechEffect;
  if (!effect || !hasOption(ctx, 'errata-cultist-power')) return;
  note(ctx, from, '[all opponents declined power]', () => gain(ctx, from, effect.notTaken, ''));
}
