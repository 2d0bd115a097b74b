/**
 * Special landscapes, the effects that change numbers (docs/rulings.md §2): Tree of Serenity, Raven's Folly, Shadow
 * Workshop, Encampment, Cult Palace, Drill, Great Tunnel, Hatchery, Chaos Portal, Cave of Wisdom, Flying School, Trading Camp. Each scenario
 * places the landscape through notation and checks what the ruling says, with the contrast case beside it.
 */
import { describe, expect, it } from 'vitest';
import { legalMoves, projectFinalScore, turnComplete, type OptionId } from '../../src/engine/index.ts';
import { formatCommands } from '../../src/notation/format.ts';
import { parseLine } from '../../src/notation/parse.ts';
import { makeCtx } from '../../src/engine/context.ts';
import { networkSize } from '../../src/engine/rules/networks.ts';
import { scenario } from './scenario.ts';

const RICH = { C: 40, W: 30, P: 5 };
const options = ['special-landscapes'] as const;

describe('Auren: Tree of Serenity', () => {
  const start = () =>
    scenario({
      factions: ['auren', 'dwarves'],
      options: [...options],
      dwellings: { auren: ['A3', 'A10'], dwarves: ['H8', 'I9'] },
      bonus: { auren: 'BON3', dwarves: 'BON6' },
    }).give('auren', RICH);

  it('SL-AUR-1: reaching space 10 after the Tree gives 4 VP besides the last gate', () => {
    const g = start().play('auren: dig 1. transform A4 to green. landscape A4', 'dwarves: pass BON1');
    g.give('auren', { KEY: 1, cults: { FIRE: 7 } });
    const VP = g.f('auren').VP;
    g.play('auren: send p to FIRE');
    expect(g.f('auren').cults.FIRE).toBe(10);
    expect(g.vpFrom('auren', 'landscape')).toBe(4);
    expect(g.f('auren').VP - VP).toBe(4);
  });

  it('SL-AUR-2: a track topped before the Tree gives nothing, then or later', () => {
    const g = start().give('auren', { KEY: 1, cults: { FIRE: 7 } });
    g.play('auren: send p to FIRE', 'dwarves: pass BON1');
    expect(g.vpFrom('auren', 'landscape')).toBe(0);
    g.play('auren: dig 1. transform A4 to green. landscape A4');
    expect(g.f('auren').vpSources.landscape).toBeUndefined();
  });
});

