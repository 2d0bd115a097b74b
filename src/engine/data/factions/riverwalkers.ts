import type { FactionData } from '../faction-types.ts';
import { FAVOR_PER_TEMPLE, sanctuary, standardBuildings } from './standard.ts';

/**
 * snellman's final version (`fire-and-ice-factions/variable_v5`). They never terraform: every terrain
 * but the one they pick is locked, and each priest they would gain unlocks one instead (or is taken
 * as a priest, within their priest limit). They reach new hexes only across one river hex.
 */
export const riverwalkers: FactionData = {
  id: 'riverwalkers', display: 'Riverwalkers', color: 'variable',
  option: 'fire-and-ice-factions/variable_v5', board: 'variable', pickColor: 'at-selection',
  start: { C: 15, W: 3, P: 0, P1: 10, P2: 2 }, cults: { FIRE: 1, AIR: 1 },
  maxPriests: 1,
  ship: { start: 1, max: 1, gain: [] },
  dig: { start: 0, max: 0, gain: [], spadeCost: [] },
  replaceGain: { SPADE: {}, P: { UNLOCK_TERRAIN: 1 } },
  lockedTerrain: { home: { C: 2 }, other: { C: 1 } },
  reachByRiverOnly: true,
  startBesideRiver: true,
  forbiddenActions: ['BON1', 'ACT5', 'ACT6'],
  buildings: {
    ...standardBuildings({
      // Two bridges come with the stronghold and are placed in the same action.
      SH: { cost: { W: 4, C: 6 }, gain: [{ BRIDGE: 2 }], income: { PW: [0, 2] }, followUp: { bridge: 2 } },
      SA: sanctuary(6),
    }),
    D: { cost: { W: 1, C: 2 }, income: { W: [1, 2, 3, 3, 4, 5, 5, 6, 7] } },
    TE: { cost: { W: 2, C: 5 }, gain: FAVOR_PER_TEMPLE, income: { P: [0, 1, 1, 2], PW: [0, 0, 5, 5] } },
  },
};
