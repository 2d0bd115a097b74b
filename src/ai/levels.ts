import type { LookaheadConfig } from './search.ts';
import type { AiLevel } from './types.ts';

/** What a level does: how widely it looks at its turn, how far ahead, and how sharply it judges. */
export interface LevelConfig {
  /** Consider actions that free conversions would pay for. */
  readonly fund: boolean;
  /** How lines are re-valued by playing on to the faction's next action; null: not at all. */
  readonly lookahead: LookaheadConfig | null;
  /** Seeded noise added to every value, in VP (0: none). */
  readonly noise: number;
  /** At most this many actions valued on a turn (a seeded sample), 0 for all. */
  readonly sample: number;
}

const LEVELS: Readonly<Record<AiLevel, LevelConfig>> = {
  easy: { fund: false, lookahead: null, noise: 3, sample: 30 },
  normal: { fund: true, lookahead: { beam: 3, fund: false, discount: 0.7 }, noise: 0, sample: 0 },
  hard: { fund: true, lookahead: { beam: 8, fund: true, discount: 0.7 }, noise: 0, sample: 0 },
};

export function levelOf(level: AiLevel): LevelConfig {
  return LEVELS[level];
}