describe("Witches: Raven's Folly", () => {
  /** F2, D1 and E1 trading houses: E2 joins them into a town of power 7. */
  const start = () =>
    scenario({
      factions: ['witches', 'halflings'],
      options: [...options],
      dwellings: { witches: ['F2', 'D1'], halflings: ['E6', 'I8'] },
      bonus: { witches: 'BON3', halflings: 'BON6' },
    })
      .give('witches', RICH)
      .play('witches: dig 2. transform E1 to green. build E1', 'halflings: pass BON1')
      .play('witches: upgrade E1 to TP', 'witches: upgrade D1 to TP', 'witches: upgrade F2 to TP');
  const choices = (g: ReturnType<typeof start>) =>
    legalMoves(g.state, 'witches')
      .filter((m) => m.kind === 'town-reward')
      .map((m) => formatCommands(m.commands));

  it('SL-WIT-1/3: the town the Raven itself completes owes a choice: 3 steps on one track instead of the 5 VP', () => {
    const g = start().play('witches: dig 3. transform E2 to green. landscape E2. +TW1');
    expect(choices(g)).toEqual(['+5VP', '+3FIRE', '+3WATER', '+3EARTH', '+3AIR']);
    expect(turnComplete(g.state, 'witches')).toBe(false);
    const before = g.nums('witches');
    g.play('witches: +3WATER');
    expect(g.nums('witches')).toMatchObject({ VP: before.VP, cult: [0, 3, 0, 2] });
    expect(turnComplete(g.state, 'witches')).toBe(true);
    // The town tile itself was scored as usual: TW1's 5 VP and SCORE2's 5, not the Witches' own 5.
    expect(g.f('witches').vpSources.faction).toBeUndefined();
    g.fails('witches: +3FIRE');
    g.fails('witches: +5VP');
  });

  it('SL-WIT-1: or the usual 5 VP, chosen with +5VP', () => {
    const g = start().play('witches: dig 3. transform E2 to green. landscape E2. +TW1');
    const before = g.nums('witches');
    g.play('witches: +5VP');
    expect(g.nums('witches')).toMatchObject({ VP: before.VP + 5, cult: before.cult });
    expect(g.vpFrom('witches', 'faction')).toBe(5);
  });

  it('SL-WIT-1: only the two answers are accepted', () => {
    const g = start().play('witches: dig 3. transform E2 to green. landscape E2. +TW1');
    g.fails('witches: +2FIRE');
    g.fails('witches: +4VP');
    g.fails('witches: +3FIRE. +3AIR');
  });

  it('SL-WIT-2: three steps to space 10 use the key of the town just founded', () => {
    const g = start()
      .give('witches', { cults: { AIR: 7 } })
      .play('witches: dig 3. transform E2 to green. landscape E2. +TW1. +3AIR');
    expect(g.f('witches').cults.AIR).toBe(10);
    expect(g.f('witches').KEY).toBe(0);
  });

  it('SL-WIT-1: without the Raven the Witches take their 5 VP with the tile, and owe nothing', () => {
    const g = start().play('witches: dig 3. transform E2 to green. build E2. +TW1');
    expect(g.vpFrom('witches', 'faction')).toBe(5);
    expect(choices(g)).toEqual([]);
    expect(turnComplete(g.state, 'witches')).toBe(true);
  });
});

describe('Alchemists: Shadow Workshop', () => {
  const start = () =>
    scenario({
      factions: ['alchemists', 'giants'],
      options: [...options],
      dwellings: { alchemists: ['E5', 'E10'], giants: ['I1', 'I5'] },
      bonus: { alchemists: 'BON3', giants: 'BON6' },
    }).give('alchemists', RICH);

  it('SL-ALC-1: shipping and digging advance in the placing action without the priest, with their VP', () => {
    const g = start();
    const before = g.nums('alchemists');
    g.play('alchemists: dig 1. transform E4 to black. landscape E4. advance ship. advance dig');
    const after = g.nums('alchemists');
    expect(g.f('alchemists')).toMatchObject({ ship: 1, dig: 1 });
    // No priest; 4 C for shipping, 2 W + 5 C for digging, 3 W for the spade; VP 2 (ship) + 6 (dig).
    expect(after.P).toBe(before.P);
    expect(before.C - after.C).toBe(9);
    expect(before.W - after.W).toBe(5);
    expect(g.vpFrom('alchemists', 'advance_ship')).toBe(2);
    expect(g.vpFrom('alchemists', 'advance_dig')).toBe(6);
  });

  it('SL-ALC-2: an advance not taken in the placing action is gone; later ones cost the priest', () => {
    const g = start().play('alchemists: dig 1. transform E4 to black. landscape E4', 'giants: pass BON1');
    expect(legalMoves(g.state, 'alchemists').filter((m) => m.kind === 'advance')).toHaveLength(2);
    const P = g.f('alchemists').P;
    g.play('alchemists: advance ship');
    expect(g.f('alchemists').P).toBe(P - 1);
  });

  it('SL-ALC-1: legal moves offer the free advances right after the placement', () => {
    const g = start().play('alchemists: dig 1. transform E4 to black. landscape E4');
    const advances = legalMoves(g.state, 'alchemists')
      .filter((m) => m.kind === 'advance')
      .map((m) => formatCommands(m.commands));
    expect(advances).toEqual(['advance ship', 'advance dig']);
  });
});

