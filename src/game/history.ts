// Finished games stay readable: from any channel of their server, at their end or at any row of their
// log, and with every faction's VP after every row (the end-of-game chart).
import type { FactionId, GameState } from '../engine/index.ts';
import { type Caller, loadState } from './access.ts';
import { fail } from './errors.ts';
import { replay } from './replay.ts';
import type { GameRepo } from './repo.ts';
import { type GameResult, resultOf } from './result.ts';
import { type GameView, viewOf } from './view.ts';

/** A finished game of the caller's server, whichever channel it was played in. */
export async function finishedGame(repo: GameRepo, caller: Caller, gameId: string): Promise<GameView> {
  const loaded = await loadState(repo, gameId);
  if (loaded.game.guildId !== caller.guildId) fail('game_not_found', { gameId });
  if (loaded.game.status !== 'finished' || !loaded.state) fail('not_finished', { status: loaded.game.status });
  return viewOf(loaded);
}

/** A finished game's result recomputed from its log: no caller, for the league's own bookkeeping. */
export async function recomputedResult(repo: GameRepo, gameId: string): Promise<GameResult> {
  const loaded = await loadState(repo, gameId);
  if (loaded.game.status !== 'finished' || !loaded.state) fail('not_finished', { status: loaded.game.status });
  return resultOf(loaded.game, loaded.moves, loaded.state);
}

/** The game after its first `row` rows (0: before any), as it stood then. */
export function positionAt(view: GameView, row: number): GameState {
  if (!Number.isInteger(row) || row < 0 || row > view.moves.length)
    fail('no_such_row', { row, rows: view.moves.length });
  return row === view.moves.length && view.state ? view.state : replay(view.game, view.moves.slice(0, row));
}

export interface VpTimeline {
  /** Factions in the game's turn order at its end. */
  readonly factions: readonly FactionId[];
  /** After each row of the log (index 0: before any), every faction's VP and the round being played. */
  readonly points: readonly {
    readonly row: number;
    readonly round: number;
    readonly vp: Partial<Record<FactionId, number>>;
  }[];
}

/** Every faction's VP after every row, replaying the log once. */
export function vpTimeline(view: GameView): VpTimeline {
  const points: { row: number; round: number; vp: Partial<Record<FactionId, number>> }[] = [];
  const sample = (row: number, state: GameState) =>
    points.push({
      row,
      round: state.round,
      vp: Object.fromEntries(Object.values(state.factions).map((f) => [f!.name, f!.VP])),
    });
  const end = replay(view.game, view.moves, undefined, (index, state) => sample(index + 1, state));
  return { factions: end.factionOrder, points };
}
