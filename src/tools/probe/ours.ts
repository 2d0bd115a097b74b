// Our engine asked the same questions as the reference: the prefix imported as /tm import reads a
// record, then each candidate row played as a player's move (play: the commands, then the end of a
// turn they complete).
import { type FactionId, type GameState, isFactionId, play } from '../../engine/index.ts';
import { parseGameLog } from '../../notation/log.ts';
import { ParseError, parseLine } from '../../notation/parse.ts';
import { replayLog } from '../../notation/replay.ts';
import { type Summary, summarize } from './summary.ts';

export interface OurAnswer {
  readonly error: string | null;
  /** The rule's code when a rule refused it. */
  readonly code?: string;
  readonly state?: GameState;
  readonly summary?: Summary;
}

/** The state after a raw log's rows, or the refusal. */
export function importPrefix(
  rows: readonly string[],
): { state: GameState } | { error: string; code: string | undefined } {
  const replayed = replayLog(parseGameLog(`${rows.join('\n')}\n`));
  if (replayed.error || !replayed.state)
    return {
      error: `row ${replayed.error?.row} [${replayed.error?.command}]: ${replayed.error?.message}`,
      code: replayed.error?.code,
    };
  return { state: replayed.state };
}

/** A `faction: commands` row split into its faction and its text; null when it is not one. */
export function splitRow(row: string): { faction: FactionId; text: string } | null {
  const m = row.match(/^\s*(\w+):\s*(.*)$/);
  const faction = m?.[1]!.toLowerCase();
  return m && faction && isFactionId(faction) ? { faction, text: m[2]! } : null;
}

export function answer(state: GameState, rows: readonly string[]): OurAnswer {
  let s = state;
  for (const row of rows) {
    const r = splitRow(row);
    if (!r) return { error: `not a faction's row: ${row}` };
    let commands;
    try {
      commands = parseLine(r.text);
    } catch (e) {
      if (e instanceof ParseError) return { error: e.message };
      throw e;
    }
    const played = play(s, r.faction, commands);
    if (!played.ok) return { error: played.error.message, code: played.error.code };
    s = played.value.state;
  }
  return { error: null, state: s, summary: summarize(s) };
}