describe('Darklings: Encampment', () => {
  const start = () =>
    scenario({
      factions: ['darklings', 'giants'],
      options: [...options],
      scoreTiles: ['SCORE3', 'SCORE2', 'SCORE4', 'SCORE5', 'SCORE6', 'SCORE7'],
      dwellings: { darklings: ['E5', 'E10'], giants: ['I1', 'I5'] },
      bonus: { darklings: 'BON9', giants: 'BON6' },
    }).give('darklings', RICH);

  it('SL-DAR-1: scores as a dwelling on the round tile, and counts for the pass VP per dwelling', () => {
    const g = start().play('darklings: dig 1. transform E4 to black. landscape E4');
    expect(g.vpFrom('darklings', 'D >> 2')).toBe(2);
    g.play('giants: pass BON1');
    g.play('darklings: pass BON2');
    // BON9: 1 VP per dwelling, 2 dwellings and the Encampment.
    expect(g.vpFrom('darklings', 'BON9')).toBe(3);
  });

  it('SL-DAR-2: no dwelling from the board, so no income from it', () => {
    const g = start().play('darklings: dig 1. transform E4 to black. landscape E4');
    expect(g.f('darklings').buildings.D).toBe(2);
  });
});

describe('Cultists: Cult Palace', () => {
  const start = () =>
    scenario({
      factions: ['cultists', 'witches'],
      options: [...options],
      dwellings: { cultists: ['E6', 'A7'], witches: ['F4', 'A10'] },
      bonus: { cultists: 'BON3', witches: 'BON6' },
    })
      .give('cultists', { ...RICH, cults: { FIRE: 3, WATER: 0, EARTH: 0, AIR: 0 } })
      .give('witches', { cults: { FIRE: 3, WATER: 0, EARTH: 0, AIR: 0 } });

  it('SL-CUL-1/3: tied on a track, the Cultists with the Palace take first place; at 0 nobody scores', () => {
    const g = start().play('cultists: dig 1. transform E5 to brown. landscape E5');
    expect(projectFinalScore(g.state, 'cultists').cults).toBe(8);
    expect(projectFinalScore(g.state, 'witches').cults).toBe(4);
  });

  it('SL-CUL-1: without the Palace the tie is split', () => {
    const g = start();
    expect(projectFinalScore(g.state, 'cultists').cults).toBe(6);
    expect(projectFinalScore(g.state, 'witches').cults).toBe(6);
  });

  it('SL-CUL-1: the final scoring itself ranks the Cultists first', () => {
    const g = start().play('cultists: dig 1. transform E5 to brown. landscape E5');
    for (let i = 0; i < 8 && !g.state.finished; i++) g.passAll();
    expect(g.state.finished).toBe(true);
    expect(g.f('cultists').vpSources.FIRE).toBe(8);
    expect(g.f('witches').vpSources.FIRE).toBe(4);
  });
});

describe('Halflings: Drill', () => {
  const start = () =>
    scenario({
      factions: ['halflings', 'witches'],
      options: [...options],
      dwellings: { halflings: ['E6', 'I8'], witches: ['A10', 'I11'] },
      bonus: { halflings: 'BON3', witches: 'BON6' },
    })
      .give('halflings', RICH)
      .play('halflings: dig 1. transform E5 to brown. landscape E5', 'witches: pass BON1');

  it('SL-HAL-1: a space next to the Drill needs one spade fewer (lakes to plains: 1, not 2)', () => {
    const g = start();
    const VP = g.f('halflings').VP;
    g.play('halflings: dig 1. transform E4 to brown');
    expect(g.state.hexes.E4!.terrain).toBe('brown');
    // SL-HAL-2: the saved spade is not spent, so it scores nothing (1 VP per spade spent).
    expect(g.f('halflings').VP - VP).toBe(1);
  });

  it('SL-HAL-1: never fewer than one spade', () => {
    const g = start();
    g.fails('halflings: transform F3 to brown', /spades/);
    g.play('halflings: dig 1. transform F3 to brown');
    expect(g.state.hexes.F3!.terrain).toBe('brown');
  });

  it('SL-HAL-1: a space away from the Drill pays the full cycle', () => {
    const g = start();
    // E7 (mountains) touches E6, not the Drill: mountains to plains is 3 spades.
    g.fails('halflings: dig 2. transform E7 to brown', /spades/);
    g.play('halflings: dig 3. transform E7 to brown');
  });
});

