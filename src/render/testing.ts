import { readFileSync } from 'node:fs';
import { parseGameLog } from '../notation/log.ts';
import { replayLog } from '../notation/replay.ts';
import type { GameState } from '../engine/index.ts';

/**
 * The position of a corpus game after file line `row` (the end if omitted), for the render tool, the
 * bench and the tests. The renderer itself never reads notation.
 */
export function corpusPosition(file: string, row?: number): GameState {
  const entries = parseGameLog(readFileSync(file, 'utf8'));
  const upTo = row === undefined ? entries : entries.filter((e) => e.line <= row);
  const result = replayLog(upTo);
  if (result.error || !result.state)
    throw new Error(`${file}: ${result.error?.message ?? 'no state'} (line ${result.error?.row})`);
  return result.state;
}
