import { createCanvas, loadImage } from '@napi-rs/canvas';
import type { Point } from './layout.ts';
import { hexToRgb } from './theme.ts';

/** A decoded PNG whose pixels tests can read. */
export interface Decoded {
  readonly width: number;
  readonly height: number;
  rgbAt(p: Point): [number, number, number];
}

export async function decodePng(png: Buffer): Promise<Decoded> {
  const image = await loadImage(png);
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(image, 0, 0);
  const { data } = ctx.getImageData(0, 0, image.width, image.height);
  return {
    width: image.width,
    height: image.height,
    rgbAt: ({ x, y }) => {
      const i = (Math.round(y) * image.width + Math.round(x)) * 4;
      return [data[i]!, data[i + 1]!, data[i + 2]!];
    },
  };
}

export function isColour(actual: readonly number[], expected: string, tolerance = 3): boolean {
  return hexToRgb(expected).every((v, i) => Math.abs(v - actual[i]!) <= tolerance);
}