describe('SL-G3: the cult bonus spades', () => {
  const start = () =>
    scenario({
      factions: ['halflings', 'witches'],
      options: [...options],
      dwellings: { halflings: ['E6', 'I8'], witches: ['A10', 'I11'] },
      bonus: { halflings: 'BON3', witches: 'BON6' },
    }).give('halflings', { ...RICH, cults: { EARTH: 4 } });

  it('SL-G3: a cult-bonus spade to home terrain neither offers nor accepts the landscape', () => {
    const g = start().passAll();
    expect(g.state.phase).toBe('use-income-spades');
    expect(legalMoves(g.state, 'halflings').some((m) => m.kind === 'landscape')).toBe(false);
    g.fails('halflings: transform E5 to brown. landscape E5', /landscape/i);
    g.play('halflings: transform E5 to brown');
    expect(g.state.hexes.E5).toMatchObject({ terrain: 'brown', owner: null });
    expect(g.state.hexes.E5!.landscape).toBeUndefined();
    expect(g.f('halflings').landscape).toBeNull();
  });

  it('SL-G3, SL-HAL-2: the Drill still takes a spade off a cult-bonus transformation next to it', () => {
    const g = start().play('halflings: dig 1. transform E5 to brown. landscape E5').passAll();
    expect(g.state.phase).toBe('use-income-spades');
    expect(g.f('halflings').counters.SPADE).toBe(1);
    // E4 (lakes) touches the Drill: the bonus's one spade turns it to plains, which takes 2 elsewhere.
    g.play('halflings: transform E4 to brown');
    expect(g.state.hexes.E4!.terrain).toBe('brown');
    expect(g.f('halflings').counters.SPADE).toBe(0);
  });
});

describe('Dwarves: Great Tunnel', () => {
  const start = () =>
    scenario({
      factions: ['dwarves', 'witches'],
      options: [...options],
      dwellings: { dwarves: ['E7', 'H8'], witches: ['A10', 'I11'] },
      bonus: { dwarves: 'BON3', witches: 'BON6' },
    }).give('dwarves', RICH);
  // D6 is 3 spaces from the Tunnel's D4 and from E7: only the Tunnel's longer range reaches it.
  const withTunnel = () => start().play('dwarves: dig 1. transform D4 to gray. landscape D4', 'witches: pass BON1');

  it('SL-DWA-1: from the Tunnel, tunnelling skips two spaces, at the usual 2 W and 4 VP', () => {
    const g = withTunnel();
    const before = g.nums('dwarves');
    g.play('dwarves: dig 1. transform D6 to gray. build D6');
    // 3 W for the spade, 2 W for the tunnel, 1 W for the dwelling.
    expect(before.W - g.nums('dwarves').W).toBe(6);
    expect(g.vpFrom('dwarves', 'faction')).toBe(4);
  });

  it('SL-DWA-1: without the Tunnel, or from another structure, the reach is the usual one space skipped', () => {
    start().fails('dwarves: dig 1. transform D6 to gray', /reach/);
    // H4 is 3 spaces from E7 and 4 from the Tunnel.
    withTunnel().fails('dwarves: dig 2. transform H4 to gray', /reach/);
  });

  it('SL-DWA-2: cult-bonus spades may tunnel with no workers, with the 4 VP', () => {
    const atIncome = () =>
      withTunnel()
        .give('dwarves', { cults: { EARTH: 4 } })
        .passAll();
    const g = atIncome();
    expect(g.state.phase).toBe('use-income-spades');
    g.play('dwarves: transform D6 to gray');
    expect(g.state.hexes.D6!.terrain).toBe('gray');
    expect(g.vpFrom('dwarves', 'faction')).toBe(4);
    // The same spade on F4, next to E7, leaves the same workers (the round's income comes right after).
    const near = atIncome().play('dwarves: transform F4 to gray');
    expect(g.nums('dwarves').W).toBe(near.nums('dwarves').W);
  });

  it('SL-DWA-2: without the Tunnel the cult-bonus spades do not tunnel', () => {
    const g = start().give('dwarves', { cults: { EARTH: 4 } });
    g.passAll();
    expect(g.state.phase).toBe('use-income-spades');
    // G2 is 2 spaces from E7: an ordinary tunnel, but not for the cult bonus.
    g.fails('dwarves: transform G2 to gray', /reach/);
  });

  it('SL-DWA-3: the final network counts what the Tunnel reaches', () => {
    const g = withTunnel().play('dwarves: dig 1. transform D6 to gray. build D6');
    // E7, the Tunnel and D6; H8 is out of reach.
    expect(networkSize(makeCtx(g.state), g.f('dwarves'))).toBe(3);
  });
});

