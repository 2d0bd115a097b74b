// A game's log out as a snellman raw log (what terra.snellman.net's engine reads), and a snellman record (ledger or move list) in as a new
// game in the caller's channel that the seats then continue.
import {
  ENGINE_VERSION,
  type FactionId,
  type GameState,
  type OptionId,
  RuleError,
  auctionHolders,
  snapshotOf,
} from '../engine/index.ts';
import { AUCTION_OPTION } from './presets.ts';
import { type LogEntry, parseGameLog } from '../notation/log.ts';
import { type ReplayResult, replayLog } from '../notation/replay.ts';
import { type Caller, loadFor } from './access.ts';
import { stored } from './announcements.ts';
import { fail } from './errors.ts';
import { checkCreationQuota, checkMoveTimer, type CreationQuota } from './lifecycle.ts';
import { defaultLeechRules } from './leech-defaults.ts';
import { applyLeechRules } from './offer-answers.ts';
import { afterAppend, snapshotAfter } from './play.ts';
import { type GameRecordFile, formatRawLog, readRecord, recordRows } from './record.ts';
import { replay } from './replay.ts';
import type { GameRecord, GameRepo, MoveRecord, NewSeat } from './repo.ts';
import { engineOptions, settingsOf, storedOptions } from './settings.ts';

export async function exportMoveList(repo: GameRepo, caller: Caller, gameId: string): Promise<string> {
  const { game, moves } = await loadFor(repo, caller, gameId);
  const { tiles, map } = settingsOf(game);
  if (!tiles) return fail('not_active', { status: game.status });
  const closedBetween = new Set<number>();
  replay(game, moves, (i) => closedBetween.add(i));
  return formatRawLog({ options: engineOptions(game.options), map, tiles, seats: game.seats, moves, closedBetween });
}

export interface ImportInput {
  /** The record's text: a snellman ledger or move list. */
  readonly text: string;
  /** Who plays each of the record's factions from now on. */
  readonly players: Readonly<Record<string, string>>;
  /**
   * Who takes the seats that have no faction yet, in seat order: a record cut while factions are chosen
   * names more players than factions.
   */
  readonly unpicked?: readonly string[];
  readonly moveTimerHours?: number | null;
  readonly language?: string;
}

function sameGame(a: GameState, b: GameState): boolean {
  const numbers = (s: GameState) =>
    JSON.stringify([s.round, s.phase, s.finished, Object.values(s.factions).map((f) => snapshotOf(f!))]);
  return numbers(a) === numbers(b);
}

/** replayLog reports bad rows as values but throws when the record has no usable set-up at all. */
function referenceReplay(entries: LogEntry[]): ReplayResult {
  try {
    return replayLog(entries);
  } catch (e) {
    if (e instanceof RuleError)
      return { state: null, error: { row: 0, command: '', message: e.message }, checkedRows: 0 };
    throw e;
  }
}

/**
 * The most rows a record may have: a whole five-player game is about 600 (the longest in the corpus, 505
 * lines with its comments), so five times that is no game, and is refused before anything is replayed.
 */
export const IMPORT_MAX_ROWS = 3_000;

/**
 * A record read and checked, ready to store: what `prepareImport` finds without the store, so it can run
 * off the main thread (plain data, as a worker hands it back).
 */
export interface PreparedImport {
  readonly options: readonly OptionId[];
  readonly tiles: GameRecordFile['tiles'];
  readonly map: GameRecordFile['map'];
  /** The factions in seat order: the bidders' seats after an auction, else the picks' order. */
  readonly factions: readonly FactionId[];
  /** The seats: the players the record names, more than its factions while factions are being chosen. */
  readonly seats: number;
  /** The factions in the order the record's rows first name them: the order players are listed in. */
  readonly named: readonly FactionId[];
  readonly auction: boolean;
  /** The log to store: picks where the record made them, bids and moves, engine rows left out. */
  readonly rows: readonly { readonly seat: number | null; readonly text: string }[];
  readonly state: GameState;
}

/**
 * Reads a snellman record and replays it twice (the reference `replayLog`, and the service's replay
 * with its turn closing) before anything is stored; a bad record is refused with its line. Pure and
 * CPU-bound: a record of `IMPORT_MAX_ROWS` rows takes up to a few hundred ms.
 */
