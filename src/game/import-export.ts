// A game's log out as a snellman raw log (what terra.snellman.net's engine reads), and a snellman record (ledger or move list) in as a new
// game in the caller's channel that the seats then continue.
import { type GameState, RuleError, auctionHolders, snapshotOf } from '../engine/index.ts';
import { AUCTION_OPTION } from './presets.ts';
import { type LogEntry, parseGameLog } from '../notation/log.ts';
import { type ReplayResult, replayLog } from '../notation/replay.ts';
import { type Caller, loadFor } from './access.ts';
import { stored } from './announcements.ts';
import { fail } from './errors.ts';
import { checkMoveTimer, defaultLeechRules } from './lifecycle.ts';
import { applyLeechRules } from './players.ts';
import { afterAppend, snapshotAfter } from './play.ts';
import { formatRawLog, readRecord, recordRows } from './record.ts';
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

export async function importGame(repo: GameRepo, caller: Caller, input: ImportInput, now: Date): Promise<GameRecord> {
  const entries = parseGameLog(input.text);
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
  const named = Object.keys(input.players);
  if (
    factions.length < 2 ||
    factions.length > 5 ||
    named.length !== factions.length ||
    !factions.every((f) => input.players[f])
  ) {
    fail('import_players', { factions: factions.join(', ') });
  }
  const users = factions.map((f) => input.players[f]!);
  if (new Set(users).size !== users.length) fail('import_players', { factions: factions.join(', ') });
  const seats: NewSeat[] = await Promise.all(
    users.map(async (userId, position) => ({
      position,
      userId,
      leechRules: await defaultLeechRules(repo, userId, caller.guildId),
    })),
  );
  const settings = {
    moveTimerHours: checkMoveTimer(input.moveTimerHours ?? null),
    maxPlayers: factions.length,
    factionMode: record.options.includes(AUCTION_OPTION) ? ('auction' as const) : ('turn-order' as const),
    seatOrder: 'joined' as const,
    tiles: record.tiles,
    map: record.map,
    startedAt: now.toISOString(),
  };
  const rows = recordRows(record).map((r) => ({
    seat: r.faction === null ? null : factions.indexOf(r.faction),
    userId: null,
    text: r.text,
  }));
  // Our replay closes turns as play does; the record must come out the same before it is stored.
  const draft = {
    id: 'import',
    options: storedOptions(record.options),
    settings,
    seats: seats.map((s) => ({ ...s, joinedAt: now })),
  } as unknown as GameRecord;
  const draftMoves = rows.map((r, i) => ({ ...r, seq: i + 1, createdAt: now })) as MoveRecord[];
  const state = replay(draft, draftMoves);
  if (!sameGame(state, reference.state))
    fail('import_failed', { line: 0, message: 'the record replays differently move by move' });
  const game = await repo.createGame({
    guildId: caller.guildId,
    channelId: caller.channelId,
    creatorUserId: caller.userId,
    status: 'active',
    ...(input.language ? { language: input.language } : {}),
    options: storedOptions(record.options),
    settings,
    seed: `import:${now.toISOString()}`,
    seats,
  });
  // Never empty: the faction picks are rows.
  const appended = await repo.appendMoves(
    game.id,
    game.version,
    rows,
    stored({ kind: 'imported', round: state.round }),
    snapshotAfter(game, state),
  );
  await afterAppend(repo, { game, moves: [] }, appended, state);
  return (await applyLeechRules(repo, game.id)) ?? (await repo.getGame(game.id)) ?? game;
}
