import type { FactionData, FactionId } from '../faction-types.ts';
import type { BuildingTrack } from '../faction-types.ts';
import { RICH_TP_INCOME, STANDARD_SHIP, standardBuildings, standardDig, STANDARD_TP_INCOME, FAVOR_PER_TEMPLE } from './standard.ts';

const sa = (C: number, P = 1): BuildingTrack => ({ cost: { W: 4, C }, income: { P: [0, P] } });

export const alchemists: FactionData = {
  id: 'alchemists', display: 'Alchemists', color: 'black',
  start: { C: 15, W: 3, P: 0, P1: 5, P2: 7 }, cults: { WATER: 1, FIRE: 1 },
  ship: STANDARD_SHIP, dig: standardDig(),
  special: { on: { SPADE: { PW: 2 } }, enableIf: { SH: 1 } },
  exchange: { C: { VP: 2 }, VP: { C: 1 } },
  buildings: standardBuildings({
    TP: { cost: { W: 2, C: 3 }, income: RICH_TP_INCOME },
    SH: { cost: { W: 4, C: 6 }, gain: [{ PW: 12 }], income: { C: [0, 6] } },
    SA: sa(6),
  }),
};

export const auren: FactionData = {
  id: 'auren', display: 'Auren', color: 'green',
  start: { C: 15, W: 3, P: 0, P1: 5, P2: 7 }, cults: { WATER: 1, AIR: 1 },
  ship: STANDARD_SHIP, dig: standardDig(),
  buildings: standardBuildings({
    SH: { cost: { W: 4, C: 6 }, gain: [{ ACTA: 1, GAIN_FAVOR: 1 }], income: { PW: [0, 2] } },
    SA: sa(8),
  }),
};

export const chaosmagicians: FactionData = {
  id: 'chaosmagicians', display: 'Chaos Magicians', color: 'red',
  start: { C: 15, W: 4, P: 0, P1: 5, P2: 7 }, cults: { FIRE: 2 },
  ship: STANDARD_SHIP, dig: standardDig(),
  buildings: {
    ...standardBuildings({
      SH: { cost: { W: 4, C: 4 }, gain: [{ ACTC: 1 }], income: { W: [0, 2] } },
      SA: { cost: { W: 4, C: 8 }, gain: [{ GAIN_FAVOR: 2 }], income: { P: [0, 1] } },
    }),
    TE: {
      cost: { W: 2, C: 5 },
      gain: [{ GAIN_FAVOR: 2 }, { GAIN_FAVOR: 2 }, { GAIN_FAVOR: 2 }],
      income: { P: [0, 1, 2, 3] },
    },
  },
};

export const cultists: FactionData = {
  id: 'cultists', display: 'Cultists', color: 'brown',
  start: { C: 15, W: 3, P: 0, P1: 5, P2: 7 }, cults: { EARTH: 1, FIRE: 1 },
  ship: STANDARD_SHIP, dig: standardDig(),
  leechEffect: { taken: { CULT: 1 }, notTaken: { PW: 1 } },
  buildings: standardBuildings({
    SH: { cost: { W: 4, C: 8 }, gain: [{ VP: 7 }], income: { PW: [0, 2] } },
    SA: sa(8),
  }),
};

export const darklings: FactionData = {
  id: 'darklings', display: 'Darklings', color: 'black',
  start: { C: 15, W: 1, P: 1, P1: 5, P2: 7 }, cults: { WATER: 1, EARTH: 1 },
  ship: STANDARD_SHIP,
  dig: { start: 0, max: 0, gain: [], spadeCost: [{ P: 1 }], spadeGain: [{ VP: 2 }] },
  buildings: {
    ...standardBuildings({
      SH: { cost: { W: 4, C: 6 }, gain: [{ CONVERT_W_TO_P: 3 }], income: { PW: [0, 2] } },
      SA: { cost: { W: 4, C: 10 }, income: { P: [0, 2] } },
    }),
  },
};

export const dwarves: FactionData = {
  id: 'dwarves', display: 'Dwarves', color: 'gray',
  start: { C: 15, W: 3, P: 0, P1: 5, P2: 7 }, cults: { EARTH: 2 },
  ship: { start: 0, max: 0, gain: [] }, dig: standardDig(),
  teleport: { kind: 'tunnel', cost: [{ W: 2 }, { W: 1 }], gain: [{ VP: 4 }, { VP: 4 }], range: 1 },
  buildings: standardBuildings({
    TP: { cost: { W: 2, C: 3 }, income: { C: [0, 3, 5, 7, 10], PW: [0, 1, 2, 4, 6] } },
    SH: { cost: { W: 4, C: 6 }, gain: [{ GAIN_TELEPORT: 1 }], income: { PW: [0, 2] } },
    SA: sa(6),
  }),
};

export const engineers: FactionData = {
  id: 'engineers', display: 'Engineers', color: 'gray',
  start: { C: 10, W: 2, P: 0, P1: 3, P2: 9 }, cults: {},
  ship: STANDARD_SHIP, dig: standardDig(), startTiles: ['ACTE'],
  buildings: {
    D: { cost: { W: 1, C: 1 }, income: { W: [0, 1, 2, 2, 3, 4, 4, 5, 6] } },
    TP: { cost: { W: 1, C: 2 }, income: STANDARD_TP_INCOME },
    TE: { cost: { W: 1, C: 4 }, gain: FAVOR_PER_TEMPLE, income: { P: [0, 1, 1, 2], PW: [0, 0, 5, 5] } },
    SH: { cost: { W: 3, C: 6 }, income: { PW: [0, 2] } },
    SA: { cost: { W: 3, C: 6 }, gain: [{ GAIN_FAVOR: 1 }], income: { P: [0, 1] } },
  },
};

