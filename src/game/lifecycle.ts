// A game from creation to its end: the lobby (create, join, leave), the start (seat order, tiles,
// factions), faction picks in turn order, and abandoning.
import { randomUUID } from 'node:crypto';
import {
  isOptionId,
  type OptionId,
  availableFactions,
  isFactionId,
  newGame,
  nextFactionPick,
  auctionBidder,
  randomSetup,
  isMapId,
  ORIGINAL_MAP_ID,
  ENGINE_VERSION,
} from '../engine/index.ts';
import { type Announcement, stored } from './announcements.ts';
import {
  type Caller,
  appendedTo,
  heldOrLoaded,
  loadFor,
  recordFor,
  requireActive,
  requireAdmin,
  retryOnStale,
  seatOf,
} from './access.ts';
import { fail } from './errors.ts';
import { randomFactions, recommendedFactions } from './faction-assignment.ts';
import type { GameRecord, GameRepo, NewMove, NewSeat } from './repo.ts';
import { aiSeatsFor } from './ai-seats.ts';
import { defaultLeechRules } from './leech-defaults.ts';
import { afterAppend, snapshotAfter } from './play.ts';
import { step } from './replay.ts';
import { pickOf, pickRow, toNewSeats, withPick } from './seats.ts';
import { formatCommands } from '../notation/format.ts';
import { AUCTION_OPTION, parseTilesText } from './presets.ts';
import { seededShuffle } from './seeded.ts';
import { type GameView, newlyWaiting, viewOf } from './view.ts';
import {
  FACTION_MODES,
  type FactionMode,
  SEAT_ORDERS,
  type SeatOrder,
  TIMEOUT_ACTIONS,
  type TimeoutAction,
  type ServiceSettings,
  type Tiles,
  engineOptions,
  settingsOf,
  storedOptions,
} from './settings.ts';

export interface CreateGameInput {
  /** Seats, 2 to 5; the game can start as soon as two players sit. Default 5. */
  readonly maxPlayers?: number;
  /** Engine options (`GAME_OPTIONS`). */
  readonly options?: readonly string[];
  /** Chosen round scoring tiles (rounds 1-6) and optionally the bonus tiles to leave out; else drawn from the seed. */
  readonly tiles?: { scoreTiles: readonly string[]; removedBonusTiles?: readonly string[] };
  /** The same as typed ("SCORE5 … SCORE2 -BON3 -BON4", `parseTilesText`); wins over `tiles`. */
  readonly tilesText?: string;
  /** snellman's map id (the engine's MAPS); the original map when absent. */
  readonly map?: string;
  readonly factionMode?: FactionMode;
  readonly seatOrder?: SeatOrder;
  /** 12 h to 2 weeks; null or absent: no timer. */
  readonly moveTimerHours?: number | null;
  /** What the timer does when it runs out (default `pass`). */
  readonly timeoutAction?: TimeoutAction;
  readonly language?: string;
  /** Draws for seats, tiles and factions; random when absent. */
  readonly seed?: string;
  /**
   * The players, seated at once in this order, instead of the creator taking the first seat: a league
   * table, which its admin creates for the players the league drew. The game is full with them.
   */
  readonly players?: readonly string[];
  /** Seats the AI plays, after the people's, at one level (src/game/ai-seats.ts); at least one seat stays a person's. */
  readonly aiSeats?: { readonly count: number; readonly level: string };
  /** The thread (already created in the channel) where the game's moves, pictures and pings go. */
  readonly threadId?: string;
}

export { toNewSeats } from './seats.ts';

/** 12 hours to 2 weeks, or no timer. */
export function checkMoveTimer(hours: number | null): number | null {
  if (hours !== null && (!Number.isInteger(hours) || hours < 12 || hours > 336)) fail('bad_move_timer', { hours });
  return hours;
}

function checkScoreTiles(tiles: readonly string[], options: readonly OptionId[]): void {
  if (tiles.length !== 6) fail('bad_tiles', { problem: 'scoreCount', count: tiles.length });
  // SCORE1-8 are the base game's; SCORE9 (temple) comes with its option (engine data/tiles.ts).
  const known = (t: string) => /^SCORE[1-8]$/.test(t) || (t === 'SCORE9' && options.includes('temple-scoring-tile'));
  const unknown = tiles.find((t) => !known(t));
  if (unknown) fail('bad_tiles', { problem: 'unknownScore', tile: unknown });
  const repeated = tiles.find((t, i) => tiles.indexOf(t) !== i);
  if (repeated) fail('bad_tiles', { problem: 'repeatedScore', tile: repeated });
}

/** The bonus tiles a game with these options and seed draws from, for `players` seats. */
function bonusTilesOf(seed: string, options: readonly OptionId[], players: number) {
  const labels = Array.from({ length: players }, (_, i) => `seat ${i + 1}`);
  const drawn = randomSetup(seed, labels, options);
  const all = Object.keys(newGame({ ...drawn, removedBonusTiles: [] }).pool).filter((t) => t.startsWith('BON'));
  return { drawn, all };
}

