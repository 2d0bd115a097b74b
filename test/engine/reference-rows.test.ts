/**
 * Rows the reference engine (terra.snellman.net) takes or refuses where ours used to differ: burns in the
 * set-up and the spade phase, free actions right after a turn the engine handed on, the free building of
 * a stronghold action that its own turn must use, a raw log cut while factions are chosen, and a bridge
 * typed either way round. Each was checked against the reference with the probe (npm run probe).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  apply,
  legalMoves,
  newGame,
  play,
  whoMustAct,
  type FactionId,
  type GameState,
} from '../../src/engine/index.ts';
import { formatCommands } from '../../src/notation/format.ts';
import { parseGameLog } from '../../src/notation/log.ts';
import { parseLine } from '../../src/notation/parse.ts';
import { replayLog } from '../../src/notation/replay.ts';
import { scenario } from './scenario.ts';

const RICH = { C: 40, W: 40, P: 10, P1: 0, P2: 6, P3: 12 };

function offered(s: GameState, id: FactionId, kind?: string): string[] {
  return legalMoves(s, id)
    .filter((m) => kind === undefined || m.kind === kind)
    .map((m) => formatCommands(m.commands));
}

/** A move as the game plays it: the commands, then the end of the turn they complete. */
function move(s: GameState, line: string): GameState {
  const m = line.match(/^(\w+): (.*)$/)!;
  const r = play(s, m[1] as FactionId, parseLine(m[2]!));
  if (!r.ok) throw new Error(`'${line}' was refused: ${r.error.message}`);
  return r.value.state;
}

function refused(s: GameState, line: string): string {
  const m = line.match(/^(\w+): (.*)$/)!;
  const r = play(s, m[1] as FactionId, parseLine(m[2]!));
  expect(r.ok, `'${line}' should be refused`).toBe(false);
  return r.ok ? '' : r.error.message;
}

describe('burning power during the set-up', () => {
  it('any faction may burn while the dwellings and bonus cards are placed; it is not offered', () => {
    const g = scenario({
      factions: ['darklings', 'halflings'],
      dwellings: { darklings: ['H5', 'G5'], halflings: ['E6', 'F5'] },
      stopBefore: 'dwellings',
    });
    g.play('darklings: build H5. burn 1');
    expect(g.nums('darklings').PW).toEqual([5, 5, 1]);
    // Not the faction placing now, and mid-way through the set-up.
    g.play('darklings: burn 1', 'halflings: build E6');
    expect(g.nums('darklings').PW).toEqual([5, 3, 2]);
    expect(offered(g.state, 'halflings', 'burn')).toEqual([]);
    g.play('halflings: build F5', 'darklings: build G5');
    g.play('halflings: burn 1. pass BON1');
    expect(g.nums('halflings').PW).toEqual([3, 7, 1]);
  });

  it('a Fire & Ice faction may burn after picking its colour, before the next faction is picked', () => {
    let s = newGame({
      options: ['fire-and-ice-factions/ice'],
      players: ['a', 'b'],
      scoreTiles: ['SCORE2', 'SCORE3', 'SCORE4', 'SCORE5', 'SCORE6', 'SCORE7'],
      removedBonusTiles: [],
    });
    const step = (who: FactionId | null, line: string) => {
      const r = apply(s, who, parseLine(line));
      if (!r.ok) throw new Error(r.error.message);
      s = r.value.state;
    };
    step(null, 'setup icemaidens');
    step('icemaidens', 'pick-color red. +FAV11. burn 1');
    expect(s.phase).toBe('select-factions');
    expect([s.factions.icemaidens!.P2, s.factions.icemaidens!.P3]).toEqual([s.factions.icemaidens!.P2, 1]);
  });
});

describe('burning power in the spade phase between rounds', () => {
  const spadePhase = () => {
    const g = scenario({
      factions: ['witches', 'cultists'],
      dwellings: { witches: ['A3', 'I6'], cultists: ['E6', 'F5'] },
    });
    // Four steps on earth: one spade from round 1's scoring tile (SCORE2).
    g.give('cultists', { cults: { EARTH: 4 } });
    g.play('witches: pass BON5', 'cultists: pass BON6');
    return g;
  };

  it('the faction that acted last may burn (and is offered it); the others may not', () => {
    const g = spadePhase();
    expect(g.state.phase).toBe('use-income-spades');
    expect(g.state.active).toBe('cultists');
    expect(offered(g.state, 'cultists', 'burn')).toEqual(['burn 1', 'burn 2', 'burn 3']);
    expect(offered(g.state, 'witches', 'burn')).toEqual([]);
    g.fails('witches: burn 1', /not your turn/);
    g.play('cultists: burn 1. transform F3 to brown');
    expect(g.state.phase).toBe('play');
    expect(g.state.hexes.F3!.terrain).toBe('brown');
  });

  it('converting waits for the actions phase', () => {
    spadePhase().fails('cultists: convert 1W to 1C', /actions phase/);
  });
});

