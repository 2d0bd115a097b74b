// The league's use cases: a server's rating settings and ratings, the history of its finished games, and
// seasons from sign-up to final standings. Depends on its repository port and the game service only.
import { FIRE_AND_ICE_FACTION_OPTIONS, RULES_PRESETS } from '../game/presets.ts';
import type { AiSeatLevel, Caller, GameResult, GameService, Result } from '../game/service.ts';
import { type LeagueResult, fail, retryOnStale, run } from './errors.ts';
import { computeRatings, type Ratings } from './ratings.ts';
import type { GuildLeague, LeagueRepo, RatingScope, SeasonMessage } from './repo.ts';
import {
  type LoadedSeason,
  type SeasonConfig,
  type SeasonConfigInput,
  SeasonConfigSchema,
  type SeasonEntry,
  type SeasonRecord,
  type SeasonStatus,
  groupPlayers,
  mapOfTable,
} from './season.ts';
import { seatPlayers } from './seating.ts';
import { type Standings, standingsOf } from './standings.ts';

/** A member acting on the league: the bot says what Discord says of their permissions and roles. */
export interface LeagueCaller {
  readonly userId: string;
  readonly guildId: string;
  readonly channelId: string;
  /** Holds Manage Server. */
  readonly manageServer: boolean;
  readonly roles: readonly string[];
}

export interface NewSeasonInput {
  readonly name: string;
  readonly config: SeasonConfigInput;
  /** Sign-up closes this many hours from now; null: when the admin starts the season. */
  readonly signupHours?: number | null;
}

/** Who takes over a seat: a member, or the AI at a level. */
export type Substitute = { readonly userId: string } | { readonly aiLevel: AiSeatLevel };

export interface Substituted {
  readonly season: LoadedSeason;
  /** Who plays the seat now: the member, or the AI seat's id. */
  readonly substituteId: string;
  /** The table's game, when it was open. */
  readonly gameId: string | null;
}

export interface SignUp {
  readonly season: LoadedSeason;
  /** `waiting`: the season is full; the member has a place once someone withdraws. */
  readonly status: 'player' | 'waiting';
}

/**
 * What an admin may change while a season signs up; a setting left out stays as it is. Only settings that
 * decide nobody's place in the draw: the maps, the timer, the cap, the window.
 */
export interface SeasonEdit {
  readonly config: Partial<Pick<SeasonConfig, 'maps' | 'moveTimerHours' | 'onTimeout' | 'cap'>>;
  /** Sign-up closes this many hours from now; null: when the admin starts; left out: as it was. */
  readonly signupHours?: number | null;
}

export interface Edited {
  readonly season: LoadedSeason;
  /** Waiting members a raised cap gave a place, in sign-up order. */
  readonly promoted: readonly string[];
}

export interface Withdrawal {
  readonly season: LoadedSeason;
  /** Who took the place left free, from the waiting list. */
  readonly promoted: string | null;
}

export interface SeasonStandings {
  readonly season: LoadedSeason;
  readonly standings: Standings;
  /** This call found the last table finished and closed the season. */
  readonly completed: boolean;
}

/** The game rules each season preset plays with. */
const PRESET_GAMES = {
  league: { options: RULES_PRESETS.standard, factionMode: 'turn-order' },
  arena: { options: [...RULES_PRESETS.standard, ...FIRE_AND_ICE_FACTION_OPTIONS], factionMode: 'auction' },
  base: { options: RULES_PRESETS.base, factionMode: 'turn-order' },
} as const;

const gameFailed = (r: Result<unknown>) => {
  if (!r.ok) fail('game', { error: r.error });
};

export class LeagueService {
  constructor(
    private readonly repo: LeagueRepo,
    private readonly games: GameService,
  ) {}

  // ---- who may do what ----

  private async requireAdmin(caller: LeagueCaller): Promise<GuildLeague> {
    const league = await this.repo.guildLeague(caller.guildId);
    const byRole = league.adminRoleId !== null && caller.roles.includes(league.adminRoleId);
    if (!caller.manageServer && !byRole) fail('admin_only', { role: league.adminRoleId });
    return league;
  }

