/**
 * Rules across factions: terraforming, trading house costs, power offers, towns, cult level 10, final
 * ranking ties, setup order, dropped factions and the seeded random setup.
 */
import { describe, expect, it } from 'vitest';
import { legalMoves, randomSetup, whoMustAct } from '../../src/engine/index.ts';
import { formatCommand } from '../../src/notation/format.ts';
import { parseCommand } from '../../src/notation/parse.ts';
import { rankScores } from '../../src/engine/rules/final-scoring.ts';
import { networkSize } from '../../src/engine/rules/networks.ts';
import { makeCtx } from '../../src/engine/context.ts';
import type { FactionId, OptionId } from '../../src/engine/index.ts';
import { scenario } from './scenario.ts';

const RICH = { C: 40, W: 30, P: 5 };
const SCORE_D_FIRST = ['SCORE5', 'SCORE2', 'SCORE3', 'SCORE4', 'SCORE6', 'SCORE7'] as const;

describe('terraforming', () => {
  const start = () =>
    scenario({ factions: ['witches', 'dwarves'], dwellings: { witches: ['F4', 'E9'], dwarves: ['H8', 'I9'] } })
      .give('witches', { ...RICH, W: 60, P1: 0, P2: 0, P3: 12 })
      .play('witches: send p to WATER for 1', 'dwarves: pass BON5');

  it('goes the long way round when home terrain lies on the short way', () => {
    const g = start();
    // Swamp -> mountains passes forest (home) the short way (3): it takes 4 spades.
    g.fails('witches: dig 3. transform E10 to gray', /spades/i);
    const { W } = g.nums('witches');
    g.play('witches: dig 4. transform E10 to gray');
    expect(g.nums('witches').W).toBe(W - 12);
    // Plains -> lakes does not pass forest: 2 spades.
    g.play('witches: dig 2. transform E6 to blue');
    expect(g.nums('witches').W).toBe(W - 12 - 6);
  });

  it("spades from 'dig' must all be used when the terrain is not home terrain", () => {
    const g = start();
    g.fails('witches: dig 2. transform E10 to blue', /Must use all spades/);
    g.play('witches: dig 2. transform E10 to green');
    expect(g.state.hexes.E10!.terrain).toBe('green');
  });

  it('spades from an action may transform one hex to another terrain and the rest towards home', () => {
    const g = start();
    g.fails('witches: action ACT6. transform E10 to blue. transform E6 to black', /more than one hex/);
    g.play('witches: action ACT6. transform E10 to blue. transform E7');
    expect(g.state.hexes.E10!.terrain).toBe('blue');
    expect(g.state.hexes.E7!.terrain).toBe('green');
  });

  it('a dwelling after a terraform goes on the terraformed hex', () => {
    const g = start();
    g.fails('witches: dig 1. transform E7. build E6');
    g.play('witches: dig 1. transform E7. build E7');
    expect(g.state.hexes.E7!.building).toBe('D');
  });
});

describe('refusals give the numbers', () => {
  const start = () =>
    scenario({ factions: ['witches', 'dwarves'], dwellings: { witches: ['F4', 'E9'], dwarves: ['H8', 'I9'] } });

  it('name what the move needs and what the faction has', () => {
    const g = start().give('witches', { W: 4, C: 15, P3: 2 });
    // Two spades at 3 workers each: paid at once, so the numbers are the whole cost.
    g.fails('witches: dig 2. transform E6 to blue', 'Not enough workers: this needs 6 and you have 4');
    g.fails('witches: action ACT5', 'Not enough power in bowl III: this needs 4 and you have 2');
  });

  it('say how many spades are held when more are given up', () => {
    const g = start().give('witches', { P3: 6 });
    g.fails('witches: action ACT6. -3SPADE', 'Not enough spades: this needs 3 and you have 2');
  });
});

describe('trading house cost', () => {
  it('3 coins next to an opponent, 6 coins with no neighbour', () => {
    const g = scenario({
      factions: ['witches', 'dwarves'],
      dwellings: { witches: ['F4', 'E9'], dwarves: ['E7', 'H8'] },
    }).give('witches', RICH);
    let { C, W } = g.nums('witches');
    g.play('witches: upgrade F4 to TP');
    expect(g.nums('witches')).toMatchObject({ C: C - 3, W: W - 2 });
    g.play('dwarves: pass BON5');
    ({ C, W } = g.nums('witches'));
    g.play('witches: upgrade E9 to TP');
    expect(g.nums('witches')).toMatchObject({ C: C - 6, W: W - 2 });
  });
});

