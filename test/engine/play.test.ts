/** The engine closes a completed turn itself: a game played live has no next row to do it. */
import { describe, expect, it } from 'vitest';
import { apply, closeCompletedTurn, play } from '../../src/engine/index.ts';
import { parseLine } from '../../src/notation/parse.ts';
import { scenario } from './scenario.ts';

const RICH = { C: 40, W: 30, P: 5 };
const start = () =>
  scenario({
    factions: ['chaosmagicians', 'witches'],
    board: { D5: 'red', E6: 'red' },
    dwellings: { chaosmagicians: ['D4'], witches: ['A3', 'A10'] },
  })
    .give('chaosmagicians', RICH)
    .give('witches', RICH);

describe('play', () => {
  it('hands the turn on once the action is done, where apply waits for the next row', () => {
    const g = start();
    const commands = parseLine('upgrade D4 to TP');
    const applied = apply(g.state, 'chaosmagicians', commands);
    const played = play(g.state, 'chaosmagicians', commands);
    if (!applied.ok || !played.ok) throw new Error('refused');
    expect(applied.value.state.active).toBe('chaosmagicians');
    expect(played.value.state.active).toBe('witches');
    expect(played.value.state.factions.chaosmagicians).toEqual(applied.value.state.factions.chaosmagicians);
  });

  it('keeps the turn while something is still owed (a favor tile after a temple)', () => {
    const g = start().play('chaosmagicians: upgrade D4 to TP', 'witches: upgrade A3 to TP');
    const commands = parseLine('upgrade D4 to TE. +FAV10');
    const played = play(g.state, 'chaosmagicians', commands);
    if (!played.ok) throw new Error(played.error.message);
    expect(played.value.state.active).toBe('chaosmagicians');
    expect(closeCompletedTurn(played.value.state, 'chaosmagicians')).toBeNull();
  });

  it('refuses what apply refuses, leaving the state as it was', () => {
    const g = start();
    const before = structuredClone(g.state);
    const r = play(g.state, 'witches', parseLine('upgrade A3 to TP'));
    expect(r.ok).toBe(false);
    expect(g.state).toEqual(before);
  });
});
