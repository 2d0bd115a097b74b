// Finished games' results as rows (tables GameResult and ResultSeat): written when a game ends, inside
// the game's own transaction, or when a result is recomputed; read by the league's repository.
import { type GameResult, storedResult } from '../game/result.ts';
import type { Tx } from './prisma-repo.ts';

/** Replaces the game's stored result with `result`. */
export async function writeResult(tx: Tx, result: GameResult, now: Date): Promise<void> {
  await tx.resultSeat.deleteMany({ where: { gameId: result.gameId } });
  const row = {
    guildId: result.guildId,
    channelId: result.channelId,
    finishedAt: result.finishedAt,
    map: result.map,
    options: JSON.stringify(result.options),
    recordedAt: now,
  };
  await tx.gameResult.upsert({
    where: { gameId: result.gameId },
    create: { gameId: result.gameId, ...row },
    update: row,
  });
  await tx.resultSeat.createMany({ data: result.seats.map((s) => ({ gameId: result.gameId, ...s })) });
}

export interface ResultRow {
  gameId: string;
  guildId: string;
  channelId: string;
  finishedAt: Date;
  map: string;
  options: string;
  seats: {
    position: number;
    userId: string;
    faction: string;
    vp: number;
    rank: number;
    dropped: boolean;
    ai: boolean;
  }[];
}

/** A result's row and seats as read, checked (`storedResult`). */
export function toResult(row: ResultRow): GameResult {
  let options: unknown;
  try {
    options = JSON.parse(row.options);
  } catch {
    throw new Error(`GameResult.options of ${row.gameId} holds invalid JSON`);
  }
  return storedResult({ ...row, options });
}
