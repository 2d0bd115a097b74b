import type { BuildingTrack, DigTrack } from '../faction-types.ts';

/**
 * What the two volcano factions' boards share. They never hold spades: a dig is free and gives one
 * volcano transform instead, and the spade actions (BON1, ACT5, ACT6) allow nothing after them.
 */
export const VOLCANO_DIG: DigTrack = { start: 0, max: 0, gain: [], spadeCost: [{}], digGain: { VOLCANO_TF: 1 } };

export const VOLCANO_SPADE_ACTIONS: readonly string[] = ['BON1', 'ACT5', 'ACT6'];

/** The 4th and 8th dwellings bring no worker. */
export const VOLCANO_DWELLINGS: BuildingTrack = {
  cost: { W: 1, C: 2 },
  income: { W: [0, 1, 2, 3, 3, 4, 5, 6, 6] },
};