/** Bonus tiles in play: three more than the players. */
function checkBonusTiles(all: readonly string[], removed: readonly string[], players: number): void {
  const unknown = removed.find((t) => !all.includes(t));
  if (unknown) fail('bad_tiles', { problem: 'unknownBonus', tile: unknown });
  const inPlay = all.length - new Set(removed).size;
  if (inPlay !== players + 3) fail('bad_tiles', { problem: 'bonusCount', players, needed: players + 3, inPlay });
}

/**
 * How many games one player, and one server, may open from a command (`/tm create`, `/tm import`) in an
 * hour: one account opened games in 500 channels in 62 s. A league's tables, created with their players
 * seated, follow the season's own rules instead.
 */
export interface CreationQuota {
  readonly perUser: number;
  readonly perServer: number;
}

/** What the bot allows unless configured otherwise (GAMES_PER_USER_HOUR, GAMES_PER_SERVER_HOUR). */
export const DEFAULT_CREATION_QUOTA: CreationQuota = { perUser: 10, perServer: 60 };

const HOUR_MS = 3_600_000;

/** Refuses a game past the caller's or their server's quota for the hour before `now`. */
export async function checkCreationQuota(
  repo: GameRepo,
  caller: Caller,
  quota: CreationQuota,
  now: Date,
): Promise<void> {
  const since = new Date(now.getTime() - HOUR_MS);
  if ((await repo.countGamesCreated(since, { creatorUserId: caller.userId })) >= quota.perUser)
    fail('too_many_games_user', { limit: quota.perUser });
  if ((await repo.countGamesCreated(since, { guildId: caller.guildId })) >= quota.perServer)
    fail('too_many_games_server', { limit: quota.perServer });
}

export async function createGame(
  repo: GameRepo,
  caller: Caller,
  input: CreateGameInput,
  quota?: CreationQuota,
  now: Date = new Date(),
): Promise<GameRecord> {
  const players = input.players ?? [caller.userId];
  const maxPlayers = input.players ? input.players.length : (input.maxPlayers ?? 5);
  if (new Set(players).size !== players.length) fail('already_seated', {});
  if (!Number.isInteger(maxPlayers) || maxPlayers < 2 || maxPlayers > 5)
    fail('bad_player_count', { count: maxPlayers });
  const ai = aiSeatsFor(players, maxPlayers, input.aiSeats);
  const options = input.options ?? [];
  const badOption = options.find((o) => !isOptionId(o));
  if (badOption !== undefined) fail('bad_option', { option: badOption });
  const timer = checkMoveTimer(input.moveTimerHours ?? null);
  const timeoutAction = input.timeoutAction ?? 'pass';
  if (!TIMEOUT_ACTIONS.includes(timeoutAction)) fail('bad_option', { option: String(timeoutAction) });
  const factionMode = input.factionMode ?? 'turn-order';
  if (!FACTION_MODES.includes(factionMode)) fail('bad_option', { option: String(factionMode) });
  const seatOrder = input.seatOrder ?? 'random';
  if (!SEAT_ORDERS.includes(seatOrder)) fail('bad_option', { option: String(seatOrder) });
  // The auction is a rule of the faction choice, so the engine hears of it as an option (AU, docs/rulings.md).
  const engineOpts = [
    ...new Set([...options, ...(factionMode === 'auction' ? [AUCTION_OPTION] : [])]),
  ].sort() as OptionId[];
  const chosen = input.tilesText === undefined ? input.tiles : parseTilesText(input.tilesText);
  const seed = input.seed ?? randomUUID();
  // Checked now against the seats asked for (and again at the start, against the seats taken).
  if (chosen) checkScoreTiles(chosen.scoreTiles, engineOpts);
  if (chosen?.removedBonusTiles)
    checkBonusTiles(bonusTilesOf(seed, engineOpts, maxPlayers).all, chosen.removedBonusTiles, maxPlayers);
  const tiles: Tiles | null = chosen
    ? {
        scoreTiles: [...chosen.scoreTiles],
        removedBonusTiles: chosen.removedBonusTiles ? [...chosen.removedBonusTiles].sort() : null,
        finalScoring: [],
      }
    : null;
  const map = input.map ?? ORIGINAL_MAP_ID;
  if (!isMapId(map)) fail('bad_option', { option: `map ${map}` });
  if (quota && !input.players) await checkCreationQuota(repo, caller, quota, now);
  const settings: Partial<ServiceSettings> = {
    moveTimerHours: timer,
    timeoutAction,
    maxPlayers,
    factionMode,
    seatOrder,
    tiles,
    map,
    rulesVersion: ENGINE_VERSION,
  };
  // A game's thread belongs to it: no second game there.
  const host = await repo.findActiveGameByChannel(caller.guildId, caller.channelId);
  if (host) fail('channel_busy', { gameId: host.id });
  return repo.createGame({
    guildId: caller.guildId,
    channelId: caller.channelId,
    creatorUserId: caller.userId,
    ...(input.threadId ? { threadId: input.threadId } : {}),
    ...(input.language ? { language: input.language } : {}),
    options: storedOptions(engineOpts),
    settings,
    seed,
    seats: [
      ...(await Promise.all(
        players.map(async (userId, position) => ({
          position,
          userId,
          leechRules: await defaultLeechRules(repo, userId, caller.guildId),
        })),
      )),
      ...ai,
    ],
    announce: stored({
      kind: 'created',
      by: caller.userId,
      maxPlayers,
      ...(ai.length ? { ai: ai.map((s) => ({ userId: s.userId, level: s.ai.level })) } : {}),
      ...(input.players ? { seated: [...players] } : {}),
    }),
  });
}

