// What the service tells a user who cannot do something: a code and the values its message needs.
// The bot renders them through src/i18n (`gameError.<code>`); anything thrown instead is a bug.
import {
  ChannelBusyError,
  GameNotFoundError,
  StaleVersionError,
  StoreUnavailableError,
  UndoRangeError,
} from './repo.ts';

export interface GameErrorParams {
  game_not_found: { gameId: string };
  /** The stored game no longer reads (settings or log); only abandoning it is possible. `reason` is for logs. */
  game_unreadable: { gameId: string; reason: string };
  wrong_channel: { gameId: string };
  channel_busy: { gameId: string | null };
  stale_version: { expected: number; actual: number };
  /** A move named by its index at a position the game has left since (a button drawn before the last move). */
  position_moved: Record<string, never>;
  /** The index names none of the caller's legal moves at the position (a component the bot never drew). */
  no_such_move: Record<string, never>;
  not_seated: Record<string, never>;
  admin_only: Record<string, never>;
  bad_option: { option: string };
  bad_player_count: { count: number };
  bad_move_timer: { hours: number };
  bad_tiles: TilesProblem;
  not_open: { status: string };
  not_active: { status: string };
  /** Only a finished game can be looked at this way (history). */
  not_finished: { status: string };
  /** A row of the log to show the game at: 0 to `rows`. */
  no_such_row: { row: number; rows: number };
  game_full: { maxPlayers: number };
  already_seated: Record<string, never>;
  creator_cannot_leave: Record<string, never>;
  too_few_players: { count: number };
  no_faction_choice: Record<string, never>;
  not_your_pick: { position: number };
  faction_unavailable: { faction: string };
  /** No faction auction is going on in this game. */
  no_auction: Record<string, never>;
  not_your_bid: { position: number };
  /** `parse` is the notation's code and `text` the word not understood, to say it in another language. */
  parse_error: { message: string; parse: string; text: string };
  /** `rule` is the engine's code, `ruleParams` its values: enough to say it in another language. */
  rule_error: { message: string; rule: string; ruleParams: Readonly<Record<string, string | number | null>> };
  admin_command: { command: string };
  not_your_turn: { waitingFor: string };
  game_over: Record<string, never>;
  nothing_to_undo: Record<string, never>;
  no_undo_request: Record<string, never>;
  /** The requester cannot approve their own undo request (the others decide). */
  own_undo_request: Record<string, never>;
  seat_not_found: { position: number };
  /** AI seats asked for beyond the seats left for them (`max`): at least one seat stays a person's. */
  bad_ai_seats: { count: number; max: number };
  /** No AI seat to take away. */
  no_ai_seat: Record<string, never>;
  /** The seat is the AI's at that level already. */
  already_ai: Record<string, never>;
  faction_gone: { faction: string };
  /** A faction that left the game cannot be given a new player once others have moved since. */
  faction_left_long_ago: { faction: string; moves: number };
  bad_leech_rules: { reason: string };
  import_failed: { line: number; message: string };
  /** The caller, or their server, opened as many games in the last hour as the quota allows. */
  too_many_games_user: { limit: number };
  too_many_games_server: { limit: number };
  /** The record has more rows than any game: refused before it is replayed. */
  import_too_long: { rows: number; max: number };
  import_players: { factions: string };
  store_unavailable: Record<string, never>;
  /** The store failed after a write may have committed, and could not be asked which: the outbox will tell. */
  store_uncertain: Record<string, never>;
}

export type GameErrorCode = keyof GameErrorParams;

/** What is wrong with chosen tiles, with the numbers; the bot words it in the reader's language. */
export type TilesProblem =
  | { readonly problem: 'scoreCount'; readonly count: number }
  | { readonly problem: 'unknownScore'; readonly tile: string }
  | { readonly problem: 'repeatedScore'; readonly tile: string }
  | { readonly problem: 'unknownBonus'; readonly tile: string }
  | { readonly problem: 'bonusCount'; readonly players: number; readonly needed: number; readonly inPlay: number }
  | { readonly problem: 'unreadable'; readonly tile: string };

export type GameError = {
  [C in GameErrorCode]: { readonly code: C; readonly params: GameErrorParams[C] };
}[GameErrorCode];

export type Result<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: GameError };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });

export function err<C extends GameErrorCode>(code: C, params: GameErrorParams[C]): { ok: false; error: GameError } {
  return { ok: false, error: { code, params } as GameError };
}

/** Thrown inside a use case to leave it early with a user error; `run` turns it back into a value. */
export class GameFailure extends Error {
  constructor(readonly error: GameError) {
    super(error.code);
    this.name = 'GameFailure';
  }
}

export function fail<C extends GameErrorCode>(code: C, params: GameErrorParams[C]): never {
  throw new GameFailure({ code, params } as GameError);
}

/** Runs a use case that reads nothing: its own failures become values. */
export function runNow<T>(work: () => T): Result<T> {
  try {
    return ok(work());
  } catch (e) {
    if (e instanceof GameFailure) return { ok: false, error: e.error };
    throw e;
  }
}

/**
 * Runs a use case: its own failures and the store's typed errors become values; anything else is a
 * bug and propagates.
 */
export async function run<T>(work: () => Promise<T>): Promise<Result<T>> {
  try {
    return ok(await work());
  } catch (e) {
    if (e instanceof GameFailure) return { ok: false, error: e.error };
    if (e instanceof StaleVersionError)
      return err('stale_version', { expected: e.expectedVersion, actual: e.actualVersion });
    if (e instanceof GameNotFoundError) return err('game_not_found', { gameId: e.gameId });
    if (e instanceof ChannelBusyError) return err('channel_busy', { gameId: e.existingGameId });
    if (e instanceof UndoRangeError) return err('nothing_to_undo', {});
    if (e instanceof StoreUnavailableError) return err('store_unavailable', {});
    throw e;
  }
}
