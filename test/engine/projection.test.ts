import { describe, expect, it } from 'vitest';
import { fixturePath } from '../corpus.ts';
import { readFileSync } from 'node:fs';
import { parseGameLog } from '../../src/notation/log.ts';
import { nextIncome, projectFinalScore } from '../../src/engine/index.ts';
import { corpusPosition } from '../../src/render/testing.ts';

const GAME = fixturePath('4pLeague_S60_D1L1_G1.txt');
const typedRows = () => parseGameLog(readFileSync(GAME, 'utf8')).filter((e) => e.kind === 'row' && !e.engine);

/** How many rows the players typed before a line of the record (a marker found by its text). */
const movesBefore = (line: number) => typedRows().filter((e) => e.line < line).length;

describe('projectFinalScore', () => {
  it('predicts every final score exactly just before the last pass of the game', () => {
    const rows = typedRows();
    const lastPass = rows[rows.length - 1]!;
    expect(lastPass.kind === 'row' && lastPass.text.toLowerCase()).toBe('pass');
    const before = corpusPosition(GAME, { moves: -1 });
    const end = corpusPosition(GAME);
    expect(before.finished).toBe(false);
    expect(end.finished).toBe(true);
    for (const id of end.factionOrder) {
      const p = projectFinalScore(before, id);
      expect(p.total, id).toBe(end.factions[id]!.VP);
      expect(p.cults + p.network).toBeGreaterThan(0);
    }
  });

  it('counts the Fire & Ice final-scoring tile: exact before the last pass of a connected-clusters game', () => {
    const game = fixturePath('tmai_unittesttext2.txt');
    const before = corpusPosition(game, { moves: -1 });
    const end = corpusPosition(game);
    expect(before.finalScoring).toEqual(['connected-clusters']);
    expect(end.finished).toBe(true);
    const projections = before.factionOrder.map((id) => projectFinalScore(before, id));
    before.factionOrder.forEach((id, i) => expect(projections[i]!.total, id).toBe(end.factions[id]!.VP));
    // The tile's 18/12/6 go to someone: without them the projection would fall short.
    expect(projections.reduce((sum, p) => sum + p.finalTile, 0)).toBeGreaterThanOrEqual(18);
  });

  it('leaves the state untouched', () => {
    const state = corpusPosition(GAME, { afterRound: 5 });
    const copy = structuredClone(state);
    for (const id of state.factionOrder) {
      projectFinalScore(state, id);
      nextIncome(state, id);
    }
    expect(state).toEqual(copy);
  });
});

describe('nextIncome', () => {
  it('equals what the record pays in the next income phase to the factions that have passed', () => {
    const lines = readFileSync(GAME, 'utf8').split('\n');
    const incomeAt = lines.findIndex((l) => l === 'Round 4 income') + 1;
    // The engine takes the income as soon as the last faction passes, so look just before that pass.
    const state = corpusPosition(GAME, { moves: movesBefore(incomeAt) - 1 });
    const waiting = state.factionOrder.filter((id) => !state.factions[id]!.passed);
    expect(waiting).toHaveLength(1);
    const paid: Record<string, Record<string, number>> = {};
    for (const line of lines.slice(incomeAt, incomeAt + 10)) {
      const cells = line.split('\t');
      if (!/income_for_faction$/.test(cells[cells.length - 1]!)) continue;
      const sum = (paid[cells[0]!] ??= {});
      (
        [
          ['C', 3],
          ['W', 5],
          ['P', 7],
          ['PW', 9],
        ] as const
      ).forEach(([k, i]) => {
        const n = Number(cells[i] || 0);
        if (n) sum[k] = (sum[k] ?? 0) + n;
      });
    }
    expect(Object.keys(paid)).toHaveLength(4);
    for (const id of state.factionOrder) if (!waiting.includes(id)) expect(nextIncome(state, id), id).toEqual(paid[id]);
  });
});
