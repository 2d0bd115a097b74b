import type { FactionId } from './faction-types.ts';

/**
 * terra.snellman.net's "Original [2017 vp]" starting VP (docs/rulings.md §4): each faction starts with
 * this instead of 20, to even out the factions' strength. Keyed by every faction id so that a faction
 * added to the engine cannot be forgotten here (the reference lists the Fire & Ice factions too).
 */
export const ORIGINAL_2017_STARTING_VP: Readonly<Record<FactionId, number>> = {
  darklings: 15,
  cultists: 16,
  engineers: 16,
  chaosmagicians: 19,
  mermaids: 19,
  nomads: 19,
  witches: 19,
  dwarves: 20,
  halflings: 20,
  riverwalkers: 21,
  shapeshifters: 22,
  swarmlings: 22,
  acolytes: 23,
  dragonlords: 24,
  giants: 25,
  alchemists: 27,
  auren: 27,
  fakirs: 33,
  icemaidens: 20,
  yetis: 22,
};
