// The decisions each seat faces, as data any front end draws and answers alike (the bot's buttons and
// menus today; the AI or a web page tomorrow): the power offers it may answer with their VP cost, the
// choice it owes (a tile, cult steps, a terrain to unlock, a token), and the moves of its turn. A move is
// named by its index among the faction's legal moves at a position (the version at which the game reached
// it, position.ts); the service plays the move an index names only at that position. The offers are in the
// view (offers.ts). Notation is made here and in play.ts, never by a front end.
import {
  type Command,
  type FactionId,
  type GameState,
  type MeasuredMove,
  type MoveKind,
  measuredLegalMoves,
} from '../engine/index.ts';
import { formatCommands } from '../notation/format.ts';
import { type Caller, factionOfSeat, requireActive, seatOf } from './access.ts';
import { fail } from './errors.ts';
import { type Played, play } from './play.ts';
import type { GameRepo } from './repo.ts';
import type { GameView } from './view.ts';
import type { OfferAnswer } from './offers.ts';

/**
 * A game at one position, named by the version at which the game reached it: the same position of a game is
 * always the same state (its log up to there).
 */
export interface GameAt {
  readonly game: { readonly id: string };
  readonly positionVersion: number;
}

/**
 * The newest positions' legal moves, least recently used first. A turn message, a button's menus, a page turn
 * and the chosen option each load the game afresh and would otherwise compute the same moves (and measure
 * each by applying it) again. A position never changes, so an entry is never stale; the bound keeps memory
 * flat however many games are served.
 */
const recent = new Map<string, Map<FactionId, readonly MeasuredMove[]>>();
const RECENT_POSITIONS = 64;

/** The faction's legal moves at a position (`state` is the game there), computed once per position. */
export function legalMovesAt(at: GameAt, state: GameState, faction: FactionId): readonly MeasuredMove[] {
  const key = `${at.game.id}:${at.positionVersion}`;
  let byFaction = recent.get(key);
  if (byFaction) recent.delete(key);
  else byFaction = new Map();
  recent.set(key, byFaction);
  if (recent.size > RECENT_POSITIONS) recent.delete(recent.keys().next().value!);
  let moves = byFaction.get(faction);
  if (!moves) byFaction.set(faction, (moves = measuredLegalMoves(state, faction)));
  return moves;
}

/** The command answering an offer made by `from` for `amount`. */
function offerCommand(offer: { readonly amount: number; readonly from: FactionId }, answer: OfferAnswer): Command {
  switch (answer) {
    case 'accept':
      return { type: 'leech', amount: offer.amount, from: offer.from };
    case 'decline':
      return { type: 'decline', amount: offer.amount, from: offer.from };
    case 'coin':
      return { type: 'leech-coin', from: offer.from };
  }
}

/** The kinds of move that answer what the game waits on with one pick from a list. */
export const CHOICE_KINDS = ['favor', 'town', 'town-reward', 'cult', 'lose-cult', 'unlock', 'token'] as const;
export type ChoiceKind = (typeof CHOICE_KINDS)[number];

const isChoiceKind = (kind: MoveKind): kind is ChoiceKind => (CHOICE_KINDS as readonly MoveKind[]).includes(kind);

/** A choice the faction owes: what it is, and the indices of the legal moves that make it, in order. */
export interface OwedChoice {
  readonly kind: ChoiceKind;
  readonly indices: readonly number[];
}

/**
 * The choice among `moves` (a faction's legal moves) that a single pick answers: a tile, cult steps to place
 * or to lose, the terrain a riverwalkers' priest unlocks, or the shapeshifters' power token for 1 VP (with
 * its refusal, a discard of the token's right). Null when the faction owes none.
 */
export function owedChoice(moves: readonly MeasuredMove[]): OwedChoice | null {
  const token = moves.some((m) => m.kind === 'token');
  const indices = moves.flatMap((m, i) =>
    isChoiceKind(m.kind) ||
    (token && m.kind === 'discard' && m.commands.some((c) => c.type === 'adjust' && c.resource === 'GAIN_P3_FOR_VP'))
      ? [i]
      : [],
  );
  if (indices.length === 0) return null;
  const first = moves[indices[0]!]!.kind;
  return { kind: token ? 'token' : isChoiceKind(first) ? first : 'token', indices };
}

/** A legal move named by its index among the faction's legal moves at a position. */
export interface MoveChoice {
  /** The version at which the game reached the position the index was read at. */
  readonly version: number;
  readonly faction: FactionId;
  readonly index: number;
}

/**
 * Plays the caller's legal move that `choice` names, at the position `view` shows: refused when the game
 * moved on since the index was read, or when the index names no move of the caller's faction there.
 */
export async function playLegalMove(
  repo: GameRepo,
  caller: Caller,
  view: GameView,
  choice: MoveChoice,
): Promise<Played> {
  requireActive(view.game);
  if (choice.version !== view.positionVersion) fail('position_moved', {});
  const faction = factionOfSeat(view.game, seatOf(caller, view.game));
  const move =
    view.state && faction === choice.faction ? legalMovesAt(view, view.state, faction)[choice.index] : undefined;
  if (!move) return fail('no_such_move', {});
  return play(repo, caller, view, view.game.version, formatCommands(move.commands));
}

/** The caller answers a power offer open to their faction (the rules refuse one that is no longer open). */
export async function answerOffer(
  repo: GameRepo,
  caller: Caller,
  view: GameView,
  offer: { readonly amount: number; readonly from: FactionId },
  answer: OfferAnswer,
): Promise<Played> {
  return play(repo, caller, view, view.game.version, formatCommands([offerCommand(offer, answer)]));
}
