/**
 * The VP breakdown (standings, final results) names each source in words. The engine files VP under
 * snellman's source strings, which nothing enumerates, so this plays games to find the sources that occur
 * (every faction, the expansion, its final tiles, the special landscapes) and asks each language for them.
 */
import { describe, expect, it } from 'vitest';
import { FACTIONS, type FactionId, type GameState, type OptionId } from '../../src/engine/index.ts';
import { vpSourceWords } from '../../src/bot/present/status.ts';
import { BOT_LOCALES } from '../../src/i18n/index.ts';
import { selfPlay } from '../../src/selfplay/game.ts';
import { scenario } from '../engine/scenario.ts';

const FIRE_AND_ICE: OptionId[] = [
  'fire-and-ice-factions/ice',
  'fire-and-ice-factions/volcano',
  'fire-and-ice-factions/variable_v5',
  'fire-and-ice-final-scoring',
];

/** One game per faction, so a source only one faction earns (the Cultists' stronghold VP) shows up. */
function playedGames(): GameState[] {
  return (Object.keys(FACTIONS) as FactionId[]).map((include, i) => {
    // Base factions alternate between the expansion's final tiles and the landscapes; its own need its options.
    const options: OptionId[] = FACTIONS[include].option || i % 2 ? [...FIRE_AND_ICE] : ['special-landscapes'];
    return selfPlay({ seed: `vp-sources-${include}`, players: 2 + (i % 4), include, options }).state;
  });
}

/** The Tree of Serenity's VP come only when the Auren top a track after placing it: rare in random play. */
function treeOfSerenity(): GameState {
  const g = scenario({
    factions: ['auren', 'dwarves'],
    options: ['special-landscapes'],
    dwellings: { auren: ['A3', 'A10'], dwarves: ['H8', 'I9'] },
    bonus: { auren: 'BON3', dwarves: 'BON6' },
  }).give('auren', { C: 40, W: 30, P: 5 });
  g.play('auren: dig 1. transform A4 to green. landscape A4', 'dwarves: pass BON1');
  g.give('auren', { KEY: 1, cults: { FIRE: 7 } });
  g.play('auren: send p to FIRE');
  return g.state;
}

describe('VP sources in words', () => {
  const states = [...playedGames(), treeOfSerenity()];
  const sources = states.flatMap((state) =>
    Object.values(state.factions).flatMap((f) => Object.keys(f!.vpSources).map((source) => ({ state, source }))),
  );

  it('covers the sources games actually produce', () => {
    const distinct = new Set(sources.map((s) => s.source));
    expect(distinct).toContain('landscape');
    expect(distinct).toContain('advance_SH');
    expect(distinct.size).toBeGreaterThan(25);
  });

  it.each(BOT_LOCALES)('names every one of them in %s', (locale) => {
    const unnamed = new Set(
      sources.filter(({ state, source }) => vpSourceWords(locale, state, source) === undefined).map((s) => s.source),
    );
    expect([...unnamed]).toEqual([]);
  });
});
