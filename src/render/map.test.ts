import { describe, expect, it } from 'vitest';
import { fixturePath } from '../../test/corpus.ts';
import { boardOf, ORIGINAL_MAP_ID } from '../engine/index.ts';
import { buildingAnchor, hexCentre, hexRadius, mapSize } from './layout.ts';
import { renderMap } from './map.ts';
import { decodePng, isColour } from './pixels.ts';
import { corpusPosition } from './testing.ts';
import { factionFill, PALETTE, TERRAIN_FILL } from './theme.ts';

const GAME = fixturePath('4pLeague_S60_D1L1_G1.txt');
const board = boardOf(ORIGINAL_MAP_ID);
const centreOf = (id: string) => {
  const h = board.hexes.get(id)!;
  return hexCentre(h.row, h.col);
};

describe('renderMap', () => {
  const state = corpusPosition(GAME, { afterRound: 2 });

  it('is a PNG of the layout size', async () => {
    const png = await renderMap(state);
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    const image = await decodePng(png);
    const size = mapSize(board.hexes.values());
    expect([image.width, image.height]).toEqual([size.width, size.height]);
    expect(png.length).toBeLessThan(250_000);
  });

  it('fills empty hexes with their current terrain and draws buildings in their owner colour', async () => {
    const image = await decodePng(await renderMap(state, { theme: { colourBlind: true } }));
    const hexes = Object.entries(state.hexes).filter(([id]) => !id.startsWith('r'));
    const empty = hexes.filter(([, h]) => !h.building);
    const built = hexes.filter(([, h]) => h.building);
    expect(empty.length).toBeGreaterThan(40);
    expect(built.length).toBeGreaterThan(20);
    for (const [id, h] of empty) expect(isColour(image.rgbAt(centreOf(id)), TERRAIN_FILL[h.terrain!]), id).toBe(true);
    for (const [id, h] of built)
      expect(isColour(image.rgbAt(buildingAnchor(centreOf(id))), factionFill(state, h.owner!)), id).toBe(true);
  });

  it('rings the highlighted hexes', async () => {
    const image = await decodePng(await renderMap(state, { highlight: ['G3'] }));
    const c = centreOf('G3');
    const ring = hexRadius() - 6;
    expect(isColour(image.rgbAt({ x: c.x - ring * Math.cos(Math.PI / 6), y: c.y }), PALETTE.highlight)).toBe(true);
    expect(isColour(image.rgbAt(c), PALETTE.highlight)).toBe(false);
  });

  it('draws bridges in the builder colour', async () => {
    const end = corpusPosition(GAME);
    const image = await decodePng(await renderMap(end));
    expect(end.bridges.length).toBeGreaterThan(0);
    for (const b of end.bridges) {
      const a = centreOf(b.from);
      const z = centreOf(b.to);
      expect(isColour(image.rgbAt({ x: (a.x + z.x) / 2, y: (a.y + z.y) / 2 }), factionFill(end, b.faction))).toBe(true);
    }
  });
});

describe('renderMap after other pictures', () => {
  it('draws a position the same whatever was drawn before it on this thread', async () => {
    const early = corpusPosition(GAME, { afterRound: 1 });
    const late = corpusPosition(GAME);
    const first = await renderMap(early);
    await renderMap(late, { highlight: ['G3'], theme: { colourBlind: true } });
    expect((await renderMap(early)).equals(first)).toBe(true);
  });
});
