import type { Ctx } from '../context.ts';
import { addNote, dataOf } from '../context.ts';
import type { Amounts } from '../data/resources.ts';
import type { Building } from '../data/resources.ts';
import { BUILDINGS } from '../data/resources.ts';
import type { FactionData } from '../data/faction-types.ts';
import { BONUS_TILES, FAVOR_TILES, SCORING_TILES, isBonusTile, isFavorTile } from '../data/tiles.ts';
import type { Counter, FactionState } from '../types.ts';
import { gain } from './resources.ts';
import { requireOwed } from '../obligations.ts';

/** What an income may give that the faction owes before the round starts: spades, cult steps, unlocks. */
const INCOME_OWES: readonly Counter[] = ['SPADE', 'CULT', 'UNLOCK_TERRAIN'];

export interface IncomeBreakdown {
  /** Cult bonus of the round's scoring tile (taken first, as its own phase). */
  readonly scoring: Amounts;
  readonly bonus: Amounts;
  readonly buildings: Amounts;
  readonly favors: Amounts;
}

function add(into: Record<string, number>, from: Amounts, times = 1): void {
  for (const k in from) {
    const v = from[k as keyof Amounts];
    if (v) into[k] = (into[k] ?? 0) + v * times;
  }
}

/** Each faction's income tables flattened once: income is computed for every faction every round. */
const incomeTables = new WeakMap<FactionData, readonly (readonly [Building, string, readonly number[]])[]>();

function incomeTablesOf(data: FactionData) {
  let tables = incomeTables.get(data);
  if (!tables) {
    tables = BUILDINGS.flatMap((b) =>
      Object.entries(data.buildings[b].income).map(([res, table]) => [b, res, table] as const),
    );
    incomeTables.set(data, tables);
  }
  return tables;
}

export function factionIncome(ctx: Ctx, f: FactionState): IncomeBreakdown {
  const buildings: Record<string, number> = {};
  for (const [b, res, table] of incomeTablesOf(dataOf(f))) {
    const v = table[f.buildings[b]];
    if (v) buildings[res] = (buildings[res] ?? 0) + v;
  }
  const bonus: Record<string, number> = {};
  const favors: Record<string, number> = {};
  for (const tile in f.tiles) {
    if (!f.tiles[tile]) continue;
    if (isBonusTile(tile) && f.passed) add(bonus, BONUS_TILES[tile].income);
    else if (isFavorTile(tile)) add(favors, FAVOR_TILES[tile].income);
  }
  const scoring: Record<string, number> = {};
  const id = ctx.s.round > 0 ? ctx.s.scoreTiles[ctx.s.round - 1] : undefined;
  if (id && ctx.s.round !== 6) {
    const tile = SCORING_TILES[id];
    const level = tile.cult === 'CULT_P' ? f.priestsOnCults : f.cults[tile.cult];
    add(scoring, tile.income, Math.floor(level / tile.req));
  }
  return { scoring, bonus, buildings, favors };
}

/** Takes the parts of the income selected by `mask` (1 scoring, 2 bonus, 4 buildings, 8 favors). */
export function takeIncome(ctx: Ctx, f: FactionState, mask: number): void {
  if (f.incomeTaken & mask) return;
  if (ctx.s.round === 0) f.passed = true;
  const inc = factionIncome(ctx, f);
  const parts = [inc.scoring, inc.bonus, inc.buildings, inc.favors];
  parts.forEach((part, i) => {
    if (mask & (1 << i)) gain(ctx, f, part, 'income');
  });
  f.incomeTaken |= mask;
  addNote(ctx, f, mask === 1 ? 'cult_income_for_faction' : 'other_income_for_faction');
  for (const c of INCOME_OWES) requireOwed(ctx, f, c);
}
