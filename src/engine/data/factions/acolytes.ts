import type { FactionData } from '../faction-types.ts';
import { sanctuary, STANDARD_SHIP, standardBuildings } from './standard.ts';
import { VOLCANO_DIG, VOLCANO_DWELLINGS, VOLCANO_SPADE_ACTIONS } from './volcano-board.ts';

/**
 * Fire & Ice. A volcano costs steps on one cult track: 3, or 4 on another faction's home terrain. Every
 * spade they would get becomes a free cult step. The stronghold sends each priest one step further.
 */
export const acolytes: FactionData = {
  id: 'acolytes', display: 'Acolytes', color: 'volcano', option: 'fire-and-ice-factions/volcano',
  pickColor: 'after-selection',
  start: { C: 15, W: 3, P: 0, P1: 6, P2: 6 }, cults: { FIRE: 3, WATER: 3, EARTH: 3, AIR: 3 },
  ship: STANDARD_SHIP, dig: VOLCANO_DIG,
  special: { on: { SPADE: { SPADE: -1, CULT: 1 } } },
  volcano: { pay: 'cult-steps', notHome: 3, home: 4 },
  actionsWithoutFollowUp: VOLCANO_SPADE_ACTIONS,
  buildings: {
    ...standardBuildings({
      SH: { cost: { W: 4, C: 8 }, gain: [{ PRIEST_CULT_BONUS: 1 }], income: { PW: [0, 2] } },
      SA: sanctuary(8),
    }),
    D: VOLCANO_DWELLINGS,
  },
};
