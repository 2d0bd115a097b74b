// The numbers the evaluation weighs a position with, in VP. A table indexed by "period": 1-6 while the
// faction can still act in that round, 7 once nothing but the final scoring is left (where every
// resource is worth what the final conversion pays for it). Kept in one place so the arena can compare
// variants (`npm run arena -- --params FILE`).
import { z } from 'zod';
import { type Feature, isFeature } from './features.ts';
import selfPlay from './value-correction.json' with { type: 'json' };

/** A value for each period 1..7 (index 0 is period 1). */
export type PerPeriod = readonly [number, number, number, number, number, number, number];

/** A value for each round 1..6 (index 0 is round 1). */
export type PerRound = readonly [number, number, number, number, number, number];

/** Per feature and round, an amount added to the feature's weight (see `valueCorrection`). */
export type ValueCorrection = Readonly<Partial<Record<Feature, PerRound>>>;

const finite = z.number().finite();

/** A value correction as JSON gives it: feature names and six values each. */
export const correctionSchema = z.record(
  z.string().refine(isFeature, 'not a feature of the evaluation'),
  z.tuple([finite, finite, finite, finite, finite, finite]),
);

/** The file `npm run ai-fit -- --self-play` writes: the command that wrote it and the correction. */
export const correctionFileSchema = z.strictObject({ command: z.string(), correction: correctionSchema });

export interface EvalParams {
  /** One coin, worker, priest held now. */
  readonly C: PerPeriod;
  readonly W: PerPeriod;
  readonly P: PerPeriod;
  /**
   * One power token in bowl III (spendable now); bowls II and I as a share of it. The shares are what a token
   * is worth on its way round the bowls: at 0.55 and 0.12 a token burnt cost next to nothing and power
   * spent cost almost a whole token (docs/ai.md, twentieth session: 0.65 and 0.3 scored +0.9 VP a seat).
   */
  readonly PW3: PerPeriod;
  readonly bowl2Share: number;
  readonly bowl1Share: number;
  /** Holdings a turn or two can use, at full value; beyond them a share (never below the final conversion). */
  readonly knee: { readonly C: number; readonly W: number; readonly P: number; readonly PW: number };
  readonly hoardShare: number;
  /** A building's worth beyond its income: the upgrades it allows, its part in towns and the network. */
  readonly asset: { readonly D: PerPeriod; readonly TP: PerPeriod; readonly TE: PerPeriod };
  /** Income against the same resources held now: above 1, income compounds (what it pays for pays again). */
  readonly incomeShare: number;
  /** A spade the faction holds or gets as income (worth what it saves in workers, about). */
  readonly spadeShareOfW: number;
  /** Cult majority uncertainty: spread of a rival's final level per round left. */
  readonly cultSpreadBase: number;
  readonly cultSpreadPerRound: number;
  readonly networkSpreadBase: number;
  readonly networkSpreadPerRound: number;
  /**
   * Share of the expected cult-majority VP counted while the game is undecided (the final scoring pays
   * them in full). League players' choices weigh them at about half (docs/ai.md, the choice fit); counted
   * in full they drew priests, temples and favour tiles into a race for VP that only moves between factions.
   */
  readonly cultMajorityWeight: number;
  /** A town founded later: its tile, key and resources, about. */
  readonly townValue: number;
  /** Share of a town's value counted for a group of buildings on its way to one. */
  readonly townProgressShare: number;
  /** How progress towards a town counts: 1 evenly by step, 2 mostly near the end. */
  readonly townProgressPower: number;
  /** A free space the faction could build on next, by the spades it needs (0..3+), per round left. */
  readonly expansion: readonly [number, number, number, number];
  /** How many of the best free spaces count. */
  readonly expansionSpaces: number;
  /** A free space next to a rival's building, on top (power offers, cheap trading houses). */
  readonly expansionNearRival: number;
  /** Share of the pass VP a held bonus card shows now that is counted before passing. */
  readonly passVpShare: number;
  /**
   * Future builds a round at most, for favour tiles that pay VP per building (FAV10, FAV11) and the spades
   * a better digging level saves on; fewer when the faction's income cannot pay for them (below).
   */
  readonly futureDwellingsPerRound: number;
  readonly futureTradingHousesPerRound: number;
  /** Spades a new dwelling takes, about (the land within reach is rarely the faction's own). */
  readonly spadesPerDwelling: number;
  /** Workers a round brings besides the income (bonus cards, power actions, offers taken), about. */
  readonly spareWorkersPerRound: number;
  /** Builds (and spades, towns) a faction makes in a round whose scoring tile pays for them. */
  readonly tileBuilds: {
    readonly D: number;
    readonly TP: number;
    readonly TE: number;
    readonly SH: number;
    readonly SA: number;
    readonly spades: number;
    readonly towns: number;
  };
  /** Share of those VP counted (rivals and resources may stand in the way). */
  readonly roundTileShare: number;
  /** A favour or town tile owed and not yet taken. */
  readonly owedFavor: number;
  readonly owedTown: number;
  /** Each cult step owed and not yet placed. */
  readonly owedCultStep: number;
  /** Power taken from an offer: what it is worth flowing into power actions, beyond what the bowls count. */
  readonly powerFlow: PerPeriod;
  /** Share of a spendable power one gained power counts for (income). */
  readonly powerGainShare: number;
  /** Power given to rivals by an offer, counted against the giver (0 = ignore rivals' gains). */
  readonly rivalPowerWeight: number;
  /**
   * Offers to come from rivals' structures next to ours that can still grow: VP per power one would
   * offer, per round left.
   */
  readonly neighbourPower: number;
  /**
   * What games the AI plays against itself say the weights above miss: for each feature (features.ts) and
   * round, an amount added to the feature's weight before and after the faction's pass in that round.
   * Fitted by `npm run ai-fit -- --self-play` (docs/ai.md, "A value fitted to self-play").
   */
  readonly valueCorrection: ValueCorrection;
}

