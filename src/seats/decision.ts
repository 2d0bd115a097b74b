// One decision of an AI seat, as plain data in and out, so that it runs on a decision thread (pool.ts) or,
// without threads, on the caller's: the AI's choice (src/ai), the line the seat plays for it (its whole
// turn in one row when the engine plays it so, as a player types "convert 1PW to 1C. build E7"), and its
// reasons as the game stores them.
import { type AiDecision, AI_LEVELS, type Reason, decide, decideSeat } from '../ai/index.ts';
import { type FactionId, type GameState, auctionChoices, availableFactions, play } from '../engine/index.ts';
import { type AiSeatLevel, type StoredReason, timeoutLine } from '../game/service.ts';
import { formatCommands } from '../notation/format.ts';
import { parseLine } from '../notation/parse.ts';

/** What an AI seat must decide: its move, or (no faction yet) its faction pick or auction bid. */
export type DecisionTask =
  | { readonly kind: 'move'; readonly faction: FactionId }
  | { readonly kind: 'pick'; readonly seat: number }
  | { readonly kind: 'bid'; readonly seat: number };

export interface DecisionJob {
  readonly state: GameState;
  readonly task: DecisionTask;
  readonly level: AiSeatLevel;
  /** The game's seed and the seat: the same game, seat and level give the same decision. */
  readonly seed: string;
}

export type DecisionReply =
  /** `text`: the line to play; `reasons`: why, as stored with the move. */
  | { readonly kind: 'move'; readonly text: string; readonly reasons: StoredReason[] }
  | { readonly kind: 'pick'; readonly faction: FactionId }
  | { readonly kind: 'bid'; readonly faction: FactionId; readonly amount: number };

/** The AI's decision for the job. @throws when the AI has nothing to decide (a bug of the caller). */
export function decideJob(job: DecisionJob): DecisionReply {
  const { state, task, level, seed } = job;
  if (task.kind === 'move') {
    const decision = decide(state, task.faction, { level, seed });
    return { kind: 'move', text: lineText(state, task.faction, decision), reasons: storedReasons(decision.reasons) };
  }
  const seat = decideSeat(state, task.seat, { level, seed });
  if (!seat) throw new Error(`seat ${task.seat} has no ${task.kind} to decide`);
  if (seat.kind === 'bid') return { kind: 'bid', faction: seat.faction, amount: seat.amount };
  return { kind: 'pick', faction: seat.faction };
}

/**
 * The whole turn the decision starts, as one row, when the engine plays it so (and the notation reads it back
 * unchanged); else the move alone, and the seat decides again for what follows.
 */
function lineText(state: GameState, faction: FactionId, decision: AiDecision): string {
  const move = formatCommands(decision.move.commands);
  const commands = decision.line.flatMap((m) => m.commands);
  if (decision.line.length < 2) return move;
  const text = formatCommands(commands);
  try {
    if (JSON.stringify(parseLine(text)) !== JSON.stringify(commands)) return move;
  } catch {
    return move;
  }
  return play(state, faction, commands).ok ? text : move;
}

/** The AI's reasons as the game stores them. */
export function storedReasons(reasons: readonly Reason[]): StoredReason[] {
  return reasons.map((r): StoredReason => {
    switch (r.kind) {
      case 'vp':
        return { kind: 'vp', source: r.source, vp: r.vp, ...(r.tile ? { tile: r.tile } : {}) };
      case 'power-offered':
        return { kind: 'power-offered', to: r.to, power: r.power };
      case 'favor-tile':
        return { kind: 'favor-tile', tile: r.tile };
      case 'town-tile':
        return { kind: 'town-tile', tile: r.tile };
      case 'bonus-card':
        return { kind: 'bonus-card', tile: r.tile };
      case 'town-founded':
        return { kind: 'town-founded' };
      case 'cult-steps':
        return { kind: 'cult-steps', cult: r.cult, steps: r.steps };
      case 'power-taken':
        return { kind: 'power-taken', from: r.from, power: r.power, vp: r.vp };
      case 'power-declined':
        return { kind: 'power-declined', from: r.from, power: r.power };
      case 'paying-for':
        return { kind: 'paying-for', action: formatCommands(r.action.commands) };
      case 'plan':
        return { kind: 'plan', goal: r.goal };
    }
  });
}

/** The levels to try for a decision, the asked one first: each easier one decides faster. */
export function fallbackLevels(level: AiSeatLevel): AiSeatLevel[] {
  const levels: readonly AiSeatLevel[] = AI_LEVELS;
  return levels.slice(0, levels.indexOf(level) + 1).reverse();
}

/**
 * When no level could decide in time: as little as the rules allow (the move timer's choice: pass, decline,
 * the first option), the first faction left, the first bid allowed. Never a stall.
 */
export function lastResort(job: DecisionJob): DecisionReply {
  const { state, task } = job;
  if (task.kind === 'move')
    return { kind: 'move', text: timeoutLine(state, task.faction), reasons: [{ kind: 'fallback' }] };
  if (task.kind === 'pick') return { kind: 'pick', faction: availableFactions(state)[0]! };
  const first = auctionChoices(state)[0]!;
  return { kind: 'bid', faction: first.faction, amount: first.min };
}
