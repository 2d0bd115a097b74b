// The AI's answer to anything the engine asks a faction: its turn (the turn planner), a power offer,
// a tile or cult steps it owes, spades from income, a starting dwelling or bonus card, a colour.
// Everything is a choice among the engine's legal moves, valued by the evaluation of where it leads.
import { type FactionId, type GameState, type LegalMove, legalMoves, seededRandom, shuffle } from '../engine/index.ts';
import { evalContext, evaluate, periodOf, type EvalContext } from './evaluate.ts';
import { ALL_FOLLOW_UPS, type FollowUps, levelOf, type LevelConfig, LOOK_NEXT_ACTION } from './levels.ts';
import { followUpMoves, keyOf, playLine, type Played } from './lines.ts';
import { at, DEFAULT_PARAMS } from './params.ts';
import { reasonsOf } from './reasons.ts';
import { type RolloutConfig, rollouts, type RolloutPolicy } from './rollout.ts';
import { lookahead, type LookWork, rankedOf } from './search.ts';
import { turnLines } from './turn.ts';
import type { AiDecision, AiOptions } from './types.ts';

/** A candidate for the decision: its first move, the whole line, where it leads and its value. */
export interface Ranked {
  readonly move: LegalMove;
  readonly line: readonly LegalMove[];
  readonly played: Played;
  readonly value: number;
}

const OFFER_KINDS = new Set(['leech', 'decline']);

/** The evaluation's context for a decision: the levels' parameters unless an experiment tunes them. */
function contextFor(state: GameState, me: FactionId, opts: AiOptions): EvalContext {
  return evalContext(state, me, opts.tuning?.params ?? DEFAULT_PARAMS, opts.tuning?.weights ?? null);
}

/** Every candidate for the faction's decision, best first. */
export function rankMoves(state: GameState, me: FactionId, opts: AiOptions): Ranked[] {
  return rankWith(state, me, levelOf(opts.level), opts);
}

function rankWith(state: GameState, me: FactionId, level: LevelConfig, opts: AiOptions, work?: LookWork): Ranked[] {
  const ctx = contextFor(state, me, opts);
  const moves = legalMoves(state, me);
  if (!moves.length) return [];
  const noise = noiseFor(state, me, opts, level);
  const offers = moves.filter((m) => OFFER_KINDS.has(m.kind));
  const f = state.factions[me]!;
  let ranked: Ranked[];
  const limit = level.sample
    ? { actions: level.sample, rand: seededRandom(`${opts.seed}/${me}/${stateKey(state, me)}`) }
    : undefined;
  if (offers.length) ranked = offerChoices(state, me, offers, ctx, level.followUps);
  else if (state.phase === 'play' && state.active === me && f.allowedActions > 0 && !f.passed) {
    ranked = turnLines(state, me, ctx, {
      fund: level.fund,
      followUps: {
        depth: level.followUps.line,
        ...(level.followUps.budget ? { budget: { left: level.followUps.budget } } : {}),
      },
      ...(limit ? { limit } : {}),
    }).map(rankedOf);
    if (level.lookahead) ranked = lookahead(state, me, ranked, ctx, level.lookahead, work);
    const rollout = level.rollout;
    if (rollout) ranked = rollouts(state, me, ranked, ctx, rollout, () => rolloutPolicy(me, opts, rollout));
  } else {
    // A choice the faction owes (a tile, cult steps, spades): conversions would only come before it.
    const owed = followUpMoves(state, me);
    let choices = owed.length ? owed : moves;
    if (limit && choices.length > limit.actions) choices = shuffle(choices, limit.rand).slice(0, limit.actions);
    ranked = single(state, me, choices, ctx, level.followUps);
  }
  if (noise) ranked = ranked.map((r) => ({ ...r, value: r.value + noise(keyOf(r.move.commands)) }));
  return ranked.sort((a, b) => b.value - a.value || (keyOf(a.move.commands) < keyOf(b.move.commands) ? -1 : 1));
}

