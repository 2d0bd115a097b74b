// Records read on threads: the outcome the service would give on the main thread, at most `threads` at
// once, and a thread that takes too long is ended.
import { describe, expect, it } from 'vitest';
import { prepareRecord } from '../../game/service.ts';
import { readCorpus } from '../../../test/corpus.ts';
import { RecordReader } from './reader.ts';

describe('the record reader', () => {
  const record = readCorpus('4pLeague_S60_D1L1_G1.txt');

  it('reads a record as the main thread would, and refuses a bad one with its line', async () => {
    const reader = new RecordReader({ threads: 1, timeoutMs: 60_000, heapMb: 128, idleMs: 1_000 });
    const read = await reader.read(record);
    expect(read).toEqual({ kind: 'read', result: JSON.parse(JSON.stringify(prepareRecord(record))) });
    const bad = await reader.read(record.replace(/\tbuild (\w+)$/m, '\tbuild ZZ99'));
    expect(bad).toMatchObject({ kind: 'read', result: { ok: false, error: { code: 'import_failed' } } });
  }, 120_000);

  it('turns a record away while its threads are busy, and ends one past the time limit', async () => {
    const reader = new RecordReader({ threads: 1, timeoutMs: 1, heapMb: 128, idleMs: 1_000 });
    const first = reader.read(record);
    expect(await reader.read(record)).toEqual({ kind: 'busy' });
    expect(await first).toEqual({ kind: 'tooSlow' });
  }, 60_000);
});
