import type { FactionData } from '../faction-types.ts';
import { FAVOR_PER_TEMPLE, STANDARD_SHIP, STANDARD_TP_INCOME, standardDig } from './standard.ts';

export const engineers: FactionData = {
  id: 'engineers', display: 'Engineers', color: 'gray',
  landscape: { id: 'tower', placement: 'transform', landBridges: true },
  start: { C: 10, W: 2, P: 0, P1: 3, P2: 9 }, cults: {},
  ship: STANDARD_SHIP, dig: standardDig(), startTiles: ['ACTE'],
  passVpPerBridge: { needs: 'SH', vp: 3 },
  buildings: {
    D: { cost: { W: 1, C: 1 }, income: { W: [0, 1, 2, 2, 3, 4, 4, 5, 6] } },
    TP: { cost: { W: 1, C: 2 }, income: STANDARD_TP_INCOME },
    TE: { cost: { W: 1, C: 4 }, gain: FAVOR_PER_TEMPLE, income: { P: [0, 1, 1, 2], PW: [0, 0, 5, 5] } },
    SH: { cost: { W: 3, C: 6 }, income: { PW: [0, 2] } },
    SA: { cost: { W: 3, C: 6 }, gain: [{ GAIN_FAVOR: 1 }], income: { P: [0, 1] } },
  },
};
