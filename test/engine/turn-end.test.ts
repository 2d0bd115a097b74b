/**
 * Ending a turn is offered only when the turn can end. The reference engine accepts a "done" or a bare
 * "decline" row while a bridge, a town or favour tile or spades are still owed, but keeps waiting for them
 * (the next faction's row is refused "when not active player"), and after "done" it refuses the bridge
 * ("trying to take multiple actions in one turn?"), leaving only "-BRIDGE": offering them would be a trap.
 */
import { describe, expect, it } from 'vitest';
import { legalMoves, play, type FactionId, type GameState } from '../../src/engine/index.ts';
import { formatCommands } from '../../src/notation/format.ts';
import { parseLine } from '../../src/notation/parse.ts';
import { scenario } from './scenario.ts';

const RICH = { C: 40, W: 40, P: 10, P1: 0, P2: 0, P3: 12 };

function offered(s: GameState, id: FactionId, kind?: string): string[] {
  return legalMoves(s, id)
    .filter((m) => kind === undefined || m.kind === kind)
    .map((m) => formatCommands(m.commands));
}

const engineers = () =>
  scenario({
    factions: ['engineers', 'witches'],
    board: { E5: 'gray' },
    dwellings: { engineers: ['C2', 'E5'], witches: ['A10', 'I11'] },
  }).give('engineers', RICH);

describe('ending a turn while something is owed', () => {
  for (const action of ['ACTE', 'ACT1']) {
    it(`after ${action} the bridge is owed: no end of turn, the bridges and giving it up are offered`, () => {
      const g = engineers().play(`engineers: action ${action}`);
      expect(offered(g.state, 'engineers', 'done')).toEqual([]);
      expect(offered(g.state, 'engineers')).toEqual(expect.arrayContaining(['bridge C2:E5', '-BRIDGE']));
      // Either way out ends the turn as the game plays it: the witches move next.
      for (const line of ['bridge C2:E5', '-BRIDGE']) {
        const r = play(g.state, 'engineers', parseLine(line));
        expect(r.ok && r.value.state.active).toBe('witches');
      }
    });
  }

  it('a town tile owed: only the tiles (or giving the town up), no end of turn', () => {
    const g = scenario({
      factions: ['swarmlings', 'witches'],
      board: { E2: 'blue', E3: 'blue', D1: 'blue' },
      dwellings: { swarmlings: ['D2', 'E2'], witches: ['A10', 'I11'] },
    }).give('swarmlings', RICH);
    g.play('swarmlings: build E3', 'witches: pass BON5', 'swarmlings: build D1', 'swarmlings: upgrade D2 to TP');
    g.play('swarmlings: upgrade D2 to SH', 'swarmlings: action ACTS. upgrade E2 to TP');
    expect(g.f('swarmlings').counters.GAIN_TW).toBe(1);
    expect(offered(g.state, 'swarmlings', 'done')).toEqual([]);
    expect(offered(g.state, 'swarmlings')).toEqual(expect.arrayContaining(['+TW1', '-GAIN_TW']));
  });

  it('a favour tile owed after a temple: no end of turn', () => {
    const g = engineers().play('engineers: upgrade C2 to TP', 'witches: upgrade A10 to TP');
    g.play('engineers: upgrade C2 to TE');
    expect(offered(g.state, 'engineers', 'done')).toEqual([]);
    expect(offered(g.state, 'engineers', 'favor').length).toBeGreaterThan(0);
  });

  it('spades owed after a power action: no end of turn, giving them up is offered', () => {
    const g = engineers().play('engineers: action ACT6');
    expect(offered(g.state, 'engineers', 'done')).toEqual([]);
    expect(offered(g.state, 'engineers')).toEqual(expect.arrayContaining(['-2SPADE']));
  });

  it('with nothing owed, a record may still end the turn or give up the dwelling a transform allowed', () => {
    // B2 is a neighbour of C2; the transform leaves the build allowed, and nothing owed.
    const g = engineers().play('engineers: dig 3. transform B2 to gray');
    expect(g.f('engineers').allowedSubActions).toMatchObject({ build: 1 });
    expect(offered(g.state, 'engineers', 'done').sort()).toEqual(['decline', 'done']);
    const r = play(g.state, 'engineers', parseLine('done'));
    expect(r.ok && r.value.state.active).toBe('witches');
  });
});