function requireOpen(game: GameRecord): void {
  if (game.status !== 'open') fail('not_open', { status: game.status });
}

export async function join(repo: GameRepo, caller: Caller, gameId: string): Promise<GameRecord> {
  const leechRules = await defaultLeechRules(repo, caller.userId, caller.guildId);
  return retryOnStale(async () => {
    const { game } = await loadFor(repo, caller, gameId);
    requireOpen(game);
    if (game.seats.some((s) => s.userId === caller.userId)) fail('already_seated', {});
    const { maxPlayers } = settingsOf(game);
    if (game.seats.length >= maxPlayers) fail('game_full', { maxPlayers });
    const position = Math.max(-1, ...game.seats.map((s) => s.position)) + 1;
    return repo.updateGame(game.id, game.version, {
      seats: [...toNewSeats(game.seats), { position, userId: caller.userId, leechRules }],
      announce: stored({
        kind: 'joined',
        userId: caller.userId,
        seated: [...game.seats.map((s) => s.userId), caller.userId],
      }),
    });
  });
}

export async function leave(repo: GameRepo, caller: Caller, gameId: string): Promise<GameRecord> {
  return retryOnStale(async () => {
    const { game } = await loadFor(repo, caller, gameId);
    requireOpen(game);
    seatOf(caller, game);
    if (caller.userId === game.creatorUserId) fail('creator_cannot_leave', {});
    return repo.updateGame(game.id, game.version, {
      seats: toNewSeats(game.seats.filter((s) => s.userId !== caller.userId)),
      announce: stored({ kind: 'left', userId: caller.userId }),
    });
  });
}

/** Tiles for the actual player count: the chosen ones (checked now), the rest drawn from the seed. */
function fixTiles(game: GameRecord, players: number): Tiles & { removedBonusTiles: string[] } {
  const { drawn, all } = bonusTilesOf(game.seed, engineOptions(game.options), players);
  const chosen = settingsOf(game).tiles;
  const removed = chosen?.removedBonusTiles ?? drawn.removedBonusTiles;
  checkBonusTiles(all, removed, players);
  return {
    scoreTiles: chosen?.scoreTiles ?? [...drawn.scoreTiles],
    removedBonusTiles: [...removed].sort(),
    finalScoring: chosen?.finalScoring.length ? chosen.finalScoring : [...(drawn.finalScoring ?? [])],
  };
}

export async function start(repo: GameRepo, caller: Caller, gameId: string, now: Date): Promise<GameRecord> {
  const { game } = await loadFor(repo, caller, gameId);
  requireAdmin(caller, game);
  requireOpen(game);
  if (game.seats.length < 2) fail('too_few_players', { count: game.seats.length });
  const settings = settingsOf(game);
  const joined = [...game.seats].sort((a, b) => a.joinedAt.getTime() - b.joinedAt.getTime() || a.position - b.position);
  const ordered = settings.seatOrder === 'random' ? seededShuffle(game.seats, game.seed, 'seats') : joined;
  const factions =
    settings.factionMode === 'random'
      ? randomFactions(game.seed, ordered.length, engineOptions(game.options))
      : settings.factionMode === 'recommended'
        ? recommendedFactions(game.seed, ordered.length)
        : null;
  const seats: NewSeat[] = ordered.map((s, position) => ({
    position,
    userId: s.userId,
    leechRules: s.leechRules,
    joinedAt: s.joinedAt,
    ai: s.ai,
  }));
  return repo.updateGame(game.id, game.version, {
    status: 'active',
    seats,
    // Dealt factions are the log's first rows, as if the seats had picked them in order.
    ...(factions ? { moves: factions.map((f, position) => ({ seat: position, userId: null, text: pickRow(f) })) } : {}),
    settings: { tiles: fixTiles(game, seats.length), startedAt: now.toISOString() },
    announce: stored({ kind: 'started', order: seats.map((s) => s.userId) }),
  });
}

