import type { FactionData } from '../faction-types.ts';
import { FAVOR_PER_TEMPLE, STANDARD_SHIP, standardDig } from './standard.ts';

export const swarmlings: FactionData = {
  id: 'swarmlings', display: 'Swarmlings', color: 'blue',
  landscape: { id: 'hatchery', placement: 'transform', townGrowth: { maxTiles: 4 } },
  start: { C: 20, W: 8, P: 0, P1: 3, P2: 9 }, cults: { FIRE: 1, EARTH: 1, WATER: 1, AIR: 1 },
  ship: STANDARD_SHIP, dig: standardDig(),
  onTownFounded: [{ kind: 'gain', amounts: { W: 3 } }],
  buildings: {
    D: { cost: { W: 2, C: 3 }, income: { W: [2, 3, 4, 5, 6, 7, 8, 9, 9] } },
    TP: { cost: { W: 3, C: 4 }, income: { PW: [0, 2, 4, 6, 8], C: [0, 2, 4, 6, 9] } },
    TE: { cost: { W: 3, C: 6 }, gain: FAVOR_PER_TEMPLE, income: { P: [0, 1, 2, 3] } },
    SH: { cost: { W: 5, C: 8 }, gain: [{ ACTS: 1 }], income: { PW: [0, 4] } },
    SA: { cost: { W: 5, C: 8 }, gain: [{ GAIN_FAVOR: 1 }], income: { P: [0, 2] } },
  },
};
