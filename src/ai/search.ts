import type { FactionId, GameState } from '../engine/index.ts';
import type { Ranked } from './decide.ts';
import type { EvalContext } from './evaluate.ts';
import type { LevelConfig } from './levels.ts';

/** Placeholder: the hard level's look past the turn comes next. */
export function lookahead(
  _state: GameState,
  _me: FactionId,
  ranked: Ranked[],
  _ctx: EvalContext,
  _level: LevelConfig,
): Ranked[] {
  return ranked;
}
