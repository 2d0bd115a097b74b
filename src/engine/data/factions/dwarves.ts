import type { FactionData } from '../faction-types.ts';
import { sanctuary, standardBuildings, standardDig } from './standard.ts';

export const dwarves: FactionData = {
  id: 'dwarves', display: 'Dwarves', color: 'gray',
  landscape: { id: 'tunnel', placement: 'transform', teleportRange: 2, cultSpadesTeleportFree: true },
  start: { C: 15, W: 3, P: 0, P1: 5, P2: 7 }, cults: { EARTH: 2 },
  ship: { start: 0, max: 0, gain: [] }, dig: standardDig(),
  teleport: { kind: 'tunnel', cost: [{ W: 2 }, { W: 1 }], gain: [{ VP: 4 }, { VP: 4 }], range: 1 },
  buildings: standardBuildings({
    TP: { cost: { W: 2, C: 3 }, income: { C: [0, 3, 5, 7, 10], PW: [0, 1, 2, 4, 6] } },
    SH: { cost: { W: 4, C: 6 }, gain: [{ GAIN_TELEPORT: 1 }], income: { PW: [0, 2] } },
    SA: sanctuary(6),
  }),
};
