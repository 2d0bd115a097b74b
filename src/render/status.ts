import type { GameState } from '../engine/index.ts';
import { fill, type RenderLabels } from './labels.ts';

export function phaseTitle(state: GameState, labels: RenderLabels): string {
  if (state.finished) return labels.finished;
  if (state.round === 0) return labels.setup;
  return fill(labels.round, { n: state.round });
}
