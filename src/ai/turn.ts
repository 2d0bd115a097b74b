// The turn planner: every action the faction could take this turn — with what it has, or after free
// conversions that pay for it — played on a copy with its follow-ups, and valued by the evaluation.
// Lines come back best first; the first step of the best is the move to make now.
import {
  type Command,
  type FactionId,
  type GameState,
  type LegalMove,
  type MoveKind,
  apply,
  legalMoves,
  measuredLegalMoves,
  shuffle,
  snapshotOf,
} from '../engine/index.ts';
import { evaluate, type EvalContext } from './evaluate.ts';
import { fundings, type Need, type Rates } from './funding.ts';
import { type Budget, keyOf, playLine, type Played } from './lines.ts';

/** The kinds that use up the turn's action (or found a town across a river, the mermaids'). */
const MAIN: ReadonlySet<MoveKind> = new Set([
  'build',
  'upgrade',
  'transform',
  'send',
  'advance',
  'action',
  'special',
  'bridge',
  'connect',
  'landscape',
  'pass',
  'pick-color',
]);

export interface TurnLine {
  /** The moves in order; each is legal when its turn comes (the first is legal now). */
  readonly steps: readonly LegalMove[];
  /** The main action's move (the last of `steps` before the follow-ups). */
  readonly action: LegalMove;
  readonly played: Played;
  readonly value: number;
}

export interface PlanOptions {
  /** Consider actions that free conversions would pay for. */
  readonly fund: boolean;
  /** At most this many actions are tried (passes always), picked with `rand`; all when left out. */
  readonly limit?: { readonly actions: number; readonly rand: () => number };
  /** Owed choices played on after each line before it is valued (up to 6, with no budget, when left out). */
  readonly followUps?: { readonly depth: number; readonly budget?: Budget };
}

/** Resources added to a copy so that legalMoves offers what conversions could pay for. */
const RICH = { C: 15, W: 9, P: 2, P3: 8 };

export function turnLines(state: GameState, me: FactionId, ctx: EvalContext, opts: PlanOptions): TurnLine[] {
  const moves = legalMoves(state, me);
  const byKey = new Map(moves.map((m) => [keyOf(m.commands), m] as const));
  const out: TurnLine[] = [];
  const seen = new Set<string>();
  const consider = (prefix: readonly LegalMove[], action: LegalMove) => {
    if (!worthTrying(state, me, action)) return;
    const commands = [...prefix.flatMap((m) => m.commands), ...action.commands];
    const key = keyOf(commands);
    if (seen.has(key)) return;
    seen.add(key);
    const played = playLine(state, me, commands, ctx, opts.followUps?.depth, opts.followUps?.budget);
    if (!played || givesUpAll(action, played)) return;
    out.push({ steps: [...prefix, action], action, played, value: evaluate(played.state, ctx) });
  };
  let mains = moves.filter((m) => MAIN.has(m.kind) && m.kind !== 'pass' && worthTrying(state, me, m));
  if (opts.limit && mains.length > opts.limit.actions)
    mains = shuffle(mains, opts.limit.rand).slice(0, opts.limit.actions);
  for (const m of [...mains, ...moves.filter((m) => m.kind === 'pass')]) consider([], m);
  if (opts.fund) {
    const rates = ratesOf(moves);
    for (const { move, need } of richMoves(state, me, byKey)) {
      for (const conversions of fundings(state.factions[me]!, need, rates)) {
        const steps = conversions.map((c) => byKey.get(keyOf([c])) ?? ({ kind: c.type, commands: [c] } as LegalMove));
        // The first conversion must be one of the legal moves now; the rest follow from it.
        if (!steps.length || !byKey.has(keyOf(steps[0]!.commands))) continue;
        consider(steps, move);
      }
    }
  }
  out.sort((a, b) => b.value - a.value || (keyOf(linesCommands(a)) < keyOf(linesCommands(b)) ? -1 : 1));
  return out;
}

function linesCommands(l: TurnLine): Command[] {
  return l.steps.flatMap((m) => m.commands);
}

/**
 * Lines that can only waste the turn: turning a space into a terrain other than the faction's own
 * without building (blocking a rival aside, which the evaluation does not see).
 */
function worthTrying(state: GameState, me: FactionId, m: LegalMove): boolean {
  const last = m.commands.at(-1)!;
  if (last.type === 'transform') {
    const f = state.factions[me]!;
    return last.to === undefined || last.to === f.color;
  }
  return true;
}

/**
 * An action taken only to give up all it gives (a bridge with nowhere to go): it pays and gains nothing,
 * yet the evaluation can rank it above passing, since a position after the pass is judged at the next
 * round's prices. Factions with no structure by a river took the bridge action so, a few times a game:
 * a blunder in plain sight (the post says "bridge action" and no bridge comes), worth little in VP
 * (head to head about ±0.3 VP a seat, docs/ai.md).
 */
function givesUpAll(action: LegalMove, played: Played): boolean {
  return (
    action.kind === 'action' &&
    action.commands.length === 1 &&
    played.followUps.length > 0 &&
    played.followUps.every((m) => m.kind === 'discard')
  );
}

function ratesOf(moves: readonly LegalMove[]): Rates {
  const rates: Rates = {};
  for (const m of moves) {
    const c = m.commands[0]!;
    if (m.kind !== 'convert' || c.type !== 'convert' || c.toCount !== 1) continue;
    rates[`${c.from}>${c.to}`] = c.fromCount;
  }
  return rates;
}

/**
 * Main moves the faction could make with more resources and cannot make now (not in `legalNow`), each
 * with what it takes from its holdings.
 */
function richMoves(
  state: GameState,
  me: FactionId,
  legalNow: ReadonlyMap<string, LegalMove>,
): { move: LegalMove; need: Need }[] {
  const copy = apply(state, me, []);
  if (!copy.ok) return [];
  const rich = copy.value.state;
  const f = rich.factions[me]!;
  f.C += RICH.C;
  f.W += RICH.W;
  f.P += RICH.P;
  f.P3 += RICH.P3;
  const out: { move: LegalMove; need: Need }[] = [];
  const wanted = (m: LegalMove) =>
    MAIN.has(m.kind) && m.kind !== 'pass' && worthTrying(rich, me, m) && !legalNow.has(keyOf(m.commands));
  for (const m of measuredLegalMoves(rich, me, wanted)) {
    let after = m.outcome?.after;
    if (!after) {
      const r = apply(rich, me, m.commands);
      if (!r.ok) continue;
      after = snapshotOf(r.value.state.factions[me]!);
    }
    out.push({
      move: { kind: m.kind, commands: m.commands },
      need: {
        C: Math.max(0, f.C - after.C),
        W: Math.max(0, f.W - after.W),
        P: Math.max(0, f.P - after.P),
        PW: Math.max(0, f.P3 - after.PW[2]),
      },
    });
  }
  return out;
}