/**
 * How factions play in a rollout, each by its own evaluation: the deciding faction with its look one
 * action ahead, so the line judged is followed by turns that keep means for what they pay for (docs/ai.md,
 * fifteenth session), until the look has valued `ownLookLines` lines in the play-out (`work` counts
 * them); the rivals without that look, at a fraction of the cost (with it: three times the CPU and no
 * gain measured, seventh and seventeenth sessions).
 * The rivals too take the lines conversions pay for: with rivals replying without them (cheaper, and
 * weaker than the normal seats they stand for) hard gained 6 VP a seat less over normal (docs/ai.md).
 */
export function rolloutPolicy(
  me: FactionId,
  opts: AiOptions,
  config: RolloutConfig,
  work: LookWork = { lines: 0 },
): RolloutPolicy {
  return (state, faction) => {
    const looks = faction === me && work.lines < config.ownLookLines;
    return rankWith(state, faction, looks ? OWN_ROLLOUT_LEVEL : ROLLOUT_LEVEL, opts, work)[0]?.line ?? null;
  };
}

const ROLLOUT_LEVEL: LevelConfig = {
  fund: true,
  lookahead: null,
  rollout: null,
  noise: 0,
  sample: 0,
  followUps: ALL_FOLLOW_UPS,
};

const OWN_ROLLOUT_LEVEL: LevelConfig = { ...ROLLOUT_LEVEL, lookahead: LOOK_NEXT_ACTION };

/**
 * Power offers: each answer valued like any move, the power taken counted at what it is worth flowing
 * into power actions this round and the next ones (powerFlow), on top of what the bowls hold.
 */
function offerChoices(
  state: GameState,
  me: FactionId,
  offers: readonly LegalMove[],
  ctx: EvalContext,
  followUps: FollowUps,
): Ranked[] {
  const t = periodOf(state, state.factions[me]!);
  return single(state, me, offers, ctx, followUps).map((r) => {
    const c = r.move.commands[0];
    if (c?.type !== 'leech') return r;
    const offer = state.pending.find((p) => p.type === 'leech' && p.faction === me && p.from === c.from);
    const power = offer?.type === 'leech' ? offer.actual : 0;
    return { ...r, value: r.value + power * at(ctx.params.powerFlow, t) };
  });
}

/** Each move alone, with the follow-ups it owes taken greedily (as far as the level's `owed` goes). */
function single(
  state: GameState,
  me: FactionId,
  moves: readonly LegalMove[],
  ctx: EvalContext,
  followUps: FollowUps,
): Ranked[] {
  const budget = followUps.budget ? { left: followUps.budget } : undefined;
  const out: Ranked[] = [];
  for (const m of moves) {
    const played = playLine(state, me, m.commands, ctx, followUps.owed, budget);
    if (!played) continue;
    out.push({ move: m, line: [m, ...played.followUps], played, value: evaluate(played.state, ctx) });
  }
  return out;
}

/** Seeded noise on the values, for the levels that play less sharply (same game, same seed: same noise). */
function noiseFor(state: GameState, me: FactionId, opts: AiOptions, level: LevelConfig) {
  if (!level.noise) return null;
  const base = `${opts.seed}/${me}/${stateKey(state, me)}`;
  return (key: string) => (seededRandom(`${base}/${key}`)() - 0.5) * 2 * level.noise;
}

/** A short text that tells positions of one game apart, for seeding what a decision draws. */
function stateKey(state: GameState, me: FactionId): string {
  const f = state.factions[me]!;
  return `${state.round}/${state.turn}/${f.VP}/${f.C}/${f.W}/${f.P}/${f.P3}/${f.locations.length}/${state.pending.length}`;
}

/** The AI's move for the faction: one of legalMoves(state, faction). */
export function decide(state: GameState, me: FactionId, opts: AiOptions): AiDecision {
  const ranked = rankMoves(state, me, opts);
  const top = ranked[0];
  if (!top) throw new Error(`the AI was asked to move for ${me}, which has no legal move`);
  const ctx = contextFor(state, me, opts);
  return {
    move: top.move,
    line: top.line,
    reasons: reasonsOf({ before: state, after: top.played.state, me, line: top.line, events: top.played.events }, ctx),
    expectedVp: Math.round(evaluate(top.played.state, ctx)),
  };
}
