/**
 * Special landscapes whose effects need the map's geometry (docs/rulings.md §2): the Mermaids' Coral Reef,
 * a structure on a river space, and the Engineers' Bridge Tower with its land bridges. Each scenario places
 * the landscape through notation and checks what the ruling says, with the refusal or the contrast beside it.
 */
import { describe, expect, it } from 'vitest';
import { legalMoves } from '../../src/engine/index.ts';
import { makeCtx } from '../../src/engine/context.ts';
import { networkSize } from '../../src/engine/rules/networks.ts';
import { formatCommands } from '../../src/notation/format.ts';
import { parseLine } from '../../src/notation/parse.ts';
import { scenario, type Scenario } from './scenario.ts';

const RICH = { C: 40, W: 30, P: 5 };
const options = ['special-landscapes'] as const;

function lines(g: Scenario, kind: string): string[] {
  return legalMoves(g.state, 'mermaids')
    .filter((m) => m.kind === kind)
    .map((m) => formatCommands(m.commands));
}

describe('Mermaids: Coral Reef', () => {
  // E4 touches the river spaces r14, r20 and r21; A11 touches r4 and r5. H2 (lake) is two river spaces
  // from E4 (r20, r27) and one beyond r20; F2 (the witches') touches r20 and no mermaid building.
  const start = () =>
    scenario({
      factions: ['mermaids', 'witches'],
      options: [...options],
      dwellings: { mermaids: ['E4', 'A11'], witches: ['F2', 'I6'] },
      bonus: { mermaids: 'BON3', witches: 'BON6' },
    })
      .give('mermaids', RICH)
      .give('witches', RICH);

  it('SL-MER-1: an action of its own, free, on a river space next to a building; the space keeps no terrain', () => {
    const g = start();
    const before = g.nums('mermaids');
    g.play('mermaids: landscape r20');
    expect(g.state.hexes.r20).toEqual({ terrain: null, building: null, owner: 'mermaids', town: 0, landscape: 'reef' });
    expect(g.f('mermaids')).toMatchObject({ landscape: 'r20', allowedActions: 0 });
    expect(g.f('mermaids').locations).toContain('r20');
    expect(g.nums('mermaids')).toEqual(before);
    // SL-G4: placing is building for offers: the witches' F2 touches r20.
    expect(g.state.pending.filter((p) => p.type === 'leech')).toMatchObject([
      { faction: 'witches', from: 'mermaids', amount: 1 },
    ]);
  });

  it('SL-MER-1/5: refused on land, away from the buildings, after another action, and twice', () => {
    const g = start();
    g.fails(
      'mermaids: landscape E3',
      'E3 is not a river space: the Coral Reef goes on a river space next to one of your buildings',
    );
    g.fails('mermaids: landscape r35', 'r35 neighbours none of your buildings');
    // F2 is the witches' building, not theirs.
    g.fails('mermaids: landscape r26', 'r26 neighbours none of your buildings');
    g.fails('mermaids: landscape r99', /r99 is not a river space/);
    g.fails(
      'mermaids: send p to FIRE. landscape r20',
      "You have already taken your action this turn ('landscape' is not allowed now)",
    );
    g.play('mermaids: landscape r20', 'witches: decline 1 from mermaids', 'witches: pass BON1');
    g.fails('mermaids: landscape r14', 'Mermaids have already placed their special landscape (at r20)');
  });

  it('SL-MER-1: legal moves offer exactly the river spaces next to a building, each one a whole action', () => {
    const g = start();
    expect(lines(g, 'landscape')).toEqual([
      'landscape r4',
      'landscape r5',
      'landscape r14',
      'landscape r20',
      'landscape r21',
    ]);
    g.play('mermaids: landscape r20');
    expect(lines(g, 'landscape')).toEqual([]);
  });

  it('§5: `landscape r20` reads and writes back the same', () => {
    expect(parseLine('landscape R20')).toEqual([{ type: 'landscape', hex: 'r20' }]);
    expect(formatCommands(parseLine('landscape r20'))).toBe('landscape r20');
  });

  it('SL-MER-3: shipping counts from the Reef, one river space beyond its own with shipping 1', () => {
    const g = start();
    expect(g.f('mermaids').ship).toBe(1);
    g.fails('mermaids: build H2', /reach H2/);
    g.play('mermaids: landscape r20', 'witches: decline 1 from mermaids', 'witches: pass BON1', 'mermaids: build H2');
    expect(g.state.hexes.H2).toMatchObject({ building: 'D', owner: 'mermaids' });
  });

  it('SL-MER-3: the network joins buildings through the Reef (shipping from it too)', () => {
    // E4 and H2 are two river spaces apart; the Reef on r20 touches E4 and sits one river space from H2.
    const g = scenario({
      factions: ['mermaids', 'witches'],
      options: [...options],
      dwellings: { mermaids: ['E4', 'H2'], witches: ['A10', 'I6'] },
    });
    expect(networkSize(makeCtx(g.state), g.f('mermaids'))).toBe(1);
    g.play('mermaids: landscape r20');
    expect(networkSize(makeCtx(g.state), g.f('mermaids'))).toBe(3);
  });

  it('SL-MER-2: the river space stays river for everyone: shipping across it, bridges over it', () => {
    // The witches' C4 reaches E8 across r16 alone, and may bridge to D5 over r10 and r16.
    const g = scenario({
      factions: ['mermaids', 'witches'],
      options: [...options],
      dwellings: { mermaids: ['D5', 'A11'], witches: ['C4', 'I6'] },
      bonus: { mermaids: 'BON3', witches: 'BON6' },
    })
      .give('witches', { ...RICH, P1: 0, P2: 0, P3: 8 })
      .play('mermaids: landscape r16', 'witches: decline 1 from mermaids. advance ship', 'mermaids: pass BON1');
    g.play('witches: dig 3. transform E8 to green. build E8');
    expect(g.state.hexes.E8).toMatchObject({ building: 'D', owner: 'witches' });
    g.play('witches: action ACT1. bridge C4:D5');
    expect(g.state.bridges).toContainEqual({ from: 'C4', to: 'D5', faction: 'witches' });
    expect(g.state.hexes.r16).toMatchObject({ terrain: null, landscape: 'reef' });
  });
});