  /** Whether the caller may run the server's seasons (Manage Server, or its league role). */
  async mayAdminister(caller: LeagueCaller): Promise<boolean> {
    const league = await this.repo.guildLeague(caller.guildId);
    return caller.manageServer || (league.adminRoleId !== null && caller.roles.includes(league.adminRoleId));
  }

  // ---- server settings ----

  settings(guildId: string): Promise<LeagueResult<GuildLeague>> {
    return run(() => this.repo.guildLeague(guildId));
  }

  /** Which games the server rates; only Manage Server may say (a league role could otherwise rate itself). */
  setRatings(caller: LeagueCaller, ratings: RatingScope): Promise<LeagueResult<GuildLeague>> {
    return run(async () => {
      if (!caller.manageServer) fail('manage_server_only', {});
      return this.repo.setGuildLeague(caller.guildId, { ratings });
    });
  }

  setAdminRole(caller: LeagueCaller, adminRoleId: string | null): Promise<LeagueResult<GuildLeague>> {
    return run(async () => {
      if (!caller.manageServer) fail('manage_server_only', {});
      return this.repo.setGuildLeague(caller.guildId, { adminRoleId });
    });
  }

  // ---- ratings and history ----

  /** The server's ratings as its setting says (refused while ratings are off), recomputed from its results. */
  ratings(guildId: string): Promise<LeagueResult<{ scope: RatingScope; ratings: Ratings }>> {
    return run(async () => {
      const { ratings: scope } = await this.repo.guildLeague(guildId);
      if (scope === 'off') fail('ratings_off', {});
      return { scope, ratings: await this.ratingsOf(guildId, scope === 'league') };
    });
  }

  private async ratingsOf(guildId: string, leagueOnly: boolean): Promise<Ratings> {
    return computeRatings(await this.repo.listRatingGames(guildId, leagueOnly));
  }

  /** The server's finished games, newest first: in a channel, with a player, or all. */
  history(
    guildId: string,
    filter: { channelId?: string; userId?: string; limit: number },
  ): Promise<LeagueResult<GameResult[]>> {
    return run(() => this.repo.listResults({ guildId, ...filter, newestFirst: true }));
  }

  /** Results of the server's finished games for statistics, oldest first. */
  results(guildId: string): Promise<LeagueResult<GameResult[]>> {
    return run(() => this.repo.listResults({ guildId }));
  }

  /**
   * Stores the results of finished games that have none (finished before results were kept), recomputed
   * from their logs; at most `limit` a call. Returns how many it stored.
   */
  async backfillResults(limit = 100): Promise<number> {
    let stored = 0;
    for (const gameId of await this.repo.finishedWithoutResult(limit)) {
      const result = await this.games.recomputedResult(gameId);
      if (!result.ok) continue;
      await this.repo.saveResult(result.value);
      stored++;
    }
    return stored;
  }

  // ---- seasons ----

  createSeason(caller: LeagueCaller, input: NewSeasonInput, now: Date): Promise<LeagueResult<LoadedSeason>> {
    return run(async () => {
      await this.requireAdmin(caller);
      const name = input.name.trim();
      if (name.length < 1 || name.length > 50) fail('bad_season', { setting: 'name', problem: 'length' });
      const config = seasonConfig(input.config);
      return this.repo.createSeason({
        guildId: caller.guildId,
        channelId: caller.channelId,
        name,
        config,
        signupClosesAt: signupClosing(input.signupHours ?? null, now),
        createdBy: caller.userId,
      });
    });
  }

