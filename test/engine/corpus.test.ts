import { describe, expect, it } from 'vitest';
import { parseGameLog } from '../../src/notation/log.ts';
import { replayLog } from '../../src/notation/replay.ts';
import { corpusFiles, headerFinalVp, readCorpus } from '../corpus.ts';

const files = corpusFiles();

describe('corpus replays', () => {
  it('has all 58 records: 57 base-game ones and one on the Fire & Ice side 2 map', () => {
    expect(files).toHaveLength(58);
  });

  it.each(files)('%s replays with every row equal and the recorded final scores', (file) => {
    const text = readCorpus(file);
    const entries = parseGameLog(text);
    const result = replayLog(entries);
    expect(result.error).toBeNull();
    const state = result.state!;
    expect(state.finished).toBe(true);
    expect(state.round).toBe(6);
    const ledgerRows = entries.filter((e) => e.kind === 'row' && e.checkpoint).length;
    // Every row that carries numbers was compared (ledgers); move lists carry none.
    expect(result.checkedRows).toBe(ledgerRows);
    const final = new Map(Object.values(state.factions).map((f) => [f!.name as string, f!.VP]));
    expect(final).toEqual(headerFinalVp(text));
  });
});