describe('Swarmlings: Hatchery', () => {
  const start = (dwellings: readonly string[]) =>
    scenario({
      factions: ['swarmlings', 'witches'],
      options: [...options],
      dwellings: { swarmlings: dwellings, witches: ['A10', 'I11'] },
      bonus: { swarmlings: 'BON3', witches: 'BON6' },
    })
      .give('swarmlings', { C: 150, W: 150, P: 5 })
      .play('swarmlings: dig 1. transform E5 to blue. landscape E5', 'witches: pass BON1');
  /** E4, D2, E3 and the Hatchery E5: a town of power 7 (one tile), then 12 with D3 and F3 as trading houses. */
  const townOf12 = () =>
    start(['E4', 'D2']).play(
      'swarmlings: dig 3. transform E3 to blue. build E3',
      'swarmlings: upgrade E4 to TP',
      'swarmlings: upgrade D2 to TP',
      'swarmlings: upgrade E3 to TP. +TW1',
      'swarmlings: upgrade E4 to SH',
      'swarmlings: dig 3. transform D3 to blue. build D3',
      'swarmlings: upgrade D3 to TP',
      'swarmlings: dig 3. transform F3 to blue. build F3',
      'swarmlings: upgrade F3 to TP',
    );
  const owed = (g: ReturnType<typeof start>) => g.f('swarmlings').counters.GAIN_TW;

  it('SL-SWA-1/2: the second tile at power 14, taken like any town tile with everything a town brings', () => {
    const g = townOf12().play('swarmlings: upgrade D2 to TE. +FAV1', 'swarmlings: upgrade D2 to SA');
    // Power 13: still one tile.
    expect(owed(g)).toBe(0);
    g.fails('swarmlings: +TW2', /town/);
    g.play('swarmlings: dig 2. transform E2 to blue. build E2');
    expect(owed(g)).toBe(1);
    expect(turnComplete(g.state, 'swarmlings')).toBe(false);
    expect(legalMoves(g.state, 'swarmlings').filter((m) => m.kind === 'town').length).toBeGreaterThan(0);
    const before = g.nums('swarmlings');
    const KEY = g.f('swarmlings').KEY;
    g.play('swarmlings: +TW2');
    // TW2: 1 key, 7 VP, 2 W; the Swarmlings' 3 W for a town; SCORE2 (round 1): 5 VP per town.
    expect(g.nums('swarmlings')).toMatchObject({ VP: before.VP + 12, W: before.W + 5 });
    expect(g.f('swarmlings').KEY).toBe(KEY + 1);
    expect(g.vpFrom('swarmlings', 'TOWN >> 5')).toBe(5);
    expect(g.f('swarmlings').tiles).toMatchObject({ TW1: 1, TW2: 1 });
    g.fails('swarmlings: +TW3', /town/);
  });

  it('SL-SWA-1: with the favour tile of town size 6, the thresholds are 6, 12, 18: taking it at 12 owes the second tile', () => {
    const g = townOf12();
    expect(owed(g)).toBe(0);
    g.play('swarmlings: upgrade D2 to TE. +FAV5');
    expect(owed(g)).toBe(1);
    g.play('swarmlings: +TW3');
    expect(g.f('swarmlings').tiles).toMatchObject({ TW1: 1, TW3: 1 });
  });

  it('SL-SWA-3: two towns merged into the Hatchery town keep their two tiles; 15 is not yet worth a third', () => {
    const g = start(['E4', 'D5']).play(
      'swarmlings: dig 3. transform E3 to blue. build E3',
      'swarmlings: dig 3. transform D3 to blue. build D3',
      'swarmlings: upgrade E4 to TP',
      'swarmlings: upgrade E3 to TP',
      'swarmlings: upgrade D3 to TP. +TW1',
      'swarmlings: dig 3. transform D4 to blue. build D4',
      'swarmlings: dig 1. transform C3 to blue. build C3',
      'swarmlings: dig 2. transform E7 to blue. build E7',
      'swarmlings: upgrade D5 to TP',
      'swarmlings: upgrade D5 to SH',
      'swarmlings: upgrade D4 to TP. +TW2',
    );
    // E6 touches the Hatchery E5 and D4: one town of power 7 + 7 + 1 with two tiles (14 is two).
    g.play('swarmlings: dig 2. transform E6 to blue. build E6');
    expect(g.state.hexes.E6!.town).not.toBe(0);
    expect(owed(g)).toBe(0);
  });

  it('SL-SWA-4: with no town tile left in the supply, the growth brings none', () => {
    const g = townOf12().play('swarmlings: upgrade D2 to TE. +FAV1', 'swarmlings: upgrade D2 to SA');
    g.state = {
      ...g.state,
      pool: Object.fromEntries(Object.entries(g.state.pool).filter(([k]) => !k.startsWith('TW'))),
    };
    g.play('swarmlings: dig 2. transform E2 to blue. build E2');
    expect(owed(g)).toBe(0);
    expect(g.state.pending.some((p) => p.type === 'town')).toBe(false);
  });

  it('SL-SWA-1: a Swarmlings town without the Hatchery keeps one tile', () => {
    const g = scenario({
      factions: ['swarmlings', 'witches'],
      options: [...options],
      dwellings: { swarmlings: ['E4', 'D2'], witches: ['A10', 'I11'] },
      bonus: { swarmlings: 'BON3', witches: 'BON6' },
    })
      .give('swarmlings', { C: 150, W: 150, P: 5 })
      .play('swarmlings: dig 1. transform E5 to blue. build E5', 'witches: pass BON1')
      .play(
        'swarmlings: dig 3. transform E3 to blue. build E3',
        'swarmlings: upgrade E4 to TP',
        'swarmlings: upgrade D2 to TP',
        'swarmlings: upgrade E3 to TP. +TW1',
        'swarmlings: upgrade E4 to SH',
        'swarmlings: upgrade E5 to TP',
        'swarmlings: dig 3. transform D3 to blue. build D3',
        'swarmlings: upgrade D3 to TP',
        'swarmlings: upgrade D2 to TE. +FAV1',
        'swarmlings: upgrade D2 to SA',
        'swarmlings: dig 2. transform E2 to blue. build E2',
      );
    // Power 3 + 3 + 2 + 2 + 2 + 1 + 1 = 14, no Hatchery: no second tile.
    expect(owed(g)).toBe(0);
  });
});

