import { describe, expect, it } from 'vitest';
import { boardOf, MAPS, ORIGINAL_MAP_ID } from '../engine/index.ts';
import {
  CULT_GEOMETRY,
  cultBoardSize,
  cultColumn,
  cultLevelY,
  cultMarkerCentre,
  gridCells,
  gridHeight,
  hexCentre,
  hexCorners,
  hexRadius,
  MAP_GEOMETRY,
  mapFrame,
  priestSlotCentre,
} from './layout.ts';

const distance = (a: { x: number; y: number }, b: { x: number; y: number }) => Math.hypot(a.x - b.x, a.y - b.y);

describe('map geometry', () => {
  it('puts the first hex one margin and half a hex from the corner', () => {
    expect(hexCentre(0, 0)).toEqual({
      x: MAP_GEOMETRY.margin + MAP_GEOMETRY.hexWidth / 2,
      y: MAP_GEOMETRY.margin + hexRadius(),
    });
  });

  it('shifts odd rows right by half a hex and spaces rows 1.5 radii apart', () => {
    const a = hexCentre(0, 3);
    const b = hexCentre(1, 3);
    expect(b.x - a.x).toBeCloseTo(MAP_GEOMETRY.hexWidth / 2);
    expect(b.y - a.y).toBeCloseTo(1.5 * hexRadius());
  });

  it('places every pair of adjacent board hexes exactly one hex width apart, and no others', () => {
    const board = boardOf(ORIGINAL_MAP_ID);
    const centre = (id: string) => {
      const h = board.hexes.get(id)!;
      return hexCentre(h.row, h.col);
    };
    for (const [id, neighbours] of board.adjacent) {
      for (const other of board.hexes.keys()) {
        if (other === id) continue;
        const d = distance(centre(id), centre(other));
        if (neighbours.has(other)) expect(d).toBeCloseTo(MAP_GEOMETRY.hexWidth);
        else expect(d).toBeGreaterThan(MAP_GEOMETRY.hexWidth * 1.5);
      }
    }
  });

  it('gives six corners on the circumcircle, the first straight above the centre', () => {
    const c = { x: 100, y: 50 };
    const corners = hexCorners(c, 40);
    expect(corners).toHaveLength(6);
    for (const p of corners) expect(distance(p, c)).toBeCloseTo(40);
    expect(corners[0]!.x).toBeCloseTo(100);
    expect(corners[0]!.y).toBeCloseTo(10);
  });

  it('sizes the base map about 1300 px wide with every hex inside', () => {
    const hexes = [...boardOf(ORIGINAL_MAP_ID).hexes.values()];
    const size = mapFrame(hexes);
    expect(size.width).toBe(1296);
    for (const h of hexes) {
      const c = size.centre(h.row, h.col);
      expect(c).toEqual(hexCentre(h.row, h.col));
      expect(c.x + MAP_GEOMETRY.hexWidth / 2).toBeLessThanOrEqual(size.width - MAP_GEOMETRY.margin + 1e-9);
      expect(c.y + hexRadius()).toBeLessThanOrEqual(size.boardBottom);
    }
    expect(size.height).toBe(Math.round(size.boardBottom + MAP_GEOMETRY.legendHeight));
  });
});

describe('every map', () => {
  it.each(MAPS.map((m) => [m.key, m.id]))(
    '%s: starts one margin below the top with its first row, neighbours one hex width apart',
    (_, id) => {
      const board = boardOf(id);
      const frame = mapFrame(board.hexes.values());
      const centre = (hex: string) => {
        const h = board.hexes.get(hex)!;
        return frame.centre(h.row, h.col);
      };
      const tops = [...board.hexes.values()].map((h) => frame.centre(h.row, h.col).y - hexRadius());
      // Fire & Ice side 1 and Loon Lakes have no row A: no empty band above their first row.
      expect(Math.min(...tops)).toBeCloseTo(MAP_GEOMETRY.margin);
      const bottoms = [...board.hexes.values()].map((h) => frame.centre(h.row, h.col).y + hexRadius());
      expect(frame.boardBottom - Math.max(...bottoms)).toBeCloseTo(MAP_GEOMETRY.margin);
      for (const [hex, neighbours] of board.adjacent)
        for (const other of neighbours) expect(distance(centre(hex), centre(other))).toBeCloseTo(MAP_GEOMETRY.hexWidth);
    },
  );
});

describe('cult board geometry', () => {
  it('stacks levels upwards: level 10 at the top, one row apart', () => {
    expect(cultLevelY(10)).toBeLessThan(cultLevelY(0));
    expect(cultLevelY(4) - cultLevelY(5)).toBe(CULT_GEOMETRY.rowHeight);
  });

  it('centres the markers sharing a level and keeps five of them inside the column', () => {
    const col = cultColumn(2);
    const one = cultMarkerCentre(2, 7, 0, 1);
    expect(one.x).toBe(col.x + col.width / 2);
    expect(one.y).toBe(cultLevelY(7));
    const five = Array.from({ length: 5 }, (_, i) => cultMarkerCentre(2, 7, i, 5));
    for (let i = 1; i < 5; i++)
      expect(five[i]!.x - five[i - 1]!.x).toBeGreaterThanOrEqual(2 * CULT_GEOMETRY.markerRadius);
    expect(five[0]!.x - CULT_GEOMETRY.markerRadius).toBeGreaterThan(col.x);
    expect(five[4]!.x + CULT_GEOMETRY.markerRadius).toBeLessThan(col.x + col.width);
    expect((five[0]!.x + five[4]!.x) / 2).toBeCloseTo(one.x);
  });

  it('puts four priest slots under each track, left to right, inside the image', () => {
    const size = cultBoardSize();
    for (let c = 0; c < 4; c++) {
      const col = cultColumn(c);
      const slots = [0, 1, 2, 3].map((s) => priestSlotCentre(c, s));
      for (const s of slots) {
        expect(s.y).toBeGreaterThan(col.y + col.height);
        expect(s.x).toBeGreaterThan(col.x);
        expect(s.x).toBeLessThan(col.x + col.width);
        expect(s.y + CULT_GEOMETRY.slotSize / 2).toBeLessThanOrEqual(size.legendTop);
      }
      expect(slots.map((s) => s.x)).toEqual([...slots.map((s) => s.x)].sort((a, b) => a - b));
    }
    expect(cultColumn(3).x + cultColumn(3).width).toBeLessThan(size.width);
  });
});

describe('grid cells', () => {
  it('fills a region row by row without overlap', () => {
    const region = { x: 10, y: 20, width: 290, height: 999 };
    const cells = gridCells(region, 7, 3, 50, 10);
    expect(cells).toHaveLength(7);
    expect(cells[0]).toEqual({ x: 10, y: 20, width: 90, height: 50 });
    expect(cells[2]!.x + cells[2]!.width).toBeCloseTo(300);
    expect(cells[3]).toEqual({ x: 10, y: 80, width: 90, height: 50 });
    expect(gridHeight(7, 3, 50, 10)).toBe(170);
    expect(gridHeight(0, 3, 50, 10)).toBe(0);
  });
});
