/**
 * Every faction's ability and stronghold power, as short scenarios. Rich resources are handed out with
 * `give` so that each scenario reaches its position in a few moves; the other faction passes early.
 */
import { describe, expect, it } from 'vitest';
import { legalMoves, turnComplete, whoMustAct } from '../../src/engine/index.ts';
import { formatCommands } from '../../src/notation/format.ts';
import { scenario } from './scenario.ts';

const RICH = { C: 40, W: 30, P: 5 };

describe('alchemists', () => {
  const start = () =>
    scenario({
      factions: ['alchemists', 'giants'],
      dwellings: { alchemists: ['E5', 'E10'], giants: ['I1', 'I5'] },
      bonus: { alchemists: 'BON3', giants: 'BON6' },
    });

  it('trade 1 VP for 1 coin and 2 coins for 1 VP', () => {
    const g = start();
    const { VP, C } = g.nums('alchemists');
    g.play('alchemists: convert 1VP to 1C');
    expect(g.nums('alchemists')).toMatchObject({ VP: VP - 1, C: C + 1 });
    g.play('alchemists: convert 2C to 1VP');
    expect(g.nums('alchemists')).toMatchObject({ VP, C: C - 1 });
    g.fails('alchemists: convert 3C to 1VP', /2 C/);
  });

  it('other factions pay 3 coins for 1 VP and cannot sell VP', () => {
    const g = start().play('alchemists: pass BON1');
    g.give('giants', { C: 10 });
    g.fails('giants: convert 2C to 1VP', /3 C/);
    g.fails('giants: convert 1VP to 1C', /Can't convert VP to C/);
    g.play('giants: convert 3C to 1VP');
    expect(g.nums('giants')).toMatchObject({ VP: 21, C: 7 });
  });

  it('stronghold: 12 power at once, then 2 power for every spade', () => {
    const g = start().give('alchemists', { ...RICH, P1: 12, P2: 0, P3: 0 });
    g.play('alchemists: dig 1. transform E4 to black', 'giants: pass BON1');
    // No stronghold yet: the spade brings no power.
    expect(g.nums('alchemists').PW).toEqual([12, 0, 0]);
    g.play('alchemists: upgrade E5 to TP', 'alchemists: upgrade E5 to SH');
    expect(g.nums('alchemists').PW).toEqual([0, 12, 0]);
    g.play('alchemists: dig 1. transform E6 to black');
    expect(g.nums('alchemists').PW).toEqual([0, 10, 2]);
  });
});

describe('auren', () => {
  const start = () =>
    scenario({ factions: ['auren', 'dwarves'], dwellings: { auren: ['A3', 'A10'], dwarves: ['H8', 'I9'] } })
      .give('auren', RICH)
      .play('auren: upgrade A3 to TP', 'dwarves: pass BON3');

  it('stronghold brings a favor tile and ACTA: two steps on one cult track, once a round', () => {
    const g = start().play('auren: upgrade A3 to SH. +FAV11');
    expect(g.f('auren').tiles).toMatchObject({ ACTA: 1, FAV11: 1 });
    const fire = g.f('auren').cults.FIRE;
    g.fails('auren: action ACTA. +FIRE. +WATER', /same track/);
    g.play('auren: action ACTA. +2FIRE');
    expect(g.f('auren').cults.FIRE).toBe(fire + 2);
    g.fails('auren: action ACTA. +2WATER', /already been used/);
  });

  it('the two steps written apart still land on one track', () => {
    const g = start().play('auren: upgrade A3 to SH. +FAV11');
    g.play('auren: action ACTA. +AIR. +AIR');
    expect(g.f('auren').cults.AIR).toBe(1 + 2);
  });
});

describe('chaos magicians', () => {
  const start = () =>
    scenario({
      factions: ['chaosmagicians', 'witches'],
      board: { D5: 'red', E6: 'red' },
      dwellings: { chaosmagicians: ['D4'], witches: ['A3', 'A10'] },
    })
      .give('chaosmagicians', RICH)
      .give('witches', RICH);

  it('a temple (and the sanctuary) brings two favor tiles', () => {
    const g = start().play('chaosmagicians: upgrade D4 to TP', 'witches: upgrade A3 to TP');
    g.play('chaosmagicians: upgrade D4 to TE. +FAV10');
    // One favor is still owed: the turn cannot end.
    expect(g.f('chaosmagicians').counters.GAIN_FAVOR).toBe(1);
    g.fails('witches: upgrade A10 to TP', /not your turn/);
    expect(whoMustAct(g.endTurn().state)).toEqual(['chaosmagicians']);
    g.play('chaosmagicians: +FAV11');
    expect(g.f('chaosmagicians').tiles).toMatchObject({ FAV10: 1, FAV11: 1 });
    g.play('witches: upgrade A10 to TP', 'chaosmagicians: upgrade D4 to SA. +FAV9. +FAV7');
    expect(g.f('chaosmagicians').tiles).toMatchObject({ FAV9: 1, FAV7: 1 });
  });

  it('stronghold action ACTC: two actions in one turn', () => {
    const g = start().play('chaosmagicians: upgrade D4 to TP', 'witches: upgrade A3 to TP');
    g.play('chaosmagicians: upgrade D4 to SH', 'witches: upgrade A10 to TP');
    expect(g.f('chaosmagicians').tiles.ACTC).toBe(1);
    g.fails('chaosmagicians: build D5. build E6', /already taken your action/);
    const { W, C } = g.nums('chaosmagicians');
    g.play('chaosmagicians: action ACTC. build D5. build E6');
    expect(g.f('chaosmagicians').buildings.D).toBe(2);
    expect(g.nums('chaosmagicians')).toMatchObject({ W: W - 2, C: C - 4 });
    expect(g.endTurn().state.active).toBe('witches');
  });

  it('strict-chaosmagician-sh: passing ends the double turn', () => {
    const strict = scenario({
      factions: ['chaosmagicians', 'witches'],
      options: ['strict-chaosmagician-sh'],
      board: { D5: 'red', E6: 'red' },
      dwellings: { chaosmagicians: ['D4'], witches: ['A3', 'A10'] },
    })
      .give('chaosmagicians', RICH)
      .give('witches', RICH)
      .play(
        'chaosmagicians: upgrade D4 to TP',
        'witches: upgrade A3 to TP',
        'chaosmagicians: upgrade D4 to SH',
        'witches: upgrade A10 to TP',
      );
    strict.fails('chaosmagicians: action ACTC. pass BON5. build D5', /not your turn/);
    strict.play('chaosmagicians: action ACTC. build D5. pass BON5');
    expect(strict.f('chaosmagicians').passed).toBe(true);
  });
});

describe('cultists', () => {
  // E6 touches F4 (witches) and E7 (engineers).
  const start = (options: 'errata-cultist-power'[] = []) =>
    scenario({
      factions: ['cultists', 'witches', 'engineers'],
      options,
      dwellings: { cultists: ['E6', 'A7'], witches: ['F4', 'A10'], engineers: ['E7', 'I9'] },
    }).give('cultists', RICH);

  it('a neighbour taking power moves the cultists one cult step (once, however many take it)', () => {
    const g = start().play('cultists: upgrade E6 to TP');
    expect(whoMustAct(g.state)).toEqual(expect.arrayContaining(['witches', 'engineers']));
    g.play('witches: leech 1 from cultists');
    expect(g.notes.map((n) => n.text)).toContain('[opponent accepted power]');
    g.play('engineers: leech 1 from cultists');
    expect(g.state.pending.filter((p) => p.type === 'cult')).toEqual([
      { type: 'cult', faction: 'cultists', amount: 1 },
    ]);
    const water = g.f('cultists').cults.WATER;
    g.play('cultists: +WATER');
    expect(g.f('cultists').cults.WATER).toBe(water + 1);
    expect(g.state.pending.filter((p) => p.type === 'cult')).toEqual([]);
  });

  it('one neighbour refusing does not stop the cult step', () => {
    const g = start(['errata-cultist-power']).play(
      'cultists: upgrade E6 to TP',
      'witches: decline 1 from cultists',
      'engineers: leech 1 from cultists',
    );
    expect(g.state.pending).toContainEqual({ type: 'cult', faction: 'cultists', amount: 1 });
  });

  it('errata: when every neighbour refuses, the cultists take 1 power instead', () => {
    const g = start(['errata-cultist-power']).play('cultists: upgrade E6 to TP');
    const pw = g.nums('cultists').PW;
    g.play('witches: decline 1 from cultists', 'engineers: decline 1 from cultists');
    expect(g.nums('cultists').PW).toEqual([pw[0]! - 1, pw[1]! + 1, pw[2]]);
    expect(g.notes.map((n) => n.text)).toContain('[all opponents declined power]');
    expect(g.state.pending.some((p) => p.type === 'cult')).toBe(false);
  });

  it('without the errata, refusals give nothing', () => {
    const g = start().play('cultists: upgrade E6 to TP');
    const pw = g.nums('cultists').PW;
    g.play('witches: decline 1 from cultists', 'engineers: decline 1 from cultists');
    expect(g.nums('cultists').PW).toEqual(pw);
  });

  it('stronghold: 7 VP at once', () => {
    const g = start().play('cultists: upgrade A7 to TP', 'witches: pass BON5', 'engineers: pass BON6');
    const vp = g.f('cultists').VP;
    g.play('cultists: upgrade A7 to SH');
    expect(g.f('cultists').VP).toBe(vp + 7);
  });
});

describe('darklings', () => {
  const start = (options: 'strict-darkling-sh'[] = []) =>
    scenario({
      factions: ['darklings', 'giants'],
      options,
      dwellings: { darklings: ['E5', 'E10'], giants: ['I1', 'I5'] },
    });

  it('dig with priests: 1 priest and +2 VP per spade, no workers; digging cannot be improved', () => {
    const g = start();
    g.fails('darklings: advance dig', /any further/);
    const before = g.nums('darklings');
    g.play('darklings: dig 1. transform E4 to black');
    expect(g.nums('darklings')).toMatchObject({ P: before.P - 1, W: before.W, VP: before.VP + 2 });
  });

  it('stronghold: convert up to 3 workers to 3 priests, once', () => {
    const g = start()
      .give('darklings', { ...RICH, P: 0 })
      .play('darklings: upgrade E5 to TP', 'giants: pass BON5');
    g.fails('darklings: convert 1W to 1P', /Can't convert W to P/);
    g.play('darklings: upgrade E5 to SH');
    g.fails('darklings: convert 4W to 4P', /more than 3/);
    const { W, P } = g.nums('darklings');
    g.play('darklings: convert 3W to 3P');
    expect(g.nums('darklings')).toMatchObject({ W: W - 3, P: P + 3 });
    g.fails('darklings: convert 1W to 1P', /Can't convert W to P/);
  });

  it('stronghold: any conversion uses up the privilege, and gives no more than 3 while it is pending', () => {
    const g = start()
      .give('darklings', { ...RICH, P: 0, P1: 0, P2: 4, P3: 8 })
      .play('darklings: upgrade E5 to TP', 'giants: pass BON5', 'darklings: upgrade E5 to SH');
    g.fails('darklings: convert 4PW to 4C', /more than 3/);
    const { C, W, P } = g.nums('darklings');
    g.play('darklings: convert 1PW to 1C');
    expect(g.nums('darklings')).toMatchObject({ C: C + 1, W, P });
    g.fails('darklings: convert 1W to 1P', /Can't convert W to P/);
    g.play('darklings: convert 4PW to 4C');
  });

  it('strict-darkling-sh: the conversion is owed before the turn can end', () => {
    const g = start(['strict-darkling-sh'])
      .give('darklings', { ...RICH, P: 0 })
      .play('darklings: upgrade E5 to TP', 'giants: upgrade I1 to TP');
    g.play('darklings: upgrade E5 to SH');
    expect(turnComplete(g.state, 'darklings')).toBe(false);
    g.play('darklings: convert 2W to 2P');
    expect(turnComplete(g.state, 'darklings')).toBe(true);
  });

  it('strict-darkling-sh: darklings without workers end their turn with any conversion, or by giving it up', () => {
    const g = start(['strict-darkling-sh'])
      .give('darklings', { ...RICH, P: 0, P1: 0, P2: 4, P3: 8 })
      .play('darklings: upgrade E5 to TP', 'giants: upgrade I1 to TP', 'darklings: upgrade E5 to SH')
      .give('darklings', { W: 0 });
    expect(turnComplete(g.state, 'darklings')).toBe(false);
    const offered = legalMoves(g.state, 'darklings').map((m) => formatCommands(m.commands));
    expect(offered).toEqual(expect.arrayContaining(['convert 1PW to 1C', '-3CONVERT_W_TO_P']));
    g.play('darklings: convert 1PW to 1C');
    expect(turnComplete(g.state, 'darklings')).toBe(true);
    g.play('done', 'giants: pass BON6', 'darklings: pass BON7');
    expect(g.state.round).toBe(2);
  });
});

describe('dwarves', () => {
  const start = () =>
    scenario({
      factions: ['dwarves', 'witches'],
      board: { A4: 'gray', I5: 'gray' },
      dwellings: { dwarves: ['F6', 'A2'], witches: ['A10', 'C4'] },
    })
      .give('dwarves', RICH)
      .play('dwarves: advance dig', 'witches: pass BON5');

  it('tunnel one hex: 2 workers and 4 VP; 1 worker after the stronghold; no shipping', () => {
    const g = start();
    let before = g.nums('dwarves');
    // H8 is two hexes from F6 (through G6).
    g.play('dwarves: build H8');
    expect(g.nums('dwarves')).toMatchObject({ W: before.W - 1 - 2, C: before.C - 2, VP: before.VP + 4 });
    g.fails('dwarves: build I5', /can't reach/);
    g.fails('dwarves: advance ship', /any further/);
    g.play('dwarves: upgrade A2 to TP', 'dwarves: upgrade A2 to SH');
    before = g.nums('dwarves');
    g.play('dwarves: build A4');
    expect(g.nums('dwarves')).toMatchObject({ W: before.W - 1 - 1, C: before.C - 2, VP: before.VP + 4 });
  });
});

describe('engineers', () => {
  const start = () =>
    scenario({
      factions: ['engineers', 'witches'],
      board: { E5: 'gray' },
      dwellings: { engineers: ['C2', 'E5'], witches: ['A10', 'I11'] },
    })
      .give('engineers', RICH)
      .give('witches', RICH);

  it('bridge for 2 workers as an action, more than once a round', () => {
    const g = start();
    const { W } = g.nums('engineers');
    g.play('engineers: action ACTE. bridge C2:E5');
    expect(g.nums('engineers').W).toBe(W - 2);
    expect(g.state.bridges).toEqual([{ from: 'C2', to: 'E5', faction: 'engineers' }]);
    g.play('witches: upgrade A10 to TP', 'engineers: action ACTE. bridge C2:D3');
    expect(g.state.bridges).toHaveLength(2);
    g.fails('engineers: action ACTE. bridge A1:A2');
  });

  it('stronghold: 3 VP on passing for each bridge between two own buildings', () => {
    const g = start();
    g.play('engineers: action ACTE. bridge C2:E5', 'witches: pass BON5');
    g.play('engineers: action ACTE. bridge C2:D3', 'engineers: upgrade C2 to TP', 'engineers: upgrade C2 to SH');
    g.play('engineers: pass BON3');
    // C2:D3 has no building at D3: only C2:E5 counts.
    expect(g.vpFrom('engineers', 'SH')).toBe(3);
  });
});

describe('fakirs', () => {
  const start = () =>
    scenario({
      factions: ['fakirs', 'witches'],
      board: { F1: 'yellow' },
      dwellings: { fakirs: ['D3', 'G7'], witches: ['A10', 'I11'] },
    })
      .give('fakirs', RICH)
      .play('fakirs: advance dig', 'witches: pass BON5');

  it('carpet flight over one hex: 1 priest and 4 VP', () => {
    const g = start();
    const before = g.nums('fakirs');
    // E2 is two hexes from D3; brown to desert is one spade (2 workers after one dig advance).
    g.play('fakirs: dig 1. build E2');
    expect(g.nums('fakirs')).toMatchObject({
      P: before.P - 1,
      W: before.W - 2 - 1,
      C: before.C - 2,
      VP: before.VP + 4,
    });
  });

  it('range 1 at first; the stronghold adds one; digging improves once; no shipping', () => {
    const g = start();
    // F1 is three hexes from D3.
    g.fails('fakirs: build F1', /can't reach/);
    g.fails('fakirs: advance dig', /any further/);
    g.fails('fakirs: advance ship', /any further/);
    g.play('fakirs: upgrade D3 to TP', 'fakirs: upgrade D3 to SH');
    expect(g.f('fakirs').carpetRange).toBe(2);
    const before = g.nums('fakirs');
    g.play('fakirs: build F1');
    expect(g.nums('fakirs')).toMatchObject({ P: before.P - 1, VP: before.VP + 4 });
  });
});

describe('giants', () => {
  const start = () =>
    scenario({ factions: ['giants', 'witches'], dwellings: { giants: ['E3', 'I1'], witches: ['A10', 'I11'] } })
      .give('giants', RICH)
      .play('giants: upgrade I1 to TP', 'witches: pass BON5');

  it('every terraform takes exactly 2 spades', () => {
    const g = start();
    // Desert is one step from wasteland, lakes three: both cost the giants 2 spades.
    g.fails('giants: dig 1. build D3', /spades/i);
    let { W } = g.nums('giants');
    g.play('giants: dig 2. build D3');
    expect(g.nums('giants').W).toBe(W - 6 - 1);
    ({ W } = g.nums('giants'));
    g.play('giants: dig 2. build E4');
    expect(g.nums('giants').W).toBe(W - 6 - 1);
    expect(g.state.hexes.E4!.terrain).toBe('red');
  });

  it('may not dig a spade they could never use (dug spades cannot be given up)', () => {
    const g = start();
    g.fails('giants: dig 3. transform D3', /leave 3 spades/);
    g.fails('giants: dig 1', /leave 1 spades/);
    g.play('giants: dig 2. transform D3');
    expect(g.state.hexes.D3!.terrain).toBe('red');
  });

  it('stronghold action ACTG: 2 free spades', () => {
    const g = start().play('giants: upgrade I1 to SH');
    const { W, C } = g.nums('giants');
    g.play('giants: action ACTG. build E2');
    expect(g.nums('giants')).toMatchObject({ W: W - 1, C: C - 2 });
    expect(g.state.hexes.E2).toMatchObject({ terrain: 'red', building: 'D', owner: 'giants' });
  });
});

describe('halflings', () => {
  const start = () =>
    scenario({ factions: ['halflings', 'witches'], dwellings: { halflings: ['E6', 'I8'], witches: ['A10', 'I11'] } })
      .give('halflings', RICH)
      .play('halflings: advance dig', 'witches: pass BON5');

  it('1 VP per spade, and digging improves for 2W 1C 1P', () => {
    const g = scenario({
      factions: ['halflings', 'witches'],
      dwellings: { halflings: ['E6', 'I8'], witches: ['A10', 'I11'] },
    }).give('halflings', RICH);
    const before = g.nums('halflings');
    g.play('halflings: advance dig');
    expect(g.nums('halflings')).toMatchObject({ W: before.W - 2, C: before.C - 1, P: before.P - 1, VP: before.VP + 6 });
    g.play('witches: pass BON5');
    const vp = g.f('halflings').VP;
    g.play('halflings: dig 2. transform D4 to brown');
    expect(g.f('halflings').VP).toBe(vp + 2);
  });

  it('stronghold: 3 spades at once (and a VP for each)', () => {
    const g = start().play('halflings: upgrade E6 to TP');
    const vp = g.f('halflings').VP;
    g.play('halflings: upgrade E6 to SH. transform F3 to brown. transform D4 to brown');
    expect(g.f('halflings').VP).toBe(vp + 3);
    expect(g.state.hexes.F3!.terrain).toBe('brown');
    expect(g.state.hexes.D4!.terrain).toBe('brown');
    // ... and a dwelling may follow on one of those hexes in the same action.
    g.play('halflings: build F3');
    expect(g.state.hexes.F3!.building).toBe('D');
  });
});

describe('mermaids', () => {
  // E4/E3 and G1/H3 are joined only across the river hex r20.
  const start = () =>
    scenario({
      factions: ['mermaids', 'witches'],
      board: { E3: 'blue', G1: 'blue', H3: 'blue' },
      dwellings: { mermaids: ['E4', 'H3'], witches: ['A10', 'I11'] },
    })
      .give('mermaids', RICH)
      .play('mermaids: build E3', 'witches: pass BON5');

  it('stronghold: one shipping level for free (with its VP)', () => {
    const g = start().play('mermaids: upgrade E4 to TP');
    const vp = g.f('mermaids').VP;
    expect(g.f('mermaids').ship).toBe(1);
    g.play('mermaids: upgrade E4 to SH');
    expect(g.f('mermaids').ship).toBe(2);
    expect(g.f('mermaids').VP).toBe(vp + 2);
  });

  it('a town across a river hex (connect)', () => {
    const g = start().play(
      'mermaids: build G1',
      'mermaids: upgrade E4 to TP',
      'mermaids: upgrade H3 to TP',
      'mermaids: upgrade E4 to SH',
    );
    expect(g.f('mermaids').counters.GAIN_TW ?? 0).toBe(0);
    g.fails('mermaids: connect r14', /town/);
    const vp = g.f('mermaids').VP;
    g.play('mermaids: connect r20. +TW3');
    expect(g.f('mermaids').tiles.TW3).toBe(1);
    // TW3: 9 VP (and SCORE2, round 1: 5 VP per town).
    expect(g.f('mermaids').VP).toBe(vp + 9 + 5);
    for (const h of ['E3', 'E4', 'G1', 'H3']) expect(g.state.hexes[h]!.town).not.toBe(0);
  });
});

describe('nomads', () => {
  const start = () =>
    scenario({ factions: ['nomads', 'witches'], dwellings: { nomads: ['D3', 'B1', 'G4'], witches: ['A10', 'I11'] } })
      .give('nomads', RICH)
      .play('nomads: upgrade G4 to TP', 'witches: pass BON5', 'nomads: upgrade G4 to SH');

  it('place three initial dwellings', () => {
    expect(start().f('nomads').locations).toEqual(expect.arrayContaining(['D3', 'B1', 'G4']));
  });

  it('sandstorm (ACTN): an adjacent hex turns to desert for free, a dwelling may follow', () => {
    const g = start();
    const { W, C } = g.nums('nomads');
    g.play('nomads: action ACTN. build E3');
    expect(g.state.hexes.E3).toMatchObject({ terrain: 'yellow', building: 'D' });
    expect(g.nums('nomads')).toMatchObject({ W: W - 1, C: C - 2 });
    g.fails('nomads: action ACTN. transform E4', /already been used/);
  });

  it('sandstorm reaches only hexes directly next to a nomad building, not across a bridge', () => {
    const g = start().give('nomads', { P1: 0, P2: 0, P3: 10 }).play('nomads: action ACT1. bridge D3:C2');
    // C2 touches D3 only through the bridge; E2 is two hexes away.
    g.fails('nomads: action ACTN. transform C2', /directly next/);
    g.fails('nomads: action ACTN. transform E2');
    g.play('nomads: action ACTN. transform E4');
    expect(g.state.hexes.E4!.terrain).toBe('yellow');
  });
});

describe('swarmlings', () => {
  it('ACTS upgrades a dwelling for free; each town brings 3 workers', () => {
    const g = scenario({
      factions: ['swarmlings', 'witches'],
      board: { E2: 'blue', E3: 'blue', D1: 'blue' },
      dwellings: { swarmlings: ['D2', 'E2'], witches: ['A10', 'I11'] },
    }).give('swarmlings', RICH);
    g.play(
      'swarmlings: build E3',
      'witches: pass BON5',
      'swarmlings: build D1',
      'swarmlings: upgrade D2 to TP',
      'swarmlings: upgrade D2 to SH',
    );
    expect(g.f('swarmlings').counters.GAIN_TW ?? 0).toBe(0);
    const before = g.nums('swarmlings');
    // SH 3 + TP 2 + 2 dwellings: power 7 with 4 buildings founds a town.
    g.play('swarmlings: action ACTS. upgrade E2 to TP. +TW1');
    expect(g.f('swarmlings').buildings.TP).toBe(1);
    expect(g.nums('swarmlings')).toMatchObject({ W: before.W + 3, C: before.C + 6, VP: before.VP + 5 + 5 });
    g.fails('swarmlings: action ACTS. upgrade E3 to TP', /already been used/);
  });
});

describe('witches', () => {
  const start = () =>
    scenario({
      factions: ['witches', 'dwarves'],
      board: { E10: 'green', F5: 'green', F6: 'green' },
      dwellings: { witches: ['E9', 'E10'], dwarves: ['H8', 'I9'] },
    })
      .give('witches', RICH)
      .play('witches: build F5', 'dwarves: pass BON5');

  it('ACTW: a free dwelling on any forest, without shipping or terraforming, once a round', () => {
    const g = start().play('witches: upgrade E9 to TP', 'witches: upgrade E9 to SH');
    const { W, C } = g.nums('witches');
    g.fails('witches: action ACTW. build I12', /home terrain/);
    g.play('witches: action ACTW. build A3');
    expect(g.state.hexes.A3).toMatchObject({ building: 'D', owner: 'witches' });
    expect(g.nums('witches')).toMatchObject({ W, C });
    g.fails('witches: action ACTW. build A10', /already been used/);
  });

  it('5 VP for every town founded', () => {
    const g = start().play('witches: build F6', 'witches: upgrade E9 to TP', 'witches: upgrade E9 to SH');
    const vp = g.f('witches').VP;
    g.play('witches: upgrade E10 to TP. +TW1');
    // TW1 5 VP, witches 5 VP, round 1 SCORE2 5 VP.
    expect(g.f('witches').VP).toBe(vp + 5 + 5 + 5);
  });
});
