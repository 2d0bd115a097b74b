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
import type { ReferenceTimes } from './reference.ts';
import type { BenchSize } from './size.ts';
import { fmt, median, timeMs } from './stats.ts';

type Step = [FactionId | null, (Command | AdminCommand)[]];

/** CPU milliseconds (user and system) since `start`. */
function cpuMs(start: NodeJS.CpuUsage): number {
  const d = process.cpuUsage(start);
  return (d.user + d.system) / 1000;
}

/** Ours against the reference: how many times faster, by the median wall clock and by CPU time. */
function versus(what: string, wallMs: number, cpuMsPerGame: number, reference: ReferenceTimes): string {
  const cpu =
    reference.cpuPerGame === null
      ? ''
      : `; ${fmt(cpuMsPerGame)} ms CPU, ${((reference.cpuPerGame * 1000) / cpuMsPerGame).toFixed(1)}× faster`;
  return `  ${what}: ours ${fmt(wallMs)} ms median wall, ${((median(reference.wall) * 1000) / wallMs).toFixed(1)}× faster${cpu}`;
}

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
  // Warm up the JIT and the map caches before measuring: a whole pass, as a running bot is warm. (With five
  // games only, the first of the three timed passes ran partly cold, and being a third of the samples it
  // set the replay's median: 8.5 ms where warm passes take 3-5.)
  if (!smoke) for (const g of games) replayLog(g);
  const replayTimes: number[] = [];
  const replayCpu = process.cpuUsage();
  for (let round = 0; round < rounds; round++) for (const g of games) replayTimes.push(timeMs(() => replayLog(g)));
  const replayCpuPerGame = cpuMs(replayCpu) / (rounds * games.length);
  // The engine alone, on commands parsed beforehand: what the service pays to rebuild a game.
  const programs = games.map(toProgram);
  const engineTimes: number[] = [];
  const engineCpu = process.cpuUsage();
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

  const engineCpuPerGame = cpuMs(engineCpu) / (rounds * programs.length);

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
  // Both ratios against the reference's own evaluation of the same records (it checks every row too): in
  // wall-clock medians, and in CPU time per game, which the other work on a shared machine changes least.
  const side = reference
    ? [
        `engine vs the reference engine on the corpus, per game: reference ${fmt(median(reference.wall) * 1000)} ms median wall, ${
          reference.cpuPerGame === null ? 'CPU not measured' : `${fmt(reference.cpuPerGame * 1000)} ms CPU`
        }`,
        versus('whole-record replay with every row checked', median(replayTimes), replayCpuPerGame, reference),
        versus('engine alone on parsed commands', median(engineTimes), engineCpuPerGame, reference),
      ]
    : [
        `engine vs the reference engine: skipped (${smoke ? 'a smoke run' : 'shared/tools/snellman/score.pl is not installed'})`,
      ];
  return [
    ...side,
    `engine: replay a whole record with every ledger row checked (median of ${replayTimes.length}): ${fmt(median(replayTimes))} ms`,
    `engine: replay a whole game from parsed commands (median of ${engineTimes.length}): ${fmt(median(engineTimes))} ms`,
    `engine: apply one move to a live state (median of ${moveTimes.length}): ${fmt(median(moveTimes))} ms`,
    `engine: legalMoves for one faction (median of ${legalTimes.length}): ${fmt(median(legalTimes))} ms`,
  ];
}
