/**
 * Experiments' tunings: a params file over the defaults (refused when it names what the parameters do not
 * have), a tuning reaching every valuation of a decision, and the arena’s head to head of two tunings.
 */
import { describe, expect, it } from 'vitest';
import { recordedTurns } from '../../src/ai/agreement.ts';
import { playArenaGame, summarize, type ArenaGameResult } from '../../src/ai/arena.ts';
import { rankMoves } from '../../src/ai/index.ts';
import { keyOf } from '../../src/ai/lines.ts';
import type { AiOptions } from '../../src/ai/types.ts';
import { DEFAULT_PARAMS } from '../../src/ai/params.ts';
import { parseParams } from '../../src/ai/params-file.ts';
import { RULES_PRESETS } from '../../src/game/presets.ts';
import { corpusFiles, readCorpus } from '../corpus.ts';

describe('parseParams', () => {
  it('puts the named parameters over the defaults, nested tables key by key', () => {
    const p = parseParams({ townValue: 14, knee: { W: 10 }, powerFlow: [1, 1, 1, 1, 1, 1, 1] });
    expect(p.townValue).toBe(14);
    expect(p.knee).toEqual({ ...DEFAULT_PARAMS.knee, W: 10 });
    expect(p.powerFlow).toEqual([1, 1, 1, 1, 1, 1, 1]);
    expect(p.incomeShare).toBe(DEFAULT_PARAMS.incomeShare);
  });

  it('refuses a name the parameters do not have, and a value of another shape', () => {
    expect(() => parseParams({ townValu: 14 })).toThrow(/townValu/);
    expect(() => parseParams({ knee: { X: 1 } })).toThrow(/X/);
    expect(() => parseParams({ powerFlow: [1, 1] })).toThrow();
    expect(() => parseParams({ townValue: 'big' })).toThrow();
  });
});

describe('a tuning', () => {
  const GAME = corpusFiles().find((f) => f.startsWith('4pLeague'))!;
  const turn = recordedTurns(readCorpus(GAME), GAME).find((t) => t.round === 2)!;
  const values = (opts: AiOptions) =>
    rankMoves(turn.state, turn.faction, opts).map((r) => [keyOf(r.move.commands), r.value] as const);

  it('values every line by its parameters: the defaults give the levels’ own values, others other values', () => {
    const plain = values({ level: 'normal', seed: 's' });
    const defaults = values({ level: 'normal', seed: 's', tuning: { params: DEFAULT_PARAMS, weights: null } });
    const richer = values({
      level: 'normal',
      seed: 's',
      tuning: { params: parseParams({ townValue: 30, incomeShare: 2 }), weights: null },
    });
    expect(defaults).toEqual(plain);
    expect(richer.length).toBe(plain.length);
    expect(richer).not.toEqual(plain);
  });
});

describe('the arena’s head to head', () => {
  const base = { name: 'base', params: DEFAULT_PARAMS, weights: null };
  const bold = { name: 'bold', params: parseParams({ townValue: 30 }), weights: null };

  it('seats each tuning where it is told and compares the challenger’s seats with the others, a mirrored seed as one', () => {
    const games = ['h2h-a', 'h2h-b'].flatMap((seed) =>
      [0, 1].map((flip) =>
        playArenaGame({
          seed,
          levels: ['easy', 'easy'],
          options: [...RULES_PRESETS.standard],
          factions: ['witches', 'nomads'],
          tunings: flip ? [bold, base] : [base, bold],
        }),
      ),
    );
    for (const [i, g] of games.entries()) {
      expect(g.finished).toBe(true);
      expect(g.seats.find((s) => s.seat === 0)!.tuning).toBe(i % 2 ? 'bold' : 'base');
      expect(g.seats.find((s) => s.seat === 1)!.tuning).toBe(i % 2 ? 'base' : 'bold');
    }
    const vp = (g: ArenaGameResult, name: string) => g.seats.find((s) => s.tuning === name)!.vp;
    const diff = (g: ArenaGameResult) => vp(g, 'bold') - vp(g, 'base');
    const won = (g: ArenaGameResult): number => (diff(g) > 0 ? 1 : diff(g) === 0 ? 0.5 : 0);
    const [a, b] = [0, 2].map((i) => (diff(games[i]!) + diff(games[i + 1]!)) / 2);
    const h2h = summarize(games, 'bold').headToHead!;
    expect(h2h).toMatchObject({ challenger: 'bold', games: 4, seeds: 2 });
    expect(h2h.wins).toBe(games.map(won).reduce((x, y) => x + y, 0));
    expect(h2h.seatDiff).toBeCloseTo((a! + b!) / 2, 2);
    expect(h2h.seatDiffSe).toBeCloseTo(Math.abs(a! - b!) / 2, 2);
    expect(summarize(games).headToHead).toBeUndefined();
  });
});
