// The map registry against snellman's facts: each id is the SHA-1 of the map's terrain (with the
// starting-VP variant appended), hexes are named as src/map.pm names them, and the edge and the
// bridges follow from the rows.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { boardOf, hexDistance, MAPS, newGame, ORIGINAL_MAP_ID, apply } from '../../src/engine/index.ts';

const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');
const FI_SIDE_1 = '95a66999127893f5925a5f591d54f8bcb9a670e6';
const FI_SIDE_2 = 'be8f6ebf549404d015547152d5f2a1906ae8dd90';
const ORIGINAL_2017 = '91645cdb135773c2a7a50e5ca9cb18af54c664c4';

describe('map registry', () => {
  it.each(MAPS.map((m) => [m.name, m] as const))('%s: the id is the SHA-1 of its terrain', (_, m) => {
    expect(sha1(m.startingVp ? `${m.terrain} original_2017` : m.terrain)).toBe(m.id);
  });

  it('offers the six maps of snellman’s new-game page', () => {
    expect(MAPS.filter((m) => m.offered).map((m) => m.name)).toEqual([
      'Original',
      'Original [2017 vp]',
      'Fire & Ice, Side 1',
      'Fire & Ice, Side 2',
      'Loon Lakes v1.6',
      'Fjords v2.1',
    ]);
  });

  it.each(MAPS.map((m) => [m.name, m.id] as const))('%s: every land hex has a neighbour', (_, id) => {
    const board = boardOf(id);
    expect(board.landIds.length).toBeGreaterThanOrEqual(77);
    for (const h of board.landIds) expect(board.adjacent.get(h)!.size).toBeGreaterThan(0);
  });

  it('labels rows from B under an empty first row (Fire & Ice side 1)', () => {
    const board = boardOf(FI_SIDE_1);
    expect(board.rowLabels[0]).toBe('B');
    expect(board.hexes.get('B1')).toMatchObject({ row: 1, col: 0, terrain: 'brown' });
    expect(board.hexes.has('A1')).toBe(false);
    // Row 1 is odd, so B1 touches C1 and C2 below it, as map.pm's offset rule says.
    expect([...board.adjacent.get('B1')!].sort()).toEqual(['C1', 'C2', 'r0'].sort());
  });

  it('marks the edge by the first and last hex of each row, rivers included, and the outer rows', () => {
    const board = boardOf(ORIGINAL_MAP_ID);
    // Row A and row I are edges entirely; C1 is a land hex behind row C's outer river.
    expect(board.edge.has('A7')).toBe(true);
    expect(board.edge.has('I12')).toBe(true);
    expect(board.edge.has('B1')).toBe(true);
    expect(board.edge.has('B6')).toBe(true);
    expect(board.edge.has('C1')).toBe(false);
    expect(board.edge.has('E5')).toBe(false);
  });

  it('lets a bridge cross from C1 to A3 on Fire & Ice side 2, as the corpus game does', () => {
    expect(boardOf(FI_SIDE_2).bridgeable.get('C1')?.has('A3')).toBe(true);
    expect(boardOf(ORIGINAL_MAP_ID).bridgeable.get('C1')?.has('A3')).toBe(true);
  });

  it('measures distance in hexes, rivers counted, as map.pm does', () => {
    const board = boardOf(ORIGINAL_MAP_ID);
    const d = (a: string, b: string) => hexDistance(board.hexes.get(a)!, board.hexes.get(b)!);
    expect(d('A1', 'A1')).toBe(0);
    expect(d('A1', 'A2')).toBe(1);
    expect(d('A1', 'A13')).toBe(12);
    expect(d('A1', 'I1')).toBe(8);
    expect(d('A1', 'I12')).toBe(16);
  });

  it('starts factions with the map’s VP: 20, or the 2017 table', () => {
    const setup = {
      options: [],
      players: ['a', 'b'],
      scoreTiles: ['SCORE1', 'SCORE2', 'SCORE3', 'SCORE4', 'SCORE5', 'SCORE6'] as const,
      removedBonusTiles: [],
    };
    const vp = (map: string) => {
      const r = apply(newGame({ ...setup, map }), null, [{ type: 'pick-faction', faction: 'fakirs' }]);
      if (!r.ok) throw new Error(r.error.message);
      return r.value.state.factions.fakirs!.VP;
    };
    expect(vp(ORIGINAL_MAP_ID)).toBe(20);
    expect(vp(ORIGINAL_2017)).toBe(33);
  });

  it('refuses a map it does not know', () => {
    const setup = {
      options: [],
      players: ['a', 'b'],
      scoreTiles: ['SCORE1', 'SCORE2', 'SCORE3', 'SCORE4', 'SCORE5', 'SCORE6'] as const,
      removedBonusTiles: [],
    };
    expect(() => newGame({ ...setup, map: 'f'.repeat(40) })).toThrow(/Unknown map/);
  });
});