describe('Chaos Magicians: Chaos Portal', () => {
  const start = () =>
    scenario({
      factions: ['chaosmagicians', 'witches'],
      options: [...options],
      dwellings: { chaosmagicians: ['D4'], witches: ['A3', 'A10'] },
      bonus: { chaosmagicians: 'BON3', witches: 'BON6' },
    })
      .give('chaosmagicians', RICH)
      .play('chaosmagicians: upgrade D4 to TP', 'witches: pass BON1');

  it('SL-CHA-1: placed with the stronghold on any free wasteland, with no range', () => {
    const g = start().play('chaosmagicians: upgrade D4 to SH. landscape A9');
    expect(g.state.hexes.A9).toMatchObject({ owner: 'chaosmagicians', landscape: 'portal', building: null });
    // A9 touches the witches' A10: they are offered 1 power.
    expect(g.state.pending).toContainEqual(expect.objectContaining({ type: 'leech', faction: 'witches', amount: 1 }));
  });

  it('SL-CHA-1: not on another terrain, not later, and not through a transformation', () => {
    const g = start();
    g.fails('chaosmagicians: upgrade D4 to SH. landscape A10', /already has a building/);
    g.fails('chaosmagicians: upgrade D4 to SH. landscape A8', /home terrain/);
    g.fails('chaosmagicians: dig 3. transform D5 to red. landscape D5', /stronghold/);
    g.play('chaosmagicians: upgrade D4 to SH');
    expect(legalMoves(g.state, 'chaosmagicians').some((m) => m.kind === 'landscape')).toBe(true);
    g.play('chaosmagicians: done', 'done');
    g.fails('chaosmagicians: landscape A9', /stronghold/);
  });
});

