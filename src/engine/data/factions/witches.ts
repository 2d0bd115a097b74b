import type { FactionData } from '../faction-types.ts';
import { sanctuary, STANDARD_SHIP, standardBuildings, standardDig } from './standard.ts';

export const witches: FactionData = {
  id: 'witches', display: 'Witches', color: 'green',
  landscape: {
    id: 'raven', placement: 'transform',
    onTownFounded: [{ kind: 'choose-town-reward' }], townChoice: { vp: 5, cultSteps: 3 },
  },
  start: { C: 15, W: 3, P: 0, P1: 5, P2: 7 }, cults: { AIR: 2 },
  ship: STANDARD_SHIP, dig: standardDig(),
  onTownFounded: [{ kind: 'gain', amounts: { VP: 5 } }],
  buildings: standardBuildings({
    SH: { cost: { W: 4, C: 6 }, gain: [{ ACTW: 1 }], income: { PW: [0, 2] } },
    SA: sanctuary(6),
  }),
};
