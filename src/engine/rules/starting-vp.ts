import { mapData } from '../data/maps.ts';
import { ORIGINAL_2017_STARTING_VP } from '../data/starting-vp.ts';
import type { FactionId } from '../data/faction-types.ts';
import type { GameState } from '../types.ts';

/** 20, or the faction's row of the 2017 table when the option or the map ("Original [2017 vp]") asks for it. */
export function startingVp(s: GameState, id: FactionId): number {
  const table = s.options.includes('starting-vp-2017') ? ORIGINAL_2017_STARTING_VP : mapData(s.map).startingVp;
  return table?.[id] ?? 20;
}
