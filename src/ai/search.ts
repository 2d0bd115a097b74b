// Looking past the turn: the best lines are played on to the faction's next action in the round, as if
// the rivals between changed nothing, and a line is worth what it leads to (a trading house is worth the
// stronghold it makes possible, coins saved the temple they pay for). The second action is discounted:
// rivals may take the space, the power action or the tile first. The next action's own best lines may be
// looked past in turn, to the action after it: two dwellings and a trading house that found a town, a
// round's last builds paid for together.
import { type FactionId, type GameState, apply } from '../engine/index.ts';
import type { Ranked } from './decide.ts';
import type { EvalContext } from './evaluate.ts';
import { type TurnLine, turnLines } from './turn.ts';

export interface LookaheadConfig {
  /** Lines looked past: the best this many (and the best of each kind of action, with `eachKind`). */
  readonly beam: number;
  readonly eachKind: boolean;
  /** The next action may be paid for by conversions too. */
  readonly fund: boolean;
  /** Share of what the next action adds that counts. */
  readonly discount: number;
  /** How the next action's lines are looked past in turn, to the action after it; null: not at all. */
  readonly then: LookaheadConfig | null;
}

/** What a line's action was, for keeping one line of each kind in the beam. */
function groupOf(r: Ranked): string {
  const action = r.line.find((m) => m.kind !== 'convert' && m.kind !== 'burn') ?? r.move;
  const upgrade = action.commands.find((c) => c.type === 'upgrade');
  if (upgrade?.type === 'upgrade') return `upgrade ${upgrade.to}`;
  if (action.kind === 'action' || action.kind === 'special') {
    const a = action.commands[0];
    return a?.type === 'action' ? `action ${a.action}` : action.kind;
  }
  return action.kind;
}

/**
 * The same position with the faction to move again in this round: its action spent, the turn handed
 * back. Only for looking ahead; never played.
 */
export function nextTurnOf(state: GameState, me: FactionId): GameState | null {
  const f = state.factions[me]!;
  if (state.finished || state.phase !== 'play' || f.passed) return null;
  const copy = apply(state, me, []);
  if (!copy.ok) return null;
  const s = copy.value.state;
  const g = s.factions[me]!;
  s.active = me;
  g.allowedActions = 1;
  g.allowedSubActions = {};
  g.allowedBuildLocations = [];
  g.requireHomeTerrainTf = false;
  g.teleportTo = null;
  g.landscapeFresh = false;
  g.counters.LANDSCAPE = 0;
  g.counters.LANDSCAPE_SHIP = 0;
  g.counters.LANDSCAPE_DIG = 0;
  s.pending = s.pending.filter((p) => p.type !== 'full' && !('faction' in p && p.faction === me && p.type === 'leech'));
  s.pending.push({ type: 'full', faction: me });
  return s;
}

/** What looks past the turn have cost so far: the lines they valued at the faction's next action. */
export interface LookWork {
  lines: number;
}

export function lookahead(
  state: GameState,
  me: FactionId,
  ranked: readonly Ranked[],
  ctx: EvalContext,
  config: LookaheadConfig,
  work?: LookWork,
): Ranked[] {
  const beam = new Set<Ranked>(ranked.slice(0, config.beam));
  const seen = new Set<string>();
  for (const r of config.eachKind ? ranked : []) {
    const g = groupOf(r);
    if (seen.has(g)) continue;
    seen.add(g);
    beam.add(r);
  }
  return ranked.map((r) => {
    if (!beam.has(r) || r.played.state.round !== state.round) return r;
    const next = nextTurnOf(r.played.state, me);
    if (!next) return r;
    const lines = turnLines(next, me, ctx, { fund: config.fund });
    if (work) work.lines += lines.length;
    // Lines come best first; only a look further on re-ranks them (and needs them as candidates).
    const best = config.then
      ? Math.max(...lookahead(next, me, lines.map(rankedOf), ctx, config.then, work).map((l) => l.value))
      : (lines[0]?.value ?? -Infinity);
    if (!(best > r.value)) return r;
    return { ...r, value: r.value + config.discount * (best - r.value) };
  });
}

/** A turn's line as a candidate: its first move, its steps with the follow-ups, where it leads. */
export function rankedOf(l: TurnLine): Ranked {
  return { move: l.steps[0]!, line: [...l.steps, ...l.played.followUps], played: l.played, value: l.value };
}
