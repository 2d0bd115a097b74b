import { describe, expect, it } from 'vitest';
import { decodePng } from './pixels.ts';
import { encodePalettePng } from './png.ts';

/**
 * 300 colours: rows 0-255 each have their own colour; rows 256-299 repeat row y - 256 except for three
 * pixels one step bluer, which makes those 44 colours the rare ones.
 */
function stripes(width: number): Uint8Array {
  const rgba = new Uint8Array(width * 300 * 4);
  for (let y = 0; y < 300; y++) {
    const k = y % 256;
    for (let x = 0; x < width; x++) rgba.set([k, 255 - k, y >= 256 && x < 3 ? 41 : 40, 255], (y * width + x) * 4);
  }
  return rgba;
}

describe('encodePalettePng', () => {
  it('keeps the 256 most frequent colours exact and maps the rest to their nearest', async () => {
    const width = 50;
    const image = await decodePng(encodePalettePng(stripes(width), width, 300));
    expect([image.width, image.height]).toEqual([width, 300]);
    for (let y = 0; y < 256; y++) expect(image.rgbAt({ x: 10, y })).toEqual([y, 255 - y, 40]);
    for (let y = 256; y < 300; y++) expect(image.rgbAt({ x: 0, y })).toEqual([y - 256, 255 - (y - 256), 40]);
  });

  it('encodes an image of one colour', async () => {
    const rgba = new Uint8Array(7 * 5 * 4).fill(200);
    const image = await decodePng(encodePalettePng(rgba, 7, 5));
    expect(image.rgbAt({ x: 6, y: 4 })).toEqual([200, 200, 200]);
  });
});
