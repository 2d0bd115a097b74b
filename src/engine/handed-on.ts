import type { Ctx } from './context.ts';
import { factionOf } from './context.ts';
import { detectIncompleteTurn, dismissAction, requireAction } from './obligations.ts';
import { narrowed } from './rules/versions.ts';
import type { FactionId, FactionState, GameState, HandedOn } from './types.ts';

/**
 * A live game hands a complete turn on at once (`play` ends it), where the reference engine hands it on
 * only when another faction's row comes: until then the faction's turn goes on, and it may still burn,
 * convert and take what its action still allows (the dwelling on a hex it transformed). `GameState.handedOn`
 * remembers such a turn until another faction moves, so that the same rows are taken.
 */

interface BeforeHandOver {
  readonly last: FactionId | null;
  readonly active: FactionId | null;
  /** The last actor had used its action: the close ends its turn (else it changes nothing). */
  readonly acted: boolean;
  readonly turn: number;
  readonly round: number;
  readonly fullTurnPlayed: boolean;
  readonly kept: HandedOn | null;
}

/** What `endTurn` needs to remember before it closes a turn. */
export function beforeHandOver(s: GameState): BeforeHandOver {
  const acted = s.lastActor !== null && s.factions[s.lastActor]?.allowedActions === 0;
  return {
    last: s.lastActor,
    active: s.active,
    acted,
    turn: s.turn,
    round: s.round,
    fullTurnPlayed: s.fullTurnPlayed,
    kept: s.handedOn,
  };
}

/**
 * After `endTurn` closed the last actor's turn: remembered when the turn went from it to another faction,
 * or to a new turn of its own (the last faction in the round); an `endTurn` with nothing to close keeps
 * what was remembered. A close that ended the round remembers nothing: the reference still holds that turn
 * in the old round, before the income, where ours has already paid it, so a burn or conversion then would
 * spend the new round's resources.
 */
export function afterHandOver(s: GameState, b: BeforeHandOver): void {
  if (b.last === null) s.handedOn = b.kept;
  else if (s.round !== b.round && narrowed(s, 'turnEndsWithRound')) s.handedOn = null;
  else if (b.active === b.last && b.acted && (s.active !== b.last || s.factions[b.last]!.allowedActions > 0))
    s.handedOn = { from: b.last, turn: b.turn, fullTurnPlayed: b.fullTurnPlayed };
  else s.handedOn = null;
}

/** The faction's turn was handed on, and nobody else has moved since. */
export function stillInTurn(s: GameState, f: FactionState): boolean {
  return s.handedOn?.from === f.name;
}

/** Another faction (or the moderator) moves: the handed-on turn is over for good, as in the reference. */
export function forgetHandOver(s: GameState, next: FactionId | null): void {
  if (s.handedOn && s.handedOn.from !== next) s.handedOn = null;
}

/**
 * After a command of a handed-on turn: when the turn owes something again (a town tile a late dwelling
 * founded), it is not over after all, and the turn comes back to the faction until it is.
 */
export function takeBackIfOwed(ctx: Ctx, f: FactionState): void {
  const h = ctx.s.handedOn;
  if (!h || h.from !== f.name || !detectIncompleteTurn(ctx, f)) return;
  if (ctx.s.active) dismissAction(ctx, factionOf(ctx, ctx.s.active), 'full');
  requireAction(ctx, { type: 'full', faction: f.name });
  ctx.s.active = f.name;
  ctx.s.turn = h.turn;
  ctx.s.fullTurnPlayed = h.fullTurnPlayed;
  ctx.s.handedOn = null;
}