describe('Giants: Cave of Wisdom', () => {
  const start = () =>
    scenario({
      factions: ['giants', 'witches'],
      options: [...options],
      dwellings: { giants: ['E3', 'I1'], witches: ['A10', 'I11'] },
      bonus: { giants: 'BON3', witches: 'BON6' },
    }).give('giants', RICH);

  it('SL-GIA-1: one free digging step with its 6 VP in the placing action', () => {
    const g = start();
    g.play('giants: dig 2. transform E4 to red. landscape E4');
    const before = g.nums('giants');
    g.play('giants: advance dig');
    expect(g.f('giants').dig).toBe(1);
    expect(g.nums('giants')).toMatchObject({ C: before.C, W: before.W, P: before.P, VP: before.VP + 6 });
  });

  it('SL-GIA-1: not kept for a later action', () => {
    const g = start().play('giants: dig 2. transform E4 to red. landscape E4', 'witches: pass BON1');
    const before = g.nums('giants');
    g.play('giants: advance dig');
    expect(before.P - g.f('giants').P).toBe(1);
  });
});

describe('Fakirs: Flying School', () => {
  const start = () =>
    scenario({
      factions: ['fakirs', 'witches'],
      options: [...options],
      dwellings: { fakirs: ['D3', 'G7'], witches: ['A10', 'I11'] },
      bonus: { fakirs: 'BON3', witches: 'BON6' },
    }).give('fakirs', RICH);

  it('SL-FAK-1: each carpet flight after the School brings 2 C', () => {
    const g = start().play('fakirs: dig 1. transform E3 to yellow. landscape E3', 'witches: pass BON1');
    const before = g.nums('fakirs');
    // D1 touches neither D3 nor E3: a flight (1 P, 4 VP), and 3 spades from forest to desert.
    g.play('fakirs: dig 3. transform D1 to yellow');
    const after = g.nums('fakirs');
    expect(after.C - before.C).toBe(2);
    expect(after.P).toBe(before.P - 1);
  });

  it('SL-FAK-2: the flight that reaches the School space itself pays nothing', () => {
    const g = start();
    const before = g.nums('fakirs');
    g.play('fakirs: dig 3. transform D1 to yellow. landscape D1');
    expect(g.nums('fakirs').C).toBe(before.C);
  });
});

