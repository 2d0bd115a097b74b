import type { FactionData } from '../faction-types.ts';
import { RICH_TP_INCOME, sanctuary, STANDARD_SHIP, standardBuildings, standardDig } from './standard.ts';

export const alchemists: FactionData = {
  id: 'alchemists', display: 'Alchemists', color: 'black',
  landscape: { id: 'workshop', placement: 'transform', placementAdvances: { ship: 'without-priest', dig: 'without-priest' } },
  start: { C: 15, W: 3, P: 0, P1: 5, P2: 7 }, cults: { WATER: 1, FIRE: 1 },
  ship: STANDARD_SHIP, dig: standardDig(),
  special: { on: { SPADE: { PW: 2 } }, enableIf: { SH: 1 } },
  exchange: { C: { VP: 2 }, VP: { C: 1 } },
  buildings: standardBuildings({
    TP: { cost: { W: 2, C: 3 }, income: RICH_TP_INCOME },
    SH: { cost: { W: 4, C: 6 }, gain: [{ PW: 12 }], income: { C: [0, 6] } },
    SA: sanctuary(6),
  }),
};
