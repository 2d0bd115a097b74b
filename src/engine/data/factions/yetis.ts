import type { FactionData } from '../faction-types.ts';
import { FAVOR_PER_TEMPLE, sanctuary, STANDARD_SHIP, standardDig } from './standard.ts';

/**
 * Fire & Ice: live on ice, pay one power less for the power actions and, after the SH, may take them
 * again when already used; their SH and SA count 4 for neighbours' power and towns.
 */
export const yetis: FactionData = {
  id: 'yetis', display: 'Yetis', color: 'ice', option: 'fire-and-ice-factions/ice',
  pickColor: 'at-selection',
  start: { C: 15, W: 3, P: 0, P1: 0, P2: 12 }, cults: { EARTH: 1, AIR: 1 },
  ship: STANDARD_SHIP, dig: standardDig({ W: 1, C: 5, P: 1 }),
  powerActionDiscount: 1,
  reusePowerActions: { needs: 'SH' },
  buildingStrength: { SH: 4, SA: 4 },
  buildings: {
    D: { cost: { W: 1, C: 2 }, income: { W: [1, 2, 3, 4, 5, 6, 7, 8, 9] } },
    TP: { cost: { W: 2, C: 3 }, income: { C: [0, 2, 4, 6, 8], PW: [0, 2, 4, 6, 8] } },
    TE: { cost: { W: 2, C: 5 }, gain: FAVOR_PER_TEMPLE, income: { P: [0, 1, 2, 3] } },
    SH: { cost: { W: 4, C: 6 }, income: { PW: [0, 4] } },
    SA: { gain: [{ GAIN_FAVOR: 1 }], ...sanctuary(6) },
  },
};
