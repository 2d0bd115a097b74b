import { promisify } from 'node:util';
import { crc32, deflate } from 'node:zlib';

const deflateAsync = promisify(deflate);

/**
 * Encodes opaque RGBA pixels as an 8-bit palette PNG. The images are flat colours plus anti-aliased
 * edges, so the 256 most frequent colours cover nearly every pixel exactly and the rest map to their
 * nearest neighbour. Compared with the canvas' own encoder this is about three times smaller and
 * several times faster.
 */
export async function encodePalettePng(rgba: Uint8Array | Uint8ClampedArray, width: number, height: number): Promise<Buffer> {
  const pixels = new Uint32Array(rgba.buffer, rgba.byteOffset, width * height);
  const table = countColours(pixels);
  const palette = choosePalette(table);
  const raw = Buffer.allocUnsafe((width + 1) * height);
  let o = 0;
  let last = -1;
  let lastIndex = 0;
  for (let y = 0; y < height; y++) {
    raw[o++] = 0;
    const row = y * width;
    for (let x = 0; x < width; x++) {
      const p = pixels[row + x]!;
      if (p !== last) {
        last = p;
        lastIndex = table.indexOf(p);
      }
      raw[o++] = lastIndex;
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
    chunk('IDAT', await deflateAsync(raw, { level: 6 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

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
    let i = Math.imul(colour, 0x9e3779b1) >>> 0 & (this.capacity - 1);
    while (this.used[i] && this.keys[i] !== colour) i = (i + 1) & (this.capacity - 1);
    return i;
  }

  add(colour: number, count: number): void {
    const i = this.slot(colour);
    if (!this.used[i]) {
      this.used[i] = 1;
      this.keys[i] = colour;
      this.size++;
    }
    this.values[i]! += count;
  }

  indexOf(colour: number): number {
    return this.values[this.slot(colour)]!;
  }
}

function countColours(pixels: Uint32Array): ColourTable {
  // Runs of one colour are the norm, so the table is touched once per run.
  let capacity = 1 << 12;
  let table = new ColourTable(capacity);
  let last = pixels[0]!;
  let run = 0;
  const flush = () => {
    if (table.size * 2 >= capacity) table = grow(table, (capacity *= 2));
    table.add(last, run);
  };
  for (let i = 0; i < pixels.length; i++) {
    const p = pixels[i]!;
    if (p === last) {
      run++;
      continue;
    }
    flush();
    last = p;
    run = 1;
  }
  flush();
  return table;
}

function grow(from: ColourTable, capacity: number): ColourTable {
  const to = new ColourTable(capacity);
  for (let i = 0; i < from.capacity; i++) if (from.used[i]) to.add(from.keys[i]!, from.values[i]!);
  return to;
}

/** Picks the 256 most frequent colours and rewrites the table's values to palette indices. */
function choosePalette(table: ColourTable): number[] {
  const slots: number[] = [];
  for (let i = 0; i < table.capacity; i++) if (table.used[i]) slots.push(i);
  slots.sort((a, b) => table.values[b]! - table.values[a]!);
  const palette = slots.slice(0, 256).map((i) => table.keys[i]!);
  palette.forEach((_, index) => (table.values[slots[index]!] = index));
  for (const i of slots.slice(256)) table.values[i] = nearest(palette, table.keys[i]!);
  return palette;
}

function nearest(palette: readonly number[], colour: number): number {
  const r = colour & 255;
  const g = (colour >>> 8) & 255;
  const b = (colour >>> 16) & 255;
  let best = 0;
  let bestDistance = Infinity;
  for (let i = 0; i < palette.length; i++) {
    const p = palette[i]!;
    const dr = (p & 255) - r;
    const dg = ((p >>> 8) & 255) - g;
    const db = ((p >>> 16) & 255) - b;
    const d = 2 * dr * dr + 4 * dg * dg + 3 * db * db;
    if (d < bestDistance) {
      bestDistance = d;
      best = i;
    }
  }
  return best;
}
