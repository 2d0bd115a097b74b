import { makeCtx } from '../context.ts';
import { FACTIONS } from '../data/factions/index.ts';
import type { FactionId, GameState } from '../types.ts';
import { factionOffered, setupClash } from './colors.ts';

/** Factions the next player may pick: in the game's options and clashing with none chosen so far. */
export function availableFactions(state: GameState): FactionId[] {
  const ctx = makeCtx(state);
  return (Object.keys(FACTIONS) as FactionId[]).filter(
    (id) => !state.factions[id] && factionOffered(state.options, id) && !setupClash(ctx, FACTIONS[id]),
  );
}
