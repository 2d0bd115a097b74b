// Playing the round out (the `hard` level): each of the best lines is played on a copy of the game, and
// then every faction goes on as a quick player would (the rivals' replies and offers too, each by its own
// evaluation) to the end of the round: the last passes, the income and what it owes (spades, cult
// bonuses), up to the next round's first turn, or the end of the game in the last round. A line is worth
// the position it leads to there: every candidate is judged at the same point of the game, so saving
// power or workers for a later action, a space a rival takes first, passing early or late and the bonus
// card taken are weighed by what happens next rather than by how a position looks halfway through. A
// play-out that stopped after a few of the faction's own actions judged lines at different points (one
// right after its pass, another three actions on) and added nothing measurable over `normal` (docs/ai.md).
import { type FactionId, type GameState, type LegalMove, play, whoMustAct } from '../engine/index.ts';
import type { Ranked } from './decide.ts';
import { evaluate, type EvalContext } from './evaluate.ts';

export interface RolloutConfig {
  /** Lines played out: the best this many, and the best pass. */
  readonly lines: number;
  /** Moves of all factions played after the line at most (a bound on the work, never reached in play). */
  readonly moves: number;
  /**
   * Lines the deciding faction's look past the turn may value over one play-out (LookWork); its turns
   * after that play without the look. A bound on the worst decision: late in the game a faction with
   * many workers and spade actions values thousands of lines a play-out (h1-28 in docs/ai.md) where most
   * play-outs value a few dozen.
   */
  readonly ownLookLines: number;
}

/**
 * What a faction plays in a rollout: its whole line (action and follow-ups) or its answer, as one row.
 * A policy lasts one play-out (what it has spent on looking ahead is counted over that play-out).
 */
export type RolloutPolicy = (state: GameState, faction: FactionId) => readonly LegalMove[] | null;

/** Plays on from the state to the next round's first turn, or to the end of the game in the last round. */
export function playOut(state: GameState, policy: RolloutPolicy, config: Pick<RolloutConfig, 'moves'>): GameState {
  let s = state;
  const round = s.round;
  for (let i = 0; i < config.moves; i++) {
    if (s.finished || (s.round !== round && s.phase === 'play')) break;
    const waiting = whoMustAct(s);
    // Off-turn answers (power offers, owed choices) first, as the game takes them.
    const who = waiting.find((f) => f !== s.active) ?? waiting[0];
    if (!who) break;
    const line = policy(s, who);
    if (!line?.length) break;
    // The whole line as one row, as an AI seat plays it; the move alone when the row is refused.
    let r = play(
      s,
      who,
      line.flatMap((m) => m.commands),
    );
    if (!r.ok) r = play(s, who, line[0]!.commands);
    if (!r.ok) break;
    s = r.value.state;
  }
  return s;
}

/**
 * The best lines re-valued by playing the round out. The line that values best where the play-out
 * stops keeps the best value the ranking had; the others follow at their distance from it (the values
 * of lines not played out are left as they are).
 */
export function rollouts(
  state: GameState,
  me: FactionId,
  ranked: readonly Ranked[],
  ctx: EvalContext,
  config: RolloutConfig,
  newPolicy: () => RolloutPolicy,
): Ranked[] {
  const chosen = new Set<Ranked>(ranked.slice(0, config.lines));
  const pass = ranked.find((r) => r.move.kind === 'pass' || r.line.some((m) => m.kind === 'pass'));
  if (pass) chosen.add(pass);
  if (chosen.size < 2) return [...ranked];
  const valued = new Map<Ranked, number>();
  for (const r of chosen) {
    const played = play(
      state,
      me,
      r.line.flatMap((m) => m.commands),
    );
    if (!played.ok) continue;
    valued.set(r, evaluate(playOut(played.value.state, newPolicy(), config), ctx));
  }
  if (valued.size < 2) return [...ranked];
  const top = Math.max(...[...valued.keys()].map((r) => r.value));
  const best = Math.max(...valued.values());
  return ranked.map((r) => {
    const v = valued.get(r);
    return v === undefined ? r : { ...r, value: top + v - best };
  });
}