describe('power offers (leech)', () => {
  // Witches' F4 touches both dwarf dwellings E6 (mountains here) and E7; giants' D4 touches them too.
  const three = (options: OptionId[] = []) =>
    scenario({
      factions: ['witches', 'giants', 'dwarves'],
      options,
      board: { E6: 'gray' },
      dwellings: { witches: ['F4', 'E9'], giants: ['D4', 'I1'], dwarves: ['E7', 'E6'] },
    })
      .give('witches', RICH)
      .give('giants', RICH);

  it('costs power - 1 VP and is offered to each neighbour with the sum of its adjacent buildings', () => {
    const g = three().play('witches: upgrade F4 to TP');
    expect(g.state.pending).toContainEqual(
      expect.objectContaining({ type: 'leech', faction: 'dwarves', from: 'witches', amount: 2 }),
    );
    expect(whoMustAct(g.state)).toContain('dwarves');
    const before = g.nums('dwarves');
    g.play('dwarves: leech 2 from witches');
    expect(g.nums('dwarves').VP).toBe(before.VP - 1);
    expect(g.nums('dwarves').PW).toEqual([before.PW[0]! - 2, before.PW[1]! + 2, 0]);
  });

  it('is capped by the room in the bowls (and costs VP only for what is taken)', () => {
    const g = three().give('dwarves', { P1: 0, P2: 1, P3: 11 }).play('witches: upgrade F4 to TP');
    const vp = g.f('dwarves').VP;
    g.play('dwarves: leech 2 from witches');
    expect(g.nums('dwarves').PW).toEqual([0, 0, 12]);
    expect(g.f('dwarves').VP).toBe(vp);
  });

  it('is capped by the VP the receiver has', () => {
    const g = three().give('dwarves', { VP: 0 }).play('witches: upgrade F4 to TP');
    g.play('dwarves: leech 2 from witches');
    // With 0 VP only 1 power (costing nothing) can be taken.
    expect(g.nums('dwarves')).toMatchObject({ VP: 0, PW: [4, 8, 0] });
  });

  it('an action declines every open offer', () => {
    const g = three().play('witches: upgrade F4 to TP', 'giants: pass BON5');
    const pw = g.nums('dwarves').PW;
    g.play('dwarves: pass BON6');
    expect(g.state.pending.some((p) => p.type === 'leech')).toBe(false);
    expect(g.nums('dwarves').PW).toEqual(pw);
  });

  it('decline leaves the power and VP alone', () => {
    const g = three().play('witches: upgrade F4 to TP');
    const before = g.nums('dwarves');
    g.play('dwarves: decline 2 from witches');
    expect(g.nums('dwarves')).toEqual(before);
    g.fails('dwarves: leech 2 from witches', /no offer/);
  });

  it('strict-leech: offers are answered in the order they were made', () => {
    const strict = three(['strict-leech']).play('witches: upgrade F4 to TP', 'giants: upgrade D4 to TP');
    expect(strict.state.pending.filter((p) => p.type === 'leech' && p.faction === 'dwarves')).toHaveLength(2);
    strict.play('dwarves: leech 2 from giants');
    strict.fails('dwarves: leech 2 from witches', /should happen before/);
    const loose = three().play(
      'witches: upgrade F4 to TP',
      'giants: upgrade D4 to TP',
      'dwarves: leech 2 from giants',
      'dwarves: leech 2 from witches',
    );
    expect(loose.state.pending.some((p) => p.type === 'leech')).toBe(false);
  });

  it('strict-leech: converting before answering an offer forfeits the order', () => {
    const g = three(['strict-leech']).play(
      'witches: upgrade F4 to TP',
      'giants: pass BON5',
      'dwarves: convert 1W to 1C',
    );
    g.fails('dwarves: leech 2 from witches', /should happen before 'convert'/);
  });

  it('a neighbour with full bowls still owes an answer, and the game says so', () => {
    // Snellman keeps the offer (0 power to take) as a decision; the round cannot end before it.
    const g = scenario({
      factions: ['dwarves', 'witches'],
      dwellings: { witches: ['F4', 'E9'], dwarves: ['E7', 'H8'] },
    })
      .give('witches', RICH)
      .give('dwarves', { P1: 0, P2: 0, P3: 12 })
      .play('dwarves: pass BON5', 'witches: upgrade F4 to TP', 'witches: pass BON6');
    expect(g.state.round).toBe(1);
    expect(whoMustAct(g.state)).toContain('dwarves');
    g.play('dwarves: decline 1 from witches');
    expect(g.state.round).toBe(2);
  });

  it('nothing is offered during setup', () => {
    const g = three();
    expect(g.state.pending.some((p) => p.type === 'leech')).toBe(false);
  });
});

