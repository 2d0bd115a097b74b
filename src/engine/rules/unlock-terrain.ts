import type { Ctx } from '../context.ts';
import { dataOf, factionsInOrder } from '../context.ts';
import { fail } from '../errors.ts';
import type { Terrain } from '../data/terrain.ts';
import { TERRAIN_WHEEL, isTerrain } from '../data/terrain.ts';
import type { FactionState } from '../types.ts';
import { dismissAction } from '../obligations.ts';
import { counter, pay, setCounter } from './resources.ts';

/** What an `unlock-terrain` names: a locked terrain, or the priest itself. */
export type UnlockChoice = Terrain | 'gain-priest';

/**
 * Whether the faction builds on `terrain` without terraforming: its own, or one it has unlocked.
 * Ice and volcano are never unlocked.
 */
export function buildsOn(f: FactionState, terrain: string | null): boolean {
  if (terrain === null) return false;
  return terrain === f.color || (f.unlockedTerrain as string[]).includes(terrain);
}

/** Terrains the faction could still unlock (only a faction with locked terrain has any). */
export function lockedTerrains(f: FactionState): Terrain[] {
  if (!dataOf(f).lockedTerrain) return [];
  return TERRAIN_WHEEL.filter((t) => !buildsOn(f, t));
}

/**
 * A terrain is "home" when it is the colour of another faction in the game (dropped ones too) that
 * builds on its colour; a faction with locked terrain does not count (its colour is only its pieces').
 */
function isHomeOfOther(ctx: Ctx, f: FactionState, terrain: Terrain): boolean {
  return factionsInOrder(ctx).some((o) => o !== f && !dataOf(o).lockedTerrain && o.color === terrain);
}

/**
 * Spends one `UNLOCK_TERRAIN` (one comes for each priest the faction would gain): a locked terrain
 * becomes buildable and one more priest may be held, or the priest is taken after all.
 */
export function unlockTerrain(ctx: Ctx, f: FactionState, choice: UnlockChoice): void {
  if (!counter(f, 'UNLOCK_TERRAIN')) fail('noUnlockNow', { faction: f.name });
  if (choice === 'gain-priest') {
    f.P = Math.min(f.P + 1, f.maxP);
  } else {
    const locked = dataOf(f).lockedTerrain;
    if (!locked || !isTerrain(choice) || !lockedTerrains(f).includes(choice))
      fail('notLocked', { faction: f.name, terrain: choice });
    pay(ctx, f, isHomeOfOther(ctx, f, choice) ? locked.home : locked.other);
    f.maxP++;
    f.unlockedTerrain.push(choice);
  }
  setCounter(f, 'UNLOCK_TERRAIN', counter(f, 'UNLOCK_TERRAIN') - 1);
  if (!counter(f, 'UNLOCK_TERRAIN')) dismissAction(ctx, f, 'unlock-terrain');
}
