import type { AiLevel } from './types.ts';

/** What a level does: how widely it looks at its turn, how far ahead, and how sharply it judges. */
export interface LevelConfig {
  /** Consider actions that free conversions would pay for. */
  readonly fund: boolean;
  /** Lines re-valued by playing on to the faction's next turn (0: none). */
  readonly lookahead: number;
  /** Seeded noise added to every value, in VP (0: none). */
  readonly noise: number;
  /** At most this many actions valued on a turn (a seeded sample), 0 for all. */
  readonly sample: number;
}

const LEVELS: Readonly<Record<AiLevel, LevelConfig>> = {
  easy: { fund: false, lookahead: 0, noise: 3, sample: 30 },
  normal: { fund: true, lookahead: 0, noise: 0, sample: 0 },
  hard: { fund: true, lookahead: 6, noise: 0, sample: 0 },
};

export function levelOf(level: AiLevel): LevelConfig {
  return LEVELS[level];
}
