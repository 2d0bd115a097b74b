import type { FactionData } from '../faction-types.ts';
import { sanctuary, STANDARD_SHIP, standardBuildings, standardDig } from './standard.ts';

export const cultists: FactionData = {
  id: 'cultists', display: 'Cultists', color: 'brown',
  landscape: { id: 'palace', placement: 'transform', breaksCultTies: true },
  start: { C: 15, W: 3, P: 0, P1: 5, P2: 7 }, cults: { EARTH: 1, FIRE: 1 },
  ship: STANDARD_SHIP, dig: standardDig(),
  leechEffect: { taken: { CULT: 1 }, notTaken: { PW: 1 } },
  buildings: standardBuildings({
    SH: { cost: { W: 4, C: 8 }, gain: [{ VP: 7 }], income: { PW: [0, 2] } },
    SA: sanctuary(8),
  }),
};
