/**
 * Pure geometry for every image: where hexes, cult markers, priest slots and panel cells go. Drawing
 * code and tests share these functions, so a pixel test can look exactly where something was drawn.
 */

export interface Point {
  readonly x: number;
  readonly y: number;
}

export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export interface Size {
  readonly width: number;
  readonly height: number;
}

/** Pointy-top hexes, as on the printed board: rows are 1.5 radii apart and odd rows shift half a hex right. */
export const MAP_GEOMETRY = {
  hexWidth: 96,
  margin: 24,
  legendHeight: 92,
  /** The row naming the special landscapes on the map, under the legend, when there are any. */
  landscapeRowHeight: 56,
} as const;

export type MapGeometry = typeof MAP_GEOMETRY;

export function hexRadius(g: MapGeometry = MAP_GEOMETRY): number {
  return g.hexWidth / Math.sqrt(3);
}

/** A hex's centre in a picture whose top row is `firstRow` (a row keeps its half-hex shift wherever it is drawn). */
export function hexCentre(row: number, col: number, g: MapGeometry = MAP_GEOMETRY, firstRow = 0): Point {
  const r = hexRadius(g);
  return {
    x: g.margin + g.hexWidth / 2 + col * g.hexWidth + (row % 2 === 1 ? g.hexWidth / 2 : 0),
    y: g.margin + r + (row - firstRow) * 1.5 * r,
  };
}

/** Corners clockwise from the top one. */
export function hexCorners(centre: Point, radius: number): Point[] {
  return Array.from({ length: 6 }, (_, i) => {
    const a = (Math.PI / 180) * (-90 + 60 * i);
    return { x: centre.x + radius * Math.cos(a), y: centre.y + radius * Math.sin(a) };
  });
}

/** Buildings sit a little above the centre, leaving the bottom of the hex to its label. */
export function buildingAnchor(centre: Point, g: MapGeometry = MAP_GEOMETRY): Point {
  return { x: centre.x, y: centre.y - hexRadius(g) * 0.12 };
}

/**
 * A hex's label: big in the middle of an empty hex, smaller under what stands on it. The pictures are read
 * on phones about 400 px wide, a third of their size: the middle label is then about 9 px high.
 */
export const HEX_LABEL = { empty: 29, occupied: 23 } as const;

export function hexLabelAnchor(centre: Point, occupied: boolean, g: MapGeometry = MAP_GEOMETRY): Point {
  return { x: centre.x, y: centre.y + (occupied ? hexRadius(g) * 0.64 : 2) };
}

/** A point of an empty hex that only its terrain's fill covers: beside the middle label. */
export function hexFillPoint(centre: Point, g: MapGeometry = MAP_GEOMETRY): Point {
  return { x: centre.x - hexRadius(g) * 0.62, y: centre.y };
}

export function terrainSymbolAnchor(centre: Point, g: MapGeometry = MAP_GEOMETRY): Point {
  return { x: centre.x, y: centre.y - hexRadius(g) * 0.68 };
}

/** The map picture: the board area holding its hexes, the legend strip under it, and where each hex goes. */
export interface MapFrame extends Size {
  readonly boardBottom: number;
  /** Where the row of special landscapes starts (the picture's height when it has none). */
  readonly landscapeRowTop: number;
  centre(row: number, col: number): Point;
}

/**
 * The frame of a map's hexes (row/col positions). It starts at the first row the map uses: the Fire & Ice
 * side 1 and Loon Lakes boards have no row A, which would otherwise be an empty band over the board.
 */
export function mapFrame(
  hexes: Iterable<{ row: number; col: number }>,
  g: MapGeometry = MAP_GEOMETRY,
  landscapeRow = false,
): MapFrame {
  let right = 0;
  let top = Infinity;
  let bottom = 0;
  for (const h of hexes) {
    right = Math.max(right, h.col + 1 + (h.row % 2 === 1 ? 0.5 : 0));
    top = Math.min(top, h.row);
    bottom = Math.max(bottom, h.row);
  }
  const firstRow = Number.isFinite(top) ? top : 0;
  const boardBottom = hexCentre(bottom, 0, g, firstRow).y + hexRadius(g) + g.margin;
  const landscapeRowTop = Math.round(boardBottom + g.legendHeight);
  return {
    width: Math.round(2 * g.margin + right * g.hexWidth),
    height: landscapeRowTop + (landscapeRow ? g.landscapeRowHeight : 0),
    boardBottom,
    landscapeRowTop,
    centre: (row, col) => hexCentre(row, col, g, firstRow),
  };
}