describe('towns', () => {
  /** Auren (no town bonus) on E9/E10/F5/F6; round 1 scores dwellings, not towns. */
  const auren = (board: Record<string, 'green'> = {}) =>
    scenario({
      factions: ['auren', 'dwarves'],
      scoreTiles: SCORE_D_FIRST,
      board: { E10: 'green', F5: 'green', F6: 'green', ...board },
      dwellings: { auren: ['E9', 'E10'], dwarves: ['H8', 'I9'] },
    })
      .give('auren', { ...RICH, W: 60, C: 80 })
      .play('auren: build F5', 'dwarves: pass BON5');
  const townsOwed = (g: ReturnType<typeof auren>) => g.f('auren').counters.GAIN_TW ?? 0;

  it('four buildings with power 7; power 6 is not enough', () => {
    const g = auren().play('auren: build F6', 'auren: upgrade E9 to TP', 'auren: upgrade E10 to TP');
    expect(townsOwed(g)).toBe(0);
    g.play('auren: upgrade F5 to TP. +TW1');
    expect(g.f('auren').tiles.TW1).toBe(1);
    expect(['E9', 'E10', 'F5', 'F6'].map((h) => g.state.hexes[h]!.town)).toEqual(Array(4).fill(g.state.hexes.E9!.town));
    expect(g.state.hexes.E9!.town).not.toBe(0);
  });

  it('three buildings when one is the sanctuary', () => {
    const g = auren().play(
      'auren: upgrade E9 to TP',
      'auren: upgrade E10 to TP',
      'auren: upgrade F5 to TP',
      'auren: upgrade E9 to TE. +FAV11',
    );
    expect(townsOwed(g)).toBe(0);
    g.play('auren: upgrade E9 to SA. +FAV10. +TW2');
    expect(g.f('auren').tiles.TW2).toBe(1);
  });

  it('three buildings with power 7 but no sanctuary are no town', () => {
    const g = auren().play(
      'auren: upgrade E9 to TP',
      'auren: upgrade E10 to TP',
      'auren: upgrade F5 to TP',
      'auren: upgrade E9 to SH. +FAV11',
    );
    expect(townsOwed(g)).toBe(0);
  });

  it('FAV5 makes power 6 enough, at once for a group already that strong', () => {
    const g = auren().play('auren: build F6', 'auren: upgrade E9 to TP', 'auren: upgrade E10 to TP');
    expect(townsOwed(g)).toBe(0);
    g.play('auren: upgrade E10 to TE. +FAV5. +TW3');
    expect(g.f('auren').tiles).toMatchObject({ FAV5: 1, TW3: 1 });
  });

  it('a building next to a town joins it without founding another', () => {
    const g = auren({ E11: 'green' }).play(
      'auren: build F6',
      'auren: upgrade E9 to TP',
      'auren: upgrade E10 to TP',
      'auren: upgrade F5 to TP. +TW1',
    );
    g.play('auren: build E11');
    expect(townsOwed(g)).toBe(0);
    expect(g.state.hexes.E11!.town).toBe(g.state.hexes.E10!.town);
  });

  it('a bridge can complete a town', () => {
    // E3/E4 and G1/H3 face each other across the river; E4:G1 is a bridge spot.
    const g = scenario({
      factions: ['auren', 'dwarves'],
      scoreTiles: SCORE_D_FIRST,
      board: { E3: 'green', E4: 'green', G1: 'green', H3: 'green' },
      dwellings: { auren: ['E4', 'H3'], dwarves: ['H8', 'I9'] },
    })
      .give('auren', { ...RICH, C: 60, P1: 0, P2: 0, P3: 12 })
      .play(
        'auren: build E3',
        'dwarves: pass BON5',
        'auren: build G1',
        'auren: upgrade E4 to TP',
        'auren: upgrade H3 to TP',
        'auren: upgrade E3 to TP',
      );
    expect(townsOwed(g as ReturnType<typeof auren>)).toBe(0);
    g.play('auren: action ACT1. bridge E4:G1. +TW4');
    expect(g.f('auren').tiles.TW4).toBe(1);
  });

  it('the town tile must be one still in the pool', () => {
    const g = auren().play('auren: build F6', 'auren: upgrade E9 to TP', 'auren: upgrade E10 to TP');
    g.fails('auren: upgrade F5 to TP. +TW6', /not available/);
  });
});

