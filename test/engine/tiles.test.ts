/**
 * Bonus, favor, town and round scoring tiles, and the power actions. Witches (or auren, who have no town
 * bonus) play against dwarves, who pass at once unless a scenario needs them.
 */
import { describe, expect, it } from 'vitest';
import { factionIncome } from '../../src/engine/index.ts';
import { makeCtx } from '../../src/engine/context.ts';
import type { ScoringTileId } from '../../src/engine/data/tiles.ts';
import type { OptionId } from '../../src/engine/index.ts';
import { scenario } from './scenario.ts';

const RICH = { C: 40, W: 30, P: 5 };
const ALL_OPTIONS: OptionId[] = ['mini-expansion-1', 'shipping-bonus', 'temple-scoring-tile'];

/** Power moved up the bowls: one more for each token gained, whichever bowl it leaves. */
const charge = (f: { P2: number; P3: number }) => f.P2 + 2 * f.P3;

function witches(bonus = 'BON2', opts: { scoreTiles?: ScoringTileId[]; options?: OptionId[] } = {}) {
  return scenario({
    factions: ['witches', 'dwarves'],
    options: opts.options ?? ALL_OPTIONS,
    scoreTiles: opts.scoreTiles ?? ['SCORE5', 'SCORE2', 'SCORE3', 'SCORE4', 'SCORE6', 'SCORE7'],
    dwellings: { witches: ['F4', 'E9'], dwarves: ['H8', 'I9'] },
    bonus: { witches: bonus, dwarves: bonus === 'BON1' ? 'BON2' : 'BON1' },
  });
}

