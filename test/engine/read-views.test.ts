/**
 * Read views the engine offers the layers above it, so none of them re-derives a rule: why the game waits
 * for a faction, what taking a power offer costs, what a move touches on the board, and what each legal
 * move leaves its mover with.
 */
import { describe, expect, it } from 'vitest';
import {
  apply,
  footprintOf,
  legalMoves,
  legalMovesWhere,
  measuredLegalMoves,
  offerVpCost,
  passVpNow,
  projectFinalScore,
  reachableSpaces,
  scoringMeasures,
  snapshotOf,
  spadesToBuild,
  tilesOwed,
  waitReason,
  whoMustAct,
  type GameState,
} from '../../src/engine/index.ts';
import { formatCommands } from '../../src/notation/format.ts';
import { parseGameLog } from '../../src/notation/log.ts';
import { parseLine } from '../../src/notation/parse.ts';
import { replayLog } from '../../src/notation/replay.ts';
import { readCorpus } from '../corpus.ts';

// 4pLeague_S60_D1L1_G1: after the nomads' "dig 1. build E3" the mermaids hold an offer of 1 power, and after
// the mermaids' "upgrade E4 to TP" the nomads hold one of 2.
const entries = parseGameLog(readCorpus('4pLeague_S60_D1L1_G1.txt'));
const after = (faction: string, text: string): GameState =>
  replayLog(
    entries.slice(0, entries.findIndex((e) => e.kind === 'row' && e.faction === faction && e.text === text) + 1),
  ).state!;

describe('waitReason', () => {
  it('tells a power offer from a turn and from a choice', () => {
    const state = after('mermaids', 'upgrade E4 to TP');
    expect(waitReason(state, 'nomads')).toEqual({ kind: 'leech', from: 'mermaids' });
    expect(waitReason(state, state.active!)).toEqual({ kind: 'move' });
  });
});

describe('offerVpCost', () => {
  it('is what accepting the offer takes, whatever the VP held', () => {
    const base = after('mermaids', 'upgrade E4 to TP');
    for (const vp of [0, 1, 20]) {
      const state = structuredClone(base);
      state.factions.nomads!.VP = vp;
      const offer = state.pending.find((p) => p.type === 'leech' && p.faction === 'nomads');
      expect(offer?.type).toBe('leech');
      if (offer?.type !== 'leech') continue;
      const taken = apply(state, 'nomads', [{ type: 'leech', amount: offer.amount, from: offer.from }]);
      expect(taken.ok).toBe(true);
      if (!taken.ok) continue;
      expect(offerVpCost(state, offer), `${vp} VP held`).toBe(vp - taken.value.state.factions.nomads!.VP);
    }
    // One VP less than the 2 power, unless fewer VP are held.
    expect(
      [0, 1, 20].map((vp) => {
        const state = structuredClone(base);
        state.factions.nomads!.VP = vp;
        const offer = state.pending.find((p) => p.type === 'leech' && p.faction === 'nomads')!;
        return offer.type === 'leech' ? offerVpCost(state, offer) : -1;
      }),
    ).toEqual([0, 1, 1]);
  });
});

describe('footprintOf', () => {
  const footprint = (line: string) => footprintOf(parseLine(line));
  const map = { changesMap: true, changesCults: false };

  it('names the hexes a move builds on, terraforms, bridges or marks', () => {
    expect(footprint('dig 1. build E3')).toEqual({ hexes: ['E3'], ...map });
    expect(footprint('upgrade E5 to TE. +FAV11')).toEqual({ hexes: ['E5'], changesMap: true, changesCults: true });
    expect(footprint('action ACT1. bridge C3:D4')).toEqual({ hexes: ['C3', 'D4'], ...map });
  });

  it('says which of the map and the cult board can have changed', () => {
    for (const line of [
      'leech 1 from nomads',
      'decline 2 from witches',
      'convert 1P to 1W. burn 2',
      'done',
      '-SPADE',
      'advance ship',
      'action ACT4',
      'pass BON3',
    ])
      expect(footprint(line), line).toEqual({ hexes: [], changesMap: false, changesCults: false });
    // Cult steps paid for a volcano leave the cult board; a priest sent or a tile's steps move on it.
    for (const line of ['-3FIRE', 'send p to WATER', 'action BON2. +FIRE', '+TW2'])
      expect(footprint(line), line).toEqual({ hexes: [], changesMap: false, changesCults: true });
    // The map's legend says which colours are picked.
    expect(footprint('pick-color red')).toEqual({ hexes: [], ...map });
  });
});

