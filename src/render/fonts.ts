import { createRequire } from 'node:module';
import { GlobalFonts } from '@napi-rs/canvas';

/**
 * Text is drawn with Inter shipped through npm, so images look the same on every machine: unknown
 * system families fall back silently, and a host without fonts would draw no text at all.
 */
export const FONT_FAMILY = 'TmInter';

const WEIGHTS = [400, 600, 700] as const;
let registered = false;

export function ensureFonts(): void {
  if (registered) return;
  const require = createRequire(import.meta.url);
  for (const w of WEIGHTS) {
    GlobalFonts.registerFromPath(require.resolve(`@fontsource/inter/files/inter-latin-${w}-normal.woff2`), FONT_FAMILY);
  }
  registered = true;
}

export function font(px: number, weight: (typeof WEIGHTS)[number] = 400): string {
  return `${weight} ${px}px ${FONT_FAMILY}`;
}
