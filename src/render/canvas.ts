import { createCanvas, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import { ensureFonts, font } from './fonts.ts';
import { encodePalettePng } from './png.ts';
import { PALETTE } from './theme.ts';

export function newCanvas(
  width: number,
  height: number,
  background: string = PALETTE.background,
): { canvas: Canvas; ctx: SKRSContext2D } {
  ensureFonts();
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = background;
  ctx.fillRect(0, 0, width, height);
  return { canvas, ctx };
}

/** Async so that callers keep working if encoding moves off the main thread. */
export async function toPng(canvas: Canvas): Promise<Buffer> {
  // Premultiplied pixels equal straight ones here: every image is painted on an opaque background.
  return encodePalettePng(canvas.data(), canvas.width, canvas.height);
}

export interface TextStyle {
  readonly size: number;
  readonly weight?: 400 | 600 | 700;
  readonly color?: string;
  readonly align?: CanvasTextAlign;
  readonly baseline?: CanvasTextBaseline;
}

export function text(ctx: SKRSContext2D, value: string, x: number, y: number, style: TextStyle): number {
  ctx.font = font(style.size, style.weight ?? 400);
  ctx.fillStyle = style.color ?? PALETTE.ink;
  ctx.textAlign = style.align ?? 'left';
  ctx.textBaseline = style.baseline ?? 'middle';
  ctx.fillText(value, x, y);
  return ctx.measureText(value).width;
}
