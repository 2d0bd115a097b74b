// What the league tells a member who cannot do something: a code and the values its message needs. The
// bot renders them through src/i18n (`leagueError.<code>`); anything thrown instead is a bug.
import { StoreUnavailableError } from '../game/repo.ts';
import type { GameError } from '../game/service.ts';
import { SeasonNameTakenError, SeasonNotFoundError, StaleSeasonError } from './repo.ts';

export interface LeagueErrorParams {
  /** Season admin actions need Manage Server or the server's league role (`role`, null when none is set). */
  admin_only: { role: string | null };
  /** Server settings need Manage Server itself. */
  manage_server_only: Record<string, never>;
  season_not_found: { name: string };
  season_name_taken: { name: string };
  bad_season: { setting: string; problem: string };
  not_signing_up: { name: string };
  /** An edit would leave fewer places than members already signed up. */
  cap_below_players: { cap: number; count: number };
  signup_closed: { name: string };
  role_required: { role: string };
  already_signed_up: { name: string };
  not_signed_up: { name: string };
  too_few_players: { count: number; needed: number };
  not_running: { name: string };
  table_not_found: { table: number };
  /** The table's game is not made yet (the bot opens it again at its next start): nothing to seat an AI in. */
  table_not_open: { table: number };
  seat_not_found: { table: number; userId: string };
  already_seated: { userId: string };
  ratings_off: Record<string, never>;
  /** Another change to the season came first, more than a few times in a row: try again. */
  busy: Record<string, never>;
  store_unavailable: Record<string, never>;
  /** A game could not be made or changed: the game's own refusal. */
  game: { error: GameError };
}

export type LeagueErrorCode = keyof LeagueErrorParams;

export type LeagueError = {
  [C in LeagueErrorCode]: { readonly code: C; readonly params: LeagueErrorParams[C] };
}[LeagueErrorCode];

export type LeagueResult<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: LeagueError };

export class LeagueFailure extends Error {
  constructor(readonly error: LeagueError) {
    super(error.code);
    this.name = 'LeagueFailure';
  }
}

export function fail<C extends LeagueErrorCode>(code: C, params: LeagueErrorParams[C]): never {
  throw new LeagueFailure({ code, params } as LeagueError);
}

/** Runs a use case: its own failures and the store's typed errors become values; anything else is a bug. */
export async function run<T>(work: () => Promise<T>): Promise<LeagueResult<T>> {
  try {
    return { ok: true, value: await work() };
  } catch (e) {
    if (e instanceof LeagueFailure) return { ok: false, error: e.error };
    if (e instanceof SeasonNameTakenError)
      return { ok: false, error: { code: 'season_name_taken', params: { name: e.seasonName } } };
    if (e instanceof SeasonNotFoundError)
      return { ok: false, error: { code: 'season_not_found', params: { name: e.seasonId } } };
    if (e instanceof StaleSeasonError) return { ok: false, error: { code: 'busy', params: {} } };
    if (e instanceof StoreUnavailableError) return { ok: false, error: { code: 'store_unavailable', params: {} } };
    throw e;
  }
}

/** A season change decided on a version another change overtook is decided again on the fresh season. */
export async function retryOnStale<T>(work: () => Promise<T>, attempts = 5): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await work();
    } catch (e) {
      if (!(e instanceof StaleSeasonError) || i >= attempts) throw e;
    }
  }
}
