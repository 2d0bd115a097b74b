// The four Fire & Ice final-scoring tiles, scored as snellman's map.pm measures them: each faction's
// networks are its buildings joined directly or within shipping range; the tile ranks factions by a
// value of their best network and pays 18/12/6, ties sharing, a value of 0 scoring nothing.
import { describe, expect, it } from 'vitest';
import type { FinalScoringId } from '../../src/engine/index.ts';
import { scenario, type ScenarioSetup, type Scenario } from './scenario.ts';

const RICH = { C: 40, W: 30, P: 5, P1: 0, P2: 0, P3: 12 };
const FI_SIDE_2 = 'be8f6ebf549404d015547152d5f2a1906ae8dd90';

/** Everybody passes until the game is over. */
function playOut(g: Scenario): Scenario {
  for (let guard = 0; guard < 12 && !g.state.finished; guard++) g.passAll();
  expect(g.state.finished).toBe(true);
  return g;
}

const tileVp = (g: Scenario, tile: FinalScoringId) =>
  Object.fromEntries(Object.values(g.state.factions).map((f) => [f!.name, f!.vpSources[tile] ?? 0]));

/** Witches on F4 and G3 (a river between them), engineers on A2 and B1 (neighbours on the edge). */
const acrossTheRiver = (tile: FinalScoringId, more: Partial<ScenarioSetup> = {}) =>
  scenario({
    factions: ['witches', 'engineers'],
    finalScoring: [tile],
    board: { B1: 'gray' },
    dwellings: { witches: ['F4', 'G3'], engineers: ['A2', 'B1'] },
    ...more,
  }).give('witches', RICH);

describe('Fire & Ice final scoring', () => {
  it('building-on-edge: the most buildings on the edge in one network', () => {
    const g = playOut(
      scenario({
        factions: ['witches', 'engineers', 'halflings'],
        finalScoring: ['building-on-edge'],
        board: { B1: 'gray' },
        // Witches: two edge hexes far apart (two networks of one); engineers: two joined edge hexes;
        // halflings: none on the edge.
        dwellings: { witches: ['A3', 'A10'], engineers: ['A2', 'B1'], halflings: ['E2', 'E6'] },
      }),
    );
    expect(tileVp(g, 'building-on-edge')).toEqual({ witches: 12, engineers: 18, halflings: 0 });
  });

  it('connected-distance: the farthest two buildings of one network, counted in hexes', () => {
    // Apart, the witches' dwellings are two networks of distance 0; shipping 1 joins them, 2 hexes apart.
    expect(tileVp(playOut(acrossTheRiver('connected-distance')), 'connected-distance')).toEqual({
      witches: 0,
      engineers: 18,
    });
    const shipped = acrossTheRiver('connected-distance').play('witches: advance ship');
    expect(tileVp(playOut(shipped), 'connected-distance')).toEqual({ witches: 18, engineers: 12 });
  });

  it('connected-clusters: groups of directly joined buildings inside one network', () => {
    // Both factions have one cluster per network until shipping joins the witches' two: a tie shares 18 + 12.
    expect(tileVp(playOut(acrossTheRiver('connected-clusters')), 'connected-clusters')).toEqual({
      witches: 15,
      engineers: 15,
    });
    const shipped = acrossTheRiver('connected-clusters').play('witches: advance ship');
    expect(tileVp(playOut(shipped), 'connected-clusters')).toEqual({ witches: 18, engineers: 12 });
  });

  it('connected-sa-sh-distance: the stronghold to the sanctuary, when one network holds both', () => {
    const g = acrossTheRiver('connected-sa-sh-distance')
      .play('witches: advance ship', 'engineers: pass BON3')
      .play('done', 'witches: upgrade F4 to TP', 'done', 'witches: upgrade F4 to SH', 'done')
      .play('witches: upgrade G3 to TP', 'done', 'witches: upgrade G3 to TE. +FAV9', 'done')
      .give('witches', { P: 5 })
      .play('witches: upgrade G3 to SA. +FAV10');
    expect(g.state.hexes.F4?.building).toBe('SH');
    expect(g.state.hexes.G3?.building).toBe('SA');
    // The engineers have neither: a value of 0 scores nothing.
    expect(tileVp(playOut(g), 'connected-sa-sh-distance')).toEqual({ witches: 18, engineers: 0 });
  });

  it('a bridge on Fire & Ice side 2 joins A3 and C1 into one cluster two hexes long', () => {
    const start = (tile: FinalScoringId) =>
      scenario({
        factions: ['witches', 'engineers'],
        map: FI_SIDE_2,
        finalScoring: [tile],
        board: { C1: 'green', B1: 'gray' },
        dwellings: { witches: ['A3', 'C1'], engineers: ['A2', 'B1'] },
      }).give('witches', RICH);
    expect(tileVp(playOut(start('connected-distance')), 'connected-distance')).toEqual({
      witches: 0,
      engineers: 18,
    });
    const bridged = start('connected-distance').play('witches: action ACT1. bridge A3:C1');
    expect(tileVp(playOut(bridged), 'connected-distance')).toEqual({ witches: 18, engineers: 12 });
    // The bridge is direct adjacency: one cluster, as the engineers' pair.
    const clusters = start('connected-clusters').play('witches: action ACT1. bridge A3:C1');
    expect(tileVp(playOut(clusters), 'connected-clusters')).toEqual({ witches: 15, engineers: 15 });
  });
});