describe('bonus tiles', () => {
  // Witches start with 15C 3W 0P and power 5/7/0; two dwellings bring 3 workers of income.
  it.each([
    ['BON1', { C: 17, W: 6, P: 0, PW: [5, 7, 0] }],
    ['BON2', { C: 19, W: 6, P: 0, PW: [5, 7, 0] }],
    ['BON3', { C: 21, W: 6, P: 0, PW: [5, 7, 0] }],
    ['BON4', { C: 15, W: 6, P: 0, PW: [2, 10, 0] }],
    ['BON5', { C: 15, W: 7, P: 0, PW: [2, 10, 0] }],
    ['BON6', { C: 15, W: 8, P: 0, PW: [5, 7, 0] }],
    ['BON7', { C: 15, W: 7, P: 0, PW: [5, 7, 0] }],
    ['BON8', { C: 15, W: 6, P: 1, PW: [5, 7, 0] }],
    ['BON9', { C: 17, W: 6, P: 0, PW: [5, 7, 0] }],
    ['BON10', { C: 15, W: 6, P: 0, PW: [2, 10, 0] }],
  ])('%s income', (tile, want) => {
    expect(witches(tile).nums('witches')).toMatchObject(want);
  });

  it('BON10 needs the shipping-bonus option', () => {
    expect(() => witches('BON10', { options: [] })).toThrow(/BON10 is not available/);
  });

  it('BON1: one spade as an action, once a round', () => {
    const g = witches('BON1').give('witches', RICH);
    const { W } = g.nums('witches');
    // E10 (swamp) is two spades from forest: one from the tile, one dug.
    g.play('witches: action BON1. dig 1. build E10');
    expect(g.nums('witches').W).toBe(W - 3 - 1);
    g.play('dwarves: pass BON3');
    g.fails('witches: action BON1. build G2', /already been used/);
  });

  it('BON2: one cult step as an action', () => {
    const g = witches('BON2');
    g.play('witches: action BON2. +WATER');
    expect(g.f('witches').cults.WATER).toBe(1);
  });

  it('BON4: one more shipping while held and not passed; not for factions that cannot ship', () => {
    // G3 lies across one river hex from F4.
    const plain = witches('BON3').give('witches', RICH);
    plain.fails('witches: build G3', /can't reach/);
    const g = witches('BON4').give('witches', RICH);
    g.play('witches: build G3');
    expect(g.state.hexes.G3!.owner).toBe('witches');
    // Dwarves cannot ship: with the tile they still reach G3 only by tunnelling (4 VP, 2 workers).
    const d = scenario({
      factions: ['dwarves', 'witches'],
      board: { G3: 'gray', F4: 'gray' },
      dwellings: { dwarves: ['F4', 'H8'], witches: ['A10', 'I11'] },
      bonus: { dwarves: 'BON4' },
    });
    const vp = d.give('dwarves', RICH).f('dwarves').VP;
    d.play('dwarves: build G3');
    expect(d.f('dwarves').VP).toBe(vp + 4);
  });

  it('BON4 does not help with spades from cult income after passing', () => {
    // SCORE2 in round 1: a spade for 4 earth, used after everyone passed.
    const g = witches('BON2', { scoreTiles: ['SCORE2', 'SCORE3', 'SCORE4', 'SCORE5', 'SCORE6', 'SCORE7'] }).give(
      'witches',
      { cults: { EARTH: 4 } },
    );
    g.play('witches: pass BON4', 'dwarves: pass BON3');
    expect(g.f('witches').counters.SPADE).toBe(1);
    // G4 (desert) lies across the river from F4, E8 (desert) is next to nothing of the witches.
    // E8 lies across one river hex from F4: in reach only with the tile's extra shipping.
    g.fails('witches: transform E8', /can't reach/);
    g.play('witches: transform E10');
    expect(g.state.hexes.E10!.terrain).toBe('blue');
  });

  it.each([
    ['BON9', 'witches: pass BON3', 2, []],
    ['BON7', 'witches: pass BON3', 2, ['witches: upgrade F4 to TP']],
    ['BON6', 'witches: pass BON3', 4, ['witches: upgrade F4 to TP', 'witches: upgrade F4 to SH']],
    ['BON10', 'witches: pass BON3', 6, ['witches: advance ship', 'witches: advance ship']],
  ])('%s: VP when passing', (tile, pass, vp, moves) => {
    const g = witches(tile).give('witches', RICH).play('witches: send p to WATER for 1', 'dwarves: pass BON4');
    g.play(...moves);
    const before = g.f('witches').VP;
    g.play(pass);
    expect(g.vpFrom('witches', tile)).toBe(vp);
    expect(g.f('witches').VP).toBe(before + vp);
  });

  it('unpicked tiles gather a coin each round, paid to whoever takes the tile', () => {
    const g = witches('BON2');
    // Round 1: every tile nobody holds carries one coin.
    expect(g.state.bonusCoins).toMatchObject({ BON1: 0, BON2: 0, BON3: 1, BON9: 1 });
    const c = g.f('witches').C;
    g.play('witches: pass BON3');
    expect(g.f('witches').C).toBe(c + 1);
    expect(g.state.bonusCoins.BON3).toBe(0);
    g.play('dwarves: pass BON9');
    // Round 2: BON2 came back (1 coin), BON4 has waited two rounds.
    expect(g.state.round).toBe(2);
    expect(g.state.bonusCoins).toMatchObject({ BON1: 1, BON2: 1, BON3: 0, BON4: 2, BON9: 0 });
  });
});

describe('favor tiles', () => {
  /** Witches build a temple on F4 and take `tile`. */
  const temple = (tile: string, opts: { scoreTiles?: ScoringTileId[] } = {}) =>
    witches('BON2', opts)
      .give('witches', RICH)
      .play('witches: upgrade F4 to TP', 'dwarves: pass BON3', `witches: upgrade F4 to TE. +${tile}`);

  it.each([
    ['FAV1', 'FIRE', 3],
    ['FAV2', 'WATER', 3],
    ['FAV3', 'EARTH', 3],
    ['FAV4', 'AIR', 3],
    ['FAV5', 'FIRE', 2],
    ['FAV6', 'WATER', 2],
    ['FAV7', 'EARTH', 2],
    ['FAV8', 'AIR', 2],
    ['FAV9', 'FIRE', 1],
    ['FAV10', 'WATER', 1],
    ['FAV11', 'EARTH', 1],
    ['FAV12', 'AIR', 1],
  ] as const)('%s: %s +%i', (tile, cult, steps) => {
    const g = witches('BON2').give('witches', RICH).play('witches: upgrade F4 to TP', 'dwarves: pass BON3');
    const before = g.f('witches').cults[cult];
    g.play(`witches: upgrade F4 to TE. +${tile}`);
    expect(g.f('witches').cults[cult]).toBe(before + steps);
    expect(g.f('witches').tiles[tile]).toBe(1);
  });

  it('only with a temple or sanctuary, one copy each; FAV1-4 exist once', () => {
    const g = temple('FAV1');
    g.fails('witches: +FAV2', /may not take a favor/);
    g.play('witches: upgrade E9 to TP');
    g.fails('witches: upgrade E9 to TE. +FAV1', /not available/);
    expect(g.state.pool.FAV1).toBe(0);
    expect(g.state.pool.FAV5).toBe(3);
    const h = temple('FAV10').play('witches: upgrade E9 to TP');
    h.fails('witches: upgrade E9 to TE. +FAV10', /two copies/);
  });

  it('FAV6: one cult step as an action, once a round', () => {
    const g = temple('FAV6');
    const air = g.f('witches').cults.AIR;
    g.play('witches: action FAV6. +AIR');
    expect(g.f('witches').cults.AIR).toBe(air + 1);
    g.fails('witches: action FAV6. +AIR', /already been used/);
  });

  it.each([
    ['FAV7', { W: 1, PW: 1 }],
    ['FAV8', { PW: 4 }],
    ['FAV9', { C: 3 }],
  ])('%s income', (tile, income) => {
    const g = temple(tile);
    expect(factionIncome(makeCtx(g.state), g.f('witches')).favors).toEqual(income);
    // Against the same game with FAV10, which has no income.
    const base = temple('FAV10');
    // The tiles' own cult steps may already have moved power (FAV8: air 2 -> 4): compare round 2 gains.
    const gained = (x: typeof g) => {
      const before = structuredClone(x.f('witches'));
      const after = x.passAll({ witches: 'BON4' }).f('witches');
      return { C: after.C - before.C, W: after.W - before.W, PW: charge(after) - charge(before) };
    };
    const a = gained(g);
    const b = gained(base);
    expect(g.state.round).toBe(2);
    expect(a.C - b.C).toBe('C' in income ? income.C : 0);
    expect(a.W - b.W).toBe('W' in income ? income.W : 0);
    expect(a.PW - b.PW).toBe('PW' in income ? income.PW : 0);
  });

  it('FAV10: 3 VP per trading house built; FAV11: 2 VP per dwelling built', () => {
    const g = temple('FAV10');
    let vp = g.f('witches').VP;
    g.play('witches: upgrade E9 to TP');
    expect(g.f('witches').VP).toBe(vp + 3);
    const h = temple('FAV11');
    vp = h.f('witches').VP;
    h.play('witches: dig 1. build E7');
    expect(h.vpFrom('witches', 'FAV11')).toBe(2);
    // ... and 2 more from round 1's SCORE5 (D >> 2).
    expect(h.f('witches').VP).toBe(vp + 2 + 2);
  });

  it('FAV12: VP for trading houses when passing (0/2/3/3/4)', () => {
    const g = temple('FAV12');
    g.play('witches: upgrade E9 to TP', 'witches: pass BON4');
    expect(g.vpFrom('witches', 'FAV12')).toBe(2);
  });
});

describe('town tiles', () => {
  /** Auren (no town bonus) one trading house short of a town on E9/E10/F5/F6; round 1 scores dwellings. */
  const nearTown = (extra: Partial<Record<'FIRE' | 'WATER' | 'EARTH' | 'AIR', number>> = {}) =>
    scenario({
      factions: ['auren', 'dwarves'],
      options: ALL_OPTIONS,
      scoreTiles: ['SCORE5', 'SCORE2', 'SCORE3', 'SCORE4', 'SCORE6', 'SCORE7'],
      board: { E10: 'green', F5: 'green', F6: 'green' },
      dwellings: { auren: ['E9', 'E10'], dwarves: ['H8', 'I9'] },
    })
      .give('auren', { ...RICH, cults: extra })
      .play(
        'auren: build F5',
        'dwarves: pass BON5',
        'auren: build F6',
        'auren: upgrade E9 to TP',
        'auren: upgrade E10 to TP',
      );

  it.each([
    ['TW1', { VP: 5, C: 6, KEY: 1 }],
    ['TW2', { VP: 7, W: 2, KEY: 1 }],
    ['TW3', { VP: 9, P: 1, KEY: 1 }],
    ['TW4', { VP: 6, KEY: 1 }],
    ['TW5', { VP: 8, KEY: 1 }],
    ['TW6', { VP: 2, KEY: 2 }],
    ['TW7', { VP: 4 + 2, KEY: 1 }],
    ['TW8', { VP: 11, KEY: 1 }],
  ] as [string, { VP: number; KEY: number; C?: number; W?: number; P?: number }][])('%s', (tile, want) => {
    const g = nearTown();
    const before = { ...g.nums('auren'), KEY: g.f('auren').KEY, ship: g.f('auren').ship };
    const tp = 3 * 2; // no neighbours: double coins
    g.play(`auren: upgrade F5 to TP. +${tile}`);
    const after = g.f('auren');
    expect(after.VP - before.VP).toBe(want.VP);
    expect(after.KEY - before.KEY).toBe(want.KEY);
    expect(after.C - (before.C - tp)).toBe(want.C ?? 0);
    expect(after.W - (before.W - 2)).toBe(want.W ?? 0);
    expect(after.P - before.P).toBe(want.P ?? 0);
    // TW4 brings 8 power; TW6's two steps take water and air from 1 to 3, past the 1-power mark.
    expect(charge(after) - (before.PW[1]! + 2 * before.PW[2]!)).toBe(tile === 'TW4' ? 8 : tile === 'TW6' ? 2 : 0);
    if (tile === 'TW7') expect(after.ship).toBe(before.ship + 1);
  });

  it('TW5 / TW6: one / two steps on every cult track', () => {
    const a = nearTown().play('auren: upgrade F5 to TP. +TW5').nums('auren').cult;
    const b = nearTown().play('auren: upgrade F5 to TP. +TW6').nums('auren').cult;
    const base = nearTown().nums('auren').cult;
    expect(a).toEqual(base.map((x) => x + 1));
    expect(b).toEqual(base.map((x) => x + 2));
  });

  it('TW6-8 only with mini-expansion-1', () => {
    const g = scenario({ factions: ['auren', 'dwarves'], dwellings: { auren: ['E9', 'A3'], dwarves: ['H8', 'I9'] } });
    expect(
      Object.keys(g.state.pool)
        .filter((t) => t.startsWith('TW'))
        .sort(),
    ).toEqual(['TW1', 'TW2', 'TW3', 'TW4', 'TW5']);
  });

  it("a town's key lets the town tile's own cult step reach 10", () => {
    const g = nearTown({ FIRE: 9 }).play('auren: upgrade F5 to TP. +TW5');
    expect(g.f('auren').cults.FIRE).toBe(10);
    expect(g.f('auren').KEY).toBe(0);
  });

  it("TW7 raises the fakirs' carpet range", () => {
    const g = scenario({
      factions: ['fakirs', 'dwarves'],
      options: ALL_OPTIONS,
      board: { E10: 'yellow', F5: 'yellow', F6: 'yellow', E9: 'yellow' },
      dwellings: { fakirs: ['E9', 'E10'], dwarves: ['H8', 'I9'] },
    })
      .give('fakirs', RICH)
      .play(
        'fakirs: build F5',
        'dwarves: pass BON5',
        'fakirs: build F6',
        'fakirs: upgrade E9 to TP',
        'fakirs: upgrade E10 to TP',
      );
    g.play('fakirs: upgrade F5 to TP. +TW7');
    expect(g.f('fakirs').carpetRange).toBe(2);
    expect(g.f('fakirs').ship).toBe(0);
  });
});

describe('round scoring tiles', () => {
  const round1 = (tile: ScoringTileId) =>
    witches('BON2', { scoreTiles: [tile, 'SCORE2', 'SCORE3', 'SCORE4', 'SCORE6', 'SCORE7'] }).give('witches', RICH);

  it('SCORE1: 2 VP per spade', () => {
    const g = round1('SCORE1').play('witches: dig 2. build E10');
    expect(g.vpFrom('witches', 'SPADE >> 2')).toBe(4);
  });
  it.each([
    ['SCORE3', 'witches: dig 1. build E7', 2],
    ['SCORE5', 'witches: dig 1. build E7', 2],
    ['SCORE6', 'witches: upgrade F4 to TP', 3],
    ['SCORE8', 'witches: upgrade F4 to TP', 3],
  ] as const)('%s: build VP', (tile, move, vp) => {
    const g = round1(tile);
    const before = g.f('witches').VP;
    g.play(move);
    expect(g.f('witches').VP).toBe(before + vp);
  });
  it.each(['SCORE4', 'SCORE7'] as const)('%s: 5 VP for a stronghold', (tile) => {
    const g = round1(tile).play('witches: upgrade F4 to TP', 'dwarves: pass BON3');
    const before = g.f('witches').VP;
    g.play('witches: upgrade F4 to SH');
    expect(g.f('witches').VP).toBe(before + 5);
  });
  it('SCORE9: 4 VP for a temple (temple-scoring-tile)', () => {
    const g = round1('SCORE9').play('witches: upgrade F4 to TP', 'dwarves: pass BON3');
    const before = g.f('witches').VP;
    g.play('witches: upgrade F4 to TE. +FAV11');
    expect(g.f('witches').VP).toBe(before + 4);
  });
  it('SCORE2: 5 VP per town (see towns); none for a dwelling', () => {
    const g = round1('SCORE2').play('witches: dig 1. build E7');
    expect(g.vpFrom('witches')).toBe(0);
  });

  // Cult income at the end of the round: the difference the cult level makes, checked against a
  // game where the witches have no cult steps at all.
  it.each([
    ['SCORE1', { EARTH: 3 }, { C: 3 }],
    ['SCORE3', { WATER: 8 }, { P: 2 }],
    ['SCORE4', { FIRE: 5 }, { W: 2 }],
    ['SCORE5', { FIRE: 4 }, { PW: 4 }],
    ['SCORE7', { AIR: 4 }, { W: 2 }],
  ] as const)('%s cult income', (tile, cults, income) => {
    const zero = { FIRE: 0, WATER: 0, EARTH: 0, AIR: 0 };
    const base = round1(tile).give('witches', { cults: zero, P: 0 }).passAll({ witches: 'BON3', dwarves: 'BON4' });
    const g = round1(tile)
      .give('witches', { cults: { ...zero, ...cults }, P: 0 })
      .passAll({ witches: 'BON3', dwarves: 'BON4' });
    expect(g.state.round).toBe(2);
    const a = g.nums('witches');
    const b = base.nums('witches');
    expect(a.C - b.C).toBe('C' in income ? income.C : 0);
    expect(a.W - b.W).toBe('W' in income ? income.W : 0);
    expect(a.P - b.P).toBe('P' in income ? income.P : 0);
    expect(charge(g.f('witches')) - charge(base.f('witches'))).toBe('PW' in income ? income.PW : 0);
  });

  it.each([
    ['SCORE2', { EARTH: 9 }],
    ['SCORE6', { WATER: 8 }],
    ['SCORE8', { AIR: 9 }],
  ] as const)('%s: spades as cult income, used before the round starts', (tile, cults) => {
    const g = round1(tile).give('witches', { cults }).passAll({ witches: 'BON3', dwarves: 'BON4' });
    expect(g.f('witches').counters.SPADE).toBe(2);
    expect(g.state.phase).toBe('use-income-spades');
    g.play('witches: transform E10');
    expect(g.state.hexes.E10!.terrain).toBe('green');
    expect(g.state.phase).toBe('play');
  });

  it('SCORE9: 2 coins per priest on the cult tracks', () => {
    const g = round1('SCORE9')
      .give('witches', { P: 3 })
      .play(
        'witches: send p to WATER',
        'dwarves: pass BON4',
        'witches: send p to FIRE',
        'witches: send p to EARTH for 1',
      );
    expect(g.f('witches').priestsOnCults).toBe(2);
    const base = round1('SCORE9')
      .give('witches', { P: 0 })
      .passAll({ witches: 'BON3', dwarves: 'BON4' })
      .nums('witches');
    g.passAll({ witches: 'BON3' });
    expect(g.nums('witches').C - base.C).toBe(4);
  });
});

describe('power actions', () => {
  const start = () =>
    witches('BON2')
      .give('witches', { ...RICH, P1: 0, P2: 0, P3: 12 })
      .give('dwarves', { P1: 0, P2: 0, P3: 12 });

  it.each([
    ['ACT2', 3, { P: 1 }],
    ['ACT3', 4, { W: 2 }],
    ['ACT4', 4, { C: 7 }],
  ] as const)('%s costs %i power', (act, cost, gain) => {
    const g = start();
    const before = g.nums('witches');
    g.play(`witches: action ${act}`);
    const after = g.nums('witches');
    expect(after.PW).toEqual([cost, 0, 12 - cost]);
    expect(after.P - before.P).toBe('P' in gain ? gain.P : 0);
    expect(after.W - before.W).toBe('W' in gain ? gain.W : 0);
    expect(after.C - before.C).toBe('C' in gain ? gain.C : 0);
  });

  it('ACT1 (3): a bridge; ACT5 (4): one spade; ACT6 (6): two spades', () => {
    const g = start().play('witches: action ACT1. bridge F4:G3');
    expect(g.state.bridges).toHaveLength(1);
    expect(g.nums('witches').PW).toEqual([3, 0, 9]);
    g.play('dwarves: pass BON3');
    const { W } = g.nums('witches');
    g.play('witches: action ACT5. dig 1. build E10');
    expect(g.nums('witches').W).toBe(W - 3 - 1);
    expect(g.nums('witches').PW).toEqual([7, 0, 5]);
    // D7 (wasteland) is two spades from forest.
    g.give('witches', { P3: 12 }).play('witches: action ACT6. build D7');
    expect(g.state.hexes.D7).toMatchObject({ terrain: 'green', owner: 'witches' });
  });

  it('each power action once per round for everyone; free again next round', () => {
    const g = start().play('witches: action ACT2');
    g.fails('dwarves: action ACT2', /already been used/);
    g.play('dwarves: action ACT3');
    g.fails('witches: action ACT3', /already been used/);
    g.passAll();
    expect(g.state.round).toBe(2);
    g.play(`${g.state.active}: action ACT2`);
  });

  it('needs the power in bowl III', () => {
    const g = witches('BON2').give('witches', { P1: 0, P2: 9, P3: 3 });
    g.fails('witches: action ACT3', /bowl III/);
  });
});
