import type { RolloutConfig } from './rollout.ts';
import type { LookaheadConfig } from './search.ts';
import type { AiLevel } from './types.ts';

/** What a level does: how widely it looks at its turn, how far ahead, and how sharply it judges. */
export interface LevelConfig {
  /** Consider actions that free conversions would pay for. */
  readonly fund: boolean;
  /** How lines are re-valued by playing on to the faction's next action; null: not at all. */
  readonly lookahead: LookaheadConfig | null;
  /** How the best lines are re-valued by playing the round out with every faction; null: not at all. */
  readonly rollout: RolloutConfig | null;
  /** Seeded noise added to every value, in VP (0: none). */
  readonly noise: number;
  /** At most this many actions valued on a turn, or answers to an owed choice (a seeded sample), 0 for all. */
  readonly sample: number;
  /**
   * How many owed choices (a favour tile, a town tile, cult steps) are played on greedily before a line is
   * valued, after a turn's action (`line`) and after the answer to an owed choice (`owed`); the rest count
   * at the evaluation's flat value of what is owed. Each one looks at every answer, so this bounds the
   * worst decision (a temple that founds a town, two favour tiles in a row). `budget` caps the answers
   * compared so over a whole decision's lines (those the engine lists first; 0 for no cap): the lines
   * valued first are looked into, the rest valued as they stand.
   */
  readonly followUps: FollowUps;
}

export interface FollowUps {
  readonly line: number;
  readonly owed: number;
  readonly budget: number;
}

export const ALL_FOLLOW_UPS: FollowUps = { line: 6, owed: 6, budget: 0 };

/**
 * The look one action ahead: the best 5 lines and the best of each kind of action played on to the
 * faction's next action. `hard` plays its own turns in its play-outs with it: looking to the action after
 * that there too made its play-outs cost more than the 2 s at p95 (2.8 s; docs/ai.md, seventeenth
 * and eighteenth sessions).
 */
export const LOOK_NEXT_ACTION: LookaheadConfig = { beam: 5, eachKind: true, fund: true, discount: 0.85, then: null };

/**
 * The look past the turn `normal` and `hard` rank their own lines with: one action ahead, and the best 2
 * of that action's lines to the action after it.
 */
export const LOOK_PAST_TURN: LookaheadConfig = {
  ...LOOK_NEXT_ACTION,
  then: { beam: 2, eachKind: false, fund: true, discount: 0.85, then: null },
};

const LEVELS: Readonly<Record<AiLevel, LevelConfig>> = {
  easy: {
    fund: false,
    lookahead: null,
    rollout: null,
    noise: 2,
    sample: 12,
    followUps: { line: 1, owed: 0, budget: 8 },
  },
  normal: {
    fund: true,
    lookahead: LOOK_PAST_TURN,
    rollout: null,
    noise: 0,
    sample: 0,
    followUps: ALL_FOLLOW_UPS,
  },
  hard: {
    fund: true,
    lookahead: LOOK_PAST_TURN,
    rollout: { lines: 4, moves: 200, ownLookLines: 2000 },
    noise: 0,
    sample: 0,
    followUps: ALL_FOLLOW_UPS,
  },
};

export function levelOf(level: AiLevel): LevelConfig {
  return LEVELS[level];
}
