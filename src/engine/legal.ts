import { cloneState } from './clone.ts';
import { makeCtx } from './context.ts';
import type { Command } from './commands.ts';
import type { FactionId, GameState, HexId } from './types.ts';
import { apply, closeTurnOf } from './apply.ts';
import { owesBeforeTurnEnds } from './obligations.ts';
import { candidateMoves, type Candidate } from './moves/candidates.ts';
import { snapshotOf, type FactionSnapshot } from './snapshot.ts';
import { heldForTheTurn } from './rules/held-entitlements.ts';

export type { MoveKind } from './moves/move-kind.ts';
export type { LegalMove } from './moves/candidates.ts';
import type { LegalMove } from './moves/candidates.ts';

/**
 * Who the game waits for: the faction to move, anyone who owes a power decision, a tile choice or
 * spades from cult income. Empty once the game is over or while factions are being chosen.
 */
export function whoMustAct(state: GameState): FactionId[] {
  const out: FactionId[] = [];
  if (state.finished) return out;
  // A free building the mover's action gave comes before anyone else's move (see held-entitlements).
  const mover = state.active ? state.factions[state.active] : undefined;
  if (mover && heldForTheTurn(state, mover)) return [mover.name];
  // An offer with no power left to take is still a decision: snellman waits for it before the round ends.
  for (const p of state.pending) {
    if ('faction' in p && p.type !== 'convert' && !out.includes(p.faction)) out.push(p.faction);
  }
  const active = state.active ? state.factions[state.active] : undefined;
  if (active && !active.dropped && !active.passed && !out.includes(active.name)) out.push(active.name);
  return out;
}

/**
 * The seat whose player picks a faction next, or null when all have. With the auction nobody picks: the
 * seats bid (auctionBidder), and the picks that follow it are the auction's result.
 */
export function nextFactionPick(state: GameState): number | null {
  if (state.phase !== 'select-factions' || state.auction || state.factionOrder.length === state.playerCount)
    return null;
  // A faction that owes its colour (or starting favour) chooses it before the next player picks.
  return state.pending.some((p) => 'faction' in p) ? null : state.factionOrder.length;
}

/** True when the faction has used its action and owes nothing: its turn can be handed on. */
export function turnComplete(state: GameState, faction: FactionId): boolean {
  const f = state.factions[faction];
  if (!f || state.active !== faction) return false;
  if (f.allowedActions > 0) return false;
  return !owesBeforeTurnEnds(state, faction);
}

/**
 * The position a faction's command is judged in: a command by anyone but the last actor first closes
 * the last actor's turn, which may hand the turn on.
 */
function positionFor(state: GameState, faction: FactionId): GameState {
  if (state.lastActor === null || state.lastActor === faction) return state;
  const draft = cloneState(state);
  closeTurnOf(makeCtx(draft), faction);
  return draft;
}

/** What a move leaves its mover with: its numbers right after the move, and the tiles it is owed then. */
export interface MoveOutcome {
  /** Before any income a round end the move caused brings. */
  readonly after: FactionSnapshot;
  readonly favorsOwed: number;
  readonly townsOwed: number;
  /** The space a tunnel or carpet flight reached in this move (its price is in `after`), else null. */
  readonly teleportedTo: HexId | null;
}

/** A legal move, with its outcome when legalMoves applied it to know it was legal (else null). */
export interface MeasuredMove extends LegalMove {
  readonly outcome: MoveOutcome | null;
}

/** The tiles a faction is owed in a state: favour tiles and town tiles still to take. */
export function tilesOwed(state: GameState, faction: FactionId): { favorsOwed: number; townsOwed: number } {
  let favorsOwed = 0;
  let townsOwed = 0;
  for (const p of state.pending) {
    if (p.type === 'favor' && p.faction === faction) favorsOwed++;
    if (p.type === 'town' && p.faction === faction) townsOwed++;
  }
  return { favorsOwed, townsOwed };
}

/** What a move leaves its mover with, applied to a copy of the game; null when a rule refuses it. */
export function moveOutcome(state: GameState, faction: FactionId, commands: readonly Command[]): MoveOutcome | null {
  const applied = apply(state, faction, commands);
  if (!applied.ok) return null;
  const { state: after, actorSnapshot } = applied.value;
  const reached = after.factions[faction]!.teleportTo;
  return {
    after: actorSnapshot ?? snapshotOf(after.factions[faction]!),
    ...tilesOwed(after, faction),
    teleportedTo: reached !== state.factions[faction]!.teleportTo ? reached : null,
  };
}

/**
 * Every move the faction may make now: single steps (a build, an upgrade, a power action alone, a tile
 * pick, a conversion, giving up spades ...) and the lines that only make sense together (dig, transform
 * and build; a power action and what it pays for). Candidates whose legality the generator cannot
 * decide exactly are checked by applying them to a copy. The single authority for autocomplete,
 * buttons and validation hints.
 */
export function legalMoves(state: GameState, faction: FactionId): LegalMove[] {
  return movesOf(state, faction, false);
}

/**
 * The legal moves that `wanted` keeps, in legalMoves' order: candidates it leaves out are never applied
 * to know whether they are legal (a planner that wants only the answers to what a faction owes).
 */
export function legalMovesWhere(
  state: GameState,
  faction: FactionId,
  wanted: (move: LegalMove) => boolean,
): LegalMove[] {
  return movesOf(state, faction, false, wanted);
}

/**
 * legalMoves, each with what it leaves its mover with where legalMoves had to apply it to a copy anyway
 * (null where it decided without): a list that shows each move's cost applies only those moves again.
 * With `wanted`, only the moves it keeps, as legalMovesWhere.
 */
export function measuredLegalMoves(
  state: GameState,
  faction: FactionId,
  wanted?: (move: LegalMove) => boolean,
): MeasuredMove[] {
  return movesOf(state, faction, true, wanted);
}

function movesOf(
  state: GameState,
  faction: FactionId,
  measure: true,
  wanted?: (move: LegalMove) => boolean,
): MeasuredMove[];
function movesOf(
  state: GameState,
  faction: FactionId,
  measure: false,
  wanted?: (move: LegalMove) => boolean,
): LegalMove[];
function movesOf(
  state: GameState,
  faction: FactionId,
  measure: boolean,
  wanted?: (move: LegalMove) => boolean,
): (LegalMove | MeasuredMove)[] {
  const f = state.factions[faction];
  if (!f || f.dropped || state.finished) return [];
  const base = positionFor(state, faction);
  const out: (LegalMove | MeasuredMove)[] = [];
  const gates = new Map<string, boolean>();
  const add = (c: Candidate, outcome: MoveOutcome | null) =>
    out.push(measure ? { kind: c.kind, commands: c.commands, outcome } : { kind: c.kind, commands: c.commands });
  for (const c of candidateMoves(base, faction)) {
    if (wanted && !wanted(c)) continue;
    if (c.gate) {
      const key = JSON.stringify(c.gate);
      let legal = gates.get(key);
      if (legal === undefined) gates.set(key, (legal = apply(base, faction, c.gate).ok));
      if (legal) add(c, null);
    } else if (c.exact) add(c, null);
    else if (!measure) {
      if (apply(base, faction, c.commands).ok) add(c, null);
    } else {
      const outcome = moveOutcome(base, faction, c.commands);
      if (outcome) add(c, outcome);
    }
  }
  return out;
}
