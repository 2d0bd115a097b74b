/**
 * Human agreement (issue 27): the positions taken from a league game are the ones its players moved in,
 * turns are compared by what they do, and the AI's own first choice ranks first.
 */
import { describe, expect, it } from 'vitest';
import { apply, type Command } from '../../src/engine/index.ts';
import { actionKey, humanRank, recordedTurns, spread } from '../../src/ai/agreement.ts';
import { rankMoves } from '../../src/ai/decide.ts';
import { parseCommand } from '../../src/notation/parse.ts';
import { corpusFiles, readCorpus } from '../corpus.ts';

const GAME = corpusFiles().find((f) => f.startsWith('4pLeague'))!;

describe('recordedTurns', () => {
  const turns = recordedTurns(readCorpus(GAME), GAME);

  it('takes each turn in the position its player took it in: the recorded row is legal there', () => {
    expect(turns.length).toBeGreaterThan(100);
    expect(new Set(turns.map((t) => t.round))).toEqual(new Set([0, 1, 2, 3, 4, 5, 6]));
    for (const t of spread(turns, 40)) {
      const r = apply(t.state, t.faction, t.human);
      expect(r.ok, `${t.faction} round ${t.round}: ${actionKey(t.human)}`).toBe(true);
    }
  });

  it('ranks the AI first when the human did what the AI would do first', () => {
    for (const t of spread(
      turns.filter((x) => x.round > 0),
      3,
    )) {
      const top = rankMoves(t.state, t.faction, { level: 'easy', seed: 's' })[0]!;
      const same = { ...t, human: top.line.flatMap((m) => m.commands) };
      expect(humanRank(same, { level: 'easy', seed: 's' })).toBe(0);
    }
  });
});

describe('actionKey', () => {
  const key = (...rows: string[]) => actionKey(rows.map((r) => parseCommand(r) as Command));

  it('compares turns by what they do, not by how they were paid for or what followed', () => {
    expect(key('convert 1PW to 1C', 'upgrade E7 to TE', '+FAV2')).toBe(key('upgrade E7 to TE'));
    expect(key('burn 2', 'action ACT3')).toBe(key('action ACT3'));
    expect(key('upgrade E7 to TE')).not.toBe(key('upgrade E7 to TP'));
    expect(key('convert 1PW to 1C')).toBe('');
  });

  it('takes a build on a space turned in the same turn as the build, as records write it', () => {
    expect(key('dig 1', 'build H7')).toBe(key('transform H7 to black', 'build H7'));
    expect(key('action ACT5', 'build C5')).toBe(key('action ACT5', 'transform C5', 'build C5'));
    expect(key('transform C5', 'build C6')).not.toBe(key('build C6'));
  });
});
