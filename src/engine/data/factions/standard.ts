import type { AdvanceTrack, BuildingTrack, DigTrack } from '../faction-types.ts';
import type { Cost } from '../resources.ts';

/** The shipping track most factions share: 0 -> 3 for 4C + 1P, 2/3/4 VP. */
export const STANDARD_SHIP: AdvanceTrack = {
  start: 0,
  max: 3,
  cost: { C: 4, P: 1 },
  gain: [{ VP: 2 }, { VP: 3 }, { VP: 4 }],
};

export function standardDig(cost: Cost = { W: 2, C: 5, P: 1 }): DigTrack {
  return {
    start: 0,
    max: 2,
    cost,
    gain: [{ VP: 6 }, { VP: 6 }],
    spadeCost: [{ W: 3 }, { W: 2 }, { W: 1 }],
  };
}

export const STANDARD_D_INCOME = [1, 2, 3, 4, 5, 6, 7, 8, 8] as const;
export const STANDARD_TP_INCOME = { C: [0, 2, 4, 6, 8], PW: [0, 1, 2, 4, 6] } as const;
export const RICH_TP_INCOME = { C: [0, 2, 4, 7, 11], PW: [0, 1, 2, 3, 4] } as const;
export const FAVOR_PER_TEMPLE = [{ GAIN_FAVOR: 1 }, { GAIN_FAVOR: 1 }, { GAIN_FAVOR: 1 }] as const;

export function standardBuildings(o: {
  SH: BuildingTrack;
  SA: BuildingTrack;
  TP?: BuildingTrack;
}): Record<'D' | 'TP' | 'TE' | 'SH' | 'SA', BuildingTrack> {
  return {
    D: { cost: { W: 1, C: 2 }, income: { W: STANDARD_D_INCOME } },
    TP: o.TP ?? { cost: { W: 2, C: 3 }, income: STANDARD_TP_INCOME },
    TE: { cost: { W: 2, C: 5 }, gain: FAVOR_PER_TEMPLE, income: { P: [0, 1, 2, 3] } },
    SH: o.SH,
    SA: { gain: [{ GAIN_FAVOR: 1 }], ...o.SA },
  };
}

/** The sanctuary most factions build: 4 W and `C` coins, `P` priests of income. */
export const sanctuary = (C: number, P = 1): BuildingTrack => ({ cost: { W: 4, C }, income: { P: [0, P] } });
