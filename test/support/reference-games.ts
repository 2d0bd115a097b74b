/**
 * Games checked against the reference engine (terra.snellman.net's): a directory of raw logs (`x.log`),
 * the reference's verdict on each (`x.reference.json`) and, where it has one, its ledger
 * (`x.reference-ledger.txt`). Our engine must replay the ledger with every row's numbers equal, refuse
 * the row the reference refused, reach its numbers, and offer a move whenever it waits for someone.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { legalMoves, whoMustAct } from '../../src/engine/index.ts';
import { parseGameLog } from '../../src/notation/log.ts';
import { replayLog } from '../../src/notation/replay.ts';

interface Verdict {
  readonly errorLine: number | null;
  readonly finished: boolean;
  readonly round: number;
  readonly vp: Record<string, number>;
}

const named = (dir: string, ext: string): string[] =>
  readdirSync(dir)
    .filter((f) => f.endsWith(ext))
    .map((f) => f.slice(0, -ext.length))
    .sort();

/** `count` says how many games and ledgers the directory holds, so a lost file fails the suite. */
export function describeReferenceGames(
  title: string,
  dir: string,
  count: { readonly games: number; readonly ledgers: number },
): void {
  const games = named(dir, '.log');
  const ledgers = named(dir, '.reference-ledger.txt');
  const read = (name: string, ext: string) => readFileSync(join(dir, `${name}${ext}`), 'utf8');

  describe(title, () => {
    it(`has the ${count.games} games, ${count.ledgers} with a ledger`, () => {
      expect(games).toHaveLength(count.games);
      expect(ledgers).toHaveLength(count.ledgers);
    });

    it.each(ledgers)("%s: the reference's ledger replays with every row equal", (name) => {
      const entries = parseGameLog(read(name, '.reference-ledger.txt'));
      const result = replayLog(entries);
      expect(result.error).toBeNull();
      expect(result.checkedRows).toBe(entries.filter((e) => e.kind === 'row' && e.checkpoint).length);
    });

    it.each(games)('%s: the raw log gets the reference verdict', (name) => {
      const want = JSON.parse(read(name, '.reference.json')) as Verdict;
      const result = replayLog(parseGameLog(read(name, '.log')));
      expect(result.error?.row ?? null).toBe(want.errorLine);
      const state = result.state!;
      expect(state.finished).toBe(want.finished);
      expect(state.round).toBe(want.round);
      expect(Object.fromEntries(Object.values(state.factions).map((f) => [f!.name, f!.VP]))).toEqual(want.vp);
      if (want.errorLine === null) {
        for (const f of whoMustAct(state)) expect(legalMoves(state, f).length, f).toBeGreaterThan(0);
      }
    });
  });
}
