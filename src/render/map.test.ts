import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '../../test/corpus.ts';
import { boardOf, LANDSCAPE_IDS, ORIGINAL_MAP_ID, type GameState } from '../engine/index.ts';
import { drawLandscape } from './landscape-symbols.ts';
import { buildingAnchor, hexFillPoint, hexRadius, mapFrame } from './layout.ts';
import { renderMap } from './map.ts';
import { decodePng, isColour } from './pixels.ts';
import { corpusPosition } from './testing.ts';
import { factionFill, PALETTE, TERRAIN_FILL } from './theme.ts';

const GAME = fixturePath('4pLeague_S60_D1L1_G1.txt');
const board = boardOf(ORIGINAL_MAP_ID);
const frame = mapFrame(board.hexes.values());
const centreOf = (id: string) => {
  const h = board.hexes.get(id)!;
  return frame.centre(h.row, h.col);
};

describe('renderMap', () => {
  const state = corpusPosition(GAME, { afterRound: 2 });

  it('is a PNG of the layout size', async () => {
    const png = await renderMap(state);
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    const image = await decodePng(png);
    expect([image.width, image.height]).toEqual([frame.width, frame.height]);
    expect(png.length).toBeLessThan(250_000);
  });

  it('fills empty hexes with their current terrain and draws buildings in their owner colour', async () => {
    const image = await decodePng(await renderMap(state, { theme: { colourBlind: true } }));
    const hexes = Object.entries(state.hexes).filter(([id]) => !id.startsWith('r'));
    const empty = hexes.filter(([, h]) => !h.building);
    const built = hexes.filter(([, h]) => h.building);
    expect(empty.length).toBeGreaterThan(40);
    expect(built.length).toBeGreaterThan(20);
    for (const [id, h] of empty)
      expect(isColour(image.rgbAt(hexFillPoint(centreOf(id))), TERRAIN_FILL[h.terrain!]), id).toBe(true);
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

  it('draws a land bridge from the Bridge Tower over the edge of two land spaces (SL-ENG-1)', async () => {
    const state: GameState = corpusPosition(GAME, { afterRound: 2 });
    const faction = state.factionOrder[0]!;
    // F4 to E5 crosses the edge between F3 and E6, both land.
    state.bridges = [...state.bridges, { from: 'E5', to: 'F4', faction }];
    const image = await decodePng(await renderMap(state));
    const a = centreOf('E5');
    const z = centreOf('F4');
    expect(isColour(image.rgbAt({ x: (a.x + z.x) / 2, y: (a.y + z.y) / 2 }), factionFill(state, faction))).toBe(true);
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

  it('draws each special landscape as a token in its owner colour, with a symbol of its own', async () => {
    const withLandscapes: GameState = corpusPosition(GAME, { afterRound: 2 });
    const free = Object.keys(withLandscapes.hexes).filter(
      (id) => !id.startsWith('r') && !withLandscapes.hexes[id]!.building,
    );
    const placed = LANDSCAPE_IDS.map((landscape, i) => {
      const hex = free[i * 3]!;
      const owner = withLandscapes.factionOrder[i % withLandscapes.factionOrder.length]!;
      withLandscapes.hexes = { ...withLandscapes.hexes, [hex]: { ...withLandscapes.hexes[hex]!, owner, landscape } };
      return { hex, owner };
    });
    const image = await decodePng(await renderMap(withLandscapes));
    // Inside the token, left of its symbol, the owner colour shows.
    const token = hexRadius() * 0.42;
    for (const { hex, owner } of placed) {
      const at = buildingAnchor(centreOf(hex));
      expect(isColour(image.rgbAt({ x: at.x - token * 0.85, y: at.y }), factionFill(withLandscapes, owner)), hex).toBe(
        true,
      );
    }
    // The fourteen symbols differ from one another.
    const drawn = LANDSCAPE_IDS.map((id) => {
      const canvas = createCanvas(60, 60);
      drawLandscape(canvas.getContext('2d'), id, { x: 30, y: 30 }, 26, '#2a6fdb');
      return canvas.toBuffer('image/png').toString('base64');
    });
    expect(new Set(drawn).size).toBe(LANDSCAPE_IDS.length);
  });

  it('draws the Coral Reef on its river space (SL-MER-2: a river space holds it with no terrain)', async () => {
    const withReef: GameState = corpusPosition(GAME, { afterRound: 2 });
    const owner = withReef.factionOrder[0]!;
    withReef.hexes = { ...withReef.hexes, r20: { terrain: null, building: null, owner, town: 0, landscape: 'reef' } };
    const image = await decodePng(await renderMap(withReef));
    const at = buildingAnchor(centreOf('r20'));
    expect(isColour(image.rgbAt({ x: at.x - hexRadius() * 0.42 * 0.85, y: at.y }), factionFill(withReef, owner))).toBe(
      true,
    );
  });
});
