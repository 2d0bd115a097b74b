import { describe, expect, it } from 'vitest';
import { parseMaps, parsePoints, parseTieBreaks } from './league.ts';

describe('the settings /league create reads as text', () => {
  it('names maps by key, id or name in the reader’s language', () => {
    expect(parseMaps('original, fjords', 'en')).toEqual({
      maps: ['126fe960806d587c78546b30f1a90853b1ada468', '2afadc63f4d81e850b7c16fb21a1dcd29658c392'],
    });
    expect(parseMaps('Fire & Ice, side 1', 'en')).toEqual({ unknown: 'Fire & Ice' });
    expect(parseMaps('loon-lakes', 'it')).toEqual({ maps: ['fdb13a13cd48b7a3c3525f27e4628ff6905aa5b1'] });
    expect(parseMaps('atlantis', 'en')).toEqual({ unknown: 'atlantis' });
  });

  it('reads points by place or VP', () => {
    expect(parsePoints('10,6,3,1')).toEqual({ kind: 'placement', table: [10, 6, 3, 1] });
    expect(parsePoints('12/8/4')).toEqual({ kind: 'placement', table: [12, 8, 4] });
    expect(parsePoints('VP')).toEqual({ kind: 'vp' });
    expect(parsePoints('10')).toBeNull();
    expect(parsePoints('ten, six')).toBeNull();
  });

  it('reads tie-breaks, refusing any it does not know', () => {
    expect(parseTieBreaks('wins, VP')).toEqual(['wins', 'vp']);
    expect(parseTieBreaks('average-rank')).toEqual(['average-rank']);
    expect(parseTieBreaks('coin toss')).toBeNull();
  });
});
