/**
 * Cutting text to Discord's limits without breaking a character: a cut inside a surrogate pair leaves a
 * lone UTF-16 half (Discord rejects or garbles it), and a cut inside a grapheme cluster splits an emoji
 * with its modifiers, a flag, or a letter from its accent. Discord counts code points, so lengths are
 * measured in code points and cuts fall between grapheme clusters.
 */
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

const ELLIPSIS = '…';

/**
 * Characters that are one code point and a grapheme cluster of their own, joined to neither neighbour:
 * Latin letters (accents precomposed), punctuation, arrows and math signs, which is what the menus' words
 * are made of. A cut among them needs no segmenting, which cost a quarter of building a turn prompt.
 */
const SIMPLE = /^[\u0020-\u007e\u00a0-\u024f\u2010-\u2027\u2030-\u205e\u2190-\u22ff]*$/;

/** Length as Discord counts it: code points, not UTF-16 units. */
export function codePointLength(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/** `text` itself when it fits in `max` code points; else its longest whole-grapheme start and "…". */
export function fitText(text: string, max: number): string {
  // A string has at least as many UTF-16 units as code points: most texts are shorter than their limit
  // by that count already, and need no counting.
  if (text.length <= max || codePointLength(text) <= max) return text;
  return cut(text, max, codePointLength);
}

/**
 * fitText for a button's or a menu's words (labels, option descriptions, placeholders): discord.js checks
 * those in UTF-16 units before sending, a longer count than Discord's own wherever an emoji stands (a cult
 * step's "🔥 2 → 3" is two units), and refuses the whole message when one is over.
 */
export function fitComponentText(text: string, max: number): string {
  return text.length <= max ? text : cut(text, max, (s) => s.length);
}

/** The longest whole-grapheme start of `text` that fits in `max` with "…", measured by `length`. */
function cut(text: string, max: number, length: (s: string) => number): string {
  if (max <= 0) return '';
  const room = max - length(ELLIPSIS);
  // The cut falls between units `room - 1` and `room`: simple on both sides, it is a cluster boundary.
  if (SIMPLE.test(text.slice(0, room + 1))) return `${text.slice(0, room)}${ELLIPSIS}`;
  let used = 0;
  let end = 0;
  for (const { segment, index } of graphemes.segment(text)) {
    const size = length(segment);
    if (used + size > room) break;
    used += size;
    end = index + segment.length;
  }
  return `${text.slice(0, end)}${ELLIPSIS}`;
}
