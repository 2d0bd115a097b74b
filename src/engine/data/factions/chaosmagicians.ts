import type { FactionData } from '../faction-types.ts';
import { STANDARD_SHIP, standardBuildings, standardDig } from './standard.ts';

export const chaosmagicians: FactionData = {
  id: 'chaosmagicians', display: 'Chaos Magicians', color: 'red',
  landscape: { id: 'portal', placement: 'stronghold' },
  start: { C: 15, W: 4, P: 0, P1: 5, P2: 7 }, cults: { FIRE: 2 },
  ship: STANDARD_SHIP, dig: standardDig(),
  startingDwellings: { count: 1, afterOthers: true },
  buildings: {
    ...standardBuildings({
      SH: { cost: { W: 4, C: 4 }, gain: [{ ACTC: 1 }], income: { W: [0, 2] } },
      SA: { cost: { W: 4, C: 8 }, gain: [{ GAIN_FAVOR: 2 }], income: { P: [0, 1] } },
    }),
    TE: {
      cost: { W: 2, C: 5 },
      gain: [{ GAIN_FAVOR: 2 }, { GAIN_FAVOR: 2 }, { GAIN_FAVOR: 2 }],
      income: { P: [0, 1, 2, 3] },
    },
  },
};
