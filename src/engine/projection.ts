import { makeCtx } from './context.ts';
import { FACTIONS } from './data/factions/index.ts';
import { CULTS, type Amounts } from './data/resources.ts';
import { CULT_FINAL_VP, FINAL_SCORING_TILES, NETWORK_FINAL_VP } from './data/tiles.ts';
import { cultRank, rankScores } from './rules/final-scoring.ts';
import { finalTileValue, networkSize } from './rules/networks.ts';
import { factionIncome } from './rules/income.ts';
import { passVp } from './rules/pass.ts';
import type { FactionId, FactionState, GameState } from './types.ts';

// Read-only views for players (the board image, status): what the game would score if it ended now and
// what the next income pays. makeCtx only wraps the state; none of the helpers used here writes to it.

export interface Projection {
  readonly total: number;
  readonly cults: number;
  readonly network: number;
  /** The Fire & Ice final-scoring tile's majority, in a game that has one (0 otherwise). */
  readonly finalTile: number;
  readonly resources: number;
  /** VP for passing, if the faction has not passed yet this round. */
  readonly pass: number;
}

/**
 * The score if the game ended now: the final-scoring tile's, cult and network majorities, resources turned
 * into VP, and the pass bonus.
 */
export function projectFinalScore(state: GameState, faction: FactionId): Projection {
  const ctx = makeCtx(state);
  const all = state.factionOrder.map((id) => state.factions[id]!).filter(Boolean);
  const f = state.factions[faction]!;
  let cults = 0;
  for (const cult of CULTS)
    cults += rankScores(new Map(all.map((x) => [x.name, cultRank(x, cult)])), CULT_FINAL_VP).get(faction) ?? 0;
  const network =
    rankScores(new Map(all.map((x) => [x.name, networkSize(ctx, x)])), NETWORK_FINAL_VP).get(faction) ?? 0;
  let finalTile = 0;
  for (const tile of state.finalScoring) {
    const values = new Map(all.map((x) => [x.name, finalTileValue(ctx, x, tile)]));
    finalTile += rankScores(values, FINAL_SCORING_TILES[tile].points).get(faction) ?? 0;
  }
  const pass = f.passed || f.dropped ? 0 : passVp(ctx, f).reduce((sum, p) => sum + p.vp, 0);
  const resources = resourceVp(f);
  return { total: f.VP + finalTile + cults + network + resources + pass, cults, network, finalTile, resources, pass };
}

/** As the final scoring does it: bowl II burnt into III, then power, priests and workers become coins. */
function resourceVp(f: FactionState): number {
  const coins = f.C + f.P3 + Math.floor(f.P2 / 2) + f.P + f.W;
  return Math.floor(coins / (FACTIONS[f.name].exchange?.C?.VP ?? 3));
}

/** Everything the next income phase pays, summed over buildings, favors, the bonus tile and the cult bonus. */
export function nextIncome(state: GameState, faction: FactionId): Amounts {
  const income = factionIncome(makeCtx(state), state.factions[faction]!);
  const total: Record<string, number> = {};
  for (const part of [income.scoring, income.bonus, income.buildings, income.favors]) {
    for (const [k, v] of Object.entries(part)) if (v) total[k] = (total[k] ?? 0) + v;
  }
  return total;
}
