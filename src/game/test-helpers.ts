// Shared set-up for the service's tests: callers, started games, and a corpus game driven through
// the service seat by seat.
import { MemoryGameRepo } from './memory-repo.ts';
import { expect } from 'vitest';
import { parseGameLog } from '../notation/log.ts';
import { typedLines } from '../notation/parse.ts';
import { readCorpus } from '../../test/corpus.ts';
import type { Caller } from './access.ts';
import type { Result } from './errors.ts';
import type { CreateGameInput } from './lifecycle.ts';
import { readRecord } from './record.ts';
import type { GameRecord } from './repo.ts';
import { GameService } from './service.ts';

export const T0 = new Date('2026-01-01T12:00:00Z');

export function caller(userId: string, channelId = 'chan-1', extra: Partial<Caller> = {}): Caller {
  return { userId, guildId: 'guild-1', channelId, ...extra };
}

export function value<T>(r: Result<T>): T {
  if (!r.ok) throw new Error(`expected success, got ${JSON.stringify(r.error)}`);
  return r.value;
}

export function errorOf<T>(r: Result<T>) {
  expect(r.ok).toBe(false);
  if (r.ok) throw new Error('unreachable');
  return r.error;
}

/** Creates a game for `users` (the first creates it), seats them in join order and starts it. */
export async function startedGame(
  service: GameService,
  users: readonly string[],
  input: CreateGameInput = {},
  channelId = 'chan-1',
): Promise<GameRecord> {
  const game = value(
    await service.createGame(caller(users[0]!, channelId), { seatOrder: 'joined', seed: 'seed-1', ...input }),
  );
  for (const u of users.slice(1)) value(await service.join(caller(u, channelId), game.id));
  return value(await service.start(caller(users[0]!, channelId), game.id, T0));
}

/** Plays a line as a user at the game's current version. */
export async function playAs(service: GameService, gameId: string, userId: string, text: string, channelId = 'chan-1') {
  const view = value(await service.getGame(caller(userId, channelId), gameId));
  return service.play(caller(userId, channelId), gameId, view.game.version, text);
}

export interface CorpusRun {
  readonly game: GameRecord;
  readonly users: Map<string, string>;
  /** Moves played so far; the rest of the record's moves are in `remaining`. */
  readonly remaining: { faction: string | null; text: string }[];
}

/**
 * Sets a corpus game up through the service (its options, tiles and faction picks) and plays its
 * first `count` moves (all by default) seat by seat, as typed lines.
 */
export async function driveCorpus(
  service: GameService,
  file: string,
  count = Infinity,
  channelId = 'corpus',
): Promise<CorpusRun> {
  const record = readRecord(parseGameLog(readCorpus(file)));
  const users = new Map(record.factions.map((f, i) => [f, `user-${i + 1}`]));
  const userIds = [...users.values()];
  const game = await startedGame(
    service,
    userIds,
    { options: record.options, tiles: record.tiles, maxPlayers: record.factions.length },
    channelId,
  );
  for (const f of record.factions) value(await service.chooseFaction(caller(users.get(f)!, channelId), game.id, f));
  const moves = record.moves.slice(0, count);
  for (const [i, m] of moves.entries()) {
    for (const line of typedLines(m.text)) {
      const r = m.faction
        ? await playAs(service, game.id, users.get(m.faction)!, line, channelId)
        : await dropAsAdmin(service, game.id, userIds[0]!, line, channelId);
      if (!r.ok) throw new Error(`move ${i + 1} (${m.faction}: ${line}) refused: ${JSON.stringify(r.error)}`);
    }
  }
  return { game, users, remaining: record.moves.slice(moves.length) };
}

async function dropAsAdmin(service: GameService, gameId: string, admin: string, text: string, channelId: string) {
  const view = value(await service.getGame(caller(admin, channelId), gameId));
  const faction = text.replace(/^drop-faction /, '');
  const seat = view.game.seats.find((s) => s.faction === faction)!;
  return service.dropPlayer(caller(admin, channelId), gameId, view.game.version, seat.position);
}

/**
 * 4pLeague_S60_D1L1_G1 after 14 record moves: the nomads (user-2, seat 1) are to act, and their
 * "dig 1. build E3" would offer the mermaids (user-3) 1 power. The darklings' player (user-1) created it.
 */
export async function s60AfterFourteenMoves() {
  const repo = new MemoryGameRepo();
  const service = new GameService(repo);
  const { game, users } = await driveCorpus(service, '4pLeague_S60_D1L1_G1.txt', 14);
  const as = (f: string) => caller(users.get(f)!, 'corpus');
  const version = async () => (await repo.getGame(game.id))!.version;
  const log = async () => (await repo.listMoves(game.id)).map((m) => m.text);
  return { repo, service, gameId: game.id, as, version, log };
}