  /**
   * The admin changes a season's maps, move timer, cap or sign-up window while it signs up (once its tables
   * are drawn, their games hold their own settings). A raised cap gives waiting members a place in sign-up
   * order; a cap below the members already in is refused, as nobody loses a place they were given.
   */
  editSeason(caller: LeagueCaller, seasonId: string, edit: SeasonEdit, now: Date): Promise<LeagueResult<Edited>> {
    return run(() =>
      retryOnStale(async () => {
        await this.requireAdmin(caller);
        const { season, entries } = await this.load(caller, seasonId);
        if (season.status !== 'signup') fail('not_signing_up', { name: season.name });
        const config = seasonConfig({ ...season.config, ...edit.config });
        const players = entries.filter((e) => e.status === 'player');
        if (config.cap !== null && config.cap < players.length)
          fail('cap_below_players', { cap: config.cap, count: players.length });
        const room = config.cap === null ? Infinity : config.cap - players.length;
        const promoted = entries
          .filter((e) => e.status === 'waiting')
          .sort((a, b) => a.signedUpAt.getTime() - b.signedUpAt.getTime())
          .slice(0, room);
        const changed = await this.repo.changeSeason(season.id, season.version, {
          config,
          ...(edit.signupHours === undefined ? {} : { signupClosesAt: signupClosing(edit.signupHours, now) }),
          entries: promoted.map((e) => ({ ...e, status: 'player' as const })),
        });
        return { season: changed, promoted: promoted.map((e) => e.userId) };
      }),
    );
  }

  /** The server's season by name. */
  season(guildId: string, name: string): Promise<LeagueResult<LoadedSeason>> {
    return run(async () => (await this.repo.findSeason(guildId, name)) ?? fail('season_not_found', { name }));
  }

  seasonById(seasonId: string): Promise<LeagueResult<LoadedSeason>> {
    return run(async () => (await this.repo.loadSeason(seasonId)) ?? fail('season_not_found', { name: seasonId }));
  }

  seasons(guildId: string, statuses?: readonly SeasonStatus[]): Promise<LeagueResult<SeasonRecord[]>> {
    return run(() => this.repo.listSeasons(guildId, statuses));
  }

  /** Signs the caller up; past the cap they wait for a place. */
  signUp(caller: LeagueCaller, seasonId: string, now: Date): Promise<LeagueResult<SignUp>> {
    return run(() =>
      retryOnStale(async () => {
        const loaded = await this.load(caller, seasonId);
        const { season, entries } = loaded;
        if (season.status !== 'signup') fail('not_signing_up', { name: season.name });
        if (season.signupClosesAt && now > season.signupClosesAt) fail('signup_closed', { name: season.name });
        const role = season.config.signupRoleId;
        if (role !== null && !caller.roles.includes(role)) fail('role_required', { role });
        if (entries.some((e) => e.userId === caller.userId)) fail('already_signed_up', { name: season.name });
        const players = entries.filter((e) => e.status === 'player').length;
        const status = season.config.cap !== null && players >= season.config.cap ? 'waiting' : 'player';
        const entry: SeasonEntry = { userId: caller.userId, status, signedUpAt: now, division: null, seed: null };
        return { season: await this.repo.changeSeason(season.id, season.version, { entries: [entry] }), status };
      }),
    );
  }

  /** Takes the caller's sign-up back while the season signs up; the first waiting takes the place. */
  withdraw(caller: LeagueCaller, seasonId: string): Promise<LeagueResult<Withdrawal>> {
    return run(() =>
      retryOnStale(async () => {
        const { season, entries } = await this.load(caller, seasonId);
        if (season.status !== 'signup') fail('not_signing_up', { name: season.name });
        const mine = entries.find((e) => e.userId === caller.userId) ?? fail('not_signed_up', { name: season.name });
        const next = mine.status === 'player' ? entries.find((e) => e.status === 'waiting') : undefined;
        const changed = await this.repo.changeSeason(season.id, season.version, {
          removeEntries: [caller.userId],
          ...(next ? { entries: [{ ...next, status: 'player' }] } : {}),
        });
        return { season: changed, promoted: next?.userId ?? null };
      }),
    );
  }

