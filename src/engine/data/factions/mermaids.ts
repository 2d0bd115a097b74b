import type { FactionData } from '../faction-types.ts';
import { sanctuary, standardBuildings, standardDig } from './standard.ts';

export const mermaids: FactionData = {
  id: 'mermaids', display: 'Mermaids', color: 'blue',
  landscape: { id: 'reef', placement: 'river' },
  start: { C: 15, W: 3, P: 0, P1: 3, P2: 9 }, cults: { WATER: 2 },
  ship: { start: 1, max: 5, cost: { C: 4, P: 1 }, gain: [{ VP: 0 }, { VP: 2 }, { VP: 3 }, { VP: 4 }, { VP: 5 }] },
  dig: standardDig(),
  joinsAcrossRiver: true,
  buildings: standardBuildings({
    SH: { cost: { W: 4, C: 6 }, gain: [{ GAIN_SHIP: 1 }], income: { PW: [0, 4] } },
    SA: sanctuary(8),
  }),
};