export function prepareImport(text: string): PreparedImport {
  const entries = parseGameLog(text);
  const rowCount = entries.filter((e) => e.kind === 'row').length;
  if (rowCount > IMPORT_MAX_ROWS) fail('import_too_long', { rows: rowCount, max: IMPORT_MAX_ROWS });
  const reference = referenceReplay(entries);
  if (reference.error || !reference.state) {
    return fail('import_failed', {
      line: reference.error?.row ?? 0,
      message: reference.error?.message ?? 'no game found',
    });
  }
  const record = readRecord(entries);
  // After an auction the seats are the bidders' (AU-1), whose picks follow the naming order, not theirs.
  const holders = auctionHolders(reference.state);
  const factions = holders.size
    ? [...holders.entries()].sort(([a], [b]) => a - b).map(([, faction]) => faction)
    : record.factions;
  const rows = recordRows(record).map((r) => ({
    seat: r.faction === null ? null : factions.indexOf(r.faction),
    text: r.text,
  }));
  const auction = record.options.includes(AUCTION_OPTION);
  const seats = Math.max(record.seats, factions.length);
  // Our replay closes turns as play does; the record must come out the same before it is stored.
  const epoch = new Date(0);
  const draft = {
    id: 'import',
    options: storedOptions(record.options),
    settings: { ...importSettings(record, seats, auction, epoch), moveTimerHours: null },
    seats: Array.from({ length: seats }, (_, position) => ({ position, userId: '', leechRules: [], joinedAt: epoch })),
  } as unknown as GameRecord;
  const draftMoves = rows.map((r, i) => ({ ...r, userId: null, seq: i + 1, createdAt: epoch })) as MoveRecord[];
  const state = replay(draft, draftMoves);
  if (!sameGame(state, reference.state))
    fail('import_failed', { line: 0, message: 'the record replays differently move by move' });
  const named = [...new Set(entries.flatMap((e) => (e.kind === 'row' ? [e.faction] : [])))];
  return {
    options: record.options,
    tiles: record.tiles,
    map: record.map,
    factions,
    seats,
    named,
    auction,
    rows,
    state,
  };
}

function importSettings(
  record: Pick<GameRecordFile, 'tiles' | 'map'>,
  players: number,
  auction: boolean,
  startedAt: Date,
) {
  return {
    maxPlayers: players,
    factionMode: auction ? ('auction' as const) : ('turn-order' as const),
    seatOrder: 'joined' as const,
    tiles: record.tiles,
    map: record.map,
    startedAt: startedAt.toISOString(),
    // An imported game is checked against today's rules and keeps them.
    rulesVersion: ENGINE_VERSION,
  };
}

/** Stores a prepared record as a game in the caller's channel, its factions played by `players`. */
export async function storeImport(
  repo: GameRepo,
  caller: Caller,
  prepared: PreparedImport,
  input: Omit<ImportInput, 'text'>,
  now: Date,
  quota?: CreationQuota,
): Promise<GameRecord> {
  const { factions, state } = prepared;
  const named = Object.keys(input.players);
  const unpicked = input.unpicked ?? [];
  if (
    prepared.seats < 2 ||
    prepared.seats > 5 ||
    factions.length + unpicked.length !== prepared.seats ||
    named.length !== factions.length ||
    !factions.every((f) => input.players[f])
  ) {
    fail('import_players', { factions: factions.join(', ') });
  }
  const users = [...factions.map((f) => input.players[f]!), ...unpicked];
  if (new Set(users).size !== users.length) fail('import_players', { factions: factions.join(', ') });
  if (quota) await checkCreationQuota(repo, caller, quota, now);
  const seats: NewSeat[] = await Promise.all(
    users.map(async (userId, position) => ({
      position,
      userId,
      leechRules: await defaultLeechRules(repo, userId, caller.guildId),
    })),
  );
  const settings = {
    moveTimerHours: checkMoveTimer(input.moveTimerHours ?? null),
    ...importSettings(prepared, prepared.seats, prepared.auction, now),
  };
  const game = await repo.createGame({
    guildId: caller.guildId,
    channelId: caller.channelId,
    creatorUserId: caller.userId,
    status: 'active',
    ...(input.language ? { language: input.language } : {}),
    options: storedOptions(prepared.options),
    settings,
    seed: `import:${now.toISOString()}`,
    seats,
  });
  // Never empty: the faction picks are rows.
  const appended = await repo.appendMoves(
    game.id,
    game.version,
    prepared.rows.map((r) => ({ ...r, userId: null })),
    stored({ kind: 'imported', round: state.round }),
    snapshotAfter(game, state),
  );
  await afterAppend(repo, { game, moves: [] }, appended, state);
  return (await applyLeechRules(repo, game.id)) ?? (await repo.getGame(game.id)) ?? game;
}

export async function importGame(
  repo: GameRepo,
  caller: Caller,
  input: ImportInput,
  now: Date,
  quota?: CreationQuota,
): Promise<GameRecord> {
  return storeImport(repo, caller, prepareImport(input.text), input, now, quota);
}
