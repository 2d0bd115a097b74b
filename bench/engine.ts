import { apply } from '../src/engine/apply.ts';
import { legalMoves, whoMustAct } from '../src/engine/legal.ts';
import type { GameState } from '../src/engine/types.ts';
import { parseGameLog } from '../src/notation/log.ts';
import { parseLine } from '../src/notation/parse.ts';
import { replayLog } from '../src/notation/replay.ts';
import { corpusFiles, readCorpus } from '../test/corpus.ts';
import { fmt, median, timeMs } from './stats.ts';

/** Replay speed over the corpus, one move on a live state, and legal-move generation. */
export async function benchEngine(): Promise<string[]> {
  const games = corpusFiles().map((f) => parseGameLog(readCorpus(f)));
  // Warm up the JIT and the map caches before measuring.
  for (const g of games.slice(0, 5)) replayLog(g);
  const replayTimes: number[] = [];
  for (let round = 0; round < 3; round++) for (const g of games) replayTimes.push(timeMs(() => replayLog(g)));

  const moveTimes: number[] = [];
  const legalTimes: number[] = [];
  for (const g of games.slice(0, 20)) {
    const rows = g.filter((e) => e.kind === 'row');
    for (const frac of [0.3, 0.5, 0.7]) {
      const cut = g.indexOf(rows[Math.floor(rows.length * frac)]!);
      const next = g.slice(cut).find((e) => e.kind === 'row' && !e.engine && e.text !== '');
      const state = replayLog(g.slice(0, cut)).state as GameState;
      if (next && next.kind === 'row') {
        const commands = parseLine(next.text);
        moveTimes.push(timeMs(() => apply(state, next.faction, commands)));
      }
      for (const who of whoMustAct(state)) legalTimes.push(timeMs(() => legalMoves(state, who)));
    }
  }
  return [
    `engine: replay a whole game (median of ${replayTimes.length}): ${fmt(median(replayTimes))} ms`,
    `engine: apply one move to a live state (median of ${moveTimes.length}): ${fmt(median(moveTimes))} ms`,
    `engine: legalMoves for one faction (median of ${legalTimes.length}): ${fmt(median(legalTimes))} ms`,
  ];
}
