// What the bot shows of a game: the game as the service last read or wrote it. Every use case that
// changes a game hands back the view after the change, so the bot posts it without reading the store again.
import {
  type AuctionChoice,
  type FactionId,
  type GameState,
  auctionBidder,
  auctionChoices,
  availableFactions,
  nextFactionPick,
} from '../engine/index.ts';
import { type Loaded, type Waiting, waitingFor } from './access.ts';
import type { PendingAnnouncement } from './announcements.ts';
import type { GameRecord, MoveRecord } from './repo.ts';
import type { Game } from './seats.ts';
import { isAiId } from './ai-ids.ts';
import { type PowerOffer, powerOffers } from './offers.ts';
import { positionVersion } from './position.ts';
import { type PendingUndo, settingsOf } from './settings.ts';
import { deadlineOf, lastActivity } from './timers.ts';

export interface GameView extends Loaded {
  readonly game: Game;
  readonly moves: MoveRecord[];
  /** Null until the game starts. */
  readonly state: GameState | null;
  /** What the channel has not been told yet, oldest first. */
  readonly unannounced: readonly PendingAnnouncement[];
  readonly waitingFor: Waiting[];
  /** While factions are picked in turn order: whose pick it is and what is left. */
  readonly factionPick: { readonly position: number; readonly userId: string; readonly available: FactionId[] } | null;
  /** While the seats bid for factions: whose bid it is, the bids so far and the bids they may make. */
  readonly auction: AuctionView | null;
  /** When the seats waited on run out of time (null: no timer). */
  readonly deadline: Date | null;
  /** When the game last moved: the seats it waits for have waited at least since then (null before the start). */
  readonly waitingSince: Date | null;
  /**
   * The version at which the game reached its position: buttons drawn for it work until a move or an undo,
   * whatever requests, answers or settings came in meanwhile.
   */
  readonly positionVersion: number;
  /** An undo request waiting for the players' consent (null when none is open). */
  readonly undoRequest: PendingUndo | null;
  /**
   * The power offers open, each once (none before the start or after the end). The other decisions a seat
   * faces, its owed choice and its turn's moves, are its legal moves at this position (decisions.ts).
   */
  readonly offers: readonly PowerOffer[];
}

export interface AuctionView {
  readonly bidder: { readonly position: number; readonly userId: string };
  /** The factions named so far, in naming order (which becomes the turn order), with their holders. */
  readonly lots: readonly { readonly faction: FactionId; readonly bid: number; readonly userId: string }[];
  readonly choices: readonly AuctionChoice[];
}

function auctionView(game: Game, state: GameState | null): AuctionView | null {
  const bidder = state ? auctionBidder(state) : null;
  const seat = bidder === null ? undefined : game.seats[bidder];
  if (!state?.auction || !seat) return null;
  return {
    bidder: { position: seat.position, userId: seat.userId },
    lots: state.auction.lots.map((l) => ({ faction: l.faction, bid: l.bid, userId: game.seats[l.holder]!.userId })),
    choices: auctionChoices(state),
  };
}

/** Everyone the game waits for: seats owing a move, an answer or a choice, the next faction pick, the bidder. */
export function waitedUsers(game: Game, state: GameState | null): string[] {
  if (game.status !== 'active' || !state) return [];
  const users = new Set(waitingFor(game, state).map((w) => w.userId));
  const picker = nextFactionPick(state);
  if (picker !== null && game.seats[picker]) users.add(game.seats[picker].userId);
  const bidder = auctionBidder(state);
  if (bidder !== null && game.seats[bidder]) users.add(game.seats[bidder].userId);
  return [...users];
}

/** A game and its position, before or after a change. */
export interface Position {
  readonly game: Game;
  readonly state: GameState | null;
}

/**
 * Those a change makes the game wait for who were not waited for before it, the one who made the change
 * aside (they are here, and read the answer to their click): whom its post pings. A player still waited
 * for (to move, while others answer offers) or waited for again at once (a favour tile after their temple)
 * was pinged when the wait began. AI seats are never pinged.
 */
export function newlyWaiting(before: Position, after: Position, actor: string | null): string[] {
  const waited = new Set(waitedUsers(before.game, before.state));
  // An AI seat is nobody to ping: it plays at once.
  return waitedUsers(after.game, after.state).filter((u) => !waited.has(u) && u !== actor && !isAiId(u));
}

export function viewOf(loaded: Loaded): GameView {
  const { game, moves, state } = loaded;
  const next = state ? nextFactionPick(state) : null;
  const picker = next === null ? undefined : game.seats[next];
  return {
    ...loaded,
    waitingFor: waitingFor(game, state),
    factionPick:
      picker && state
        ? { position: picker.position, userId: picker.userId, available: availableFactions(state) }
        : null,
    auction: auctionView(game, state),
    deadline: game.status === 'active' ? deadlineOf(game, moves) : null,
    waitingSince: game.status === 'active' ? lastActivity(game, moves) : null,
    positionVersion: positionVersion(game),
    undoRequest: openUndoRequest(game),
    offers: state && !state.finished && game.status === 'active' ? powerOffers(state) : [],
  };
}

/** The undo request still open: a move or an undo since it was made voids it. */
export function openUndoRequest(game: GameRecord): PendingUndo | null {
  const request = settingsOf(game).undoRequest;
  return request && request.moveCount === game.moveCount && game.status === 'active' ? request : null;
}