/** The legend under the map: the phase title, then a slot per faction (at least four to the width). */
export const MAP_LEGEND = { title: 190, minSlots: 4 } as const;

/** A faction's place in the map legend: where its slot starts, its width, and the strip's middle line. */
export function mapLegendSlot(frame: MapFrame, index: number, count: number, g: MapGeometry = MAP_GEOMETRY) {
  const width = (frame.width - 2 * g.margin - MAP_LEGEND.title) / Math.max(MAP_LEGEND.minSlots, count);
  return {
    x: g.margin + MAP_LEGEND.title + index * width,
    width,
    mid: frame.boardBottom + (g.legendHeight - g.margin) / 2,
  };
}

/** The i-th of `count` special landscapes named under the legend: its token's centre and where its name starts. */
export function landscapeLegendSlot(frame: MapFrame, index: number, count: number, g: MapGeometry = MAP_GEOMETRY) {
  const width = (frame.width - 2 * g.margin) / Math.max(3, count);
  const x = g.margin + index * width;
  const mid = frame.landscapeRowTop + (g.landscapeRowHeight - g.margin / 2) / 2;
  return { token: { x: x + 20, y: mid }, tokenRadius: 19, nameX: x + 48, nameWidth: width - 56, mid };
}

/** Where the legend's badge of an ice or volcano faction's picked land colour sits: at its dwelling's corner. */
export function landBadgeCentre(slot: { x: number; mid: number }): Point {
  return { x: slot.x + 45, y: slot.mid + 13 };
}

/** Four columns (fire, water, earth, air) of eleven levels, 10 at the top, and four priest slots under each. */
export const CULT_GEOMETRY = {
  margin: 20,
  axisWidth: 84,
  columnWidth: 204,
  gap: 8,
  headerHeight: 76,
  rowHeight: 50,
  markerRadius: 17,
  markerSpacing: 37,
  slotGap: 18,
  slotSize: 44,
  legendHeight: 64,
} as const;

export type CultGeometry = typeof CULT_GEOMETRY;

export const CULT_LEVELS = 11;

export function cultColumn(index: number, g: CultGeometry = CULT_GEOMETRY): Rect {
  return {
    x: g.margin + g.axisWidth + index * (g.columnWidth + g.gap),
    y: g.margin,
    width: g.columnWidth,
    height: g.headerHeight + CULT_LEVELS * g.rowHeight,
  };
}

export function cultLevelY(level: number, g: CultGeometry = CULT_GEOMETRY): number {
  return g.margin + g.headerHeight + (10 - level + 0.5) * g.rowHeight;
}

/** Markers sharing a level sit side by side, centred in the column. */
export function cultMarkerCentre(
  column: number,
  level: number,
  index: number,
  count: number,
  g: CultGeometry = CULT_GEOMETRY,
): Point {
  const col = cultColumn(column, g);
  return { x: col.x + col.width / 2 + (index - (count - 1) / 2) * g.markerSpacing, y: cultLevelY(level, g) };
}

export function priestSlotCentre(column: number, slot: number, g: CultGeometry = CULT_GEOMETRY): Point {
  const col = cultColumn(column, g);
  const pitch = col.width / 4;
  return { x: col.x + pitch * (slot + 0.5), y: col.y + col.height + g.slotGap + g.slotSize / 2 };
}

export function cultBoardSize(g: CultGeometry = CULT_GEOMETRY): Size & { legendTop: number } {
  const last = cultColumn(3, g);
  const legendTop = last.y + last.height + 2 * g.slotGap + g.slotSize;
  return { width: last.x + last.width + g.margin, height: legendTop + g.legendHeight, legendTop };
}

/** Splits a region into `count` equal cells, `columns` to a row, `gap` apart. */
export function gridCells(region: Rect, count: number, columns: number, cellHeight: number, gap: number): Rect[] {
  const width = (region.width - gap * (columns - 1)) / columns;
  return Array.from({ length: count }, (_, i) => ({
    x: region.x + (i % columns) * (width + gap),
    y: region.y + Math.floor(i / columns) * (cellHeight + gap),
    width,
    height: cellHeight,
  }));
}

/** Height of `count` cells laid out by gridCells. */
export function gridHeight(count: number, columns: number, cellHeight: number, gap: number): number {
  const rows = Math.ceil(count / columns);
  return rows === 0 ? 0 : rows * cellHeight + (rows - 1) * gap;
}