describe('cult track level 10', () => {
  const start = () =>
    scenario({ factions: ['witches', 'dwarves'], dwellings: { witches: ['F4', 'E9'], dwarves: ['H8', 'I9'] } });

  it('needs a key; without one the priest stops at 9', () => {
    const g = start()
      .give('witches', { P: 1, cults: { FIRE: 8 } })
      .play('witches: send p to FIRE');
    expect(g.f('witches').cults.FIRE).toBe(9);
  });

  it('takes the key, gives 3 power, and closes level 10 to everyone else', () => {
    const g = start()
      .give('witches', { P: 1, KEY: 1, P1: 5, P2: 0, P3: 0, cults: { FIRE: 8 } })
      .give('dwarves', { P: 1, KEY: 1, cults: { FIRE: 9 } });
    g.play('witches: send p to FIRE');
    expect(g.f('witches')).toMatchObject({ KEY: 0, P1: 2, P2: 3 });
    expect(g.f('witches').cults.FIRE).toBe(10);
    g.play('dwarves: send p to FIRE');
    expect(g.f('dwarves').cults.FIRE).toBe(9);
    expect(g.f('dwarves').KEY).toBe(1);
  });
});

describe('network', () => {
  it('tunnelling and carpet range join buildings one hex apart', () => {
    // F6 and H8 are two hexes apart (through G6), D3 and E2 too (through D2 or E3).
    const g = scenario({
      factions: ['dwarves', 'fakirs', 'witches'],
      board: { E2: 'yellow' },
      dwellings: { dwarves: ['F6', 'H8'], fakirs: ['D3', 'E2'], witches: ['F4', 'G3'] },
    });
    expect(networkSize(makeCtx(g.state), g.f('dwarves'))).toBe(2);
    expect(networkSize(makeCtx(g.state), g.f('fakirs'))).toBe(2);
    expect(networkSize(makeCtx(g.state), g.f('witches'))).toBe(1);
  });

  it('shipping joins groups across a river', () => {
    const g = scenario({
      factions: ['witches', 'dwarves'],
      dwellings: { witches: ['F4', 'G3'], dwarves: ['H8', 'I9'] },
    }).give('witches', RICH);
    expect(networkSize(makeCtx(g.state), g.f('witches'))).toBe(1);
    g.play('witches: advance ship');
    expect(networkSize(makeCtx(g.state), g.f('witches'))).toBe(2);
  });
});

describe('turn order', () => {
  // Passing order in round 1: witches, giants, dwarves.
  const round1 = (options: OptionId[]) =>
    scenario({
      factions: ['witches', 'dwarves', 'giants'],
      options,
      dwellings: { witches: ['F4', 'E9'], dwarves: ['E7', 'H8'], giants: ['I1', 'I5'] },
    })
      .give('dwarves', RICH)
      .play('witches: pass BON7', 'dwarves: upgrade H8 to TP', 'giants: pass BON8', 'dwarves: pass BON9');

  it('the first to pass starts the next round, then seat order', () => {
    const g = round1([]);
    expect(g.state.round).toBe(2);
    expect(g.state.active).toBe('witches');
    expect(g.play('witches: pass BON1').state.active).toBe('dwarves');
  });

  it('variable-turn-order: the next round follows the passing order', () => {
    const g = round1(['variable-turn-order']);
    expect(g.state.active).toBe('witches');
    expect(g.play('witches: pass BON1').state.active).toBe('giants');
  });
});

