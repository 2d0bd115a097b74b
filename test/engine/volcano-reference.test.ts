/**
 * The volcano factions' hand-written games (test/fixtures/volcano) against the reference engine: the
 * reference's ledger replays with every row's numbers equal, and each raw log gets the reference's verdict.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { legalMoves, whoMustAct } from '../../src/engine/index.ts';
import { parseGameLog } from '../../src/notation/log.ts';
import { replayLog } from '../../src/notation/replay.ts';

const DIR = join(import.meta.dirname, '..', 'fixtures', 'volcano');
const games = readdirSync(DIR)
  .filter((f) => f.endsWith('.log'))
  .map((f) => f.slice(0, -'.log'.length))
  .sort();
const ledgers = readdirSync(DIR)
  .filter((f) => f.endsWith('.reference-ledger.txt'))
  .map((f) => f.slice(0, -'.reference-ledger.txt'.length))
  .sort();

interface Verdict {
  readonly errorLine: number | null;
  readonly finished: boolean;
  readonly round: number;
  readonly vp: Record<string, number>;
}

const read = (name: string, ext: string) => readFileSync(join(DIR, `${name}${ext}`), 'utf8');

describe('volcano factions against the reference engine', () => {
  it('has the six games, five with a ledger', () => {
    expect(games).toHaveLength(6);
    expect(ledgers).toHaveLength(5);
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
