import type { Terrain } from './terrain.ts';
import { isTerrain } from './terrain.ts';

import { mapData } from './maps.ts';

export type HexId = string;

export interface HexGeometry {
  readonly id: HexId;
  /** Board row (0 = top) and position within the row, counting rivers. Odd rows are shifted right. */
  readonly row: number;
  readonly col: number;
  readonly river: boolean;
  readonly terrain: Terrain | null;
}

export interface BoardMap {
  readonly hexes: ReadonlyMap<HexId, HexGeometry>;
  readonly landIds: readonly HexId[];
  readonly riverIds: readonly HexId[];
  readonly adjacent: ReadonlyMap<HexId, ReadonlySet<HexId>>;
  /** The same neighbours as arrays, for the hot paths that scan them. */
  readonly adjacentList: ReadonlyMap<HexId, readonly HexId[]>;
  /**
   * Shipping distance between land hexes: the number of river hexes crossed (1 = one river hex). Also
   * between a river hex and a land hex, counting the river hexes besides the first (0 = neighbours): the
   * distance from a structure standing on the river (the Coral Reef, SL-MER-3).
   */
  readonly riverDistance: ReadonlyMap<HexId, ReadonlyMap<HexId, number>>;
  /** Hex distance over any hexes (tunnelling, carpet flight): 1 = adjacent. */
  readonly landDistance: ReadonlyMap<HexId, ReadonlyMap<HexId, number>>;
  /** Pairs of land hexes a bridge may join. */
  readonly bridgeable: ReadonlyMap<HexId, ReadonlySet<HexId>>;
  /**
   * Land hexes on the edge of the map: in its first or last row, or first or last in their row
   * counting river hexes (so a land hex beside a river hex at the end of a row is not one).
   */
  readonly edge: ReadonlySet<HexId>;
  readonly rowCount: number;
  /** The row letters that hold hexes, top to bottom ("A".."I", or "B".."J" below an empty first row). */
  readonly rowLabels: readonly string[];
}

const ROW_LABELS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

export function buildMap(terrain: string): BoardMap {
  const tokens = terrain.trim().split(/\s+/);
  const hexes = new Map<HexId, HexGeometry>();
  const at = new Map<string, HexId>();
  const key = (r: number, c: number) => `${r},${c}`;
  let row = 0;
  let col = 0;
  let landCol = 1;
  let river = 0;
  for (const t of tokens) {
    if (t === 'E') {
      row++;
      col = 0;
      landCol = 1;
      continue;
    }
    const id = t === 'x' ? `r${river++}` : `${ROW_LABELS[row]}${landCol++}`;
    if (t !== 'x' && !isTerrain(t)) throw new Error(`unknown terrain ${t} in map`);
    hexes.set(id, { id, row, col, river: t === 'x', terrain: t === 'x' ? null : (t as Terrain) });
    at.set(key(row, col), id);
    col++;
  }

  const adjacent = new Map<HexId, Set<HexId>>();
  for (const h of hexes.values()) {
    const set = new Set<HexId>();
    const add = (r: number, c: number) => {
      const other = at.get(key(r, c));
      if (other) set.add(other);
    };
    add(h.row, h.col + 1);
    add(h.row, h.col - 1);
    const c = h.row % 2 === 0 ? h.col - 1 : h.col;
    add(h.row - 1, c);
    add(h.row - 1, c + 1);
    add(h.row + 1, c);
    add(h.row + 1, c + 1);
    adjacent.set(h.id, set);
  }

  const landIds = [...hexes.values()].filter((h) => !h.river).map((h) => h.id);
  const riverIds = [...hexes.values()].filter((h) => h.river).map((h) => h.id);

  const landDistance = new Map<HexId, Map<HexId, number>>();
  const riverDistance = new Map<HexId, Map<HexId, number>>();
  for (const from of landIds) {
    landDistance.set(from, bfs(from, adjacent, 5, false));
    riverDistance.set(from, bfs(from, adjacent, 7, true));
  }
  for (const from of riverIds) {
    const dist = fromRiver(from, adjacent, 7);
    riverDistance.set(from, dist);
    for (const [land, d] of dist) riverDistance.get(land)!.set(from, d);
  }

  const bridgeable = new Map<HexId, Set<HexId>>();
  const recordBridge = (a: HexId, b: HexId | undefined) => {
    if (!b || hexes.get(b)!.river) return;
    if (riverDistance.get(a)?.get(b) !== 1) return;
    if (!bridgeable.has(a)) bridgeable.set(a, new Set());
    if (!bridgeable.has(b)) bridgeable.set(b, new Set());
    bridgeable.get(a)!.add(b);
    bridgeable.get(b)!.add(a);
  };
  const isRiver = (id: HexId | undefined) => id !== undefined && hexes.get(id)!.river;
  for (const h of hexes.values()) {
    if (h.river) continue;
    const offset = h.col - (h.row % 2 === 0 ? 1 : 0);
    const sw = at.get(key(h.row + 1, offset));
    const se = at.get(key(h.row + 1, offset + 1));
    if ((isRiver(sw) && isRiver(se)) || (isRiver(sw) && !se) || (isRiver(se) && !sw)) {
      recordBridge(h.id, at.get(key(h.row + 2, h.col)));
    }
    if (isRiver(at.get(key(h.row, h.col - 1))) && isRiver(sw)) {
      recordBridge(h.id, at.get(key(h.row + 1, offset - 1)));
    }
    if (isRiver(at.get(key(h.row, h.col + 1))) && isRiver(se)) {
      recordBridge(h.id, at.get(key(h.row + 1, offset + 2)));
    }
  }

  const adjacentList = new Map([...adjacent].map(([k, v]) => [k, [...v]] as const));
  const filled = [...new Set([...hexes.values()].map((h) => h.row))].sort((a, b) => a - b);
  const edge = new Set<HexId>();
  for (const h of hexes.values()) {
    if (h.river) continue;
    const inRow = [...hexes.values()].filter((x) => x.row === h.row).map((x) => x.col);
    if (h.row === filled[0] || h.row === filled[filled.length - 1] || h.col === Math.min(...inRow) || h.col === Math.max(...inRow))
      edge.add(h.id);
  }
  return {
    hexes,
    landIds,
    riverIds,
    adjacent,
    adjacentList,
    riverDistance,
    landDistance,
    bridgeable,
    edge,
    rowCount: row,
    rowLabels: filled.map((r) => ROW_LABELS[r]!),
  };
}

