/**
 * The Fire & Ice ice factions as terra.snellman.net plays them (/work/notes/fire-and-ice-spec.md §3.1,
 * §3.2; the oracle facts named there): Ice Maidens' starting favour and temple VP on passing, Yetis'
 * cheaper and (after their stronghold) repeatable power actions and their SH/SA counting 4.
 */
import { describe, expect, it } from 'vitest';
import { legalMoves } from '../../src/engine/index.ts';
import { formatCommands } from '../../src/notation/format.ts';
import { scenario } from './scenario.ts';

const RICH = { C: 40, W: 30, P: 5 };
const ICE = 'fire-and-ice-factions/ice' as const;

describe('ice maidens', () => {
  const start = () =>
    scenario({
      factions: ['icemaidens', 'witches'],
      options: [ICE],
      picks: { icemaidens: 'pick-color red. +FAV11' },
      dwellings: { icemaidens: ['E3', 'A6'], witches: ['F2', 'C3'] },
      bonus: { icemaidens: 'BON3', witches: 'BON6' },
    });

  it('start with a favour tile taken at selection', () => {
    const g = start();
    expect(g.f('icemaidens').tiles.FAV11).toBe(1);
    expect(g.nums('icemaidens').cult).toEqual([0, 1, 1, 1]);
  });

  it('dig: advancing costs 1 W, 5 C and 1 P (others pay 2 W)', () => {
    const g = start().give('icemaidens', { W: 1, C: 5, P: 1 });
    g.play('icemaidens: advance dig');
    expect(g.nums('icemaidens')).toMatchObject({ W: 0, C: 0, P: 0 });
  });

  it('stronghold: 3 VP per temple on every pass, from the SH on', () => {
    const g = start().give('icemaidens', RICH);
    g.play('icemaidens: upgrade E3 to TP', 'witches: pass BON1', 'icemaidens: upgrade E3 to TE. +FAV10');
    g.play('witches: decline', 'icemaidens: pass BON2');
    expect(g.vpFrom('icemaidens', 'SH')).toBe(0);
    expect(g.state.round).toBe(2);
    g.give('icemaidens', RICH);
    g.play(`witches: pass ${g.freeBonus()}`, 'icemaidens: upgrade A6 to TP', 'icemaidens: upgrade A6 to SH');
    g.play(`icemaidens: pass ${g.freeBonus()}`);
    expect(g.vpFrom('icemaidens', 'SH')).toBe(3);
  });
});

describe('yetis', () => {
  const start = () =>
    scenario({
      factions: ['yetis', 'witches'],
      options: [ICE],
      picks: { yetis: 'pick-color red' },
      dwellings: { yetis: ['E3', 'A6'], witches: ['F2', 'C3'] },
      bonus: { yetis: 'BON3', witches: 'BON6' },
    });

  it('start with 12 power in bowl II and pay 1 less for a power action', () => {
    const g = start();
    expect(g.nums('yetis').PW).toEqual([0, 12, 0]);
    g.play('yetis: burn 3. action ACT2');
    expect(g.nums('yetis')).toMatchObject({ P: 1, PW: [2, 6, 1] });
  });

  it('power actions: cost 1 less in the legal moves too, and taken is taken before the SH', () => {
    const g = start().give('yetis', { P1: 0, P2: 0, P3: 2 });
    const offered = legalMoves(g.state, 'yetis').map((m) => formatCommands(m.commands));
    expect(offered).toContain('action ACT2');
    expect(offered.some((m) => m.startsWith('action ACT1'))).toBe(true);
    expect(offered).not.toContain('action ACT3');
    g.play('yetis: action ACT2', 'witches: pass BON1').give('yetis', { P3: 5 });
    g.fails('yetis: action ACT2', /already been used|ACT2/);
  });

  it('stronghold: power actions may be taken again, by them only', () => {
    const g = start()
      .give('yetis', { ...RICH, P1: 0, P2: 0, P3: 12 })
      .give('witches', { P3: 4 });
    g.play('yetis: upgrade E3 to TP', 'witches: action ACT3', 'yetis: upgrade E3 to SH', 'witches: pass BON1');
    g.play('yetis: action ACT3');
    expect(g.nums('yetis').PW).toEqual([3, 0, 9]);
    g.play('yetis: action ACT2', 'yetis: action ACT2');
    expect(g.nums('yetis')).toMatchObject({ PW: [7, 0, 5] });
    expect(legalMoves(g.state, 'yetis').map((m) => formatCommands(m.commands))).toContain('action ACT2');
  });

  it('their stronghold counts 4 for the power they take', () => {
    const g = start().give('yetis', RICH).give('witches', RICH);
    g.play('yetis: upgrade E3 to TP', 'witches: pass BON1');
    g.play('yetis: upgrade E3 to SH', 'witches: decline', 'yetis: pass BON2');
    // A new round, the witches first: their trading post goes up next to the Yetis' SH.
    expect(g.state.active).toBe('witches');
    g.give('witches', RICH).play('witches: upgrade F2 to TP');
    const offer = g.state.pending.find((p) => p.type === 'leech' && p.faction === 'yetis');
    expect(offer).toMatchObject({ amount: 4 });
  });
});
