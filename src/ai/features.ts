// The features the AI's evaluation measures a position by, in the order weights are given.
/**
 * What a position is measured by (evaluate.ts measures them). Resources and buildings are counts; every
 * other feature is already in VP as the parameters value it. The value of a position is its VP plus each
 * feature times its weight for the period: the parameters' own values (priorWeights) with what self-play
 * games add to them (the parameters' valueCorrection), or weights fitted to league games by
 * `npm run ai-fit` and given to the arena with --weights FILE.
 */
export const FEATURES = [
  'C',
  'C_hoard',
  'W',
  'W_hoard',
  'P',
  'P_hoard',
  'PW3',
  'PW3_hoard',
  'PW2',
  'PW1',
  'incomeC',
  'incomeW',
  'incomeP',
  'incomePW',
  'bonusCard',
  'cults',
  'cultIncome',
  'network',
  'finalTiles',
  'towns',
  'expansion',
  'neighbours',
  'actions',
  'favors',
  'pass',
  'D',
  'TP',
  'TE',
  'SH',
  'SA',
  'stronghold',
  'digging',
  'owed',
  'roundTiles',
  /** 1: what the period adds that no feature explains (the rest of the round's actions, on average). */
  'constant',
] as const;
export type Feature = (typeof FEATURES)[number];

/** Whether a name is one of the features. */
export function isFeature(name: string): name is Feature {
  return (FEATURES as readonly string[]).includes(name);
}