describe('free actions right after a turn the engine handed on', () => {
  const game = () =>
    scenario({
      factions: ['witches', 'engineers'],
      dwellings: { witches: ['A3', 'I6'], engineers: ['C2', 'E7'] },
    }).give('witches', RICH);

  it('the faction that just moved may still burn and convert until another faction moves', () => {
    let s = move(game().state, 'witches: upgrade A3 to TP');
    expect(s.active).toBe('engineers');
    expect(offered(s, 'witches')).toEqual(expect.arrayContaining(['burn 1', 'convert 1W to 1C']));
    s = move(s, 'witches: burn 1');
    s = move(s, 'witches: convert 1W to 1C');
    expect(s.active).toBe('engineers');
    // Anyone else's row closes it for good, as the reference's next row does.
    s = move(s, 'engineers: burn 1');
    expect(refused(s, 'witches: burn 1')).toMatch(/not your turn/);
    expect(offered(s, 'witches')).toEqual([]);
  });

  it('the last faction in the round, handed a new turn of its own, may still end the old one with done', () => {
    let s = move(game().state, 'engineers: wait');
    s = move(move(s, 'witches: pass BON5'), 'engineers: upgrade C2 to TP');
    expect([s.active, s.factions.engineers!.allowedActions]).toEqual(['engineers', 1]);
    s = move(s, 'engineers: done');
    expect(s.factions.engineers!.allowedActions).toBe(1);
    // Once another faction's row came, the new turn is the only one.
    expect(refused(move(s, 'witches: wait'), 'engineers: done')).toMatch(/take an action/);
  });

  it('a turn that ended the round is not handed on into the next: no burn with the new income', () => {
    // The reference holds that turn in the old round, before the income, and refuses the burn there.
    const endOfRound = (rulesVersion?: number) => {
      let s = scenario({
        factions: ['witches', 'engineers'],
        dwellings: { witches: ['A3', 'I6'], engineers: ['C2', 'E7'] },
        ...(rulesVersion ? { rulesVersion } : {}),
      }).give('witches', RICH).state;
      for (const line of ['witches: upgrade A3 to TP', 'engineers: pass BON6', 'witches: action ACT1'])
        s = move(s, line);
      s = move(move(s, 'witches: pass BON5'), 'witches: -BRIDGE');
      expect([s.round, s.active]).toEqual([2, 'engineers']);
      return s;
    };
    const now = endOfRound();
    expect(refused(now, 'witches: burn 1')).toMatch(/not your turn/);
    expect(offered(now, 'witches')).toEqual([]);
    // A game started under version 10 keeps the rule it was played with: the burn it may hold still replays.
    expect(move(endOfRound(10), 'witches: burn 1').factions.witches!.P3).toBeGreaterThan(now.factions.witches!.P3);
  });

  it('a pass or a power answer ends the row at once: nothing of the turn may follow', () => {
    const passed = move(game().state, 'witches: pass BON5');
    expect(refused(passed, 'witches: burn 1')).toMatch(/not your turn/);
    const declined = move(move(game().state, 'witches: upgrade A3 to TP'), 'witches: decline');
    expect(refused(declined, 'witches: convert 1W to 1C')).toMatch(/not your turn/);
  });

  it('another action is not the turn going on: refused as a second action', () => {
    const s = move(game().state, 'witches: upgrade A3 to TP');
    expect(refused(s, 'witches: upgrade I6 to TP')).toMatch(/already taken your action/);
  });

  it('what the action still allows may follow in a later move: the dwelling on the hex it transformed', () => {
    const s = move(game().state, 'witches: dig 1. transform A4 to green');
    expect(s.active).toBe('engineers');
    expect(offered(s, 'witches', 'build')).toEqual(['build A4']);
    const built = move(s, 'witches: build A4');
    expect(built.hexes.A4!.building).toBe('D');
    expect(built.active).toBe('engineers');
  });

  it('a late dwelling that founds a town takes the turn back until the town tile is taken', () => {
    const g = scenario({
      factions: ['witches', 'engineers'],
      board: { A1: 'green', A2: 'green' },
      dwellings: { witches: ['A3', 'A2'], engineers: ['C2', 'E7'] },
    })
      .give('witches', RICH)
      .give('engineers', RICH);
    g.play('witches: upgrade A3 to TP', 'engineers: upgrade C2 to TP', 'witches: upgrade A3 to SH');
    g.play('engineers: upgrade E7 to TP', 'witches: upgrade A2 to TP', 'engineers: send p to FIRE');
    g.play('witches: build A1', 'engineers: send p to WATER');
    let s = move(g.state, 'witches: dig 1. transform A4 to green');
    expect(s.active).toBe('engineers');
    const turn = s.turn;
    s = move(s, 'witches: build A4');
    expect(s.factions.witches!.counters.GAIN_TW).toBe(1);
    expect(s.active).toBe('witches');
    expect(refused(s, 'engineers: send p to EARTH')).toMatch(/not your turn/);
    s = move(s, 'witches: +TW1');
    expect([s.active, s.turn]).toEqual(['engineers', turn]);
  });
});

