import type { FactionData } from '../faction-types.ts';
import { sanctuary, STANDARD_SHIP, standardBuildings, standardDig } from './standard.ts';

export const auren: FactionData = {
  id: 'auren', display: 'Auren', color: 'green',
  landscape: { id: 'tree', placement: 'transform', cultTopVp: 4 },
  start: { C: 15, W: 3, P: 0, P1: 5, P2: 7 }, cults: { WATER: 1, AIR: 1 },
  ship: STANDARD_SHIP, dig: standardDig(),
  buildings: standardBuildings({
    SH: { cost: { W: 4, C: 6 }, gain: [{ ACTA: 1, GAIN_FAVOR: 1 }], income: { PW: [0, 2] } },
    SA: sanctuary(8),
  }),
};
