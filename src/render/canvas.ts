import { createCanvas, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import { ensureFonts, font } from './fonts.ts';
import { encodePalettePng } from './png.ts';
import { PALETTE } from './theme.ts';

/**
 * Canvases of each size drawn lately, newest last, reused. A map is a 4.7 MB surface the native side
 * allocates and V8 never learns the size of, so dead canvases waited for a garbage collection that the
 * small JS heap rarely needed: 60 maps and cult boards left a thread at 671 MB RSS (248 MB reused), and
 * allocating and clearing each surface cost as much time as drawing on it.
 */
const kept = new Map<string, { canvas: Canvas; ctx: SKRSContext2D }>();
/** Map, cult board and round panel of a map or two, plus a board or two of varying height. */
const KEPT_SIZES = 8;

/**
 * A canvas of this size painted all in `background`, with the context in its initial state. Drawing
 * on it must finish before the next `newCanvas` of the same size on this thread (every renderer draws
 * and encodes in one synchronous run).
 */
export function newCanvas(
  width: number,
  height: number,
  background: string = PALETTE.background,
): { canvas: Canvas; ctx: SKRSContext2D } {
  ensureFonts();
  const key = `${width}x${height}`;
  let made = kept.get(key);
  if (made) {
    kept.delete(key);
    // Back to the state saved when it was made (styles, transform, alpha, clip), with no path left over.
    made.ctx.restore();
    made.ctx.save();
    made.ctx.beginPath();
  } else {
    const canvas = createCanvas(width, height);
    made = { canvas, ctx: canvas.getContext('2d') };
    made.ctx.save();
    if (kept.size >= KEPT_SIZES) kept.delete(kept.keys().next().value!);
  }
  kept.set(key, made);
  const { canvas, ctx } = made;
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

/**
 * Text that must stay inside `maxWidth` (a faction's name in a legend slot; Spanish names run long): drawn
 * at `style.size` when it fits, else at the largest smaller size that fits, on two lines split at a space
 * when one line would have to shrink below four fifths, and never below `minSize` (cut with "…" then).
 * Lines are centred on `y`, or with `lastLineAt` the last one is (a second line grows upwards, away from what is
 * drawn below). Returns the width used.
 */
export function fittedText(
  ctx: SKRSContext2D,
  value: string,
  x: number,
  y: number,
  maxWidth: number,
  style: TextStyle & { readonly minSize?: number; readonly lastLineAt?: boolean },
): number {
  const weight = style.weight ?? 400;
  const minSize = style.minSize ?? Math.ceil(style.size * 0.6);
  const width = (s: string, size: number) => {
    ctx.font = font(size, weight);
    return ctx.measureText(s).width;
  };
  const draw = (lines: readonly string[], size: number) => {
    const lineHeight = size * 1.1;
    const top = y - ((lines.length - 1) * lineHeight) / (style.lastLineAt ? 1 : 2);
    lines.forEach((line, i) => text(ctx, line, x, top + i * lineHeight, { ...style, size }));
    return Math.max(...lines.map((l) => width(l, size)));
  };
  const oneLine = (size: number) => width(value, size) <= maxWidth;
  const split = twoLines(value);
  for (let size = style.size; size >= minSize; size--) {
    if (oneLine(size) && (size >= style.size * 0.8 || !split)) return draw([value], size);
    if (split && split.every((l) => width(l, size) <= maxWidth) && size < style.size * 0.8) return draw(split, size);
  }
  let cut = value;
  while (cut.length > 1 && width(`${cut}…`, minSize) > maxWidth) cut = cut.slice(0, -1);
  return draw([cut === value ? value : `${cut.trimEnd()}…`], minSize);
}

/** The split at a space that makes the longer of two lines shortest; null for a single word. */
function twoLines(value: string): [string, string] | null {
  let best: [string, string] | null = null;
  for (let i = value.indexOf(' '); i > 0; i = value.indexOf(' ', i + 1)) {
    const pair: [string, string] = [value.slice(0, i), value.slice(i + 1)];
    if (!best || Math.max(...pair.map((l) => l.length)) < Math.max(...best.map((l) => l.length))) best = pair;
  }
  return best;
}