describe("a stronghold action's free building belongs to its own turn", () => {
  /** The Swarmlings with their stronghold, the others still in the round. */
  const swarmlings = (rulesVersion?: number) =>
    scenario({
      rulesVersion,
      factions: ['swarmlings', 'witches', 'halflings'],
      dwellings: { swarmlings: ['I4', 'G6'], witches: ['A3', 'A10'], halflings: ['E2', 'I8'] },
    })
      .give('swarmlings', RICH)
      .give('witches', RICH)
      .give('halflings', RICH)
      .play('swarmlings: upgrade I4 to TP', 'witches: upgrade A3 to TP', 'halflings: upgrade E2 to TP')
      .play('swarmlings: upgrade I4 to SH', 'witches: upgrade A10 to TP', 'halflings: upgrade I8 to TP');

  it('after action ACTS the game waits for the Swarmlings alone; no row may look at their turn before the upgrade', () => {
    const g = swarmlings().play('swarmlings: action ACTS');
    expect(whoMustAct(g.state)).toEqual(['swarmlings']);
    // The reference would wait for the trading house for good once another row looked at the turn.
    g.fails('witches: wait', /free TP/);
    g.fails('swarmlings: decline', /free TP/);
    g.fails('swarmlings: advance ship', /already taken your action/);
    g.play('swarmlings: upgrade G6 to TP', 'witches: wait');
    expect(g.state.active).toBe('witches');
    expect(g.state.pending.filter((p) => p.type === 'upgrade')).toEqual([]);
  });

  it('a game started under version 8 keeps its rule: the row is taken, and the wait ends with the upgrade', () => {
    const g = swarmlings(8).play('swarmlings: action ACTS', 'witches: wait');
    expect(g.state.pending.filter((p) => p.type === 'upgrade')).toHaveLength(1);
    g.play('swarmlings: upgrade G6 to TP', 'witches: wait');
    expect(g.state.pending.filter((p) => p.type === 'upgrade')).toEqual([]);
    expect(g.state.active).toBe('witches');
  });

  it('giving the trading house up in its own turn ends the turn as usual', () => {
    const g = swarmlings().play('swarmlings: action ACTS', 'swarmlings: -FREE_TP', 'witches: wait');
    expect(g.state.active).toBe('witches');
    expect(g.state.pending.filter((p) => p.type === 'upgrade')).toEqual([]);
  });

  it('as the last faction in the round, a new action waits for the trading house', () => {
    const g = swarmlings().play('swarmlings: send p to FIRE', 'witches: pass BON7', 'halflings: pass BON8');
    g.play('swarmlings: action ACTS');
    g.fails('swarmlings: advance ship', /free TP/);
    g.play('swarmlings: upgrade G6 to TP', 'swarmlings: advance ship');
    expect(g.f('swarmlings').ship).toBe(1);
  });

  it("the Witches' free dwelling: no row may look at their turn until it is built", () => {
    const g = scenario({
      factions: ['witches', 'engineers'],
      dwellings: { witches: ['A3', 'I6'], engineers: ['C2', 'E7'] },
    }).give('witches', RICH);
    g.play('witches: upgrade A3 to TP', 'engineers: pass BON5', 'witches: upgrade A3 to SH');
    g.play('witches: action ACTW');
    g.fails('engineers: wait', /free D/);
    // Passing is a new action of the last faction in the round, which looks at the turn first.
    g.fails('witches: pass BON6', /free D/);
    g.play('witches: build A10', 'witches: pass BON6');
  });

  it("the Nomads' free terraform may wait past another row, but then can only be used", () => {
    const g = scenario({
      factions: ['nomads', 'witches'],
      dwellings: { nomads: ['A5', 'B4', 'B6'], witches: ['A3', 'I6'] },
    })
      .give('nomads', RICH)
      .give('witches', RICH);
    g.play('nomads: upgrade A5 to TP', 'witches: upgrade A3 to TP', 'nomads: upgrade A5 to SH');
    g.play('witches: upgrade I6 to TP', 'nomads: action ACTN', 'witches: wait');
    g.fails('nomads: -FREE_TF', /no longer given up/);
    g.play('nomads: transform A6');
    expect(g.state.pending.filter((p) => p.type === 'transform')).toEqual([]);
  });

  /** The Nomads with their stronghold, after the sandstorm, beside a space already turned to desert. */
  const sandstorm = (rulesVersion?: number) => {
    const g = scenario({
      rulesVersion,
      factions: ['nomads', 'witches'],
      dwellings: { nomads: ['A5', 'B4', 'G4'], witches: ['A3', 'I6'] },
    })
      .give('nomads', RICH)
      .give('witches', RICH);
    g.play('nomads: upgrade A5 to TP', 'witches: upgrade A3 to TP', 'nomads: upgrade A5 to SH');
    g.play('witches: upgrade I6 to TP', 'nomads: dig 2. transform B5 to yellow', 'witches: advance ship');
    return g.play('nomads: action ACTN');
  };

  it("a build before the sandstorm's transform: the transform is given up before another row looks at the turn", () => {
    const g = sandstorm().play('nomads: build B5');
    // No transform is allowed in the turn any more; the reference would wait for one for good.
    g.fails('nomads: transform A6', /already taken your action/);
    expect(whoMustAct(g.state)).toEqual(['nomads']);
    g.fails('witches: wait', /give up the free transform/);
    expect(offered(g.state, 'nomads')).toContain('-FREE_TF');
    g.play('nomads: -FREE_TF', 'witches: wait');
    expect(g.state.active).toBe('witches');
    expect(g.state.pending.filter((p) => p.type === 'transform')).toEqual([]);
  });

  it('a game started under version 11 keeps its rule: the row is taken, and the game waits for the transform', () => {
    const g = sandstorm(11).play('nomads: build B5', 'witches: wait');
    expect(g.state.pending.filter((p) => p.type === 'transform')).toHaveLength(1);
  });
});

