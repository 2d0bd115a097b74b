// Move timers. The service keeps no clock: the bot asks, with the time it has, whose deadline has
// passed, and acts on the answer (remind, drop, replace).
import type { GameRecord, MoveRecord } from './repo.ts';
import { pickOf } from './seats.ts';
import { settingsOf } from './settings.ts';

/**
 * When the game last moved: the last row of the log, or the start, or a later change that began the
 * wait anew (an undo, the timer set, a seat handed over: `waitRestartedAt`). Everyone the game waits
 * for has been waited on at least since then, and whoever blocks the game alone has been waited on
 * exactly since then, which is what a move timer is about: a timer set on a game idle for days, or
 * an undo back to an old position, gives the seat its whole time. Faction picks do not count: the
 * picks dealt at the start are rows written then, and the timer has counted from the start until the
 * first move since picks were stored with the seats.
 */
export function lastActivity(game: GameRecord, moves: readonly MoveRecord[]): Date | null {
  const moved = lastMoveOrStart(game, moves);
  const restarted = game.waitRestartedAt;
  return moved && restarted && restarted > moved ? restarted : moved;
}

function lastMoveOrStart(game: GameRecord, moves: readonly MoveRecord[]): Date | null {
  for (let i = moves.length - 1; i >= 0; i--) if (!pickOf(moves[i]!)) return moves[i]!.createdAt;
  const started = settingsOf(game).startedAt;
  return started ? new Date(started) : null;
}

/** The moment the seats now waited on run out of time; null without a timer or before the start. */
export function deadlineOf(game: GameRecord, moves: readonly MoveRecord[]): Date | null {
  const hours = settingsOf(game).moveTimerHours;
  const since = lastActivity(game, moves);
  if (hours === null || since === null) return null;
  return new Date(since.getTime() + hours * 3_600_000);
}
