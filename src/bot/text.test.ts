import { describe, expect, it } from 'vitest';
import { codePointLength, fitComponentText, fitText } from './text.ts';

/** A string with a UTF-16 half that has no partner. */
const hasLoneSurrogate = (s: string) =>
  /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(s);

describe('fitText', () => {
  it('leaves text that fits alone, counting code points as Discord does', () => {
    const emoji = '😀'.repeat(2000);
    expect(emoji.length).toBe(4000);
    expect(fitText(emoji, 2000)).toBe(emoji);
  });

  it('never leaves half of a surrogate pair, whatever the limit', () => {
    const text = `x${'😀'.repeat(50)}`;
    for (let max = 1; max <= 52; max++) {
      const cut = fitText(text, max);
      expect(hasLoneSurrogate(cut), `max ${max}`).toBe(false);
      expect(codePointLength(cut)).toBeLessThanOrEqual(max);
    }
    // What slicing UTF-16 units does, for contrast.
    expect(hasLoneSurrogate(text.slice(0, 2))).toBe(true);
  });

  it('keeps grapheme clusters whole: flags, skin tones, families, accents', () => {
    const family = '👨‍👩‍👧‍👦'; // 7 code points
    const text = `${'🇪🇸'.repeat(3)}👍🏽${family}e\u0301`;
    const seen = new Set<string>();
    for (let max = 1; max <= codePointLength(text); max++) seen.add(fitText(text, max));
    for (const cut of seen) {
      const kept = cut.endsWith('…') ? cut.slice(0, -1) : cut;
      expect(text.startsWith(kept)).toBe(true);
      const rest = text.slice(kept.length);
      // The cut falls where a grapheme ends: what follows starts a cluster of the original text.
      const clusters = [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)].map(
        (s) => s.index,
      );
      expect(rest === '' || clusters.includes(kept.length), JSON.stringify(cut)).toBe(true);
    }
    expect(fitText(text, 6)).toBe('🇪🇸🇪🇸…');
  });

  it('cuts words, accents, punctuation and arrows where segmenting into graphemes would', () => {
    const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
    const bySegments = (text: string, max: number) => {
      let end = 0;
      for (const { segment, index } of segmenter.segment(text)) {
        if (codePointLength(text.slice(0, index + segment.length)) > max - 1) break;
        end = index + segment.length;
      }
      return `${text.slice(0, end)}…`;
    };
    const texts = [
      'Power action ACT5: 4 power → 1 spade → Transform A11 to forest → Raven’s Folly at A11 · −4 PW · +2 VP',
      'Acción de poder ACT6: 6 de poder → 2 palas → Transformar C4 a montaña → Vivienda en C4 · −2 C · −1 T',
      'Azione potere ACT4: 4 potere → 2 monete → «più» — Città fondata! · −1 PW ½ ≤ ≥ ×',
      // Joined to what comes before: a combining accent, a variation selector, a joiner, CR LF.
      `Witches${'e\u0301'.repeat(40)} · Nomads`,
      `${'Bonus ↔\ufe0f '.repeat(12)}end`,
      `${'ab\u200dc '.repeat(30)}`,
      `${'line\r\n'.repeat(30)}`,
    ];
    for (const text of texts)
      for (let max = 2; max < codePointLength(text); max++)
        expect(fitText(text, max), `${max}`).toBe(bySegments(text, max));
  });

  it('marks a cut with an ellipsis inside the limit', () => {
    expect(fitText('abcdef', 4)).toBe('abc…');
    expect(fitText('abcdef', 6)).toBe('abcdef');
    expect(fitText('abcdef', 0)).toBe('');
  });
});

describe('fitComponentText', () => {
  it('fits in UTF-16 units, as discord.js checks a label before sending, and keeps emoji whole', () => {
    // A town tile's line: four cult steps, each with a two-unit emoji.
    const label = `Take TW5 · +8 VP +1 Fire +1 Water +1 Earth +1 Air · +13 VP · ${'🔥 2 → 3 · '.repeat(4)}end`;
    expect(codePointLength(fitText(label, 100))).toBeLessThanOrEqual(100);
    expect(fitText(label, 100).length).toBeGreaterThan(100);
    const cut = fitComponentText(label, 100);
    expect(cut.length).toBeLessThanOrEqual(100);
    expect(hasLoneSurrogate(cut)).toBe(false);
    expect(cut.endsWith('…')).toBe(true);
    expect(fitComponentText('Pass', 100)).toBe('Pass');
  });
});
