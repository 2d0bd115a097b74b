import type { FactionData } from '../faction-types.ts';
import { RICH_TP_INCOME, sanctuary, STANDARD_SHIP, standardBuildings, standardDig } from './standard.ts';

export const nomads: FactionData = {
  id: 'nomads', display: 'Nomads', color: 'yellow',
  landscape: { id: 'camp', placement: 'transform', offerCoins: 1 },
  start: { C: 15, W: 2, P: 0, P1: 5, P2: 7 }, cults: { FIRE: 1, EARTH: 1 },
  ship: STANDARD_SHIP, dig: standardDig(),
  startingDwellings: { count: 3 },
  buildings: standardBuildings({
    TP: { cost: { W: 2, C: 3 }, income: RICH_TP_INCOME },
    SH: { cost: { W: 4, C: 8 }, gain: [{ ACTN: 1 }], income: { PW: [0, 2] } },
    SA: sanctuary(6),
  }),
};
