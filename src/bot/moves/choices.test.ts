import { describe, expect, it } from 'vitest';
import { legalMoves, whoMustAct, type GameState } from '../../engine/index.ts';
import { parseGameLog } from '../../notation/log.ts';
import { replayLog } from '../../notation/replay.ts';
import { fixturePath, readCorpus } from '../../../test/corpus.ts';
import { corpusPosition } from '../../render/testing.ts';
import { formatCommands } from '../../notation/format.ts';
import { MAX_CHOICES, moveChoices } from './choices.ts';

/** The position before the first row `faction` typed as `text`, and that row. */
function before(
  file: string,
  faction: string,
  text: string,
): { state: GameState; row: { faction: string; text: string } } {
  const entries = parseGameLog(readCorpus(file));
  const i = entries.findIndex((e) => e.kind === 'row' && e.faction === faction && e.text === text);
  const row = entries[i];
  if (row?.kind !== 'row') throw new Error(`${file}: ${faction} never typed "${text}"`);
  return { state: replayLog(entries.slice(0, i)).state!, row };
}

describe('autocomplete choices', () => {
  // Engineers place a starting dwelling on E7.
  const setup = before('4pLeague_S60_D1L1_G1.txt', 'engineers', 'build E7');

  it('offer exactly the engine’s legal moves of the command’s kinds', () => {
    const f = setup.row.faction as 'engineers';
    const choices = moveChoices('en', setup.state, f, ['build'], '');
    const legal = legalMoves(setup.state, f)
      .filter((m) => m.kind === 'build')
      .map((m) => formatCommands(m.commands));
    expect(choices.map((c) => c.value).sort()).toEqual(legal.slice(0, MAX_CHOICES).sort());
    expect(choices.map((c) => c.value)).toContain(setup.row.text);
  });

  it('narrow to what the player typed, case-insensitively', () => {
    const choices = moveChoices('en', setup.state, 'engineers', ['build'], 'e7');
    expect(choices).toEqual([{ name: 'Dwelling at E7 · build E7', value: 'build E7' }]);
  });

  it('find moves by their words in the player’s language', () => {
    const mid = corpusPosition(fixturePath('4pLeague_S60_D1L1_G1.txt'), { afterRound: 2 });
    const f = whoMustAct(mid).find((x) => moveChoices('en', mid, x, ['send'], '').length > 0)!;
    expect(f).toBeDefined();
    const priests = moveChoices('en', mid, f, ['send'], 'pri');
    expect(priests.length).toBeGreaterThan(0);
    for (const c of priests) expect(c.name).toMatch(/^Priest to (Fire|Water|Earth|Air)/);
    expect(moveChoices('es', mid, f, ['send'], 'sacer').length).toBe(priests.length);
  });

  it('offer nothing of other kinds and nothing to a faction not asked to act', () => {
    expect(moveChoices('en', setup.state, 'engineers', ['upgrade'], '')).toEqual([]);
    const idle = (['darklings', 'nomads', 'mermaids', 'engineers'] as const).find(
      (f) => !whoMustAct(setup.state).includes(f),
    )!;
    expect(moveChoices('en', setup.state, idle, ['build'], '')).toEqual([]);
  });

  it('stay within Discord’s limits: at most 25 choices of at most 100 characters', () => {
    const mid = corpusPosition(fixturePath('4pLeague_S60_D1L1_G1.txt'), { afterRound: 2 });
    for (const f of whoMustAct(mid)) {
      for (const kinds of [['build'], ['transform'], ['action'], ['convert']] as const) {
        const choices = moveChoices('en', mid, f, kinds, '');
        expect(choices.length).toBeLessThanOrEqual(25);
        for (const c of choices) {
          expect(c.name.length).toBeLessThanOrEqual(100);
          expect(c.value.length).toBeLessThanOrEqual(100);
        }
      }
    }
  });
});