describe('records', () => {
  it('an unlock the set-up income gave, given up, is owed no more: round 1 begins (the reference waits for good)', () => {
    const log = readFileSync(
      join(import.meta.dirname, '../fixtures/deliberate/riverwalkers-setup-unlock-given-up.log'),
      'utf8',
    );
    const rows = log.trimEnd().split('\n');
    // Cut before the row, the game waits for the Riverwalkers' unlock, in round 0.
    const before = replayLog(parseGameLog(`${rows.slice(0, -1).join('\n')}\n`));
    expect(before.error).toBeNull();
    expect(before.state!.round).toBe(0);
    expect(whoMustAct(before.state!)).toEqual(['riverwalkers']);
    expect(before.state!.factions.riverwalkers!.counters.UNLOCK_TERRAIN).toBe(1);
    // The offers never give it up; the typed row is taken, as the reference takes it.
    expect(offered(before.state!, 'riverwalkers')).not.toContain('-UNLOCK_TERRAIN');
    const after = replayLog(parseGameLog(log));
    expect(after.error).toBeNull();
    const s = after.state!;
    expect(s.round).toBe(1);
    expect(s.pending.some((p) => p.type === 'unlock-terrain')).toBe(false);
    // The game goes on: the first faction of the round has its turn and moves.
    const first = whoMustAct(s)[0]!;
    expect(s.active).toBe(first);
    expect(play(s, first, legalMoves(s, first)[0]!.commands).ok).toBe(true);
  });

  it('a raw log cut while factions are chosen reads with its players, and the picks go on', () => {
    const log = [
      'score SCORE2,SCORE3,SCORE4,SCORE5,SCORE6,SCORE7',
      ...['BON1', 'BON2', 'BON3'].map((t) => `delete ${t}`),
      'player p1',
      'player p2',
      'player p3',
      'player p4',
      'setup witches',
      'setup engineers',
    ].join('\n');
    const r = replayLog(parseGameLog(log));
    expect(r.error).toBeNull();
    expect(r.state!.players).toHaveLength(4);
    expect(r.state!.phase).toBe('select-factions');
    expect(r.state!.factionOrder).toEqual(['witches', 'engineers']);
  });

  it('a bridge typed either way round founds the same town', () => {
    const town = (bridge: string) => {
      const g = scenario({
        factions: ['engineers', 'witches'],
        board: { H5: 'gray', G4: 'gray', G5: 'gray', H6: 'gray', I9: 'gray' },
        dwellings: { engineers: ['H5', 'G4'], witches: ['A3', 'I6'] },
      }).give('engineers', RICH);
      g.play('engineers: upgrade H5 to TP', 'witches: pass BON5', 'engineers: upgrade H5 to SH');
      g.play('engineers: build G5', 'engineers: build I9', 'engineers: upgrade G4 to TP');
      g.play(`engineers: action ACTE. bridge ${bridge}`);
      return g.state;
    };
    const a = town('H5:G4');
    expect(a.factions.engineers!.counters.GAIN_TW).toBe(1);
    expect(town('G4:H5')).toEqual(a);
  });
});
