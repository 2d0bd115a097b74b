import type { FactionData } from '../faction-types.ts';
import { sanctuary, STANDARD_SHIP, standardBuildings, standardDig } from './standard.ts';

export const halflings: FactionData = {
  id: 'halflings', display: 'Halflings', color: 'brown',
  landscape: { id: 'drill', placement: 'transform', spadeDiscountAround: 1 },
  start: { C: 15, W: 3, P: 0, P1: 3, P2: 9 }, cults: { EARTH: 1, AIR: 1 },
  ship: STANDARD_SHIP, dig: standardDig({ W: 2, C: 1, P: 1 }),
  special: { on: { SPADE: { VP: 1 } } },
  buildings: standardBuildings({
    SH: {
      cost: { W: 4, C: 8 }, gain: [{ SPADE: 3 }], income: { PW: [0, 2] },
      followUp: { transform: 3, build: 1 },
    },
    SA: sanctuary(6),
  }),
};