/**
 * In turn-order mode the seats pick one after the other; the pick is a row of the log (`setup
 * <faction>`), so the picker can take it back like a move.
 */
/** `game`: its id, or the view the caller holds; returns the view after the pick. */
export async function chooseFaction(
  repo: GameRepo,
  caller: Caller,
  game: string | GameView,
  faction: string,
): Promise<GameView> {
  const loaded = await heldOrLoaded(repo, caller, game);
  const { game: record, state } = loaded;
  requireActive(record);
  const seat = seatOf(caller, record);
  const next = state ? nextFactionPick(state) : null;
  if (settingsOf(record).factionMode !== 'turn-order' || next === null || !state) return fail('no_faction_choice', {});
  if (record.seats[next]?.position !== seat.position) fail('not_your_pick', { position: record.seats[next]!.position });
  if (!isFactionId(faction) || !availableFactions(state).includes(faction)) fail('faction_unavailable', { faction });
  const picked = step(state, null, [{ type: 'pick-faction', faction }]);
  if (!picked.ok) return fail('faction_unavailable', { faction });
  const announcement: Announcement = {
    kind: 'factionPicked',
    userId: caller.userId,
    faction,
    ping: newlyWaiting(
      loaded,
      { game: withPick(record, seat.position, faction), state: picked.value.state },
      caller.userId,
    ),
  };
  const appended = await repo.appendMoves(
    record.id,
    record.version,
    [{ seat: seat.position, userId: caller.userId, text: pickRow(faction) }],
    stored(announcement),
    snapshotAfter(record, picked.value.state),
  );
  const { finished } = await afterAppend(repo, loaded, appended, picked.value.state);
  return viewOf(appendedTo(loaded, appended, finished, picked.value.state, announcement));
}

/**
 * A bid in the faction auction, for the seat whose bid it is: `amount` 0 names a faction, more outbids its
 * holder. The bid that leaves every seat holding a faction also writes the picks, in the order the factions
 * were first named, each for its holder's seat (AU-7): the auction and its result are stored as one change.
 */
export async function bidForFaction(
  repo: GameRepo,
  caller: Caller,
  gameId: string,
  faction: string,
  amount: number,
): Promise<GameRecord> {
  const loaded = await loadFor(repo, caller, gameId);
  const { game, state } = loaded;
  requireActive(game);
  const seat = seatOf(caller, game);
  const bidder = state ? auctionBidder(state) : null;
  if (bidder === null || !state) return fail('no_auction', {});
  if (game.seats[bidder]?.position !== seat.position) fail('not_your_bid', { position: game.seats[bidder]!.position });
  if (!isFactionId(faction)) return fail('faction_unavailable', { faction });
  const command = { type: 'bid', faction, amount } as const;
  const bidded = step(state, null, [command]);
  if (!bidded.ok)
    return fail('rule_error', {
      message: bidded.error.message,
      rule: bidded.error.code,
      ruleParams: bidded.error.params,
    });
  let after = bidded.value.state;
  const rows: NewMove[] = [{ seat: seat.position, userId: caller.userId, text: formatCommands([command]) }];
  if (auctionBidder(after) === null) {
    for (const lot of after.auction!.lots) {
      rows.push({ seat: game.seats[lot.holder]!.position, userId: null, text: pickRow(lot.faction) });
      const picked = step(after, null, [{ type: 'pick-faction', faction: lot.faction }]);
      if (!picked.ok) throw new Error(`the auction's pick of ${lot.faction} was refused: ${picked.error.message}`);
      after = picked.value.state;
    }
  }
  const picks = rows.slice(1).reduce((g, row) => withPick(g, row.seat!, pickOf(row)!), game);
  const ping = newlyWaiting({ game, state }, { game: picks, state: after }, caller.userId);
  const appended = await repo.appendMoves(
    game.id,
    game.version,
    rows,
    stored({ kind: 'bid', userId: caller.userId, faction, amount, ping }),
    snapshotAfter(game, after),
  );
  await afterAppend(repo, loaded, appended, after);
  return (await repo.getGame(game.id)) ?? game;
}

/** Works on the record alone, so a game whose settings or log no longer read can still be ended. */
export async function abandon(repo: GameRepo, caller: Caller, gameId: string): Promise<GameRecord> {
  return retryOnStale(async () => {
    const game = await recordFor(repo, caller, gameId);
    requireAdmin(caller, game);
    if (game.status !== 'open' && game.status !== 'active') fail('not_active', { status: game.status });
    return repo.updateGame(game.id, game.version, {
      status: 'abandoned',
      announce: stored({ kind: 'abandoned', by: caller.userId }),
    });
  });
}
