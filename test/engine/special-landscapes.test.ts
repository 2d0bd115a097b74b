/**
 * Special landscapes, the general rules (docs/rulings.md §1, SL-G1 to SL-G6), as scenarios in notation.
 * Witches start at A10 and I11 (forest); A11 (lakes) is one spade from forest, A12 (wasteland) beyond it
 * touches A11 only.
 */
import { describe, expect, it } from 'vitest';
import { legalMoves } from '../../src/engine/index.ts';
import { formatCommands } from '../../src/notation/format.ts';
import { parseLine } from '../../src/notation/parse.ts';
import { scenario } from './scenario.ts';

const RICH = { C: 40, W: 30, P: 5 };

const start = (options: 'special-landscapes'[] = ['special-landscapes']) =>
  scenario({
    factions: ['witches', 'giants'],
    options,
    dwellings: { witches: ['A10', 'I11'], giants: ['A9', 'E3'] },
    bonus: { witches: 'BON3', giants: 'BON6' },
  }).give('witches', RICH);

const lines = (g: ReturnType<typeof start>, faction: 'witches' | 'giants', kind?: string) =>
  legalMoves(g.state, faction)
    .filter((m) => kind === undefined || m.kind === kind)
    .map((m) => formatCommands(m.commands));

describe('special landscapes: placing one', () => {
  it('SL-G2: transform to home terrain, then the landscape instead of the tile; the space is taken', () => {
    const g = start().play('witches: dig 1. transform A11 to green. landscape A11');
    expect(g.state.hexes.A11).toMatchObject({ terrain: 'green', owner: 'witches', building: null, landscape: 'raven' });
    expect(g.f('witches').landscape).toBe('A11');
    expect(g.f('witches').locations).toContain('A11');
    // It is no dwelling: nothing from the faction board, no income.
    expect(g.f('witches').buildings.D).toBe(2);
    g.fails('witches: build A11', /already has a building/);
  });

  it('SL-G2: only on a space this action turned into home terrain', () => {
    const g = start();
    // Forest already: nothing is transformed, so there is no tile to replace.
    g.fails('witches: landscape C4', /not turned into your home terrain/);
    g.fails('witches: dig 1. transform B5 to blue. landscape B5', /not turned into your home terrain/);
    g.play('witches: dig 1. transform A11 to green', 'giants: pass BON1');
    // A later action: the transformation is over.
    g.fails('witches: landscape A11', /not turned into your home terrain/);
  });

  it('SL-G1: one landscape per faction, and none without the option', () => {
    const g = start().play('witches: dig 1. transform A11 to green. landscape A11', 'giants: pass BON1');
    g.fails('witches: dig 1. transform B5 to blue. dig 1. transform B5 to green. landscape B5', /already placed/);
    expect(lines(g, 'witches', 'landscape')).toEqual([]);
    const off = start([]);
    off.fails('witches: dig 1. transform A11 to green. landscape A11', /no special landscapes/);
    expect(lines(off, 'witches').some((l) => l.includes('landscape'))).toBe(false);
  });

  it('SL-G2: legal moves offer the landscape with the transformation, and alone right after it', () => {
    const g = start();
    expect(lines(g, 'witches', 'landscape')).toContain('dig 1. transform A11 to green. landscape A11');
    g.play('witches: dig 1. transform A11 to green');
    expect(lines(g, 'witches', 'landscape')).toEqual(['landscape A11']);
    // Every offered line applies.
    for (const m of legalMoves(g.state, 'witches'))
      if (m.kind === 'landscape') g.play(`witches: ${formatCommands(m.commands)}`);
    expect(g.state.hexes.A11!.landscape).toBe('raven');
  });

  it('§5: the command reads and writes back the same', () => {
    expect(parseLine('dig 1. transform A11 to green. landscape a11')).toEqual([
      { type: 'dig', amount: 1 },
      { type: 'transform', hex: 'A11', to: 'green' },
      { type: 'landscape', hex: 'A11' },
    ]);
    expect(formatCommands(parseLine('landscape A11'))).toBe('landscape A11');
  });

  it('SL-G5: the landscape cannot be upgraded', () => {
    const g = start().play('witches: dig 1. transform A11 to green. landscape A11', 'giants: pass BON1');
    g.fails('witches: upgrade A11 to TP', /cannot be upgraded/);
    expect(lines(g, 'witches', 'upgrade').some((l) => l.includes('A11'))).toBe(false);
  });

  it('SL-G4: placing next to an opponent offers it power; its owner is offered 1 when someone builds beside it', () => {
    // The giants (wasteland) stand on A12, which touches A11 and no witch building.
    const g = scenario({
      factions: ['witches', 'giants'],
      options: ['special-landscapes'],
      dwellings: { witches: ['A10', 'I11'], giants: ['A12', 'E3'] },
      bonus: { witches: 'BON3', giants: 'BON6' },
    })
      .give('witches', RICH)
      .give('giants', RICH);
    g.play('witches: dig 1. transform A11 to green. landscape A11');
    expect(g.state.pending.filter((p) => p.type === 'leech')).toMatchObject([
      { faction: 'giants', from: 'witches', amount: 1 },
    ]);
    g.play('giants: decline 1 from witches');
    const C = g.f('giants').C;
    g.play('giants: upgrade A12 to TP');
    expect(g.state.pending.filter((p) => p.type === 'leech')).toMatchObject([
      { faction: 'witches', from: 'giants', amount: 1 },
    ]);
    // SL-G4.5: a rival landscape next door is a neighbour: the trading house costs 3 C, not the lone 6.
    expect(C - g.f('giants').C).toBe(3);
  });

  it('SL-G4: the landscape counts as a structure of power 1 for a town', () => {
    const g = start().give('witches', { ...RICH, C: 60, W: 40 });
    g.play('witches: dig 1. transform A11 to green. landscape A11', 'giants: pass BON1');
    // A10, B5 and C4 touch one another, A11 touches A10.
    g.play('witches: upgrade A10 to TP', 'witches: upgrade A10 to TE. +FAV10');
    g.play('witches: dig 1. transform B5 to blue. dig 1. transform B5 to green. build B5', 'witches: build C4');
    g.play('witches: upgrade B5 to TP');
    // TE 2 + TP 2 + D 1 + landscape 1 = 6: not yet.
    expect(g.state.hexes.A10!.town).toBe(0);
    // TE 2 + TP 2 + TP 2 = 6 in three buildings would be no town; the landscape makes it 7 in four.
    g.play('witches: upgrade C4 to TP. +TW5');
    expect(g.state.hexes.A11!.town).not.toBe(0);
    expect(g.f('witches').tiles.TW5).toBe(1);
  });

  it('SL-G6: the second spade of ACT6 may not go where only the new landscape reaches', () => {
    const g = start().give('witches', { P1: 0, P2: 0, P3: 6 });
    g.fails('witches: action ACT6. transform A11 to green. landscape A11. transform A12 to gray', /can't reach A12/);
    // Reachable from the old dwelling too (B5 touches A10): fine.
    g.play('witches: action ACT6. transform A11 to green. landscape A11. transform B5 to blue');
    expect(g.state.hexes.B5!.terrain).toBe('blue');
    g.play('giants: pass BON1');
    // From the next action on, the landscape gives reach like any structure (SL-G4.4).
    g.play('witches: dig 1. transform A12 to gray');
    expect(g.state.hexes.A12!.terrain).toBe('gray');
  });
});
