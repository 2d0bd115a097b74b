// Appending a player's rows when the store may fail after committing: a connection that breaks once the
// transaction is in leaves the caller with an error for a change that happened. Telling the player
// "nothing changed" then would be false (and their retry would be refused as "not your turn").
import { fail } from './errors.ts';
import {
  GameNotFoundError,
  type GameRepo,
  type JsonValue,
  type MoveRecord,
  type NewMove,
  StaleVersionError,
  StoreUnavailableError,
} from './repo.ts';

export interface Appended {
  version: number;
  moves: MoveRecord[];
}

/** Failures after which nothing was written: a refusal, a store that would not write or stayed locked. */
function nothingWritten(error: unknown): boolean {
  return (
    error instanceof StaleVersionError ||
    error instanceof GameNotFoundError ||
    (error instanceof StoreUnavailableError && error.fault !== 'unreachable')
  );
}

/**
 * Appends `rows` at `expectedVersion`. After any other failure the game is read back: when it is exactly
 * one version further and ends with these rows, they were stored (their announcement with them) and the
 * append succeeded; when it is not, nothing was written and the failure stands. When the store cannot
 * even be read, nobody can tell yet: `store_uncertain` (if the rows were kept, the outbox announces them).
 */
export async function appendOrConfirm(
  repo: GameRepo,
  gameId: string,
  expectedVersion: number,
  rows: NewMove[],
  announce: JsonValue,
  snapshot: JsonValue | undefined,
): Promise<Appended> {
  try {
    return await repo.appendMoves(gameId, expectedVersion, rows, announce, snapshot);
  } catch (error) {
    if (nothingWritten(error)) throw error;
    let confirmed: Appended | null;
    try {
      confirmed = await storedAppend(repo, gameId, expectedVersion, rows);
    } catch {
      return fail('store_uncertain', {});
    }
    if (confirmed) return confirmed;
    throw error;
  }
}

async function storedAppend(
  repo: GameRepo,
  gameId: string,
  expectedVersion: number,
  rows: NewMove[],
): Promise<Appended | null> {
  const loaded = await repo.loadGame(gameId);
  if (!loaded || loaded.game.version !== expectedVersion + 1) return null;
  const tail = loaded.moves.slice(-rows.length);
  const same =
    tail.length === rows.length &&
    tail.every((m, i) => m.seat === rows[i]!.seat && m.userId === rows[i]!.userId && m.text === rows[i]!.text);
  return same ? { version: expectedVersion + 1, moves: tail } : null;
}
