import { crc32, deflateSync } from 'node:zlib';

/**
 * Encodes opaque RGBA pixels as an 8-bit palette PNG. The images are flat colours plus anti-aliased
 * edges, so the 256 most frequent colours cover nearly every pixel exactly and the rest map to their
 * nearest neighbour. Compared with the canvas' own encoder this is about three times smaller and
 * several times faster.
 */
export function encodePalettePng(rgba: Uint8Array | Uint8ClampedArray, width: number, height: number): Buffer {
  const pixels = new Uint32Array(rgba.buffer, rgba.byteOffset, width * height);
  const { table, runs } = scanRuns(pixels, width, height);
  const palette = choosePalette(table);
  // Rows are runs of one colour, so each run is one native fill instead of a write per pixel.
  const raw = new Uint8Array((width + 1) * height);
  let o = 0;
  let r = 0;
  for (let y = 0; y < height; y++) {
    o++; // filter type 0
    const rowEnd = o + width;
    while (o < rowEnd) {
      const length = runs.lengths[r]!;
      const index = table.values[runs.slots[r++]!]!;
      if (length < 8) for (let k = 0; k < length; k++) raw[o + k] = index;
      else raw.fill(index, o, o + length);
      o += length;
    }
  }
  const plte = Buffer.allocUnsafe(palette.length * 3);
  palette.forEach((p, i) => {
    plte[i * 3] = p & 255;
    plte[i * 3 + 1] = (p >>> 8) & 255;
    plte[i * 3 + 2] = (p >>> 16) & 255;
  });
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 3; // indexed colour
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk('IHDR', header),
    chunk('PLTE', plte),
    chunk('IDAT', deflateSync(raw, { level: DEFLATE_LEVEL })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * Level 3: on these images as fast as level 1 and 7% smaller (a map 86 KB instead of 92 KB, 5-6 ms); level 6
 * saves another 13% for five times the time (34 ms a map, as much as drawing it). At that speed deflating
 * inline beats handing the buffer to the thread pool.
 */
const DEFLATE_LEVEL = 3;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.allocUnsafe(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** Open-addressing hash from colour to pixel count, later to palette index; typed arrays keep it fast. */
class ColourTable {
  readonly keys: Uint32Array;
  readonly used: Uint8Array;
  readonly values: Uint32Array;
  size = 0;

  constructor(readonly capacity: number) {
    this.keys = new Uint32Array(capacity);
    this.used = new Uint8Array(capacity);
    this.values = new Uint32Array(capacity);
  }

  slot(colour: number): number {
    let i = (Math.imul(colour, 0x9e3779b1) >>> 0) & (this.capacity - 1);
    while (this.used[i] && this.keys[i] !== colour) i = (i + 1) & (this.capacity - 1);
    return i;
  }

  add(colour: number, count: number): number {
    const i = this.slot(colour);
    if (!this.used[i]) {
      this.used[i] = 1;
      this.keys[i] = colour;
      this.size++;
    }
    this.values[i]! += count;
    return i;
  }
}

interface Runs {
  /** Where each run's colour sits in the colour table. */
  readonly slots: Uint32Array;
  readonly lengths: Uint32Array;
}

/** Runs of one colour within each row, and a table from colour to its pixel count. */
function scanRuns(pixels: Uint32Array, width: number, height: number): { table: ColourTable; runs: Runs } {
  let table = new ColourTable(1 << 14);
  let slots = new Uint32Array(1 << 16);
  let lengths = new Uint32Array(1 << 16);
  let count = 0;
  for (let y = 0; y < height; y++) {
    const rowEnd = (y + 1) * width;
    let i = y * width;
    while (i < rowEnd) {
      const colour = pixels[i]!;
      const start = i;
      while (++i < rowEnd && pixels[i] === colour);
      if (count === lengths.length) {
        slots = grown(slots);
        lengths = grown(lengths);
      }
      if (table.size * 2 >= table.capacity) {
        const old = table;
        table = grow(old, old.capacity * 2);
        for (let k = 0; k < count; k++) slots[k] = table.slot(old.keys[slots[k]!]!);
      }
      slots[count] = table.add(colour, i - start);
      lengths[count++] = i - start;
    }
  }
  return { table, runs: { slots, lengths } };
}

function grown(a: Uint32Array<ArrayBuffer>): Uint32Array<ArrayBuffer> {
  const b = new Uint32Array(a.length * 2);
  b.set(a);
  return b;
}

function grow(from: ColourTable, capacity: number): ColourTable {
  const to = new ColourTable(capacity);
  for (let i = 0; i < from.capacity; i++) if (from.used[i]) to.add(from.keys[i]!, from.values[i]!);
  return to;
}

/** Picks the 256 most frequent colours and rewrites the table's values to palette indices. */
function choosePalette(table: ColourTable): number[] {
  // Only colours above the 256th count can make the palette, so only those need sorting.
  const counts: number[] = [];
  for (let i = 0; i < table.capacity; i++) if (table.used[i]) counts.push(table.values[i]!);
  const cut = counts.length > 256 ? kthLargest(counts, 256) : 0;
  const top: number[] = [];
  const rest: number[] = [];
  for (let i = 0; i < table.capacity; i++) if (table.used[i]) (table.values[i]! >= cut ? top : rest).push(i);
  top.sort((a, b) => table.values[b]! - table.values[a]!);
  rest.push(...top.splice(256));
  const palette = top.map((i) => table.keys[i]!);
  top.forEach((slot, index) => (table.values[slot] = index));
  const nearest = new NearestColour(palette);
  for (const i of rest) table.values[i] = nearest.find(table.keys[i]!);
  return palette;
}

function kthLargest(values: number[], k: number): number {
  return Float64Array.from(values).sort()[values.length - k]!;
}

/**
 * Nearest palette colour by weighted RGB distance. The palette is searched outwards from the entry
 * closest in green, the heaviest channel, and the search stops once green alone is too far.
 */
class NearestColour {
  private readonly byGreen: { g: number; r: number; b: number; index: number }[];

  constructor(palette: readonly number[]) {
    this.byGreen = palette
      .map((p, index) => ({ r: p & 255, g: (p >>> 8) & 255, b: (p >>> 16) & 255, index }))
      .sort((a, b) => a.g - b.g);
  }

  find(colour: number): number {
    const r = colour & 255;
    const g = (colour >>> 8) & 255;
    const b = (colour >>> 16) & 255;
    const list = this.byGreen;
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (list[mid]!.g < g) lo = mid + 1;
      else hi = mid;
    }
    let best = 0;
    let bestDistance = Infinity;
    for (let up = lo, down = lo - 1; up < list.length || down >= 0;) {
      const dgUp = up < list.length ? list[up]!.g - g : Infinity;
      const dgDown = down >= 0 ? g - list[down]!.g : Infinity;
      const nextUp = dgUp <= dgDown;
      const dg = nextUp ? dgUp : dgDown;
      if (4 * dg * dg >= bestDistance) break;
      const p = list[nextUp ? up++ : down--]!;
      const dr = p.r - r;
      const db = p.b - b;
      const d = 2 * dr * dr + 4 * dg * dg + 3 * db * db;
      if (d < bestDistance) {
        bestDistance = d;
        best = p.index;
      }
    }
    return best;
  }
}
