import type { Ctx } from '../context.ts';
import { dataOf } from '../context.ts';
import { fail } from '../errors.ts';
import type { Terrain } from '../data/terrain.ts';
import { TERRAIN_NAMES } from '../data/terrain.ts';
import type { FactionState, HexId } from '../types.ts';
import { dismissAction, requireSubaction } from '../flow.ts';
import { adjustResource, counter, gain, pay, setCounter } from './resources.ts';
import { transformCost } from './reach.ts';
import { detectTownsFrom } from './towns.ts';

export function transform(ctx: Ctx, f: FactionState, hex: HexId, color: Terrain | undefined): void {
  const st = ctx.s.hexes[hex];
  if (!st || st.terrain === null) fail(`Unknown land hex '${hex}'`);
  const tc = transformCost(ctx, f, hex, color);
  if (st.terrain === tc.to) fail(`Can't transform ${hex}: it already is ${TERRAIN_NAMES[tc.to]} (${tc.to})`);
  if (st.building) fail(`Can't transform ${hex}: it has a building`);
  if (tc.spades) {
    if (!f.passed) {
      requireSubaction(ctx, f, 'transform', {
        transform: (f.allowedSubActions.transform ?? 1) - 1,
        build: f.allowedSubActions.build ?? 0,
      });
    }
    if (f.requireHomeTerrainTf && tc.to !== f.color) {
      fail("Can't transform more than one hex to a terrain other than your home terrain in one action");
    }
  }
  if (tc.teleport) f.teleportTo = hex;
  pay(ctx, f, tc.cost);
  gain(ctx, f, tc.gain, 'faction');
  f.requireHomeTerrainTf = false;
  if (!counter(f, 'SPADE')) {
    dismissAction(ctx, f, 'transform');
    delete f.allowedSubActions.transform;
  } else {
    for (const p of ctx.s.pending) if (p.type === 'transform' && p.faction === f.name) p.amount = counter(f, 'SPADE');
    if (tc.to !== f.color && !f.passed) {
      f.requireHomeTerrainTf = true;
      if (!f.allowedSubActions.transform) {
        fail(`Must use all spades from 'dig' when transforming to a terrain other than your home (${counter(f, 'SPADE')} left)`);
      }
    }
  }
  if (tc.to === f.color) f.allowedBuildLocations.push(hex);
  st.terrain = tc.to;
  detectTownsFrom(ctx, f, hex);
}

export function dig(ctx: Ctx, f: FactionState, amount: number): void {
  const data = dataOf(f).dig;
  requireSubaction(ctx, f, 'dig', { transform: 1, build: 1, dig: 1 });
  const cost = data.spadeCost[f.dig];
  if (!cost) fail(`${dataOf(f).display} can't dig`);
  adjustResource(ctx, f, 'SPADE', amount, 'faction');
  for (let i = 0; i < amount; i++) pay(ctx, f, cost);
  const extra = data.spadeGain?.[f.dig];
  if (extra) for (let i = 0; i < amount; i++) gain(ctx, f, extra, 'faction');
  f.disableSpadeDecline = true;
}

/** Throwing away unused spades ("-SPADE") is allowed unless they were paid for with "dig". */
export function discardSpades(ctx: Ctx, f: FactionState, amount: number): void {
  if (!f.passed && f.disableSpadeDecline) fail("All spades from 'dig' must be used; they can't be thrown away");
  setCounter(f, 'SPADE', counter(f, 'SPADE') - amount);
  if (counter(f, 'SPADE') < 0) fail('Not enough spades');
  if (counter(f, 'SPADE') < 1) dismissAction(ctx, f, 'transform');
}
