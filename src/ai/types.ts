import type { BonusTileId, Cult, FactionId, FavorTileId, LegalMove, TownTileId } from '../engine/index.ts';
import type { Weights } from './evaluate.ts';
import type { EvalParams } from './params.ts';

export const AI_LEVELS = ['easy', 'normal', 'hard'] as const;
export type AiLevel = (typeof AI_LEVELS)[number];

export function isAiLevel(s: string): s is AiLevel {
  return (AI_LEVELS as readonly string[]).includes(s);
}

export interface AiOptions {
  readonly level: AiLevel;
  /** Any text; the same game, seed and level give the same moves. */
  readonly seed: string;
  /** An experiment's evaluation (the arena's `--params`, `--weights`); the levels' own when left out. */
  readonly tuning?: Tuning;
}

/** Evaluation parameters and fitted feature weights (null: the parameters' own weights). */
export interface Tuning {
  readonly params: EvalParams;
  readonly weights: Weights | null;
}

/** Where VP a move earns come from. */
export type VpSource =
  /** The round's scoring tile (`tile`: its id). */
  | 'round-tile'
  /** A favour tile that pays for a building (`tile`: FAV10, FAV11). */
  | 'favor'
  /** A town tile's VP, and the faction's own VP for a town. */
  | 'town'
  /** Passing: the bonus card's, favour tiles' and the faction's pass VP (`tile`: the card or tile). */
  | 'pass'
  /** Advancing shipping or digging. */
  | 'advance'
  /** The faction's own abilities (the halflings' spades, a tunnel, the darklings' priests ...). */
  | 'faction'
  /** VP paid for power taken. */
  | 'power-taken'
  /** The game's final scoring, set off by the last pass (cult majorities, network, final tile, resources). */
  | 'final-scoring'
  | 'other';

/** A fact about the move the AI chose, for the words another layer puts it in. */
export type Reason =
  | { readonly kind: 'vp'; readonly source: VpSource; readonly vp: number; readonly tile?: string }
  /** Power the move offers a neighbour (taking it is their choice). */
  | { readonly kind: 'power-offered'; readonly to: FactionId; readonly power: number }
  | { readonly kind: 'favor-tile'; readonly tile: FavorTileId }
  | { readonly kind: 'town-tile'; readonly tile: TownTileId }
  | { readonly kind: 'bonus-card'; readonly tile: BonusTileId }
  | { readonly kind: 'town-founded' }
  | { readonly kind: 'cult-steps'; readonly cult: Cult; readonly steps: number }
  /** A power offer answered: `power` taken for `vp` VP, or declined. */
  | { readonly kind: 'power-taken'; readonly from: FactionId; readonly power: number; readonly vp: number }
  | { readonly kind: 'power-declined'; readonly from: FactionId; readonly power: number }
  /** Conversions that pay for the action the turn leads to (`line` holds it). */
  | { readonly kind: 'paying-for'; readonly action: LegalMove }
  /** What the move builds towards, beyond its VP now. */
  | { readonly kind: 'plan'; readonly goal: Goal };

export type Goal =
  | 'income'
  | 'cult-majority'
  | 'cult-income'
  | 'network'
  | 'final-tile'
  | 'town'
  | 'expansion'
  | 'neighbours'
  | 'actions'
  | 'stronghold'
  | 'digging'
  | 'favor-tiles'
  | 'pass-vp'
  | 'round-tile'
  | 'end-game';

/** The decision on a faction's move: the move to make now, why, and the rest of the turn it leads to. */
export interface AiDecision {
  /** One of `legalMoves(state, faction)`. */
  readonly move: LegalMove;
  readonly reasons: readonly Reason[];
  /**
   * The whole turn the move starts, the move first (conversions, the action, the follow-ups it expects
   * to take): for the words, not a promise; decide again for each step.
   */
  readonly line: readonly LegalMove[];
  /** The score the AI expects to end with, as it values the position after the line (VP). */
  readonly expectedVp: number;
}

/** What a seat without a faction yet decides: its faction (free picks) or its bid (the auction). */
export type SeatDecision =
  | { readonly kind: 'pick-faction'; readonly faction: FactionId; readonly reasons: readonly Reason[] }
  | { readonly kind: 'bid'; readonly faction: FactionId; readonly amount: number; readonly reasons: readonly Reason[] };
