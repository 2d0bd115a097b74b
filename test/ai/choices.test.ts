/**
 * Choice sets from a league game (issue 27): the player's turn is found among the planner's lines, and the
 * values the choice model starts from are the evaluation's own, in the planner's order.
 */
import { describe, expect, it } from 'vitest';
import { recordedTurns, spread } from '../../src/ai/agreement.ts';
import { type ChoiceSet, choiceSetOf } from '../../src/ai/choices.ts';
import { agreementOf, prepare, tiedModel } from '../../src/ai/choice-fit.ts';
import { DEFAULT_PARAMS } from '../../src/ai/params.ts';
import { corpusFiles, readCorpus } from '../corpus.ts';

const GAME = corpusFiles().find((f) => f.startsWith('4pLeague'))!;

describe('choiceSetOf', () => {
  const turns = spread(
    recordedTurns(readCorpus(GAME), GAME).filter((t) => t.round >= 1),
    12,
  );
  const results = turns.map(choiceSetOf);
  const sets = results.filter((r): r is ChoiceSet => typeof r !== 'string');

  it('finds most players’ turns among the lines, one candidate per action', () => {
    expect(sets.length).toBeGreaterThanOrEqual(8);
    for (const s of sets) {
      expect(s.chosen).toBeGreaterThanOrEqual(0);
      expect(s.chosen).toBeLessThan(s.candidates.length);
    }
  });

  it('values the candidates as the evaluation does with the parameters’ own weights, best first', () => {
    const data = prepare(sets, DEFAULT_PARAMS);
    for (let i = 0; i < data.sets; i++)
      for (let c = data.start[i]! + 1; c < data.start[i + 1]!; c++)
        expect(data.base[c]!).toBeLessThanOrEqual(data.base[c - 1]! + 1e-3);
    // With no change to the weights, the model's first choice is the planner's.
    const a = agreementOf(
      data,
      tiedModel(DEFAULT_PARAMS),
      tiedModel(DEFAULT_PARAMS).params.map(() => 0),
    );
    expect(a.first).toBe(sets.filter((s) => s.chosen === 0).length);
  });
});
