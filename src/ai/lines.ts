// Lines of play: a legal move, or a turn's conversions, action and follow-ups, applied to a copy of the
// game the way the game applies them (`play`: the turn ends when it is complete), with the owed
// choices that follow (a favour tile after a temple, a town tile, cult steps) taken greedily.
import {
  type Command,
  type FactionId,
  type GameState,
  type FactionState,
  type LegalMove,
  TERRAIN_WHEEL,
  type Terrain,
  apply,
  isTerrain,
  legalMovesWhere,
  play,
  whoMustAct,
} from '../engine/index.ts';
import { formatCommands } from '../notation/format.ts';
import { evaluate, type EvalContext } from './evaluate.ts';

/** A move's key: its commands as snellman text. */
export function keyOf(commands: readonly Command[]): string {
  return formatCommands(commands);
}

/** Whether a transform line takes the space towards the faction's own terrain (what spades are for). */
function towardsHome(state: GameState, me: FactionId, m: LegalMove): boolean {
  const tf = m.commands.find((c) => c.type === 'transform');
  if (!tf || tf.type !== 'transform') return true;
  const f = state.factions[me]!;
  if (tf.to === undefined || tf.to === f.color) return true;
  const home = isTerrain(f.color ?? '') ? (f.color as Terrain) : f.secondaryColor;
  const from = state.hexes[tf.hex]?.terrain;
  if (!home || !from || !isTerrain(from) || !isTerrain(tf.to)) return false;
  return wheelSteps(tf.to, home) < wheelSteps(from, home);
}

function wheelSteps(a: Terrain, b: Terrain): number {
  const d = Math.abs(TERRAIN_WHEEL.indexOf(a) - TERRAIN_WHEEL.indexOf(b));
  return Math.min(d, 7 - d);
}

type Answers = (m: LegalMove, first: Command) => boolean;

const favor: Answers = (m) => m.kind === 'favor';
const town: Answers = (m) => m.kind === 'town';
const spades: Answers = (_m, first) => first.type === 'transform' || first.type === 'build';

/** Which legal moves answer each entitlement or debt a faction can hold (its counters). */
const ANSWERS: Partial<Record<keyof FactionState['counters'], Answers>> = {
  GAIN_FAVOR: favor,
  GAIN_TW: town,
  LANDSCAPE_TOWN: (m) => m.kind === 'town-reward',
  CULT: (m) => m.kind === 'cult',
  LOSE_CULT: (m) => m.kind === 'lose-cult',
  UNLOCK_TERRAIN: (m) => m.kind === 'unlock',
  GAIN_P3_FOR_VP: (m) => m.kind === 'token',
  PICK_COLOR: (m) => m.kind === 'pick-color',
  SPADE: spades,
  FREE_TF: spades,
  VOLCANO_TF: spades,
  FREE_TP: (m) => m.kind === 'upgrade',
  FREE_D: (_m, first) => first.type === 'build',
  BRIDGE: (m) => m.kind === 'bridge',
  CONVERT_W_TO_P: (m, first) => m.kind === 'convert' && first.type === 'convert' && first.to === 'P',
};

function owedAnswers(state: GameState, me: FactionId): Answers[] {
  const f = state.factions[me]!;
  const out: Answers[] = [];
  for (const c in ANSWERS) if (f.counters[c as keyof typeof ANSWERS] > 0) out.push(ANSWERS[c as keyof typeof ANSWERS]!);
  // A starting dwelling is owed by the setup's order, not by a counter.
  if (state.pending.some((p) => p.type === 'dwelling' && p.faction === me))
    out.push((_m, first) => first.type === 'build');
  return out;
}

/**
 * Whether the faction is asked for a follow-up: something its last move or a tile owes it (a tile, cult
 * steps, spades, a free building), not a new turn and not a power offer.
 */
export function owesFollowUp(state: GameState, me: FactionId): boolean {
  if (!whoMustAct(state).includes(me)) return false;
  const f = state.factions[me]!;
  if (state.active === me && f.allowedActions > 0) return false;
  return owedAnswers(state, me).length > 0;
}

/** The moves that answer what the faction owes, and giving such an entitlement up; empty when it owes nothing. */
export function followUpMoves(state: GameState, me: FactionId): LegalMove[] {
  const owed = owedAnswers(state, me);
  if (!owed.length) return [];
  return legalMovesWhere(
    state,
    me,
    (m) => m.kind === 'discard' || (owed.some((answers) => answers(m, m.commands[0]!)) && towardsHome(state, me, m)),
  );
}

export interface Played {
  readonly state: GameState;
  /** The follow-up moves taken after the line, in order. */
  readonly followUps: readonly LegalMove[];
  readonly events: readonly { readonly faction: FactionId; readonly delta: number; readonly source: string }[];
}

/** Applies commands as the game does; null when a rule refuses them. */
export function tryPlay(state: GameState, me: FactionId, commands: readonly Command[]): GameState | null {
  const r = play(state, me, commands);
  return r.ok ? r.value.state : null;
}

/** How many more answers the follow-ups of a decision's lines may compare, shared by its lines. */
export interface Budget {
  left: number;
}

/**
 * Plays the commands, then the owed follow-ups one at a time, each the one whose position values
 * highest (at most `depth` of them, and while the decision's `budget` of answers lasts). Null when the
 * commands are refused.
 */
export function playLine(
  state: GameState,
  me: FactionId,
  commands: readonly Command[],
  ctx: EvalContext,
  depth = 6,
  budget?: Budget,
): Played | null {
  // `apply`, not `play`: closing the turn only hands it on, which the evaluation does not look at, and
  // costs a second copy of the game.
  const r = apply(state, me, commands);
  if (!r.ok) return null;
  let s = r.value.state;
  const events = [...r.value.events];
  const followUps: LegalMove[] = [];
  for (let i = 0; i < depth && (!budget || budget.left > 0) && owesFollowUp(s, me); i++) {
    const best = bestFollowUp(s, me, ctx, budget);
    if (!best) break;
    followUps.push(best.move);
    events.push(...best.events);
    s = best.state;
  }
  return { state: s, followUps, events };
}

/** The follow-up whose position values highest, by a one-step look (among as many answers as `budget` leaves). */
export function bestFollowUp(
  state: GameState,
  me: FactionId,
  ctx: EvalContext,
  budget?: Budget,
): { move: LegalMove; state: GameState; value: number; events: Played['events'] } | null {
  let best: { move: LegalMove; state: GameState; value: number; events: Played['events'] } | null = null;
  let moves = followUpMoves(state, me);
  if (budget) {
    moves = moves.slice(0, budget.left);
    budget.left -= moves.length;
  }
  for (const m of moves) {
    const r = apply(state, me, m.commands);
    if (!r.ok) continue;
    const value = evaluate(r.value.state, ctx);
    if (!best || value > best.value) best = { move: m, state: r.value.state, value, events: r.value.events };
  }
  return best;
}
