/**
 * The maps terra.snellman.net offers, by its map id (shared/maps/maps.json). A map is its terrain:
 * colours row by row, `x` a river hex, each row ended by `E`; an empty first row (Fire & Ice side 1,
 * Loon Lakes) shifts the labels to start at B. The id is the SHA-1 of the terrain string, with
 * " <variant>" appended for a starting-VP variant (test/engine/maps.test.ts checks every id).
 */

import type { FactionId } from './faction-types.ts';
import { ORIGINAL_2017_STARTING_VP } from './starting-vp.ts';

export interface MapData {
  readonly id: string;
  /** The name snellman shows. */
  readonly name: string;
  /** A short stable name (message keys, command choices). */
  readonly key: string;
  readonly terrain: string;
  /** Starting VP by faction where the map sets them (snellman's "[2017 vp]"); 20 otherwise. */
  readonly startingVp?: Readonly<Record<FactionId, number>>;
  /** On snellman's new-game page; the playtest maps only come with old records. */
  readonly offered: boolean;
}

/** A terrain string from its rows (an empty string is an empty row). */
function rows(...lines: string[]): string {
  return lines.map((l) => (l ? `${l} E` : 'E')).join(' ');
}

const ORIGINAL_TERRAIN = rows(
  'brown gray green blue yellow red brown black red green blue red black',
  'yellow x x brown black x x yellow black x x yellow',
  'x x black x gray x green x green x gray x x',
  'green blue yellow x x red blue x red x red brown',
  'black brown red blue black brown gray yellow x x green black blue',
  'gray green x x yellow green x x x brown gray brown',
  'x x x gray x red x green x yellow black blue yellow',
  'yellow blue brown x x x blue black x gray brown gray',
  'red black gray blue red green yellow brown gray x blue green red',
);

export const ORIGINAL_MAP_ID = '126fe960806d587c78546b30f1a90853b1ada468';

export const MAPS: readonly MapData[] = [
  { id: ORIGINAL_MAP_ID, name: 'Original',
    key: 'original', terrain: ORIGINAL_TERRAIN, offered: true },
  {
    id: '91645cdb135773c2a7a50e5ca9cb18af54c664c4',
    name: 'Original [2017 vp]',
    key: 'original-2017',
    terrain: ORIGINAL_TERRAIN,
    startingVp: ORIGINAL_2017_STARTING_VP,
    offered: true,
  },
  {
    id: '95a66999127893f5925a5f591d54f8bcb9a670e6',
    name: 'Fire & Ice, Side 1',
    key: 'fire-and-ice-1',
    terrain: rows(
      '',
      'brown x brown black yellow x gray green red blue yellow blue',
      'red yellow x blue gray red x x x yellow brown black gray',
      'green black x x x brown green yellow x x x x',
      'yellow gray green yellow black x blue red brown x green blue green',
      'x x brown x x red black green gray x brown black',
      'green red x x green x x x brown blue x gray red',
      'gray x yellow gray blue red green x red gray x black',
      'black blue x black brown gray blue x yellow black x red blue',
      'gray green x red yellow black yellow x blue brown x brown',
    ),
    offered: true,
  },
  {
    id: 'be8f6ebf549404d015547152d5f2a1906ae8dd90',
    name: 'Fire & Ice, Side 2',
    key: 'fire-and-ice-2',
    terrain: rows(
      'brown gray green blue brown red brown black red blue green red black',
      'yellow x x yellow black x x yellow green x x yellow',
      'x x black x gray x green x black x red x x',
      'green blue yellow x x red blue x red x gray brown',
      'black brown red blue yellow brown green yellow x x green black red',
      'gray green x x black gray x x x brown gray yellow',
      'x x x gray x red x green x yellow black blue brown',
      'yellow blue brown x x x blue black x gray brown red',
      'blue black gray blue red green yellow brown gray x blue green gray',
    ),
    offered: true,
  },
  {
    id: 'fdb13a13cd48b7a3c3525f27e4628ff6905aa5b1',
    name: 'Loon Lakes v1.6',
    key: 'loon-lakes',
    terrain: rows(
      '',
      'gray blue red brown yellow blue yellow red x x green blue',
      'yellow black green x x black brown x green gray x brown black',
      'brown x x green red gray x black blue red x yellow',
      'blue red gray x yellow brown green x x yellow x black red',
      'green yellow x black blue x x red x gray green brown',
      'gray x brown gray x yellow x gray x brown black blue red',
      'red x x x red green brown black yellow x x gray',
      'yellow blue black x blue gray blue x x gray green x blue',
      'black brown x green x x x green red brown yellow black',
    ),
    offered: true,
  },
  {
    id: '2afadc63f4d81e850b7c16fb21a1dcd29658c392',
    name: 'Fjords v2.1',
    key: 'fjords',
    terrain: rows(
      'green black x brown yellow gray black gray yellow red black blue yellow',
      'blue brown x blue green red x x x x x brown',
      'gray green red x x brown x black gray brown yellow x gray',
      'x x x gray x x green red blue green red x',
      'red gray yellow x blue red x brown yellow gray brown x black',
      'black brown x green yellow green x gray blue green x gray',
      'yellow blue x black gray black blue x brown black x green red',
      'green x brown red brown yellow red x x x red blue',
      'black x x green blue gray blue x green yellow black brown yellow',
    ),
    offered: true,
  },
  {
    id: 'b8a54c8e8ea3f50867297da35be5c01b9a6791d2',
    name: 'Loon Lakes v1.3 (playtest)',
    key: 'loon-lakes-playtest',
    terrain: rows(
      '',
      'green gray red green brown blue brown red x x green blue',
      'yellow black blue x x black yellow x green gray x black brown',
      'brown x x green red gray x black blue red x yellow',
      'blue red gray x yellow brown green x x yellow x red black',
      'green yellow x black blue x x red x blue gray brown',
      'gray x brown gray x yellow x gray x brown black green red',
      'red x x x red blue green black yellow x x blue',
      'yellow blue black x green gray brown x x gray green x gray',
      'black brown x blue x x x yellow red brown yellow black',
    ),
    offered: false,
  },
  {
    id: '224736500d20520f195970eb0fd4c41df040c08c',
    name: 'Fjords v1.0 (playtest)',
    key: 'fjords-playtest',
    terrain: rows(
      'green black x brown yellow gray black green yellow red blue red yellow',
      'blue brown x blue green red x x x x x brown',
      'gray green red x x brown x black gray brown yellow x gray',
      'x x x gray x x green red black blue green x',
      'red gray yellow x blue red x brown yellow gray brown x black',
      'black brown x green yellow green x gray blue green x red',
      'yellow blue x black gray black blue x brown black x green gray',
      'green x brown red brown yellow red x x x red blue',
      'black x x green blue gray blue x gray yellow brown black yellow',
    ),
    offered: false,
  },
];

const BY_ID: ReadonlyMap<string, MapData> = new Map(MAPS.map((m) => [m.id, m]));

export function isMapId(id: string): boolean {
  return BY_ID.has(id);
}

export function mapData(id: string): MapData {
  const m = BY_ID.get(id);
  if (!m) throw new Error(`unknown map ${id}`);
  return m;
}