describe('legal moves in scenarios', () => {
  it('setup: a dwelling on any free home-terrain hex, for the faction whose step it is', () => {
    const g = scenario({ factions: ['witches', 'dwarves'], dwellings: {}, stopBefore: 'dwellings' });
    const forest = Object.entries(g.state.hexes)
      .filter(([, h]) => h.terrain === 'green')
      .map(([id]) => id);
    expect(legalMoves(g.state, 'witches').map((m) => m.commands[0])).toEqual(
      expect.arrayContaining(forest.map((hex) => ({ type: 'build', hex }))),
    );
    expect(legalMoves(g.state, 'witches')).toHaveLength(forest.length);
    expect(legalMoves(g.state, 'dwarves')).toEqual([]);
  });

  it('an open power offer can be taken or declined', () => {
    const g = scenario({
      factions: ['witches', 'dwarves'],
      dwellings: { witches: ['F4', 'E9'], dwarves: ['E7', 'H8'] },
    })
      .give('witches', RICH)
      .play('witches: upgrade F4 to TP');
    const moves = legalMoves(g.state, 'dwarves').map((m) => m.commands.map(formatCommand).join('. '));
    expect(moves.slice(0, 2)).toEqual(['leech 1 from witches', 'decline 1 from witches']);
    // The witches' turn is over: the dwarves' next command opens theirs.
    expect(moves).toContain('upgrade E7 to TP');
  });

  it('giants holding one spade from cult income (they need two) are offered to give it up', () => {
    // SCORE8 pays a spade for every 4 steps on the air track at the end of round 1.
    const g = scenario({
      factions: ['giants', 'witches'],
      scoreTiles: ['SCORE8', 'SCORE2', 'SCORE3', 'SCORE4', 'SCORE5', 'SCORE7'],
      dwellings: { giants: ['A6', 'I1'], witches: ['F4', 'E9'] },
    })
      .give('giants', { cults: { AIR: 4 } })
      .passAll();
    expect(g.state.round).toBe(1);
    expect(whoMustAct(g.state)).toEqual(['giants']);
    expect(legalMoves(g.state, 'giants').map((m) => [m.kind, m.commands.map(formatCommand).join('. ')])).toEqual([
      ['discard', '-SPADE'],
    ]);
    g.play('giants: -SPADE');
    expect(g.state.round).toBe(2);
  });

  it('income spades can be used on any terrain the hex can reach, or given up', () => {
    const g = scenario({
      factions: ['halflings', 'witches'],
      scoreTiles: ['SCORE8', 'SCORE2', 'SCORE3', 'SCORE4', 'SCORE5', 'SCORE7'],
      dwellings: { halflings: ['E6', 'A1'], witches: ['F4', 'E9'] },
    }).give('halflings', { cults: { AIR: 4 } });
    for (const [id, h] of Object.entries(g.state.hexes)) if (!h.building) g.terrain(id, 'brown');
    g.passAll();
    expect(whoMustAct(g.state)).toEqual(['halflings']);
    const offered = legalMoves(g.state, 'halflings').map((m) => m.commands.map(formatCommand).join('. '));
    // Plains is home: one spade turns a neighbour into desert or swamp, never back to plains.
    expect(offered).toEqual(expect.arrayContaining(['-SPADE', 'transform E5 to yellow', 'transform E5 to black']));
    expect(offered.filter((m) => m.endsWith('brown'))).toEqual([]);
    g.play('halflings: -SPADE');
    expect(g.state.round).toBe(2);
  });
});

