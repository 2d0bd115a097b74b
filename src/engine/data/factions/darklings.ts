import type { FactionData } from '../faction-types.ts';
import { STANDARD_SHIP, standardBuildings } from './standard.ts';

export const darklings: FactionData = {
  id: 'darklings', display: 'Darklings', color: 'black',
  landscape: { id: 'encampment', placement: 'transform', onPlaced: [{ kind: 'score-as-built', building: 'D' }], passVpAsDwelling: true },
  start: { C: 15, W: 1, P: 1, P1: 5, P2: 7 }, cults: { WATER: 1, EARTH: 1 },
  ship: STANDARD_SHIP,
  dig: { start: 0, max: 0, gain: [], spadeCost: [{ P: 1 }], spadeGain: [{ VP: 2 }] },
  buildings: {
    ...standardBuildings({
      SH: { cost: { W: 4, C: 6 }, gain: [{ CONVERT_W_TO_P: 3 }], income: { PW: [0, 2] } },
      SA: { cost: { W: 4, C: 10 }, income: { P: [0, 2] } },
    }),
  },
};