describe('measuredLegalMoves', () => {
  // Late in the game, and the positions just after another faction moved (its turn still to close).
  const rows = entries.filter((e) => e.kind === 'row');
  const positions = [0.55, 0.7, 0.85].flatMap((share) => {
    const n = Math.floor(rows.length * share);
    return [n, n + 1].map((k) => replayLog(entries.slice(0, entries.indexOf(rows[k]!) + 1)).state!);
  });

  it('lists the legal moves, with what applying each measured one leaves its mover with', () => {
    let measured = 0;
    for (const state of positions) {
      for (const faction of whoMustAct(state)) {
        const moves = measuredLegalMoves(state, faction);
        expect(moves.map(({ kind, commands }) => ({ kind, commands }))).toEqual(legalMoves(state, faction));
        for (const move of moves) {
          if (!move.outcome) continue;
          measured++;
          const applied = apply(state, faction, move.commands);
          if (!applied.ok) throw applied.error;
          const after = applied.value.actorSnapshot ?? snapshotOf(applied.value.state.factions[faction]!);
          expect(move.outcome, formatCommands(move.commands)).toMatchObject({
            after,
            ...tilesOwed(applied.value.state, faction),
          });
        }
      }
    }
    // Builds, upgrades, priests, most power actions: the moves checked by applying them.
    expect(measured).toBeGreaterThan(100);
  });
});

describe('planning views (scoringMeasures, reachableSpaces, spadesToBuild, passVpNow)', () => {
  const rows = entries.filter((e) => e.kind === 'row');
  const positions = [0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8].map(
    (share) => replayLog(entries.slice(0, entries.indexOf(rows[Math.floor(rows.length * share)]!) + 1)).state!,
  );

  it('reach every space a legal build or transform names, and price what the dig lines pay', () => {
    let lines = 0;
    for (const state of positions) {
      const faction = state.active!;
      const reach = reachableSpaces(state, faction);
      for (const m of legalMoves(state, faction)) {
        const tf = m.commands.find((c) => c.type === 'transform' || c.type === 'build');
        if (!tf || (tf.type !== 'transform' && tf.type !== 'build') || m.kind === 'special' || m.kind === 'action')
          continue;
        expect(reach.has(tf.hex), formatCommands(m.commands)).toBe(true);
        if (m.kind !== 'build') continue;
        const dig = m.commands.find((c) => c.type === 'dig');
        // A build line digs exactly the spades the space needs (none held here).
        expect(spadesToBuild(state, faction, tf.hex), formatCommands(m.commands)).toBe(
          dig?.type === 'dig' ? dig.amount : 0,
        );
        lines++;
      }
    }
    expect(lines).toBeGreaterThan(5);
  });

  it('list with a filter (legalMovesWhere, measuredLegalMoves) exactly the legal moves it keeps, in order, where tiles and spades are owed', () => {
    const owedKinds = new Set(['favor', 'town', 'cult', 'transform', 'build', 'discard']);
    const wanted = (m: { kind: string }) => owedKinds.has(m.kind);
    let owing = 0;
    let kept = 0;
    for (const state of positions) {
      const faction = state.active!;
      for (const m of legalMoves(state, faction)) {
        const r = apply(state, faction, m.commands);
        if (!r.ok) continue;
        for (const who of whoMustAct(r.value.state)) {
          const all = legalMoves(r.value.state, who);
          const some = legalMovesWhere(r.value.state, who, wanted);
          expect(some, formatCommands(m.commands)).toEqual(all.filter(wanted));
          expect(measuredLegalMoves(r.value.state, who, wanted)).toEqual(
            measuredLegalMoves(r.value.state, who).filter(wanted),
          );
          if (some.length < all.length) owing++;
          kept += some.length;
        }
      }
    }
    expect(owing).toBeGreaterThan(20);
    expect(kept).toBeGreaterThan(100);
  });

  it('give the network, cult places and pass VP the final scoring and the projection count', () => {
    for (const state of positions) {
      for (const faction of state.factionOrder) {
        const m = scoringMeasures(state, faction);
        const f = state.factions[faction]!;
        expect(m.cults).toEqual(f.cults);
        if (!f.passed)
          expect(passVpNow(state, faction).reduce((a, p) => a + p.vp, 0)).toBe(projectFinalScore(state, faction).pass);
      }
      // The largest network takes the 18 VP the projection counts, shared with those of the same size.
      const sizes = state.factionOrder.map((id) => [id, scoringMeasures(state, id).network] as const);
      const top = sizes.reduce((a, b) => (b[1] > a[1] ? b : a));
      const tied = sizes.filter((x) => x[1] === top[1]).length;
      const share = Math.floor([18, 12, 6].slice(0, tied).reduce((a, b) => a + b, 0) / tied);
      expect(projectFinalScore(state, top[0]).network).toBe(share);
    }
  });
});