describe('clear errors for bad moves', () => {
  const start = () =>
    scenario({ factions: ['witches', 'dwarves'], dwellings: { witches: ['F4', 'E9'], dwarves: ['H8', 'I9'] } }).give(
      'witches',
      RICH,
    );

  it('out of turn, absent factions, unknown or occupied hexes, missing buildings', () => {
    const g = start();
    g.fails('dwarves: upgrade H8 to TP', /not your turn/);
    g.fails('cultists: build E6', /not in this game/);
    g.fails('witches: build Z9', /Unknown land hex/);
    g.fails('witches: build H8', /already has a building/);
    g.fails('witches: upgrade E7 to TP', /no building of yours/);
    g.fails('witches: upgrade F4 to TE', /TE is built on a TP/);
    g.fails('witches: pass', /bonus tile/);
    g.fails('witches: action ACTW', /no ACTW action/);
    g.fails('witches: convert 1C to 1W', /Can't convert C to W/);
    g.fails('witches: burn 9', /bowl II/);
    g.fails('drop-faction cultists', /not in this game/);
    g.fails('witches: +FIRE', /Not allowed/);
  });

  it('a resource the engine does not know is refused where the text is read, naming the word', () => {
    expect(() => parseCommand('+2GOLD')).toThrow(/Unknown resource 'GOLD'/);
    expect(() => parseCommand('+FAV13')).toThrow(/Unknown resource 'FAV13'/);
    expect(() => parseCommand('-carpet_range')).toThrow(/Unknown resource 'carpet_range'/);
    expect(parseCommand('+fav11')).toEqual({ type: 'adjust', resource: 'FAV11', delta: 1 });
    expect(parseCommand('-2spade')).toEqual({ type: 'adjust', resource: 'SPADE', delta: -2 });
  });

  it('nothing once the game is over', () => {
    const g = start();
    for (let r = 0; r < 6; r++) g.passAll();
    expect(g.state.finished).toBe(true);
    g.fails('witches: build E10', /over/);
  });
});

describe('priests on the cult tracks', () => {
  it('slots give 3, 2, 2, 2 steps and keep the priest; "for 1" gives one step and returns it', () => {
    const g = scenario({
      factions: ['witches', 'dwarves'],
      dwellings: { witches: ['F4', 'E9'], dwarves: ['H8', 'I9'] },
    })
      .give('witches', { P: 7 })
      .give('dwarves', { P: 7 })
      .play('witches: send p to EARTH', 'dwarves: send p to EARTH');
    expect(g.f('witches').cults.EARTH).toBe(3);
    expect(g.f('dwarves').cults.EARTH).toBe(2 + 2);
    g.fails('witches: send p to EARTH for 3', /No free 3-step space/);
    g.play('witches: send p to EARTH for 2', 'dwarves: send p to EARTH', 'witches: send p to EARTH');
    // All four slots are taken: one step, and the priest goes back to the supply.
    expect(g.f('witches').cults.EARTH).toBe(3 + 2 + 1);
    expect(g.f('witches')).toMatchObject({ P: 4, maxP: 5, priestsOnCults: 2 });
  });

  it('priests in hand never exceed the seven less those left on the tracks', () => {
    const g = scenario({
      factions: ['witches', 'dwarves'],
      dwellings: { witches: ['F4', 'E9'], dwarves: ['H8', 'I9'] },
      bonus: { witches: 'BON8' },
    })
      .give('witches', { P: 6 })
      .play('witches: send p to WATER', 'dwarves: pass BON5');
    expect(g.f('witches')).toMatchObject({ P: 5, maxP: 6 });
    g.give('witches', { P: 6 }).passAll({ witches: 'BON3' });
    expect(g.state.round).toBe(2);
    expect(g.f('witches').P).toBe(6);
  });
});

describe('end of the game', () => {
  it('leftover power, priests and workers become coins, coins VP (3:1, alchemists 2:1)', () => {
    const g = scenario({
      factions: ['witches', 'alchemists'],
      dwellings: { witches: ['F4', 'E9'], alchemists: ['E5', 'E10'] },
    });
    for (let r = 0; r < 5; r++) g.passAll();
    expect(g.state.round).toBe(6);
    g.give('witches', { C: 4, W: 2, P: 1, P1: 0, P2: 5, P3: 2 }).give('alchemists', {
      C: 3,
      W: 0,
      P: 1,
      P1: 12,
      P2: 0,
      P3: 0,
    });
    g.passAll();
    expect(g.state.finished).toBe(true);
    // Witches: 5 in bowl II burn to 2 more in bowl III: 4 power + 1 P + 2 W + 4 C = 11 coins = 3 VP.
    expect(g.vpFrom('witches', 'resources')).toBe(3);
    expect(g.f('witches')).toMatchObject({ C: 2, W: 0, P: 0, P3: 0 });
    expect(g.vpFrom('alchemists', 'resources')).toBe(2);
  });
});

describe('final scoring ties (rankScores)', () => {
  const rank = (levels: Record<string, number>, points: readonly number[]) =>
    Object.fromEntries(rankScores(new Map(Object.entries(levels)), points));

  it('cults 8/4/2: tied factions share the places they cover, rounded down', () => {
    expect(rank({ a: 7, b: 5, c: 3, d: 1 }, [8, 4, 2])).toEqual({ a: 8, b: 4, c: 2 });
    expect(rank({ a: 5, b: 5, c: 3 }, [8, 4, 2])).toEqual({ a: 6, b: 6, c: 2 });
    expect(rank({ a: 7, b: 5, c: 5, d: 1 }, [8, 4, 2])).toEqual({ a: 8, b: 3, c: 3 });
    expect(rank({ a: 5, b: 5, c: 5 }, [8, 4, 2])).toEqual({ a: 4, b: 4, c: 4 });
    expect(rank({ a: 5, b: 5, c: 5, d: 5 }, [8, 4, 2])).toEqual({ a: 3, b: 3, c: 3, d: 3 });
    expect(rank({ a: 9, b: 3, c: 3, d: 3 }, [8, 4, 2])).toEqual({ a: 8, b: 2, c: 2, d: 2 });
  });

  it('level 0 scores nothing', () => {
    expect(rank({ a: 3, b: 0, c: 0 }, [8, 4, 2])).toEqual({ a: 8 });
  });

  it('network 18/12/6', () => {
    expect(rank({ a: 10, b: 10, c: 2 }, [18, 12, 6])).toEqual({ a: 15, b: 15, c: 6 });
    expect(rank({ a: 9, b: 8, c: 8, d: 8 }, [18, 12, 6])).toEqual({ a: 18, b: 6, c: 6, d: 6 });
    expect(rank({ a: 4, b: 4, c: 4, d: 4 }, [18, 12, 6])).toEqual({ a: 9, b: 9, c: 9, d: 9 });
  });
});

describe('setup', () => {
  const seats: FactionId[] = ['witches', 'nomads', 'chaosmagicians', 'engineers'];

  it("snake order for dwellings, the nomads' third, the chaos magicians' single one last, bonus tiles in reverse", () => {
    const g = scenario({ factions: seats, dwellings: {}, stopBefore: 'dwellings' });
    expect(g.state.setupOrder.map((s) => `${s.faction}:${s.step}`)).toEqual([
      'witches:dwelling',
      'nomads:dwelling',
      'engineers:dwelling',
      'engineers:dwelling',
      'nomads:dwelling',
      'witches:dwelling',
      'nomads:dwelling',
      'chaosmagicians:dwelling',
      'engineers:bonus',
      'chaosmagicians:bonus',
      'nomads:bonus',
      'witches:bonus',
    ]);
  });

  it('plays out: out-of-order and off-terrain dwellings are refused', () => {
    const g = scenario({ factions: seats, dwellings: {}, stopBefore: 'dwellings' });
    g.fails('nomads: build D3', /setup/);
    // E10 is swamp: the refusal says where a starting dwelling goes, not that spades are missing.
    g.fails(
      'witches: build E10',
      'A starting dwelling goes on your home terrain, forest (green); E10 is swamp (black)',
    );
    g.play(
      'witches: build F4',
      'nomads: build D3',
      'engineers: build E7',
      'engineers: build F6',
      'nomads: build B1',
      'witches: build E9',
    );
    g.fails('chaosmagicians: build D4', /setup/);
    g.play('nomads: build G4', 'chaosmagicians: build D4');
    expect(g.state.phase).toBe('initial-bonus');
    g.fails('witches: pass BON1', /setup/);
    g.play('engineers: pass BON1', 'chaosmagicians: pass BON2', 'nomads: pass BON3', 'witches: pass BON4');
    expect(g.state.round).toBe(1);
    expect(g.f('chaosmagicians').buildings.D).toBe(1);
    expect(g.f('nomads').buildings.D).toBe(3);
    expect(g.state.active).toBe('witches');
  });

  it('two factions of one home terrain cannot both play', () => {
    expect(() => scenario({ factions: ['witches', 'auren'], dwellings: {} })).toThrow(/home terrain/);
  });
});

describe('a dropped faction', () => {
  const start = () =>
    scenario({
      factions: ['witches', 'dwarves', 'giants'],
      dwellings: { witches: ['F4', 'E9'], dwarves: ['E7', 'H8'], giants: ['I1', 'I5'] },
      bonus: { witches: 'BON3', dwarves: 'BON4', giants: 'BON5' },
    });

  it('takes no actions, returns its bonus tile, is skipped in turn order', () => {
    const g = start().play('drop-faction dwarves');
    expect(g.f('dwarves').tiles.BON4).toBeUndefined();
    expect(g.state.pool.BON4).toBe(1);
    g.give('witches', RICH).play('witches: upgrade E9 to TP');
    expect(g.endTurn().state.active).toBe('giants');
    g.fails('dwarves: pass BON6', /left the game/);
  });

  it('is offered no power', () => {
    const g = start().give('witches', RICH).play('drop-faction dwarves', 'witches: upgrade F4 to TP');
    expect(whoMustAct(g.state)).not.toContain('dwarves');
    g.passAll();
    expect(g.state.round).toBe(2);
  });

  it('dropped while it is its turn: the turn moves on', () => {
    const g = start().play('drop-faction witches');
    expect(g.state.active).toBe('dwarves');
    expect(whoMustAct(g.state)).toEqual(['dwarves']);
  });

  it('dropped during setup: its setup steps are skipped', () => {
    const g = scenario({ factions: ['witches', 'dwarves', 'giants'], dwellings: {}, stopBefore: 'dwellings' });
    g.play('witches: build F4', 'drop-faction dwarves');
    expect(g.state.setupOrder.map((x) => x.faction)).not.toContain('dwarves');
    g.play('giants: build I1', 'giants: build I5', 'witches: build E9', 'giants: pass BON1', 'witches: pass BON2');
    expect(g.state.round).toBe(1);
    expect(g.f('dwarves').buildings.D).toBe(0);
  });

  it('still scores cults and network at the end', () => {
    const g = start()
      .give('dwarves', { cults: { FIRE: 7 } })
      .play('drop-faction dwarves');
    for (let r = 0; r < 6; r++) g.passAll();
    expect(g.state.finished).toBe(true);
    expect(g.notes.map((n) => `${n.faction} ${n.text}`)).toContain('dwarves +8vp for FIRE');
  });
});

describe('randomSetup', () => {
  const players = ['a', 'b', 'c', 'd'];
  const opts: OptionId[] = ['shipping-bonus', 'temple-scoring-tile'];

  it('is a function of its seed', () => {
    expect(randomSetup('seed-1', players, opts)).toEqual(randomSetup('seed-1', players, opts));
    const many = new Set(Array.from({ length: 20 }, (_, i) => JSON.stringify(randomSetup(`s${i}`, players, opts))));
    expect(many.size).toBeGreaterThan(15);
  });

  it('six distinct scoring tiles, never the spade tile in rounds 5-6, SCORE9 only with its option', () => {
    let sawScore1 = 0;
    for (let i = 0; i < 300; i++) {
      const { scoreTiles } = randomSetup(`r${i}`, players, i % 2 ? opts : []);
      expect(new Set(scoreTiles).size).toBe(6);
      expect(scoreTiles.slice(4)).not.toContain('SCORE1');
      if (i % 2 === 0) expect(scoreTiles).not.toContain('SCORE9');
      if (scoreTiles.includes('SCORE1')) sawScore1++;
    }
    expect(sawScore1).toBeGreaterThan(100);
  });

  it('players + 3 bonus tiles stay in play', () => {
    for (const n of [2, 3, 4, 5]) {
      for (const o of [[], ['shipping-bonus']] as OptionId[][]) {
        const setup = randomSetup(`b${n}`, players.concat('e').slice(0, n), o);
        const total = o.length ? 10 : 9;
        expect(total - setup.removedBonusTiles.length).toBe(n + 3);
        if (!o.length) expect(setup.removedBonusTiles).not.toContain('BON10');
      }
    }
  });
});
