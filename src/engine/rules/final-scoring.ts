import type { Ctx } from '../context.ts';
import { addNote, dataOf, factionsInOrder } from '../context.ts';
import type { Cult } from '../data/resources.ts';
import { CULTS } from '../data/resources.ts';
import { CULT_FINAL_VP, FINAL_SCORING_TILES, NETWORK_FINAL_VP } from '../data/tiles.ts';
import type { FactionState } from '../types.ts';
import { finalTileValue, networkSize } from './networks.ts';
import { adjustResource } from './resources.ts';

/**
 * Ranks factions by a value; the best levels take the points in order, and factions tied on a level
 * share the points of the places they cover, rounded down. A level of 0 scores nothing.
 */
export function rankScores(levels: ReadonlyMap<string, number>, points: readonly number[]): Map<string, number> {
  const sorted = [...levels.values()].sort((a, b) => a - b);
  const count = new Map<number, number>();
  for (const l of sorted) count.set(l, (count.get(l) ?? 0) + 1);
  const byLevel = new Map<number, number>();
  for (const p of points) {
    const l = sorted.pop();
    if (l === undefined) break;
    byLevel.set(l, (byLevel.get(l) ?? 0) + p);
  }
  const out = new Map<string, number>();
  for (const [name, l] of levels) {
    const total = byLevel.get(l);
    if (!l || total === undefined) continue;
    const vp = Math.floor(total / count.get(l)!);
    if (vp) out.set(name, vp);
  }
  return out;
}

function scoreRanking(ctx: Ctx, label: string, value: (f: FactionState) => number, points: readonly number[]): void {
  const all = factionsInOrder(ctx);
  const scores = rankScores(new Map(all.map((f) => [f.name, value(f)])), points);
  for (const f of all) {
    const vp = scores.get(f.name);
    if (!vp) continue;
    adjustResource(ctx, f, 'VP', vp, label);
    addNote(ctx, f, `+${vp}vp for ${label}`);
  }
}

/** Converts what is left into coins and coins into VP, as the final scoring does. */
function scoreResources(ctx: Ctx, f: FactionState): void {
  const burn = Math.floor(f.P2 / 2);
  f.P2 -= 2 * burn;
  f.P3 += burn;
  const coins = f.P3 + f.P + f.W;
  f.P1 += f.P3;
  f.P3 = 0;
  f.P = 0;
  f.W = 0;
  f.C += coins;
  const rate = dataOf(f).exchange?.C?.VP ?? 3;
  const vp = Math.floor(f.C / rate);
  if (vp) {
    f.C -= vp * rate;
    adjustResource(ctx, f, 'VP', vp, 'resources');
  }
  addNote(ctx, f, 'score_resources');
}

/**
 * A faction's place on a track for the final cult scoring: its level, half a step more with a landscape
 * that breaks ties (SL-CUL-1), but never off 0 (SL-CUL-3).
 */
export function cultRank(f: FactionState, cult: Cult): number {
  const level = f.cults[cult];
  return level > 0 && f.landscape !== null && dataOf(f).landscape?.breaksCultTies ? level + 0.5 : level;
}

/**
 * The end of the game, in snellman's order (its scoring types alphabetically): the Fire & Ice tile
 * first, then the cult tracks, the network, and what is left turned into VP.
 */
export function finishGame(ctx: Ctx): void {
  ctx.s.finished = true;
  ctx.s.phase = 'finished';
  for (const tile of [...ctx.s.finalScoring].sort())
    scoreRanking(ctx, tile, (f) => finalTileValue(ctx, f, tile), FINAL_SCORING_TILES[tile].points);
  for (const cult of CULTS) scoreRanking(ctx, cult, (f) => cultRank(f, cult), CULT_FINAL_VP);
  scoreRanking(ctx, 'network', (f) => networkSize(ctx, f), NETWORK_FINAL_VP);
  for (const f of factionsInOrder(ctx)) scoreResources(ctx, f);
  for (const f of factionsInOrder(ctx)) f.passed = false;
  ctx.s.active = null;
  ctx.s.pending = [{ type: 'gameover' }];
}
