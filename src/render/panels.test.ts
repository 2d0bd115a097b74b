import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it, vi } from 'vitest';
import { fixturePath } from '../../test/corpus.ts';
import { renderPlayerBoard } from './board.ts';
import { decodePng, isColour, type Decoded } from './pixels.ts';
import { renderRound } from './round.ts';
import { corpusPosition } from './testing.ts';
import { factionFill, PALETTE } from './theme.ts';

const GAME = fixturePath('4pLeague_S60_D1L1_G1.txt');

function countColour(image: Decoded, colour: string): number {
  let n = 0;
  for (let y = 0; y < image.height; y += 2)
    for (let x = 0; x < image.width; x += 2) if (isColour(image.rgbAt({ x, y }), colour, 0)) n++;
  return n;
}

describe('renderRound', () => {
  it('marks the current round in play and none once the game is over', async () => {
    const mid = await decodePng(await renderRound(corpusPosition(GAME, { afterRound: 2 })));
    const end = await decodePng(await renderRound(corpusPosition(GAME)));
    expect(mid.width).toBe(1240);
    expect(countColour(mid, PALETTE.highlight)).toBeGreaterThan(100);
    expect(countColour(end, PALETTE.highlight)).toBe(0);
  });
});

describe('the round panel', () => {
  it('prints the id of every tile on it, the ids the menus and the notation use', async () => {
    const state = corpusPosition(GAME, { afterRound: 2 });
    const drawn = vi.spyOn(Object.getPrototypeOf(createCanvas(1, 1).getContext('2d')), 'fillText');
    try {
      await renderRound(state);
      const words = drawn.mock.calls.map((c) => String(c[0]));
      const expected = [
        ...state.scoreTiles,
        ...['ACT1', 'ACT2', 'ACT3', 'ACT4', 'ACT5', 'ACT6'],
        ...Object.keys(state.pool).filter((id) => /^(BON|FAV|TW)\d+$/.test(id) && state.pool[id]! > 0),
      ];
      for (const id of expected) expect(words, id).toContain(id);
    } finally {
      drawn.mockRestore();
    }
  });
});

describe('the Fire & Ice final-scoring tile', () => {
  const FI_GAME = fixturePath('tmai_unittesttext2.txt');
  const drawnWords = async (draw: () => Promise<Buffer>): Promise<string[]> => {
    const drawn = vi.spyOn(Object.getPrototypeOf(createCanvas(1, 1).getContext('2d')), 'fillText');
    try {
      await draw();
      return drawn.mock.calls.map((c) => String(c[0]));
    } finally {
      drawn.mockRestore();
    }
  };

  it('heads the round panel with what it scores, only in a game that has one', async () => {
    const words = await drawnWords(() => renderRound(corpusPosition(FI_GAME, { afterRound: 2 })));
    expect(words).toContain('Final scoring');
    expect(words.some((w) => w.startsWith('Clusters: ') && w.endsWith('18 / 12 / 6 VP'))).toBe(true);
    expect(await drawnWords(() => renderRound(corpusPosition(GAME, { afterRound: 2 })))).not.toContain('Final scoring');
  });

  it("adds the tile's share to a board's projected final score in the last round", async () => {
    const state = corpusPosition(FI_GAME, { moves: -1 });
    const words = await drawnWords(() => renderPlayerBoard(state, 'chaosmagicians'));
    expect(words.some((w) => /^cults \d+ · network \d+ · .* · final tile 18$/.test(w))).toBe(true);
  });
});

describe('renderPlayerBoard', () => {
  it("heads the board with the faction's colour and grows with the tiles held", async () => {
    const early = corpusPosition(GAME, { afterRound: 1 });
    const late = corpusPosition(GAME, { afterRound: 5 });
    const a = await decodePng(await renderPlayerBoard(early, 'engineers'));
    const b = await decodePng(await renderPlayerBoard(late, 'engineers'));
    expect(a.width).toBe(800);
    expect(isColour(a.rgbAt({ x: 4, y: 4 }), factionFill(late, 'engineers'))).toBe(true);
    expect(b.height).toBeGreaterThan(a.height);
    expect(countColour(b, PALETTE.vp)).toBeGreaterThan(countColour(a, PALETTE.vp));
  });

  it('refuses a faction that is not playing', async () => {
    await expect(renderPlayerBoard(corpusPosition(GAME, { afterRound: 1 }), 'witches')).rejects.toThrow(/witches/);
  });
});
