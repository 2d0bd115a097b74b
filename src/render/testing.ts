import { readFileSync } from 'node:fs';
import { type LogEntry, parseGameLog } from '../notation/log.ts';
import { replayLog } from '../notation/replay.ts';
import type { GameState } from '../engine/index.ts';

/**
 * A point in a game record, named by what happened rather than by a line of the file (headers and
 * comments change; the game does not):
 * - `moves: n`: after the first n rows the players typed (moderator rows not counted; leech answers are
 *   rows too); a negative n counts back from the end, so `moves: -1` is just before the last one.
 * - `afterRound: n`: as soon as round n is over (the next round's income taken; the end after round 6).
 */
export type RecordPoint = { moves: number } | { afterRound: number };

/** Parses `--moves N` / `--after-round N` style values for the tools. */
export function recordPoint(kind: 'moves' | 'afterRound', value: string): RecordPoint {
  const n = Number(value);
  if (!Number.isInteger(n)) throw new Error(`${kind} must be a whole number (got "${value}")`);
  return kind === 'moves' ? { moves: n } : { afterRound: n };
}

/**
 * The position of a recorded game at `at` (the end if omitted), for the render tool, the bench and the
 * tests. The renderer itself never reads notation.
 */
export function corpusPosition(file: string, at?: RecordPoint): GameState {
  const entries = parseGameLog(readFileSync(file, 'utf8'));
  const typed = entries.flatMap((e, i) => (e.kind === 'row' && !e.engine ? [i] : []));
  const replay = (moves: number): GameState => {
    const end = moves === typed.length ? entries.length : moves === 0 ? typed[0]! : typed[moves - 1]! + 1;
    return replayUpTo(file, entries.slice(0, end));
  };
  if (at === undefined) return replay(typed.length);
  if ('moves' in at) {
    const moves = at.moves < 0 ? typed.length + at.moves : at.moves;
    if (moves < 0 || moves > typed.length) throw new Error(`${file} has ${typed.length} moves, not ${at.moves}`);
    return replay(moves);
  }
  // Rounds only move forward, so the first prefix past the round is found by halving.
  const over = (state: GameState) => state.finished || state.round > at.afterRound;
  let [low, high] = [0, typed.length];
  if (!over(replay(high))) throw new Error(`${file} never finishes round ${at.afterRound}`);
  while (low < high) {
    const mid = (low + high) >> 1;
    if (over(replay(mid))) high = mid;
    else low = mid + 1;
  }
  return replay(low);
}

function replayUpTo(file: string, entries: readonly LogEntry[]): GameState {
  const result = replayLog(entries);
  if (result.error || !result.state)
    throw new Error(`${file}: ${result.error?.message ?? 'no state'} (line ${result.error?.row})`);
  return result.state;
}
