import type { Ctx } from '../context.ts';
import { fail } from '../errors.ts';
import type { Counter, FactionState, GameState } from '../types.ts';
import { counter } from './resources.ts';
import { narrowed } from './versions.ts';

/**
 * A free trading house (the Swarmlings' stronghold action) or a free dwelling (the Witches') belongs to
 * the turn of the action that gave it. The reference engine looks at a turn when another faction's row
 * comes, when the faction answers a power offer in a row of its own, or when it takes a new action as the
 * last faction in the round; if it finds such a building still unbuilt it waits for it for good (even
 * once built or given up, the round never ends). So nothing may look at the turn while one is held.
 */
const HELD_FOR_THE_TURN: readonly Counter[] = ['FREE_TP', 'FREE_D'];

/**
 * What `f`'s action gave that its turn still holds, if any (none in games under older rules): a free
 * building, or a free transform the turn can no longer use. The sandstorm's transform is used before its
 * build; once the build came first, no transform is allowed in the turn, and a look at the turn would make
 * the reference wait for one for good. So that transform is given up before anything looks at the turn.
 */
export function heldForTheTurn(state: GameState, f: FactionState): Counter | undefined {
  if (state.round === 0 || !narrowed(state, 'heldForTheTurn')) return undefined;
  const building = HELD_FOR_THE_TURN.find((c) => counter(f, c) > 0);
  if (building) return building;
  if (narrowed(state, 'unusableFreeTransform') && counter(f, 'FREE_TF') > 0 && !transformStillAllowed(f))
    return 'FREE_TF';
  return undefined;
}

function transformStillAllowed(f: FactionState): boolean {
  return (f.allowedSubActions.transform ?? 0) > 0 || f.allowedActions > 0;
}

/** Refuses what would look at `f`'s turn while it holds what its action gave. */
export function assertNothingHeldForTheTurn(ctx: Ctx, f: FactionState): void {
  const held = heldForTheTurn(ctx.s, f);
  if (held === 'FREE_TF') fail('unusableTransformFirst', { faction: f.name });
  if (held) fail('freeBuildingFirst', { faction: f.name, building: held === 'FREE_TP' ? 'TP' : 'D' });
}

/**
 * A free terraform (the Nomads' sandstorm) or a volcano faction's transform may wait past a look at the
 * turn: the reference then waits for the transform and stops waiting once it is made, but not when the
 * entitlement is given up instead. So once the game waits for it, it can only be used.
 */
export function assertMayGiveUp(ctx: Ctx, f: FactionState, type: string): void {
  if ((type !== 'FREE_TF' && type !== 'VOLCANO_TF') || !narrowed(ctx.s, 'heldForTheTurn')) return;
  const awaited = ctx.s.pending.some((p) => p.type === 'transform' && p.faction === f.name);
  if (awaited && !counter(f, 'SPADE')) fail('transformAwaited');
}
