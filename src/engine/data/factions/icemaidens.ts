import type { FactionData } from '../faction-types.ts';
import { FAVOR_PER_TEMPLE, sanctuary, STANDARD_SHIP, STANDARD_TP_INCOME, standardDig } from './standard.ts';

/** Fire & Ice: live on ice, start with a favour tile, and score their temples on every pass after the SH. */
export const icemaidens: FactionData = {
  id: 'icemaidens', display: 'Ice Maidens', color: 'ice', option: 'fire-and-ice-factions/ice',
  pickColor: 'at-selection', startCounters: { GAIN_FAVOR: 1 },
  start: { C: 15, W: 3, P: 0, P1: 6, P2: 6 }, cults: { WATER: 1, AIR: 1 },
  ship: STANDARD_SHIP, dig: standardDig({ W: 1, C: 5, P: 1 }),
  passVpPerBuilding: { needs: 'SH', building: 'TE', vp: 3 },
  buildings: {
    D: { cost: { W: 1, C: 2 }, income: { W: [1, 2, 3, 4, 5, 6, 7, 8, 9] } },
    TP: { cost: { W: 2, C: 3 }, income: STANDARD_TP_INCOME },
    TE: { cost: { W: 2, C: 5 }, gain: FAVOR_PER_TEMPLE, income: { P: [0, 1, 2, 3] } },
    SH: { cost: { W: 4, C: 6 }, income: { PW: [0, 4] } },
    SA: { gain: [{ GAIN_FAVOR: 1 }], ...sanctuary(6) },
  },
};
