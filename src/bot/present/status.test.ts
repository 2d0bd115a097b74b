import { describe, expect, it } from 'vitest';
import { parseGameLog } from '../../notation/log.ts';
import { replayLog } from '../../notation/replay.ts';
import { readCorpus } from '../../../test/corpus.ts';
import { describeFinal, describeGameRules, describeStandings } from './status.ts';

// A Fire & Ice game (side 2) played with the connected-clusters final-scoring tile.
const text = readCorpus('tmai_unittesttext2.txt');
const entries = parseGameLog(text);
const end = replayLog(entries).state!;
const roundFiveIncome = text.split('\n').indexOf('Round 5 income') + 1;
const roundFour = replayLog(entries.filter((e) => e.line < roundFiveIncome)).state!;

describe('the final-scoring tile, for players who never read the notation', () => {
  it('is named with what it scores and its VP, in the game’s language', () => {
    expect(describeGameRules('en', end)).toEqual([
      'Final scoring: **Clusters**, most separate groups of directly adjacent buildings in one connected network (18/12/6 VP)',
    ]);
    expect(describeGameRules('es', end)[0]).toMatch(/^Puntuación final: \*\*Grupos\*\*, .* \(18\/12\/6 PV\)$/);
    expect(describeGameRules('it', end)[0]).toMatch(/^Punteggio finale: \*\*Gruppi\*\*, .* \(18\/12\/6 PV\)$/);
  });

  it('is not mentioned in a game without one', () => {
    const base = replayLog(parseGameLog(readCorpus('4pLeague_S60_D1L1_G1.txt'))).state!;
    expect(describeGameRules('en', base)).toEqual([]);
  });
});

describe('the special landscapes, said where the game starts and in its status', () => {
  it('are one line in the game’s language, after the final-scoring tile', () => {
    const withLandscapes = { ...end, options: [...end.options, 'special-landscapes' as const] };
    expect(describeGameRules('en', withLandscapes)).toEqual([
      describeGameRules('en', end)[0],
      expect.stringMatching(/^Special landscapes: each base-game faction places its own once, .* \*\*Build\*\*/),
    ]);
    expect(describeGameRules('es', withLandscapes)[1]).toMatch(/^Paisajes especiales: .* \*\*Construir\*\*/);
    expect(describeGameRules('it', withLandscapes)[1]).toMatch(/^Paesaggi speciali: .* \*\*Costruisci\*\*/);
  });
});

describe('VP by source', () => {
  it('names every source in words, with the tile ids the menus and images show', () => {
    const lines = [...describeFinal('en', end, () => '1'), ...describeStandings('en', roundFour, 4)];
    const sources = lines.flatMap((l) => [...l.matchAll(/(?:^|: |, )([^,:]+?) [+−-]\d+/g)].map((m) => m[1]!.trim()));
    expect(sources.length).toBeGreaterThan(20);
    // Nothing in snellman's own terms: no "D >> 2", no "connected-clusters".
    for (const source of sources) expect(source).not.toMatch(/>>|connected-|^[a-z]+_[a-z]+$|^TW$/);
    expect(sources).toContain('town tiles');
    expect(sources).toContain('Clusters');
    expect(sources.some((s) => /^round scoring SCORE\d(\/SCORE\d)? \(\w+/.test(s))).toBe(true);
    expect(sources.some((s) => /^(bonus card BON|favor tile FAV)\d+$/.test(s))).toBe(true);
  });
});