  /**
   * Closes sign-up and draws the season: seeding, divisions, groups and every table with its seats, in one
   * change. The tables are then opened one by one (`openTable`), each in its own channel or thread.
   */
  startSeason(caller: LeagueCaller, seasonId: string): Promise<LeagueResult<LoadedSeason>> {
    return run(() =>
      retryOnStale(async () => {
        await this.requireAdmin(caller);
        const { season, entries } = await this.load(caller, seasonId);
        if (season.status !== 'signup') fail('not_signing_up', { name: season.name });
        const needed = groupPlayers(season.config);
        const signed = entries.filter((e) => e.status === 'player');
        if (signed.length < needed) fail('too_few_players', { count: signed.length, needed });
        const order = await this.seedingOrder(season, signed);
        const seating = seatPlayers(season.config, entries, order, season.id);
        const byUser = new Map(seating.players.map((p) => [p.userId, p]));
        const waiting = new Set(seating.waiting);
        return this.repo.changeSeason(season.id, season.version, {
          status: 'running',
          entries: entries.map((e) => {
            const p = byUser.get(e.userId);
            return p
              ? { ...e, status: 'player', division: p.division, seed: p.seed }
              : { ...e, status: waiting.has(e.userId) || e.status === 'waiting' ? 'waiting' : e.status };
          }),
          tables: seating.tables,
        });
      }),
    );
  }

  /** Strongest first, as the season seeds: by rating, by the last season's finish, or by sign-up. */
  private async seedingOrder(season: SeasonRecord, signed: readonly SeasonEntry[]): Promise<string[]> {
    const bySignup = signed.map((e) => e.userId);
    if (season.config.seeding === 'signup') return bySignup;
    const { ratings: scope } = await this.repo.guildLeague(season.guildId);
    // Seeding needs a strength even where ratings are not shown: every game counts then.
    const ratings = await this.ratingsOf(season.guildId, scope === 'league');
    const rating = (u: string) => ratings.players.get(u)?.rating ?? 1000;
    const byRating = [...bySignup].sort((a, b) => rating(b) - rating(a));
    if (season.config.seeding === 'rating' || season.config.previousSeasonId === null) return byRating;
    const previous = await this.repo.loadSeason(season.config.previousSeasonId);
    if (!previous) return byRating;
    const final = await this.standingsNow(previous);
    const finish = new Map(
      final.divisions.flatMap((d) =>
        d.rows.map((r) => [
          r.userId,
          [d.division + (r.mark === 'down' ? 1 : r.mark === 'up' ? -1 : 0), d.division, r.place],
        ]),
      ),
    );
    const key = (u: string) => finish.get(u) ?? [Infinity, Infinity, Infinity];
    return [...byRating].sort((a, b) => {
      const [x, y] = [key(a), key(b)];
      return x[0]! - y[0]! || x[1]! - y[1]! || x[2]! - y[2]!;
    });
  }

  /**
   * Creates and starts a table's game in `channelId` (opened by the bot for it), the players seated in the
   * table's order; the season's creator is its admin. Again after a crash, it finds the game it made.
   */
  openTable(seasonId: string, tableNumber: number, channelId: string, now: Date): Promise<LeagueResult<string>> {
    return run(async () => {
      const loaded = (await this.repo.loadSeason(seasonId)) ?? fail('season_not_found', { name: seasonId });
      const { season } = loaded;
      const table =
        loaded.tables.find((t) => t.number === tableNumber) ?? fail('table_not_found', { table: tableNumber });
      if (table.gameId) return table.gameId;
      if (table.channelId === null) await this.repo.setTableChannel(season.id, table.number, channelId);
      const caller: Caller = { userId: season.createdBy, guildId: season.guildId, channelId, isServerManager: true };
      const preset = PRESET_GAMES[season.config.preset];
      const created = await this.games.createGame(caller, {
        players: table.seats.map((s) => s.substituteId ?? s.userId),
        options: preset.options,
        factionMode: preset.factionMode,
        seatOrder: 'joined',
        map: mapOfTable(season.config, table.number),
        moveTimerHours: season.config.moveTimerHours,
        timeoutAction: season.config.onTimeout,
        language: season.config.language,
        seed: `${season.id}/${table.number}`,
      });
      let gameId: string;
      if (created.ok) gameId = created.value.id;
      else if (created.error.code === 'channel_busy' && created.error.params.gameId)
        gameId = created.error.params.gameId;
      else return fail('game', { error: created.error });
      const game = await this.games.getGame(caller, gameId);
      gameFailed(game);
      if (game.ok && game.value.game.status === 'open') gameFailed(await this.games.start(caller, gameId, now));
      await this.repo.setTableGame(season.id, table.number, gameId);
      return gameId;
    });
  }