describe('Nomads: Trading Camp', () => {
  const start = (options: readonly OptionId[] = []) =>
    scenario({
      factions: ['nomads', 'cultists'],
      options: ['special-landscapes', ...options],
      dwellings: { nomads: ['F3', 'D3', 'E8'], cultists: ['E6', 'A1'] },
      bonus: { nomads: 'BON3', cultists: 'BON6' },
    })
      .give('nomads', RICH)
      .give('cultists', RICH)
      .play('nomads: dig 2. transform E5 to yellow. landscape E5', 'cultists: decline 1 from nomads');
  const lines = (g: ReturnType<typeof start>) =>
    legalMoves(g.state, 'nomads')
      .filter((m) => m.kind === 'leech' || m.kind === 'decline')
      .map((m) => formatCommands(m.commands));

  it('SL-NOM-1: next to the Camp the offer has a third answer: exactly 1 coin instead of the power, no VP lost', () => {
    // E6 touches the Camp E5 and the dwelling F3: an offer of 2 power (1 VP).
    const g = start().play('cultists: upgrade E6 to TP');
    expect(lines(g)).toEqual(['leech 2 from cultists', 'decline 2 from cultists', 'leech coin from cultists']);
    const before = g.nums('nomads');
    g.play('nomads: leech coin from cultists');
    expect(g.nums('nomads')).toEqual({ ...before, C: before.C + 1 });
    expect(g.state.pending.some((p) => p.type === 'leech')).toBe(false);
    // The power instead costs its VP as usual.
    const other = start().play('cultists: upgrade E6 to TP', 'nomads: leech 2 from cultists');
    expect(other.nums('nomads')).toMatchObject({ VP: before.VP - 1, C: before.C });
  });

  it('SL-NOM-1: an offer the Camp has no part in has no coin answer', () => {
    // E7 touches the Nomads' E8, not the Camp.
    const g = start().play('cultists: dig 3. transform E7 to brown. build E7');
    expect(lines(g)).toEqual(['leech 1 from cultists', 'decline 1 from cultists']);
    g.fails('nomads: leech coin from cultists', /coin/);
    g.fails('nomads: leech coin', /coin/);
  });

  it('SL-NOM-2: with full bowls there is no power to take, and the coin still is', () => {
    const g = start().give('nomads', { P1: 0, P2: 0, P3: 12 }).play('cultists: upgrade E6 to TP');
    expect(g.state.pending).toContainEqual(expect.objectContaining({ faction: 'nomads', actual: 0, coins: 1 }));
    const C = g.f('nomads').C;
    g.play('nomads: leech coin');
    expect(g.f('nomads').C).toBe(C + 1);
  });

  it('SL-NOM-3: for the Cultists the coin is a refusal: no cult step, and their power when all refused', () => {
    const g = start(['errata-cultist-power']).play('cultists: upgrade E6 to TP');
    const before = g.nums('cultists');
    g.play('nomads: leech coin from cultists');
    expect(g.nums('cultists')).toMatchObject({ cult: before.cult, PW: [before.PW[0]! - 1, before.PW[1]! + 1, 0] });
    expect(g.notes.map((n) => n.text)).toEqual(['[all opponents declined power]']);
    // Taking the power gives them the cult step instead.
    const taken = start(['errata-cultist-power']).play('cultists: upgrade E6 to TP', 'nomads: leech 2 from cultists');
    expect(taken.notes.map((n) => n.text)).toEqual(['[opponent accepted power]']);
  });

  it('SL-NOM-1: the coin answer round-trips through the notation', () => {
    for (const text of ['leech coin from cultists', 'leech coin']) {
      expect(formatCommands(parseLine(text))).toBe(text);
    }
  });
});