export const DEFAULT_PARAMS: EvalParams = {
  C: [0.85, 0.8, 0.74, 0.66, 0.56, 0.45, 1 / 3],
  W: [1.75, 1.65, 1.5, 1.3, 1.05, 0.72, 1 / 3],
  P: [2.9, 2.8, 2.55, 2.25, 1.85, 1.35, 1 / 3],
  PW3: [1.25, 1.2, 1.1, 0.98, 0.82, 0.6, 1 / 3],
  bowl2Share: 0.65,
  bowl1Share: 0.3,
  knee: { C: 12, W: 8, P: 3, PW: 6 },
  hoardShare: 0.4,
  asset: {
    D: [2.5, 2.2, 1.8, 1.2, 0.6, 0.2, 0],
    TP: [4, 3.5, 2.8, 1.9, 1, 0.3, 0],
    TE: [3, 2.6, 2, 1.4, 0.7, 0.2, 0],
  },
  incomeShare: 1.3,
  spadeShareOfW: 1.1,
  cultSpreadBase: 0.6,
  cultSpreadPerRound: 0.9,
  networkSpreadBase: 0.7,
  networkSpreadPerRound: 1.2,
  cultMajorityWeight: 0.6,
  townValue: 11,
  townProgressShare: 0.7,
  townProgressPower: 1,
  expansion: [0.55, 0.35, 0.15, 0.05],
  expansionSpaces: 5,
  expansionNearRival: 0.1,
  passVpShare: 0.85,
  futureDwellingsPerRound: 1.5,
  futureTradingHousesPerRound: 0.9,
  spadesPerDwelling: 1,
  spareWorkersPerRound: 2,
  tileBuilds: { D: 1.5, TP: 1.2, TE: 0.8, SH: 0.8, SA: 0.6, spades: 2.5, towns: 0.6 },
  roundTileShare: 0.7,
  owedFavor: 3,
  owedTown: 8,
  owedCultStep: 0.6,
  powerFlow: [0.5, 0.45, 0.4, 0.35, 0.2, 0.05, 0],
  powerGainShare: 0.55,
  rivalPowerWeight: 0,
  neighbourPower: 0.08,
  valueCorrection: correctionFileSchema.parse(selfPlay).correction as ValueCorrection,
};

/** The parameters' own weights without the self-play correction: the fit's prior and the policy of its games. */
export const UNCORRECTED_PARAMS: EvalParams = { ...DEFAULT_PARAMS, valueCorrection: {} };

/** The value of period `t` (1..7) in a table. */
export function at(table: PerPeriod, t: number): number {
  return table[Math.min(7, Math.max(1, t)) - 1]!;
}
