import type { Ctx } from '../context.ts';
import { dataOf, isOccupied, ownRecord, setHex } from '../context.ts';
import { fail } from '../errors.ts';
import type { HexTerrain } from '../data/terrain.ts';
import type { FactionState, HexId } from '../types.ts';
import { requireSubaction } from '../flow.ts';
import { dismissAction } from '../obligations.ts';
import { adjustResource, counter, gain, pay, setCounter } from './resources.ts';
import { transformCost } from './reach.ts';
import { detectTownsFrom } from './towns.ts';

export function transform(ctx: Ctx, f: FactionState, hex: HexId, color: HexTerrain | undefined): void {
  const st = ctx.s.hexes[hex];
  if (!st || st.terrain === null) fail('unknownHex', { hex });
  const tc = transformCost(ctx, f, hex, color);
  if (st.terrain === tc.to) fail('alreadyTerrain', { hex, terrain: tc.to });
  if (isOccupied(st)) fail('hexHasBuilding', { hex });
  if (tc.spades || tc.volcano) {
    if (!f.passed) {
      requireSubaction(ctx, f, 'transform', {
        transform: (f.allowedSubActions.transform ?? 1) - 1,
        build: f.allowedSubActions.build ?? 0,
      });
    }
    if (f.requireHomeTerrainTf && tc.to !== f.color) {
      fail('oneForeignTerrain');
    }
  }
  if (tc.teleport) f.teleportTo = hex;
  pay(ctx, f, tc.cost);
  gain(ctx, f, tc.gain, 'faction');
  f.requireHomeTerrainTf = false;
  if (!counter(f, 'SPADE')) {
    dismissAction(ctx, f, 'transform');
    delete ownRecord(ctx, f, 'allowedSubActions').transform;
  } else {
    for (const p of ctx.s.pending) if (p.type === 'transform' && p.faction === f.name) p.amount = counter(f, 'SPADE');
    if (tc.to !== f.color && !f.passed) {
      f.requireHomeTerrainTf = true;
      if (!f.allowedSubActions.transform) {
        fail('useAllDugSpades', { spades: counter(f, 'SPADE') });
      }
    }
  }
  if (tc.to === f.color) f.allowedBuildLocations.push(hex);
  setHex(ctx, hex, { terrain: tc.to });
  detectTownsFrom(ctx, f, hex);
}

export function dig(ctx: Ctx, f: FactionState, amount: number): void {
  const data = dataOf(f).dig;
  requireSubaction(ctx, f, 'dig', { transform: 1, build: 1, dig: 1 });
  const cost = data.spadeCost[f.dig];
  if (!cost) fail('cannotDig', { faction: f.name });
  if (data.digGain) {
    for (let i = 0; i < amount; i++) gain(ctx, f, data.digGain, 'faction');
  } else adjustResource(ctx, f, 'SPADE', amount, 'faction');
  // Paid at once, so a refusal names what all the spades cost against what the faction has.
  const total: Record<string, number> = {};
  for (const k in cost) total[k] = (cost[k as keyof typeof cost] ?? 0) * amount;
  pay(ctx, f, total);
  const extra = data.spadeGain?.[f.dig];
  if (extra) for (let i = 0; i < amount; i++) gain(ctx, f, extra, 'faction');
  f.disableSpadeDecline = true;
  // Dug spades can't be given up: a faction whose transforms take a fixed number could never use an
  // odd one, and the game would wait for it for good. (The reference engine accepts such a dig.)
  const fixed = dataOf(f).fixedTransformSpades;
  if (fixed && counter(f, 'SPADE') % fixed !== 0) fail('digUnusable', { spades: counter(f, 'SPADE'), fixed });
}

/** Throwing away unused spades ("-SPADE") is allowed unless they were paid for with "dig". */
export function discardSpades(ctx: Ctx, f: FactionState, amount: number): void {
  if (!f.passed && f.disableSpadeDecline) fail('cannotDiscardDugSpades');
  const have = counter(f, 'SPADE');
  setCounter(f, 'SPADE', have - amount);
  if (have < amount) fail('notEnoughSpades', { need: amount, have });
  if (counter(f, 'SPADE') < 1) dismissAction(ctx, f, 'transform');
}