  /**
   * The admin hands a player's seat at a table to a substitute: a member, or the AI at a level (in the
   * table's game, once it is open). The player's table counts as a drop; the substitute scores nothing.
   */
  substitute(
    caller: LeagueCaller,
    seasonId: string,
    tableNumber: number,
    userId: string,
    by: Substitute,
  ): Promise<LeagueResult<Substituted>> {
    return run(async () => {
      await this.requireAdmin(caller);
      const { season, tables } = await this.load(caller, seasonId);
      if (season.status !== 'running') fail('not_running', { name: season.name });
      const table = tables.find((t) => t.number === tableNumber) ?? fail('table_not_found', { table: tableNumber });
      const seat =
        table.seats.find((s) => (s.substituteId ?? s.userId) === userId) ??
        fail('seat_not_found', { table: tableNumber, userId });
      if ('userId' in by && table.seats.some((s) => (s.substituteId ?? s.userId) === by.userId))
        fail('already_seated', { userId: by.userId });
      let substituteId = 'userId' in by ? by.userId : null;
      if (table.gameId && table.channelId) {
        const gameCaller: Caller = {
          userId: caller.userId,
          guildId: season.guildId,
          channelId: table.channelId,
          isServerManager: true,
        };
        const view = await this.games.getGame(gameCaller, table.gameId);
        if (!view.ok) return fail('game', { error: view.error });
        const { version } = view.value.game;
        if ('userId' in by)
          gameFailed(await this.games.replacePlayer(gameCaller, table.gameId, version, seat.position, by.userId));
        else {
          const handed = await this.games.handToAi(gameCaller, table.gameId, version, seat.position, by.aiLevel);
          if (!handed.ok) return fail('game', { error: handed.error });
          substituteId = handed.value.seats.find((s) => s.position === seat.position)!.userId;
        }
      }
      // An AI is seated in a game: before the table's game exists there is none to seat it in.
      if (substituteId === null) return fail('table_not_open', { table: tableNumber });
      const changed = await retryOnStale(async () => {
        const fresh = await this.load(caller, seasonId);
        return this.repo.changeSeason(season.id, fresh.season.version, {
          substitutes: [{ table: tableNumber, position: seat.position, substituteId }],
        });
      });
      return { season: changed, substituteId, gameId: table.gameId };
    });
  }

  /** The season ends without standings: sign-up stops, or the tables are left as they are. */
  cancelSeason(caller: LeagueCaller, seasonId: string): Promise<LeagueResult<LoadedSeason>> {
    return run(() =>
      retryOnStale(async () => {
        await this.requireAdmin(caller);
        const { season } = await this.load(caller, seasonId);
        if (season.status === 'finished' || season.status === 'cancelled') fail('not_running', { name: season.name });
        return this.repo.changeSeason(season.id, season.version, { status: 'cancelled' });
      }),
    );
  }

  /** The season's standings now. */
  standings(seasonId: string): Promise<LeagueResult<SeasonStandings>> {
    return run(async () => {
      const season = (await this.repo.loadSeason(seasonId)) ?? fail('season_not_found', { name: seasonId });
      return { season, standings: await this.standingsNow(season), completed: false };
    });
  }

  /**
   * A game ended, or a finished game was taken back into play: when it was a season's table, that season's
   * standings (and the season finished, when it was the last table to end); null for any other game.
   */
  resultChanged(gameId: string): Promise<LeagueResult<SeasonStandings | null>> {
    return run(async () => {
      const table = await this.repo.tableOfGame(gameId);
      return table ? this.settle(table.seasonId) : null;
    });
  }

