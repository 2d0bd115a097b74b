import type { FactionData } from '../faction-types.ts';
import { sanctuary, STANDARD_SHIP, standardBuildings, standardDig } from './standard.ts';

export const giants: FactionData = {
  id: 'giants', display: 'Giants', color: 'red',
  landscape: { id: 'cave', placement: 'transform', placementAdvances: { dig: 'free' } },
  start: { C: 15, W: 3, P: 0, P1: 5, P2: 7 }, cults: { FIRE: 1, AIR: 1 },
  fixedTransformSpades: 2,
  ship: STANDARD_SHIP, dig: standardDig(),
  buildings: standardBuildings({
    SH: { cost: { W: 4, C: 6 }, gain: [{ ACTG: 1 }], income: { PW: [0, 4] } },
    SA: sanctuary(6),
  }),
};