export const fakirs: FactionData = {
  id: 'fakirs', display: 'Fakirs', color: 'yellow',
  start: { C: 15, W: 3, P: 0, P1: 7, P2: 5 }, cults: { FIRE: 1, AIR: 1 },
  ship: { start: 0, max: 0, gain: [] },
  dig: { start: 0, max: 1, cost: { W: 2, C: 5, P: 1 }, gain: [{ VP: 6 }], spadeCost: [{ W: 3 }, { W: 2 }] },
  teleport: { kind: 'carpet', cost: [{ P: 1 }, { P: 1 }], gain: [{ VP: 4 }, { VP: 4 }], range: 1 },
  buildings: standardBuildings({
    SH: { cost: { W: 4, C: 10 }, gain: [{ GAIN_TELEPORT: 1 }], income: { P: [0, 1] } },
    SA: sa(6),
  }),
};

export const giants: FactionData = {
  id: 'giants', display: 'Giants', color: 'red',
  start: { C: 15, W: 3, P: 0, P1: 5, P2: 7 }, cults: { FIRE: 1, AIR: 1 },
  fixedTransformSpades: 2,
  ship: STANDARD_SHIP, dig: standardDig(),
  buildings: standardBuildings({
    SH: { cost: { W: 4, C: 6 }, gain: [{ ACTG: 1 }], income: { PW: [0, 4] } },
    SA: sa(6),
  }),
};

export const halflings: FactionData = {
  id: 'halflings', display: 'Halflings', color: 'brown',
  start: { C: 15, W: 3, P: 0, P1: 3, P2: 9 }, cults: { EARTH: 1, AIR: 1 },
  ship: STANDARD_SHIP, dig: standardDig({ W: 2, C: 1, P: 1 }),
  special: { on: { SPADE: { VP: 1 } } },
  buildings: standardBuildings({
    SH: {
      cost: { W: 4, C: 8 }, gain: [{ SPADE: 3 }], income: { PW: [0, 2] },
      followUp: { transform: 3, build: 1 },
    },
    SA: sa(6),
  }),
};

export const mermaids: FactionData = {
  id: 'mermaids', display: 'Mermaids', color: 'blue',
  start: { C: 15, W: 3, P: 0, P1: 3, P2: 9 }, cults: { WATER: 2 },
  ship: { start: 1, max: 5, cost: { C: 4, P: 1 }, gain: [{ VP: 0 }, { VP: 2 }, { VP: 3 }, { VP: 4 }, { VP: 5 }] },
  dig: standardDig(),
  buildings: standardBuildings({
    SH: { cost: { W: 4, C: 6 }, gain: [{ GAIN_SHIP: 1 }], income: { PW: [0, 4] } },
    SA: sa(8),
  }),
};

export const nomads: FactionData = {
  id: 'nomads', display: 'Nomads', color: 'yellow',
  start: { C: 15, W: 2, P: 0, P1: 5, P2: 7 }, cults: { FIRE: 1, EARTH: 1 },
  ship: STANDARD_SHIP, dig: standardDig(),
  buildings: standardBuildings({
    TP: { cost: { W: 2, C: 3 }, income: RICH_TP_INCOME },
    SH: { cost: { W: 4, C: 8 }, gain: [{ ACTN: 1 }], income: { PW: [0, 2] } },
    SA: sa(6),
  }),
};

export const swarmlings: FactionData = {
  id: 'swarmlings', display: 'Swarmlings', color: 'blue',
  start: { C: 20, W: 8, P: 0, P1: 3, P2: 9 }, cults: { FIRE: 1, EARTH: 1, WATER: 1, AIR: 1 },
  ship: STANDARD_SHIP, dig: standardDig(),
  special: { on: Object.fromEntries([1, 2, 3, 4, 5, 6, 7, 8].map((i) => [`TW${i}`, { W: 3 }])) },
  buildings: {
    D: { cost: { W: 2, C: 3 }, income: { W: [2, 3, 4, 5, 6, 7, 8, 9, 9] } },
    TP: { cost: { W: 3, C: 4 }, income: { PW: [0, 2, 4, 6, 8], C: [0, 2, 4, 6, 9] } },
    TE: { cost: { W: 3, C: 6 }, gain: FAVOR_PER_TEMPLE, income: { P: [0, 1, 2, 3] } },
    SH: { cost: { W: 5, C: 8 }, gain: [{ ACTS: 1 }], income: { PW: [0, 4] } },
    SA: { cost: { W: 5, C: 8 }, gain: [{ GAIN_FAVOR: 1 }], income: { P: [0, 2] } },
  },
};

export const witches: FactionData = {
  id: 'witches', display: 'Witches', color: 'green',
  start: { C: 15, W: 3, P: 0, P1: 5, P2: 7 }, cults: { AIR: 2 },
  ship: STANDARD_SHIP, dig: standardDig(),
  special: { on: Object.fromEntries([1, 2, 3, 4, 5, 6, 7, 8].map((i) => [`TW${i}`, { VP: 5 }])) },
  buildings: standardBuildings({
    SH: { cost: { W: 4, C: 6 }, gain: [{ ACTW: 1 }], income: { PW: [0, 2] } },
    SA: sa(6),
  }),
};

export const FACTIONS: Readonly<Record<FactionId, FactionData>> = {
  alchemists, auren, chaosmagicians, cultists, darklings, dwarves, engineers,
  fakirs, giants, halflings, mermaids, nomads, swarmlings, witches,
};

export function isFactionId(s: string): s is FactionId {
  return Object.hasOwn(FACTIONS, s);
}
