import { afterAll, describe, expect, it } from 'vitest';
import { fixturePath } from '../../test/corpus.ts';
import { EN_LABELS } from './labels.ts';
import { type Picture, renderPictures } from './picture.ts';
import { RenderPool } from './pool.ts';
import { corpusPosition } from './testing.ts';

const state = corpusPosition(fixturePath('4pLeague_S60_D1L1_G1.txt'), { afterRound: 2 });
const pictures: Picture[] = [{ kind: 'map', highlight: ['E5'] }, { kind: 'cults' }, { kind: 'round' }];
const expected = await renderPictures(state, EN_LABELS, pictures);

const same = (pngs: Buffer[]) => pngs.length === expected.length && pngs.every((png, i) => png.equals(expected[i]!));

describe('render pool', () => {
  const pools: RenderPool[] = [];
  const pool = async (threads: number, queue: number, callerBusy?: () => boolean) => {
    const made = new RenderPool({
      threads,
      queue,
      onUnusable: (error) => expect.fail(String(error)),
      ...(callerBusy ? { callerBusy } : {}),
    });
    pools.push(made);
    await made.ready();
    return made;
  };
  afterAll(() => Promise.all(pools.map((p) => p.close())));

  it('draws on a thread the same PNGs as the main thread, in the order asked', async () => {
    const threads = await pool(1, 4);
    expect(same(await threads.render(state, EN_LABELS, pictures))).toBe(true);
    expect(threads.stats).toMatchObject({ threaded: 1, inline: 0 });
  });

  it('holds at most threads + queue jobs: a burst past that is drawn at once on the caller thread, every job answered', async () => {
    const threads = await pool(1, 2);
    const burst = await Promise.all(Array.from({ length: 12 }, () => threads.render(state, EN_LABELS, pictures)));
    expect(burst.every(same)).toBe(true);
    const { threaded, inline, mostHeld } = threads.stats;
    expect(mostHeld).toBe(3);
    expect(threaded + inline).toBe(12);
    expect(threaded).toBeGreaterThanOrEqual(3);
    expect(inline).toBeGreaterThan(0);
    expect(threads.held).toBe(0);
  });

  it('is full while every thread draws and the queue is full', async () => {
    const threads = await pool(1, 1);
    expect(threads.full).toBe(false);
    const first = threads.render(state, EN_LABELS, pictures);
    expect(threads.full).toBe(false);
    const second = threads.render(state, EN_LABELS, pictures);
    expect(threads.full).toBe(true);
    expect((await Promise.all([first, second])).every(same)).toBe(true);
    expect(threads.full).toBe(false);
  });

  it('while the caller thread is busy, a job past the queue waits for a thread instead of being drawn there', async () => {
    const threads = await pool(1, 1, () => true);
    const burst = await Promise.all(Array.from({ length: 5 }, () => threads.render(state, EN_LABELS, pictures)));
    expect(burst.every(same)).toBe(true);
    expect(threads.stats).toMatchObject({ threaded: 5, inline: 0, overflowed: 3, mostHeld: 5 });
    expect(threads.held).toBe(0);
  });

  it('keeps memory flat under sustained overload', async () => {
    const threads = await pool(1, 2);
    const wave = () => Promise.all(Array.from({ length: 10 }, () => threads.render(state, EN_LABELS, pictures)));
    await wave();
    const before = process.memoryUsage().rss;
    for (let i = 0; i < 5; i++) expect((await wave()).every(same)).toBe(true);
    expect(threads.stats.mostHeld).toBeLessThanOrEqual(3);
    // Unbounded, 50 jobs of this state and three PNGs each held at once would show; bounded, RSS stays
    // within what the allocator keeps (an earlier unbounded queue grew by gigabytes).
    expect(process.memoryUsage().rss - before).toBeLessThan(150 * 1024 * 1024);
  });

  it('draws on the caller thread until a thread is ready, then on the thread', async () => {
    const starting = new RenderPool({ threads: 1, queue: 4 });
    pools.push(starting);
    // Starting is not full: nothing waits, and the process must not turn interactions away meanwhile.
    expect(starting.full).toBe(false);
    expect(same(await starting.render(state, EN_LABELS, pictures))).toBe(true);
    expect(starting.stats).toMatchObject({ threaded: 0, inline: 1 });
    await starting.ready();
    expect(same(await starting.render(state, EN_LABELS, pictures))).toBe(true);
    expect(starting.stats).toMatchObject({ threaded: 1, inline: 1 });
  });

  it('with no threads, draws everything on the caller thread', async () => {
    const none = await pool(0, 4);
    expect(same(await none.render(state, EN_LABELS, pictures))).toBe(true);
    expect(none.stats).toMatchObject({ threaded: 0, inline: 1, mostHeld: 0 });
    expect(none.full).toBe(true);
  });

  it('hands the jobs of a closed pool back to the caller thread: none is lost', async () => {
    const threads = await pool(1, 3);
    const jobs = Array.from({ length: 4 }, () => threads.render(state, EN_LABELS, pictures));
    await threads.close();
    expect((await Promise.all(jobs)).every(same)).toBe(true);
    expect(same(await threads.render(state, EN_LABELS, pictures))).toBe(true);
    expect(threads.stats.inline).toBeGreaterThanOrEqual(4);
  });
});
