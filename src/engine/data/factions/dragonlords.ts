import type { FactionData } from '../faction-types.ts';
import { sanctuary, STANDARD_SHIP, standardBuildings } from './standard.ts';
import { VOLCANO_DIG, VOLCANO_DWELLINGS, VOLCANO_SPADE_ACTIONS } from './volcano-board.ts';

/**
 * Fire & Ice. A volcano costs power tokens taken out of the game: 1, or 2 on another faction's home
 * terrain. Every spade they would get becomes a new token in bowl I; the stronghold brings one per
 * faction in the game.
 */
export const dragonlords: FactionData = {
  id: 'dragonlords', display: 'Dragonlords', color: 'volcano', option: 'fire-and-ice-factions/volcano',
  pickColor: 'after-selection',
  start: { C: 15, W: 3, P: 0, P1: 4, P2: 4 }, cults: { FIRE: 2 },
  ship: STANDARD_SHIP, dig: VOLCANO_DIG,
  special: { on: { SPADE: { SPADE: -1, P1: 1 } } },
  volcano: { pay: 'power-tokens', notHome: 1, home: 2 },
  actionsWithoutFollowUp: VOLCANO_SPADE_ACTIONS,
  buildings: {
    ...standardBuildings({
      SH: { cost: { W: 4, C: 8 }, gainPerFaction: [{ P1: 1 }], income: { PW: [0, 2] } },
      SA: sanctuary(8),
    }),
    D: VOLCANO_DWELLINGS,
  },
};