describe('Mermaids: Coral Reef and towns', () => {
  // E4/E3 and G1/H3 are joined only across the river space r20 (as in the mermaids' `connect` scenario).
  const start = () =>
    scenario({
      factions: ['mermaids', 'witches'],
      options: [...options],
      board: { E3: 'blue', G1: 'blue', H3: 'blue' },
      dwellings: { mermaids: ['E4', 'H3'], witches: ['A10', 'I11'] },
    })
      .give('mermaids', RICH)
      .play(
        'mermaids: build E3',
        'witches: pass BON5',
        'mermaids: build G1',
        'mermaids: upgrade E4 to TP',
        'mermaids: upgrade H3 to TP',
        'mermaids: upgrade E4 to SH',
      );

  it('SL-MER-3: the Reef joins the buildings around it into a town, and adds its power 1', () => {
    const g = start();
    expect(g.f('mermaids').counters.GAIN_TW).toBe(0);
    const vp = g.f('mermaids').VP;
    g.play('mermaids: landscape r20. +TW3');
    expect(g.f('mermaids').tiles.TW3).toBe(1);
    // TW3: 9 VP, and SCORE2 (round 1): 5 VP per town.
    expect(g.f('mermaids').VP).toBe(vp + 9 + 5);
    for (const h of ['E3', 'E4', 'G1', 'H3', 'r20']) expect(g.state.hexes[h]!.town).not.toBe(0);
  });

  it("SL-MER-4: the Reef's space cannot be the connected river space, nor the Reef go on one", () => {
    const reef = start().play('mermaids: landscape r20. +TW3');
    reef.fails(
      'mermaids: connect r20',
      'r20 holds the Coral Reef, a structure: it cannot be the river space that joins a town',
    );
    expect(lines(reef, 'connect')).toEqual([]);
    const town = start().play('mermaids: connect r20. +TW3').endTurn();
    town.fails(
      'mermaids: landscape r20',
      'r20 already joins your town as its river space: the Coral Reef cannot go there',
    );
    expect(lines(town, 'landscape')).not.toContain('landscape r20');
    expect(lines(town, 'landscape')).toContain('landscape r21');
  });
});

