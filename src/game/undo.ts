// Taking moves back. A player's own last line goes at once while nobody has acted after it (rules'
// automatic answers do not count as acting); anything older needs every other player's consent, or
// the game admin. Every undo is recorded by the store with the moves it removed.
import {
  type Caller,
  type Loaded,
  type Waiting,
  heldOrLoaded,
  isGameAdmin,
  loadFor,
  loadState,
  requireActive,
  requireVersion,
  retryOnStale,
  seatOf,
  positionAt,
  truncatedTo,
  waitingFor,
} from './access.ts';
import { type Announcement, stored } from './announcements.ts';
import { fail } from './errors.ts';
import { isAiId } from './ai-ids.ts';
import { answerOffersByRules, applyLeechRules } from './offer-answers.ts';
import { seatFaction } from './replay.ts';
import { type GameRecord, type GameRepo, type MoveRecord, StaleVersionError, type UndoRecord } from './repo.ts';
import { toSnapshot } from './snapshot.ts';
import { type GameView, viewOf } from './view.ts';
import type { Game } from './seats.ts';
import type { PendingUndo } from './settings.ts';
import { keepingPosition } from './position.ts';
import { newlyWaiting, openUndoRequest } from './view.ts';
import type { GameState } from '../engine/index.ts';

export type UndoOutcome =
  | {
      readonly kind: 'undone';
      readonly undo: UndoRecord;
      readonly game: GameRecord;
      readonly state: GameState;
      readonly waitingFor: Waiting[];
      /** The game after the undo, for the bot to post without reading the store again. */
      readonly view: GameView;
    }
  | {
      readonly kind: 'requested';
      readonly game: GameRecord;
      readonly request: PendingUndo;
      readonly missing: string[];
    };

/**
 * The seat's last typed line, and whether only automatic rows follow it: the rules' answers, and the AI
 * seats' moves (an AI has nothing to consent to: it plays again from the position the undo goes back to).
 */
function ownLastMove(moves: readonly MoveRecord[], position: number): { move: MoveRecord; untouched: boolean } | null {
  for (let i = moves.length - 1; i >= 0; i--) {
    const m = moves[i]!;
    if (m.seat === position && m.userId !== null && !isAiId(m.userId))
      return { move: m, untouched: moves.slice(i + 1).every((x) => x.userId === null || isAiId(x.userId)) };
  }
  return null;
}

/** Players whose consent an undo needs: everyone still in the game except the one asking and the AI seats. */
function consentFrom(game: Game, state: GameState | null, requester: string): string[] {
  return game.seats
    .filter((s) => s.userId !== requester && !s.ai)
    .filter((s) => {
      const f = seatFaction(game.seats, s.position);
      return !(f && state?.factions[f]?.dropped);
    })
    .map((s) => s.userId);
}

export async function truncate(
  repo: GameRepo,
  loaded: Loaded,
  version: number,
  keepThroughSeq: number,
  requestedBy: string,
  approvedBy: string[],
  reason: string,
): Promise<UndoOutcome> {
  const { game } = loaded;
  const position = positionAt(loaded, keepThroughSeq);
  const announcement: Announcement = {
    kind: 'undone',
    by: requestedBy,
    count: game.moveCount - keepThroughSeq,
    // Whoever asked is back at their move and knows it; the others the undo makes wait are told.
    ping: newlyWaiting(loaded, position, requestedBy),
    ...(game.status === 'finished' ? { reopened: true } : {}),
  };
  const truncated = await repo.truncateMoves(
    game.id,
    version,
    { keepThroughSeq, requestedBy, approvedBy, reason },
    stored(announcement),
  );
  const earlier = truncatedTo(loaded, keepThroughSeq, truncated, announcement, position);
  const fresh = await answeredByRules(repo, earlier);
  if (!fresh.state) throw new Error(`active game ${game.id} without a state`);
  return {
    kind: 'undone',
    undo: truncated.undo,
    game: fresh.game,
    state: fresh.state,
    waitingFor: waitingFor(fresh.game, fresh.state),
    view: viewOf(fresh),
  };
}

/**
 * The earlier position may hold offers that rules answer; the log must not wait for them. Worked out
 * from the position just replayed; should another change have come in since, the game is read afresh.
 */
async function answeredByRules(repo: GameRepo, earlier: Loaded): Promise<Loaded> {
  try {
    const after = await answerOffersByRules(repo, earlier);
    // The replayed position is cached as any read would cache it.
    if (after === earlier && earlier.state)
      await repo.saveSnapshot(earlier.game.id, earlier.game.version, toSnapshot(earlier.state));
    return after;
  } catch (e) {
    if (!(e instanceof StaleVersionError)) throw e;
    await applyLeechRules(repo, earlier.game.id);
    return loadState(repo, earlier.game.id);
  }
}

/** What an undo would do: keep the log through `keepThroughSeq`, and how (at once, or by consent). */
export interface UndoPlan {
  readonly keepThroughSeq: number;
  readonly mode: 'admin' | 'own move' | 'consent';
  /** The moves it would take back, oldest first. */
  readonly removes: readonly MoveRecord[];
}

