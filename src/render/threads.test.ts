import { afterAll, describe, expect, it } from 'vitest';
import { fixturePath } from '../../test/corpus.ts';
import { EN_LABELS } from './labels.ts';
import { type Picture, renderPicture } from './picture.ts';
import { corpusPosition } from './testing.ts';
import { RenderThreads } from './threads.ts';

const state = corpusPosition(fixturePath('4pLeague_S60_D1L1_G1.txt'), { afterRound: 2 });
const pictures: Picture[] = [{ kind: 'map', highlight: ['E5'] }, { kind: 'cults' }, { kind: 'round' }];

describe('render thread', () => {
  const threads = new RenderThreads();
  afterAll(() => threads.close());

  it('draws on its thread the same PNGs as the main thread, in the order asked', async () => {
    const [onThread, inline] = await Promise.all([
      threads.render(state, EN_LABELS, pictures),
      Promise.all(pictures.map((p) => renderPicture(state, EN_LABELS, p))),
    ]);
    expect(threads.threaded).toBe(true);
    expect(onThread).toHaveLength(3);
    onThread.forEach((png, i) => expect(png.equals(inline[i]!)).toBe(true));
  });

  it('serves pictures asked for at once, each to its own caller', async () => {
    const many = await Promise.all(
      [0, 1, 2, 3].map((i) => threads.render(state, EN_LABELS, [pictures[i % pictures.length]!])),
    );
    const inline = await Promise.all([0, 1, 2, 3].map((i) => renderPicture(state, EN_LABELS, pictures[i % 3]!)));
    many.forEach(([png], i) => expect(png!.equals(inline[i]!)).toBe(true));
    expect(threads.threaded).toBe(true);
  });
});
