import type { FactionData } from '../faction-types.ts';
import { sanctuary, STANDARD_SHIP, standardBuildings } from './standard.ts';

/**
 * snellman's final version (`fire-and-ice-factions/variable_v5`). They pick their terrain at setup and
 * may change it with their stronghold's actions (5 power, or 5 power tokens given up). When a neighbour
 * takes power from them they may buy a new token for bowl III with 1 VP; when all refuse, they gain 1 power.
 */
export const shapeshifters: FactionData = {
  id: 'shapeshifters', display: 'Shapeshifters', color: 'variable',
  option: 'fire-and-ice-factions/variable_v5', board: 'variable', pickColor: 'at-selection',
  start: { C: 15, W: 3, P: 0, P1: 4, P2: 4 }, cults: { FIRE: 1, WATER: 1 },
  ship: STANDARD_SHIP,
  // Every spade costs 3 workers: their digging never improves.
  dig: { start: 0, max: 0, gain: [], spadeCost: [{ W: 3 }] },
  leechEffect: { taken: { GAIN_P3_FOR_VP: 1 }, notTaken: { PW: 1 } },
  buildings: standardBuildings({
    SH: { cost: { W: 3, C: 6 }, gain: [{ ACTH5: 1, ACTH6: 1 }], income: { PW: [0, 4] } },
    SA: sanctuary(6),
  }),
};