/**
 * The spaces across a corner of `hex` (docs/rulings.md SL-ENG-1): at each corner `hex` meets two
 * neighbours A and B; the edge they share leads to the space C beyond it, C sharing exactly those two
 * neighbours with `hex`. Only land spaces, the ends a bridge may have; A and B may be anything.
 */
export function acrossCorners(map: BoardMap, hex: HexId): HexId[] {
  const around = map.adjacent.get(hex);
  if (!around) return [];
  const out = new Set<HexId>();
  for (const a of around) {
    for (const c of map.adjacent.get(a)!) {
      if (c === hex || around.has(c) || map.hexes.get(c)!.river) continue;
      let shared = 0;
      for (const b of map.adjacent.get(c)!) if (around.has(b)) shared++;
      if (shared === 2) out.add(c);
    }
  }
  return [...out];
}

/**
 * Hexes between two hexes of the board, counting river hexes as hexes: 0 for the same hex, 1 for
 * neighbours (the measure of the Fire & Ice distance scorings; bridges change nothing).
 */
export function hexDistance(a: HexGeometry, b: HexGeometry): number {
  const rows = Math.abs(a.row - b.row);
  // Columns in half-hex steps: odd rows sit half a hex to the right.
  const halfCols = Math.abs(2 * a.col + (a.row % 2) - (2 * b.col + (b.row % 2)));
  return halfCols < rows ? rows : (rows + halfCols) / 2;
}

/**
 * Distances from a land hex. Over land every step counts; by river only river hexes may be passed
 * through, and the distance is the number of river hexes crossed before landing.
 */
function bfs(from: HexId, adjacent: Map<HexId, Set<HexId>>, max: number, riverOnly: boolean) {
  const dist = new Map<HexId, number>();
  dist.set(from, -1);
  for (let range = 0; range <= max; range++) {
    for (const [hex, d] of [...dist]) {
      if (d !== range - 1) continue;
      if (riverOnly && range !== 0 && !hex.startsWith('r')) continue;
      for (const adj of adjacent.get(hex)!) {
        if (riverOnly && range === 0 && !adj.startsWith('r')) continue;
        if (!dist.has(adj)) dist.set(adj, range);
      }
    }
  }
  dist.delete(from);
  const out = new Map<HexId, number>();
  // Land distances are counted from 0 for adjacent hexes in this search; shift so adjacent = 1.
  for (const [k, v] of dist) if (!k.startsWith('r')) out.set(k, riverOnly ? v : v + 1);
  return out;
}

/** Land hexes by the river hexes passed after leaving `from`, a river hex: its own land neighbours are at 0. */
function fromRiver(from: HexId, adjacent: Map<HexId, Set<HexId>>, max: number): Map<HexId, number> {
  const out = new Map<HexId, number>();
  const seen = new Set([from]);
  let rivers = [from];
  for (let d = 0; d <= max && rivers.length; d++) {
    const next: HexId[] = [];
    for (const r of rivers) {
      for (const adj of adjacent.get(r)!) {
        if (!adj.startsWith('r')) {
          if (!out.has(adj)) out.set(adj, d);
        } else if (!seen.has(adj)) {
          seen.add(adj);
          next.push(adj);
        }
      }
    }
    rivers = next;
  }
  return out;
}

const boards = new Map<string, BoardMap>();

/** The board a game is played on. */
export function mapOf(state: { readonly map: string }): BoardMap {
  return boardOf(state.map);
}

/** The board of a map in the registry (data/maps.ts), built once. */
export function boardOf(mapId: string): BoardMap {
  let board = boards.get(mapId);
  if (!board) boards.set(mapId, (board = buildMap(mapData(mapId).terrain)));
  return board;
}
