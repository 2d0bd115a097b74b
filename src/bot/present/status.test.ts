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

describe('VP by source after a round (issue 22, defect 8)', () => {
  it('names only the tiles of the rounds played, when two tiles share a rule (SCORE6 and SCORE8)', () => {
    const traders = {
      ...roundFour,
      scoreTiles: ['SCORE6' as const, 'SCORE8' as const, ...roundFour.scoreTiles.slice(2)],
    };
    const faction = traders.factionOrder[0]!;
    const f = traders.factions[faction]!;
    traders.factions = { ...traders.factions, [faction]: { ...f, vpSources: { ...f.vpSources, 'TP >> 3': 6 } } };
    const afterRoundOne = describeStandings('en', traders, 1).join('\n');
    expect(afterRoundOne).toContain('round scoring SCORE6 (');
    expect(afterRoundOne).not.toContain('SCORE8');
    // By round 2 both have been played: the points may come from either.
    expect(describeStandings('en', traders, 2).join('\n')).toContain('round scoring SCORE6/SCORE8 (');
  });
});

describe('the final ranking', () => {
  it('gives equal VP the same place: 1, 2, 2, 4', () => {
    const [a, b, c, d] = end.factionOrder;
    const vp = { [a!]: 100, [b!]: 90, [c!]: 90, [d!]: 80 };
    const tied = {
      ...end,
      factions: Object.fromEntries(Object.entries(end.factions).map(([k, f]) => [k, { ...f!, VP: vp[k] ?? 0 }])),
    } as typeof end;
    const ranks = describeFinal('en', tied, () => '1')
      .filter((l) => /^\d+\. /.test(l))
      .map((l) => l.split('.')[0]);
    expect(ranks).toEqual(['1', '2', '2', '4'].slice(0, end.factionOrder.length));
  });
});
