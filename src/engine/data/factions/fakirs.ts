import type { FactionData } from '../faction-types.ts';
import { sanctuary, standardBuildings } from './standard.ts';

export const fakirs: FactionData = {
  id: 'fakirs', display: 'Fakirs', color: 'yellow',
  landscape: { id: 'school', placement: 'transform', flightGain: { C: 2 } },
  start: { C: 15, W: 3, P: 0, P1: 7, P2: 5 }, cults: { FIRE: 1, AIR: 1 },
  ship: { start: 0, max: 0, gain: [] },
  dig: { start: 0, max: 1, cost: { W: 2, C: 5, P: 1 }, gain: [{ VP: 6 }], spadeCost: [{ W: 3 }, { W: 2 }] },
  teleport: { kind: 'carpet', cost: [{ P: 1 }, { P: 1 }], gain: [{ VP: 4 }, { VP: 4 }], range: 1 },
  buildings: standardBuildings({
    SH: { cost: { W: 4, C: 10 }, gain: [{ GAIN_TELEPORT: 1 }], income: { P: [0, 1] } },
    SA: sanctuary(6),
  }),
};
