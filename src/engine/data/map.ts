import type { Terrain } from './terrain.ts';
import { isTerrain } from './terrain.ts';

/**
 * The base game board as snellman writes it: colours row by row, `x` a river hex, `E` ends a row.
 * Land hexes are named by row letter and a column that counts land hexes only; rivers r0, r1, ... in
 * reading order.
 */
export const BASE_MAP_TERRAIN =
  'brown gray green blue yellow red brown black red green blue red black E ' +
  'yellow x x brown black x x yellow black x x yellow E ' +
  'x x black x gray x green x green x gray x x E ' +
  'green blue yellow x x red blue x red x red brown E ' +
  'black brown red blue black brown gray yellow x x green black blue E ' +
  'gray green x x yellow green x x x brown gray brown E ' +
  'x x x gray x red x green x yellow black blue yellow E ' +
  'yellow blue brown x x x blue black x gray brown gray E ' +
  'red black gray blue red green yellow brown gray x blue green red E';

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
  /** Shipping distance between land hexes: the number of river hexes crossed (1 = one river hex). */
  readonly riverDistance: ReadonlyMap<HexId, ReadonlyMap<HexId, number>>;
  /** Hex distance over any hexes (tunnelling, carpet flight): 1 = adjacent. */
  readonly landDistance: ReadonlyMap<HexId, ReadonlyMap<HexId, number>>;
  /** Pairs of land hexes a bridge may join. */
  readonly bridgeable: ReadonlyMap<HexId, ReadonlySet<HexId>>;
  readonly rowCount: number;
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
  return { hexes, landIds, riverIds, adjacent, adjacentList, riverDistance, landDistance, bridgeable, rowCount: row };
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

let baseMap: BoardMap | undefined;
export function getBaseMap(): BoardMap {
  baseMap ??= buildMap(BASE_MAP_TERRAIN);
  return baseMap;
}