  /** The season's standings now, finishing it when its last table has ended (after a restart, say). */
  settleSeason(seasonId: string): Promise<LeagueResult<SeasonStandings>> {
    return run(() => this.settle(seasonId));
  }

  private settle(seasonId: string): Promise<SeasonStandings> {
    return retryOnStale(async () => {
      const season = (await this.repo.loadSeason(seasonId)) ?? fail('season_not_found', { name: seasonId });
      const standings = await this.standingsNow(season);
      if (!standings.complete || season.season.status !== 'running') return { season, standings, completed: false };
      const done = await this.repo.changeSeason(season.season.id, season.season.version, { status: 'finished' });
      return { season: done, standings, completed: true };
    });
  }

  /** Records where a table is played, unless another process recorded a place first (false then). */
  recordTableChannel(seasonId: string, table: number, channelId: string): Promise<boolean> {
    return this.repo.setTableChannel(seasonId, table, channelId);
  }

  /** Remembers the season's sign-up or standings message, so that it is edited rather than posted again. */
  recordMessage(seasonId: string, kind: SeasonMessage, messageId: string | null): Promise<LeagueResult<void>> {
    return run(() => this.repo.setSeasonMessage(seasonId, kind, messageId));
  }

  private async standingsNow(loaded: LoadedSeason): Promise<Standings> {
    return standingsOf(loaded.season.config, loaded.entries, loaded.tables, await this.tableResults(loaded));
  }

  /** The stored results of the season's finished tables, by game. */
  private async tableResults(loaded: LoadedSeason): Promise<Map<string, GameResult>> {
    const gameIds = loaded.tables.flatMap((t) => (t.gameId ? [t.gameId] : []));
    const results = gameIds.length ? await this.repo.listResults({ guildId: loaded.season.guildId, gameIds }) : [];
    return new Map(results.map((r) => [r.gameId, r]));
  }

  /** The season's standings and its tables' results, as CSV (two tables) or JSON. */
  exportSeason(seasonId: string): Promise<LeagueResult<SeasonExport>> {
    return run(async () => {
      const season = (await this.repo.loadSeason(seasonId)) ?? fail('season_not_found', { name: seasonId });
      const byGame = await this.tableResults(season);
      return {
        season,
        standings: standingsOf(season.season.config, season.entries, season.tables, byGame),
        results: byGame,
      };
    });
  }

  /** The season the caller's server has by this id; another server's is unknown here. */
  private async load(caller: LeagueCaller, seasonId: string): Promise<LoadedSeason> {
    const loaded = await this.repo.loadSeason(seasonId);
    if (!loaded || loaded.season.guildId !== caller.guildId) return fail('season_not_found', { name: seasonId });
    return loaded;
  }
}

export interface SeasonExport {
  readonly season: LoadedSeason;
  readonly standings: Standings;
  readonly results: ReadonlyMap<string, GameResult>;
}

/** Rules a season cannot be played with, though each setting reads. */
/** When sign-up closes, `hours` from now (null: when the admin starts the season). */
function signupClosing(hours: number | null, now: Date): Date | null {
  if (hours === null) return null;
  if (!(hours > 0 && hours <= 24 * 90)) fail('bad_season', { setting: 'signup-hours', problem: 'range' });
  return new Date(now.getTime() + hours * 3_600_000);
}

/** A season's settings as given, checked; the first problem refuses them. */
function seasonConfig(input: SeasonConfigInput): SeasonConfig {
  const parsed = SeasonConfigSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    fail('bad_season', { setting: issue.path.join('.'), problem: issue.message });
  }
  const config = parsed.data;
  const group = groupPlayers(config);
  if (config.divisionSize !== null && config.divisionSize % group !== 0)
    fail('bad_season', { setting: 'division-size', problem: 'multiple' });
  if (config.cap !== null && config.cap < group) fail('bad_season', { setting: 'cap', problem: 'small' });
  return config;
}