describe('Engineers: Bridge Tower', () => {
  // The Tower goes on F4 (green, one spade from gray) beside the engineers' E7. Across F4's corners lie D4
  // (over E6/E7), E5 (over F3/E6, both land), E8 (over r22/E7) and G3 (over r22/r29, a printed bridge's place too). E5 touches none of
  // their buildings and no river they could ship over (shipping 0); the darklings stand on E4, next to E5.
  const start = () =>
    scenario({
      factions: ['engineers', 'darklings'],
      options: [...options],
      board: { E4: 'black' },
      dwellings: { engineers: ['E7', 'I9'], darklings: ['E4', 'A8'] },
      bonus: { engineers: 'BON3', darklings: 'BON6' },
    })
      .give('engineers', { C: 40, W: 30, P: 5, P1: 0, P2: 0, P3: 12 })
      .give('darklings', RICH);
  const tower = () => start().play('engineers: dig 1. transform F4 to gray. landscape F4', 'darklings: pass BON1');
  const bridges = (g: Scenario, kind: string) =>
    legalMoves(g.state, 'engineers')
      .filter((m) => m.kind === kind && m.commands.some((c) => c.type === 'bridge'))
      .map((m) => formatCommands(m.commands))
      .sort();

  it("SL-ENG-1: legal land bridges are exactly the land spaces across the Tower's corners, none before it", () => {
    expect(bridges(start(), 'special')).toEqual(['action ACTE. bridge I9:H6']);
    const g = tower();
    expect(bridges(g, 'special')).toEqual([
      'action ACTE. bridge F4:D4',
      'action ACTE. bridge F4:E5',
      'action ACTE. bridge F4:E8',
      'action ACTE. bridge F4:G3',
      'action ACTE. bridge I9:H6',
    ]);
    expect(bridges(g, 'action')).toContain('action ACT1. bridge F4:E5');
  });

  it('SL-ENG-1: refused from a dwelling where the Tower would stand, between neighbours, and from another building', () => {
    start()
      .play('engineers: dig 1. transform F4 to gray. build F4', 'darklings: pass BON1')
      .fails('engineers: action ACTE. bridge F4:E5', 'No bridge can join F4 and E5');
    const g = tower();
    g.fails('engineers: action ACTE. bridge F4:E6', 'No bridge can join F4 and E6');
    // F3 lies across a corner of E7 (over E6/F4), but E7 is a dwelling, not the Tower.
    g.fails('engineers: action ACTE. bridge E7:F3', 'No bridge can join E7 and F3');
  });

  it('SL-ENG-2: the same means and cost as a bridge, one of the three pieces; the ends join for reach', () => {
    const g = tower();
    g.fails('engineers: dig 3. transform E5 to gray. build E5', "Engineers can't reach E5");
    const before = g.nums('engineers');
    g.play('engineers: action ACTE. bridge E5:F4');
    expect(g.state.bridges).toContainEqual({ from: 'E5', to: 'F4', faction: 'engineers' });
    expect(g.f('engineers').bridgesLeft).toBe(2);
    expect(before.W - g.nums('engineers').W).toBe(2);
    g.play('engineers: dig 3. transform E5 to gray. build E5');
    expect(g.state.hexes.E5).toMatchObject({ building: 'D', owner: 'engineers' });
    g.play('engineers: action ACT1. bridge F4:D4');
    expect(g.f('engineers').bridgesLeft).toBe(1);
    expect(g.f('engineers').P3).toBe(12 - 3);
  });

  it("SL-ENG-2: the land bridge joins its far end to the Tower's town", () => {
    // E5 touches no other engineers' structure: only the bridge joins it to F4, E7 and E8.
    const g = tower()
      .give('engineers', { C: 60, W: 40 })
      .play(
        'engineers: action ACTE. bridge F4:E5',
        'engineers: dig 3. transform E5 to gray. build E5',
        'engineers: upgrade E5 to TP',
        'engineers: dig 2. transform E8 to gray. build E8',
        'engineers: upgrade E7 to TP',
      );
    // E7 TP 2 + E8 1 + F4 1 + E5 TP 2 = 6 < 7.
    expect(g.f('engineers').counters.GAIN_TW).toBe(0);
    g.play('engineers: upgrade E7 to SH. +TW3');
    expect(g.f('engineers').tiles.TW3).toBe(1);
    for (const h of ['E5', 'E7', 'E8', 'F4']) expect(g.state.hexes[h]!.town).not.toBe(0);
  });

  it("SL-ENG-2: a building at the far end offers the Tower's power; without the bridge it does not", () => {
    const without = start().play('engineers: dig 1. transform F4 to gray. landscape F4', 'darklings: build E5');
    expect(without.state.pending.filter((p) => p.type === 'leech')).toEqual([]);
    const bridged = start().play(
      'engineers: dig 1. transform F4 to gray. landscape F4',
      'darklings: pass BON1',
      'engineers: action ACTE. bridge F4:E5',
    );
    bridged.passAll();
    // Next round: the darklings build on E5, next to the Tower by the bridge.
    bridged.play('darklings: build E5');
    expect(bridged.state.pending.filter((p) => p.type === 'leech')).toMatchObject([
      { faction: 'engineers', from: 'darklings', amount: 1 },
    ]);
  });

  it('SL-ENG-3: after the stronghold a bridge with the Tower and a building at its ends scores 3 VP', () => {
    const g = tower().play(
      'engineers: action ACTE. bridge F4:E5',
      'engineers: dig 3. transform E5 to gray. build E5',
      'engineers: action ACT1. bridge F4:G3',
      'engineers: upgrade E7 to TP',
      'engineers: upgrade E7 to SH',
    );
    // F4:E5 is a land bridge with a dwelling at E5; F4:G3 (a printed bridge's place) ends on an empty space.
    g.play('engineers: pass BON5');
    expect(g.vpFrom('engineers', 'SH')).toBe(3);
  });

  it('SL-ENG-3: the Tower counts at the end of a bridge over the river as well', () => {
    const g = tower().play(
      'engineers: action ACT1. bridge F4:G3',
      'engineers: dig 1. transform G3 to gray. build G3',
      'engineers: upgrade E7 to TP',
      'engineers: upgrade E7 to SH',
      'engineers: pass BON5',
    );
    expect(g.vpFrom('engineers', 'SH')).toBe(3);
  });
});