function planFor(loaded: Loaded, caller: Caller, keepThroughSeq?: number): UndoPlan {
  const { game, moves } = loaded;
  const admin = isGameAdmin(caller, game);
  // A finished game's result is corrected by taking it back into play: the game admin's call alone, as
  // it withdraws a result (and its ratings) everyone has seen.
  if (game.status === 'finished') {
    if (!admin) fail('admin_only', {});
  } else requireActive(game);
  const seat = admin ? game.seats.find((s) => s.userId === caller.userId) : seatOf(caller, game);
  const own = seat ? ownLastMove(moves, seat.position) : null;
  // An admin with no line of their own (a server manager, or not seated) takes back the game's last row.
  const target = keepThroughSeq ?? (own ? own.move.seq - 1 : admin ? moves.length - 1 : undefined);
  if (target === undefined || !Number.isInteger(target) || target < 0 || target >= moves.length)
    return fail('nothing_to_undo', {});
  const mode = admin ? 'admin' : own && own.untouched && target === own.move.seq - 1 ? 'own move' : 'consent';
  return { keepThroughSeq: target, mode, removes: moves.filter((m) => m.seq > target) };
}

/** The undo the caller would get now, without doing it: the bot shows an admin what it would remove. */
export async function planUndo(repo: GameRepo, caller: Caller, game: string | GameView, keepThroughSeq?: number) {
  return planFor(await heldOrLoaded(repo, caller, game), caller, keepThroughSeq);
}

/**
 * Takes back the caller's last line, or everything after `keepThroughSeq`. Returns `requested` when
 * the other players must agree first (approveUndo).
 */
export async function undo(
  repo: GameRepo,
  caller: Caller,
  held: string | GameView,
  expectedVersion: number,
  keepThroughSeq?: number,
): Promise<UndoOutcome> {
  const loaded = await heldOrLoaded(repo, caller, held);
  const { game, state } = loaded;
  requireVersion(game, expectedVersion);
  const plan = planFor(loaded, caller, keepThroughSeq);
  const target = plan.keepThroughSeq;
  if (plan.mode !== 'consent') return truncate(repo, loaded, expectedVersion, target, caller.userId, [], plan.mode);
  const missing = consentFrom(game, state, caller.userId);
  // Nobody to ask (every other seat is the AI's): nothing to wait for.
  if (missing.length === 0) return truncate(repo, loaded, expectedVersion, target, caller.userId, [], 'consent');
  const request: PendingUndo = {
    keepThroughSeq: target,
    moveCount: game.moveCount,
    requestedBy: caller.userId,
    approvedBy: [],
  };
  // The request is posted with the moves it would take back, written down now: the post reads from it alone.
  const listed = plan.removes
    .slice(-LISTED_MOVES)
    .map((m) => ({ faction: seatFaction(game.seats, m.seat), text: m.text }));
  const announcement: Announcement = {
    kind: 'undoRequested',
    by: caller.userId,
    count: plan.removes.length,
    moves: listed,
    waitingOn: missing,
  };
  // Asking changes nothing on the board: the buttons drawn for this position keep working.
  const updated = await repo.updateGame(game.id, expectedVersion, {
    settings: { undoRequest: request, ...keepingPosition(game) },
    announce: stored(announcement),
  });
  return { kind: 'requested', game: updated, request, missing };
}

/** How many of the moves a request would take back its post lists (the newest ones). */
const LISTED_MOVES = 12;

/** The open request, if the game has not moved since it was made. */
function openRequest(game: GameRecord): PendingUndo {
  return openUndoRequest(game) ?? fail('no_undo_request', {});
}

/** `held`: the game's id, or the view the caller holds (used for the first try; a retry reads it afresh). */
export async function approveUndo(repo: GameRepo, caller: Caller, held: string | GameView): Promise<UndoOutcome> {
  let source: string | Loaded = held;
  return retryOnStale(async () => {
    const loaded = await heldOrLoaded(repo, caller, source);
    source = loaded.game.id;
    const { game, state } = loaded;
    requireActive(game);
    const request = openRequest(game);
    const needed = consentFrom(game, state, request.requestedBy);
    const admin = isGameAdmin(caller, game);
    // Asking is the requester's consent; the others decide (an admin who asked decides alone, as the admin).
    if (caller.userId === request.requestedBy && !admin) return fail('own_undo_request', {});
    if (!needed.includes(caller.userId) && !admin) return fail('not_seated', {});
    const approvedBy = [...new Set([...request.approvedBy, caller.userId])];
    const missing = needed.filter((u) => !approvedBy.includes(u));
    if (missing.length === 0 || admin) {
      return truncate(repo, loaded, game.version, request.keepThroughSeq, request.requestedBy, approvedBy, 'consent');
    }
    const updated = await repo.updateGame(game.id, game.version, {
      settings: { undoRequest: { ...request, approvedBy }, ...keepingPosition(game) },
    });
    return { kind: 'requested', game: updated, request: { ...request, approvedBy }, missing };
  });
}

/**
 * Any player (or the admin) may turn a request down, the requester too (withdrawing it); it is then gone,
 * and the channel is told where the game stands, with the mover's buttons again.
 */
export async function rejectUndo(repo: GameRepo, caller: Caller, gameId: string): Promise<GameRecord> {
  return retryOnStale(async () => {
    const { game } = await loadFor(repo, caller, gameId);
    const request = openRequest(game);
    if (!isGameAdmin(caller, game)) seatOf(caller, game);
    return repo.updateGame(game.id, game.version, {
      settings: { undoRequest: null, ...keepingPosition(game) },
      announce: stored({ kind: 'undoRejected', by: caller.userId, requestedBy: request.requestedBy }),
    });
  });
}
