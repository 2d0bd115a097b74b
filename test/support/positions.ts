/**
 * Positions a test needs, reached by a self-play game (same seed, same game) and cut where a property of the
 * position first holds: the log up to there is what `/tm import` then loads into a channel.
 */
import type { GameState } from '../../src/engine/index.ts';
import { parseGameLog } from '../../src/notation/log.ts';
import { replayLog } from '../../src/notation/replay.ts';
import { selfPlay, type SelfPlayOptions } from '../../src/selfplay/game.ts';
import { rawLog } from '../../src/selfplay/raw-log.ts';

/** The self-play game's log up to the first row before which `wanted` holds, and the position there. */
export function logWhere(
  options: SelfPlayOptions,
  wanted: (state: GameState) => boolean,
): { readonly log: string; readonly state: GameState } {
  const game = selfPlay(options);
  for (let rows = 1; rows < game.rows.length; rows++) {
    const log = rawLog({ ...game, rows: game.rows.slice(0, rows) });
    const replayed = replayLog(parseGameLog(log));
    if (replayed.error || !replayed.state) throw new Error(`self-play ${options.seed} does not replay at row ${rows}`);
    if (wanted(replayed.state)) return { log, state: replayed.state };
  }
  throw new Error(`self-play ${options.seed} never reaches the position wanted`);
}
