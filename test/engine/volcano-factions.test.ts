/**
 * Fire & Ice's volcano factions, Acolytes and Dragonlords, as short scenarios in notation. The numbers
 * follow the reference engine (test/fixtures/volcano has whole games it checked row by row); rich
 * resources are handed out with `give` so that each scenario reaches its position in a few moves.
 */
import { describe, expect, it } from 'vitest';
import { legalMoves, turnComplete, whoMustAct } from '../../src/engine/index.ts';
import { formatCommands } from '../../src/notation/format.ts';
import { scenario } from './scenario.ts';

const RICH = { C: 40, W: 30, P: 5 };
const VOLCANO = ['fire-and-ice-factions/volcano'] as const;

const offered = (g: ReturnType<typeof scenario>, f: 'acolytes' | 'dragonlords', kind?: string) =>
  legalMoves(g.state, f)
    .filter((m) => kind === undefined || m.kind === kind)
    .map((m) => formatCommands(m.commands));

describe('acolytes', () => {
  /**
   * Witches (forest) and Acolytes (volcano, picked wasteland) on the original map; the witches' first
   * move hands the turn to the Acolytes.
   */
  const start = (scoreTiles?: Parameters<typeof scenario>[0]['scoreTiles']) =>
    scenario({
      factions: ['witches', 'acolytes'],
      options: VOLCANO,
      picks: { acolytes: 'pick-color red' },
      dwellings: { witches: ['A3', 'A10'], acolytes: ['D4', 'D6'] },
      bonus: { acolytes: 'BON1', witches: 'BON6' },
      ...(scoreTiles ? { scoreTiles } : {}),
    })
      .give('witches', RICH)
      .play('witches: upgrade A3 to TP');

  it('start with 3 on every cult track; their starting dwellings turn the picked colour into volcano', () => {
    const g = start();
    expect(g.nums('acolytes')).toMatchObject({ C: 17, W: 5, PW: [6, 6, 0], cult: [3, 3, 3, 3] });
    expect(g.state.hexes.D4).toMatchObject({ terrain: 'volcano', building: 'D', owner: 'acolytes' });
    expect(g.state.hexes.D6!.terrain).toBe('volcano');
  });

  it('a volcano needs a dig, which is free and gives no spade', () => {
    const g = start();
    g.fails('acolytes: build E6', /volcano transforms/);
    g.fails('acolytes: advance dig', /Can't advance digging/);
    const before = g.nums('acolytes');
    g.play('acolytes: dig 1');
    expect(g.nums('acolytes')).toEqual(before);
    expect(g.f('acolytes').counters).toMatchObject({ VOLCANO_TF: 1, SPADE: 0 });
  });

  it('a volcano on land that is no faction’s home costs 3 steps, all lost on one track before the turn ends', () => {
    const g = start();
    g.play('acolytes: dig 1. build E6');
    expect(g.state.hexes.E6).toMatchObject({ terrain: 'volcano', building: 'D', owner: 'acolytes' });
    expect(g.f('acolytes').counters.LOSE_CULT).toBe(3);
    expect(g.nums('acolytes')).toMatchObject({ C: 15, W: 4, cult: [3, 3, 3, 3] });
    expect(turnComplete(g.state, 'acolytes')).toBe(false);
    // Another faction's row would close the turn: the game keeps waiting for the steps instead.
    g.endTurn();
    expect(g.state.active).toBe('acolytes');
    expect(g.state.pending).toContainEqual({ type: 'lose-cult', faction: 'acolytes', amount: 3 });
    expect(whoMustAct(g.state)).toEqual(['acolytes']);
    expect(offered(g, 'acolytes', 'lose-cult')).toEqual(['-3FIRE', '-3WATER', '-3EARTH', '-3AIR']);
    g.fails('acolytes: -2FIRE', /3 cult steps, all lost on one cult track/);
    g.fails('acolytes: -VOLCANO_TF', /Must lose 3 cult steps first/);
    g.play('acolytes: -3FIRE');
    // Losing steps gives no power back.
    expect(g.nums('acolytes')).toMatchObject({ PW: [6, 6, 0], cult: [0, 3, 3, 3] });
    expect(turnComplete(g.state, 'acolytes')).toBe(true);
    g.fails('acolytes: dig 1. build E7', /already taken your action/);
    g.play('witches: upgrade A10 to TP', 'acolytes: dig 1. build E7. -3WATER');
    expect(g.nums('acolytes').cult).toEqual([0, 0, 3, 3]);
  });

  it('their own picked colour is no home either: 3 steps', () => {
    const g = start().terrain('E7', 'red');
    g.play('acolytes: dig 1. build E7');
    expect(g.f('acolytes').counters.LOSE_CULT).toBe(3);
  });

  it("another faction's home terrain costs 4 steps and needs a track at 4 or more", () => {
    const g = start();
    g.fails('acolytes: dig 1. build C3', /Not high enough in any cult for the volcano/);
    expect(offered(g, 'acolytes').filter((m) => m.includes('C3'))).toEqual([]);
    g.give('acolytes', { cults: { WATER: 5 } });
    expect(offered(g, 'acolytes').filter((m) => m.startsWith('dig 1. build C3'))).toEqual(['dig 1. build C3. -4WATER']);
    g.play('acolytes: dig 1. transform C3');
    expect(g.state.hexes.C3!.terrain).toBe('volcano');
    expect(offered(g, 'acolytes', 'lose-cult')).toEqual(['-4WATER']);
    g.fails('acolytes: -4FIRE', /Not high enough on FIRE to lose 4 steps/);
    g.play('acolytes: -4WATER. build C3');
    expect(g.nums('acolytes').cult).toEqual([3, 1, 3, 3]);
    expect(g.f('acolytes').buildings.D).toBe(3);
  });

  it('leaving level 10 to pay for a volcano gives the key back', () => {
    const g = start().give('acolytes', { cults: { AIR: 10 }, KEY: 0 });
    g.play('acolytes: dig 1. build E6. -3AIR');
    expect(g.f('acolytes')).toMatchObject({ KEY: 1 });
    expect(g.nums('acolytes').cult[3]).toBe(7);
  });

  it('spades become free cult steps: still scored by SCORE1, and the action allows nothing after it', () => {
    const g = start(['SCORE1', 'SCORE2', 'SCORE3', 'SCORE4', 'SCORE5', 'SCORE6']).give('acolytes', {
      P1: 0,
      P2: 6,
      P3: 6,
    });
    const vp = g.nums('acolytes').VP;
    g.fails('acolytes: action ACT6. dig 1', /already taken your action/);
    g.play('acolytes: action ACT6');
    expect(g.nums('acolytes').VP).toBe(vp + 4);
    expect(g.f('acolytes').counters).toMatchObject({ SPADE: 0, CULT: 2 });
    expect(offered(g, 'acolytes', 'cult')).toContain('+2FIRE');
    g.play('acolytes: +FIRE. +WATER');
    expect(g.nums('acolytes').cult).toEqual([4, 4, 3, 3]);
    g.play('witches: upgrade A10 to TP');
    g.fails('acolytes: action BON1. +EARTH. transform E6', /not allowed now/);
    g.play('acolytes: action BON1. +EARTH');
    expect(g.nums('acolytes')).toMatchObject({ VP: vp + 6, cult: [4, 4, 4, 3] });
  });

  it('stronghold (4 W, 8 C): every priest sent to a cult track goes one step further', () => {
    const g = start().give('acolytes', { ...RICH, KEY: 1 });
    g.play('acolytes: upgrade D4 to TP', 'witches: pass BON7', 'acolytes: upgrade D4 to SH');
    expect(g.nums('acolytes')).toMatchObject({ C: 40 - 6 - 8, W: 30 - 2 - 4 });
    g.play('acolytes: send p to FIRE');
    expect(g.nums('acolytes').cult[0]).toBe(3 + 4);
    g.play('acolytes: send p to FIRE');
    expect(g.nums('acolytes').cult[0]).toBe(7 + 3);
    expect(g.f('acolytes').KEY).toBe(0);
    g.play('acolytes: send p to WATER for 1');
    expect(g.nums('acolytes').cult[1]).toBe(3 + 2);
  });

  it('legal moves: a free dig with a volcano on each reachable hex and its cult steps paid on each track', () => {
    const g = start();
    const moves = offered(g, 'acolytes');
    expect(moves.filter((m) => m.startsWith('dig 1. build E6'))).toEqual([
      'dig 1. build E6. -3FIRE',
      'dig 1. build E6. -3WATER',
      'dig 1. build E6. -3EARTH',
      'dig 1. build E6. -3AIR',
    ]);
    expect(moves).toContain('dig 1. transform E6 to volcano. -3AIR');
    // Never on a volcano (their own dwellings' hexes are volcano), never to another terrain.
    expect(
      moves.filter((m) => m.startsWith('dig') && !/^dig 1\. (build \w+|transform \w+ to volcano)\. -3[A-Z]+$/.test(m)),
    ).toEqual([]);
    expect(moves).toContain('action BON1');
    expect(moves.some((m) => m.startsWith('action BON1.'))).toBe(false);
  });
});

describe('dragonlords', () => {
  /** Witches (forest) and Dragonlords (volcano, picked mountains) on the original map, after a witches' move. */
  const start = () =>
    scenario({
      factions: ['witches', 'dragonlords'],
      options: VOLCANO,
      picks: { dragonlords: 'pick-color gray' },
      dwellings: { witches: ['F2', 'I11'], dragonlords: ['E7', 'F6'] },
      bonus: { dragonlords: 'BON1', witches: 'BON6' },
    })
      .give('witches', RICH)
      .play('witches: upgrade F2 to TP');

  it('start with 4/4/0 power and 2 on fire', () => {
    expect(start().nums('dragonlords')).toMatchObject({ C: 17, W: 5, PW: [4, 4, 0], cult: [2, 0, 0, 0] });
  });

  it('a volcano takes a power token out of the game, two on another faction’s home, bowl I first', () => {
    const g = start().give('dragonlords', { P1: 1, P2: 4, P3: 1 });
    g.play('dragonlords: dig 1. build E6');
    expect(g.nums('dragonlords').PW).toEqual([0, 4, 1]);
  });

  it('on the home terrain of the witches it costs 2, from bowl I and then bowl II', () => {
    const g = start().give('dragonlords', { P1: 1, P2: 4, P3: 1 });
    g.play('dragonlords: dig 1. build F4');
    expect(g.nums('dragonlords').PW).toEqual([0, 3, 1]);
  });

  it('without enough tokens there is no volcano (and no such move offered)', () => {
    const g = start().give('dragonlords', { P1: 0, P2: 1, P3: 0 });
    g.fails('dragonlords: dig 1. build F4', /Not enough power for the volcano: it takes 2 power tokens and you have 1/);
    expect(offered(g, 'dragonlords')).not.toContain('dig 1. build F4');
    expect(offered(g, 'dragonlords')).toContain('dig 1. build E6');
  });

  it('spades become new tokens in bowl I, and the action allows nothing after it', () => {
    const g = start();
    g.fails('dragonlords: action BON1. transform E6', /not allowed now/);
    g.play('dragonlords: action BON1');
    expect(g.nums('dragonlords').PW).toEqual([5, 4, 0]);
    expect(g.f('dragonlords').counters.SPADE).toBe(0);
    expect(turnComplete(g.state, 'dragonlords')).toBe(true);
  });

  it('stronghold (4 W, 8 C): one new token in bowl I per faction in the game', () => {
    const g = start().give('dragonlords', RICH);
    g.play('dragonlords: upgrade E7 to TP', 'witches: pass BON7', 'dragonlords: upgrade E7 to SH');
    expect(g.nums('dragonlords')).toMatchObject({ C: 40 - 6 - 8, W: 30 - 2 - 4, PW: [4 + 2, 4, 0] });
  });

  it('a transform without a colour means volcano, and a dwelling may follow on it', () => {
    const g = start();
    g.play('dragonlords: dig 1. transform E6');
    expect(g.state.hexes.E6!.terrain).toBe('volcano');
    expect(offered(g, 'dragonlords', 'build')).toContain('build E6');
  });
});
