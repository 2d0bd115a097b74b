// What the evaluation cannot read from the rules' data alone: how much a once-a-round action is worth to
// the faction that holds it, and what a stronghold does besides its income and its action. Typed data
// keyed by the engine's ids, one row per faction, so no rule of the AI names a faction.
import type { FactionId } from '../engine/index.ts';

/**
 * VP one use of a held action brings, about (the spade, the cult step, the free building it gives,
 * after what its follow-up usually costs). Power actions are not here: they are paid, and the turn
 * planner prices them by their outcome.
 */
export const ACTION_USE_VALUE: Readonly<Record<string, number>> = {
  BON1: 1.6,
  BON2: 1.1,
  FAV6: 1.1,
  ACTA: 2.4,
  ACTC: 3.5,
  ACTE: 0.4,
  ACTG: 4.2,
  ACTN: 3.2,
  ACTS: 3.6,
  ACTW: 3.8,
  ACTH5: 0.3,
  ACTH6: 0.1,
};

export interface FactionStrategy {
  /** VP a round of what the stronghold does besides its income and its action tile (cheaper tunnels ...). */
  readonly strongholdPassive: number;
  /**
   * How much the faction's game turns on building its stronghold early: VP a round left counted once it
   * stands (on top of what it pays), so a planner one turn deep does not postpone it for ever. Since the
   * nineteenth session 2.5 times the values before, except the chaos magicians' (their double turn did
   * not pay for a stronghold built twice as often: 8 VP a seat less); docs/ai.md has the games.
   */
  readonly strongholdUrgency: number;
  /** The same for the sanctuary. */
  readonly sanctuaryUrgency: number;
  /** Strength of the faction in strong 4-player games (league mean VP less the mean of all), for picks and bids. */
  readonly leagueEdge: number;
}

const plain = { strongholdPassive: 0, strongholdUrgency: 2, sanctuaryUrgency: 0.3, leagueEdge: 0 };

export const FACTION_STRATEGY: Readonly<Record<FactionId, FactionStrategy>> = {
  acolytes: { ...plain, strongholdPassive: 1.5 },
  alchemists: { ...plain, strongholdPassive: 1.2, strongholdUrgency: 3 },
  auren: { ...plain, strongholdUrgency: 2 },
  chaosmagicians: { ...plain, strongholdUrgency: 1.2 },
  cultists: { ...plain, strongholdUrgency: 1.5 },
  darklings: { ...plain, strongholdUrgency: 3, sanctuaryUrgency: 0.8 },
  dragonlords: { ...plain, strongholdUrgency: 2 },
  dwarves: { ...plain, strongholdPassive: 1.2 },
  engineers: { ...plain, strongholdPassive: 1.0 },
  fakirs: { ...plain, strongholdPassive: 1.2 },
  giants: { ...plain, strongholdUrgency: 3 },
  halflings: { ...plain, strongholdUrgency: 1.5 },
  icemaidens: { ...plain, strongholdPassive: 1.0 },
  mermaids: { ...plain, strongholdUrgency: 1.5 },
  nomads: { ...plain, strongholdUrgency: 2.5 },
  riverwalkers: { ...plain, strongholdUrgency: 1.5 },
  shapeshifters: { ...plain, strongholdUrgency: 1.5 },
  swarmlings: { ...plain, strongholdUrgency: 2.5 },
  witches: { ...plain, strongholdUrgency: 3 },
  yetis: { ...plain, strongholdPassive: 2.0, strongholdUrgency: 2.5 },
};
