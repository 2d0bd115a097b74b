import {
  apply,
  applyInPlace,
  type AdminCommand,
  type Command,
  newGame,
  type GameSetup,
  type FactionId,
  legalMoves,
  whoMustAct,
  type GameState,
} from '../src/engine/index.ts';
import { readRecord, recordRows } from '../src/game/record.ts';
import { isAdminCommand, storedCommands } from '../src/game/replay.ts';
import type { LogEntry } from '../src/notation/log.ts';
import { parseGameLog } from '../src/notation/log.ts';
import { parseLine } from '../src/notation/parse.ts';
import { replayLog } from '../src/notation/replay.ts';
import { corpusFiles, fixturePath, readCorpus } from '../test/corpus.ts';
import { referenceGameSeconds } from './reference.ts';
import type { BenchSize } from './size.ts';
import { fmt, median, timeMs } from './stats.ts';

type Step = [FactionId | null, (Command | AdminCommand)[]];

/**
 * A record's set-up and rows, parsed once (as the service stores them), so the engine is timed alone: the
 * record's own map and final-scoring tiles, and each faction pick where the record made it.
 */
function toProgram(entries: readonly LogEntry[]): { setup: GameSetup; steps: Step[] } {
  const record = readRecord(entries);
  const setup: GameSetup = {
    options: record.options,
    players: record.factions,
    scoreTiles: record.tiles.scoreTiles as GameSetup['scoreTiles'],
    removedBonusTiles: record.tiles.removedBonusTiles,
    map: record.map,
    finalScoring: record.tiles.finalScoring,
  };
  const steps = recordRows(record).map(({ faction, text }): Step => {
    const commands = storedCommands(text);
    return [commands.every(isAdminCommand) ? null : faction, commands];
  });
  return { setup, steps };
}

/**
 * Replay speed over the corpus, one move on a live state, and legal-move generation. Every game is
 * replayed in both modes (a smoke run does it once, without the JIT's warm-up, the reference or the
 * positions past the first game: it checks the bench runs, its figures mean nothing).
 */
export async function benchEngine(size: BenchSize = 'full'): Promise<string[]> {
  const smoke = size === 'smoke';
  const rounds = smoke ? 1 : 3;
  const games = corpusFiles().map((f) => parseGameLog(readCorpus(f)));
  // Warm up the JIT and the map caches before measuring.
  if (!smoke) for (const g of games.slice(0, 5)) replayLog(g);
  const replayTimes: number[] = [];
  for (let round = 0; round < rounds; round++) for (const g of games) replayTimes.push(timeMs(() => replayLog(g)));
  // The engine alone, on commands parsed beforehand: what the service pays to rebuild a game.
  const programs = games.map(toProgram);
  const engineTimes: number[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const p of programs) {
      engineTimes.push(
        timeMs(() => {
          const s = newGame(p.setup);
          for (const [who, commands] of p.steps) applyInPlace(s, who, commands);
        }),
      );
    }
  }

  const moveTimes: number[] = [];
  const legalTimes: number[] = [];
  for (const g of games.slice(0, smoke ? 1 : 20)) {
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
  // The reference engine on the same games, in its own process, when it is installed here.
  const reference = smoke
    ? null
    : referenceGameSeconds(
        corpusFiles().map((f) => fixturePath(f)),
        3,
      );
  const ours = median(engineTimes);
  const side = reference
    ? `engine vs the reference engine on the corpus (median per game): ours ${fmt(ours)} ms, reference ${fmt(
        median(reference) * 1000,
      )} ms: ${((median(reference) * 1000) / ours).toFixed(0)}× faster`
    : `engine vs the reference engine: skipped (${smoke ? 'a smoke run' : 'shared/tools/snellman/score.pl is not installed'})`;
  return [
    side,
    `engine: replay a whole record with every ledger row checked (median of ${replayTimes.length}): ${fmt(median(replayTimes))} ms`,
    `engine: replay a whole game from parsed commands (median of ${engineTimes.length}): ${fmt(median(engineTimes))} ms`,
    `engine: apply one move to a live state (median of ${moveTimes.length}): ${fmt(median(moveTimes))} ms`,
    `engine: legalMoves for one faction (median of ${legalTimes.length}): ${fmt(median(legalTimes))} ms`,
  ];
}
