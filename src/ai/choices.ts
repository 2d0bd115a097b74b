// A recorded turn as a choice set: the turn planner's candidate lines (normal's, before its look past the
// turn), each as the features of the position it leads to, and which one the human took. The choice
// model (choice-fit.ts) fits the evaluation's weights to these.
import { actionKey, type RecordedTurn } from './agreement.ts';
import { coinRate, evalContext, evaluate, featuresOf } from './evaluate.ts';
import { levelOf } from './levels.ts';
import { DEFAULT_PARAMS } from './params.ts';
import { turnLines } from './turn.ts';

/** One candidate: the weight slot of the position it leads to, the value no weight touches, its features. */
export interface Candidate {
  /** The weights' slot (slotOf); null once only the final scoring is left (valued exactly, `offset`). */
  readonly slot: number | null;
  /** VP held (and, with no slot left, the exact final value): the part of the value weights do not change. */
  readonly offset: number;
  readonly phi: readonly number[];
}

export interface ChoiceSet {
  readonly game: string;
  readonly round: number;
  /** The faction's coin-to-VP rate, which its prior weights depend on. */
  readonly rate: number;
  /** Candidates in the planner's order (best first with the parameters' own weights), one per action. */
  readonly candidates: readonly Candidate[];
  /** Index of the human's turn among the candidates. */
  readonly chosen: number;
}

/**
 * The choice set of a turn taken in the game's play phase, or why there is none: `setup` for set-up
 * choices and spades from income (not turn lines), `missing` when the human's turn is not among the
 * planner's candidates.
 */
export function choiceSetOf(turn: RecordedTurn): ChoiceSet | 'setup' | 'missing' {
  const { state, faction } = turn;
  const f = state.factions[faction]!;
  if (state.phase !== 'play' || state.active !== faction || f.allowedActions <= 0 || f.passed) return 'setup';
  const ctx = evalContext(state, faction, DEFAULT_PARAMS);
  const level = levelOf('normal');
  const lines = turnLines(state, faction, ctx, { fund: level.fund, followUps: { depth: level.followUps.line } });
  const want = actionKey(turn.human);
  const seen = new Set<string>();
  const candidates: Candidate[] = [];
  let chosen = -1;
  // Lines come best first: of the ways to pay for one action, the one the planner would play stands for it.
  for (const line of lines) {
    const key = actionKey([...line.steps, ...line.played.followUps].flatMap((m) => m.commands));
    if (seen.has(key)) continue;
    seen.add(key);
    if (key === want) chosen = candidates.length;
    const after = line.played.state;
    const { slot, phi } = featuresOf(after, ctx);
    const exact = slot === null || after.finished;
    candidates.push({
      slot: exact ? null : slot,
      offset: exact ? evaluate(after, ctx) : after.factions[faction]!.VP,
      phi,
    });
  }
  if (chosen < 0) return 'missing';
  return {
    game: turn.game,
    round: turn.round,
    rate: coinRate(faction),
    candidates,
    chosen,
  };
}
