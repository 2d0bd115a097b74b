import { adjacentHexes, dataOf, isOccupied, makeCtx } from './context.ts';
import { CULTS, type Cult } from './data/resources.ts';
import type { FinalScoringId } from './data/tiles.ts';
import { isTerrain } from './data/terrain.ts';
import { cultRank } from './rules/final-scoring.ts';
import { finalTileValue, networkSize } from './rules/networks.ts';
import { passVp } from './rules/pass.ts';
import { neighbourStrengths } from './rules/leech.ts';
import { reachableLand, spadesFor } from './rules/reach.ts';
import { buildsOn } from './rules/unlock-terrain.ts';
import { RuleError } from './errors.ts';
import type { FactionId, GameState, HexId } from './types.ts';

// Read views for a client that plans ahead (the AI): what the final scoring would rank a faction by, which
// empty spaces it reaches and what making one of them its own terrain takes. Computed by the rules the
// engine plays with, so a planner never re-derives reach or the terraforming wheel. Nothing here writes.

/** The measures the final scoring ranks a faction by, as the game stands. */
export interface ScoringMeasures {
  /** Buildings in its largest network. */
  readonly network: number;
  /** Each Fire & Ice final-scoring tile in the game: the value it ranks by. */
  readonly finalTiles: Readonly<Partial<Record<FinalScoringId, number>>>;
  /** Its place on each cult track (the level, plus a landscape's tie-break). */
  readonly cults: Readonly<Record<Cult, number>>;
}

export function scoringMeasures(state: GameState, faction: FactionId): ScoringMeasures {
  const ctx = makeCtx(state);
  const f = state.factions[faction]!;
  const finalTiles: Partial<Record<FinalScoringId, number>> = {};
  for (const tile of state.finalScoring) finalTiles[tile] = finalTileValue(ctx, f, tile);
  const cults = {} as Record<Cult, number>;
  for (const c of CULTS) cults[c] = cultRank(f, c);
  return { network: networkSize(ctx, f), finalTiles, cults };
}

/**
 * Empty land spaces the faction reaches from its structures as the game stands (next to one, by
 * shipping, by tunnelling or carpet flight), each with whether tunnelling or flight is needed.
 */
export function reachableSpaces(state: GameState, faction: FactionId): Map<HexId, { readonly teleport: boolean }> {
  const out = new Map<HexId, { teleport: boolean }>();
  for (const [h, r] of reachableLand(makeCtx(state), state.factions[faction]!)) out.set(h, { teleport: r.teleport });
  return out;
}

/**
 * Each rival structure next to the faction's (by bridges too), with the power the faction would be offered
 * when that structure is built up: the strength of its structures next to it, as the offers' rule counts
 * it (the round, the bowls and the offer's VP aside).
 */
export function offersFromNeighbours(state: GameState, faction: FactionId): Map<HexId, number> {
  const ctx = makeCtx(state);
  const out = new Map<HexId, number>();
  for (const h of state.factions[faction]!.locations) {
    for (const n of adjacentHexes(ctx, h)) {
      const owner = state.hexes[n]?.owner;
      if (!owner || owner === faction || out.has(n) || !isOccupied(state.hexes[n]!)) continue;
      const power = neighbourStrengths(ctx, n, owner).get(faction);
      if (power) out.set(n, power);
    }
  }
  return out;
}

/**
 * Spades that make `hex` a terrain the faction builds on: 0 where it builds already, 1 for a volcano
 * faction's dig, null where terraforming cannot make it one (ice and volcano spaces, a faction with
 * locked terrain, a faction still without a colour).
 */
export function spadesToBuild(state: GameState, faction: FactionId, hex: HexId): number | null {
  const f = state.factions[faction]!;
  const terrain = state.hexes[hex]?.terrain ?? null;
  if (terrain === null) return null;
  if (buildsOn(f, terrain)) return 0;
  const d = dataOf(f);
  if (!isTerrain(terrain) || f.color === null || d.lockedTerrain) return null;
  if (d.volcano) return 1;
  try {
    return spadesFor(makeCtx(state), f, hex, f.color);
  } catch (e) {
    if (e instanceof RuleError) return null;
    throw e;
  }
}

/** VP the faction would score by passing now, by source (its bonus card, favour tiles, its faction's). */
export function passVpNow(state: GameState, faction: FactionId): { readonly source: string; readonly vp: number }[] {
  return passVp(makeCtx(state), state.factions[faction]!);
}
