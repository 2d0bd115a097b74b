// The value of a position for one faction, in VP: what it has scored, plus what it can still expect to
// score from what it holds — its resources and income over the rounds left, the final cult, network and
// Fire & Ice majorities as the tracks stand, towns on their way, free land within reach, held actions,
// favour and bonus cards that pay later. Each part is a number the turn planner compares lines by; the
// parts are kept apart so a move's reasons can say which one it serves.
import {
  BONUS_TILES,
  CULTS,
  type Cult,
  FACTIONS,
  FAVOR_TILES,
  FINAL_SCORING_TILES,
  type FactionId,
  type FactionState,
  type FinalScoringId,
  type GameState,
  type HexId,
  SCORING_TILES,
  actionUsed,
  isBonusTile,
  isFavorTile,
  isTownTile,
  mapOf,
  offersFromNeighbours,
  passVpNow,
  reachableSpaces,
  scoringMeasures,
  spadesToBuild,
} from '../engine/index.ts';
import { FEATURES, type Feature } from './features.ts';
import { at, type EvalParams, type PerRound } from './params.ts';
import { ACTION_USE_VALUE, FACTION_STRATEGY } from './strategy.ts';

/** The parts of a position's value. */
export interface Breakdown {
  readonly vp: number;
  readonly resources: number;
  readonly income: number;
  readonly cults: number;
  readonly cultIncome: number;
  readonly network: number;
  readonly finalTiles: number;
  readonly towns: number;
  readonly expansion: number;
  readonly neighbours: number;
  readonly actions: number;
  readonly favors: number;
  readonly pass: number;
  readonly buildings: number;
  readonly digging: number;
  readonly owed: number;
  readonly roundTiles: number;
}

export type Part = keyof Breakdown;

/** What the rivals stand at, measured once per decision: their moves do not change during ours. */
export interface Rivals {
  readonly cults: Readonly<Record<Cult, readonly number[]>>;
  readonly network: readonly number[];
  readonly finalTiles: Readonly<Partial<Record<FinalScoringId, readonly number[]>>>;
}

export interface EvalContext {
  readonly me: FactionId;
  readonly params: EvalParams;
  readonly rivals: Rivals;
  /** Feature weights by slot (slotOf, FEATURES order); the parameters' own where null. */
  readonly weights: Weights | null;
}

export type Weights = readonly (readonly number[])[];

export function measureRivals(state: GameState, me: FactionId): Rivals {
  const cults: Record<Cult, number[]> = { FIRE: [], WATER: [], EARTH: [], AIR: [] };
  const network: number[] = [];
  const finalTiles: Partial<Record<FinalScoringId, number[]>> = {};
  for (const id of state.factionOrder) {
    if (id === me || !state.factions[id]) continue;
    const m = scoringMeasures(state, id);
    for (const c of CULTS) cults[c].push(m.cults[c]);
    network.push(m.network);
    for (const t of state.finalScoring) (finalTiles[t] ??= []).push(m.finalTiles[t] ?? 0);
  }
  return { cults, network, finalTiles };
}

export function evalContext(
  state: GameState,
  me: FactionId,
  params: EvalParams,
  weights: Weights | null = null,
): EvalContext {
  return { me, params, rivals: measureRivals(state, me), weights };
}

/**
 * The period whose values apply to what the faction holds: the round it can still act in, the next
 * round once it has passed or the round is over, 7 when only the final scoring is left.
 */
export function periodOf(state: GameState, f: FactionState): number {
  const r = state.round;
  if (r === 0) return 1;
  if (state.phase === 'play' && !f.passed) return r;
  return Math.min(7, r + 1);
}

/** The first round whose income the faction has not received yet. */
function nextIncomeRound(state: GameState, f: FactionState): number {
  if (state.round === 0) return 1;
  if (state.phase === 'play') return state.round + 1;
  return f.incomeTaken & 14 ? state.round + 2 : state.round + 1;
}

/** The first round whose scoring tile's cult bonus is still to come. */
function nextCultBonusRound(state: GameState, f: FactionState): number {
  if (state.round === 0) return 1;
  if (state.phase === 'play') return state.round;
  return f.incomeTaken & 1 ? state.round + 1 : state.round;
}

/**
 * Rounds after the current one. What a position is worth over rounds to come (a stronghold's action,
 * cheaper spades, land to build on) counts those only: passing loses nothing of it, and what the
 * current round still allows is for the search to find.
 */
function roundsAfter(state: GameState): number {
  return state.round === 0 ? 6 : Math.max(0, 6 - state.round);
}

const INDEX = Object.fromEntries(FEATURES.map((f, i) => [f, i])) as Record<Feature, number>;

/** The part of the value (for reasons) each feature belongs to. */
const PART_OF: Record<Feature, Exclude<Part, 'vp'>> = {
  C: 'resources',
  C_hoard: 'resources',
  W: 'resources',
  W_hoard: 'resources',
  P: 'resources',
  P_hoard: 'resources',
  PW3: 'resources',
  PW3_hoard: 'resources',
  PW2: 'resources',
  PW1: 'resources',
  incomeC: 'income',
  incomeW: 'income',
  incomeP: 'income',
  incomePW: 'income',
  bonusCard: 'income',
  cults: 'cults',
  cultIncome: 'cultIncome',
  network: 'network',
  finalTiles: 'finalTiles',
  towns: 'towns',
  expansion: 'expansion',
  neighbours: 'neighbours',
  actions: 'actions',
  favors: 'favors',
  pass: 'pass',
  D: 'buildings',
  TP: 'buildings',
  TE: 'buildings',
  SH: 'buildings',
  SA: 'buildings',
  stronghold: 'buildings',
  digging: 'digging',
  owed: 'owed',
  roundTiles: 'roundTiles',
  constant: 'resources',
};

/** The weights of each parameter set by slot and coin rate, worked out once: every evaluation reads them. */
const priorCache = new WeakMap<EvalParams, Map<string, readonly number[]>>();

/**
 * The weights the parameters themselves give each feature in a slot: resources at the value of the
 * period they can next be used in, buildings at what they lead to in the rounds after the current one,
 * with the parameters' self-play correction for the slot's round.
 */
export function priorWeights(p: EvalParams, slot: number, rate = 3): readonly number[] {
  let known = priorCache.get(p);
  if (!known) priorCache.set(p, (known = new Map()));
  const key = `${slot}/${rate}`;
  let w = known.get(key);
  if (!w) known.set(key, (w = computePriorWeights(p, slot, rate)));
  return w;
}

function computePriorWeights(p: EvalParams, slot: number, rate: number): number[] {
  const t = periodOfSlot(slot);
  const next = Math.floor(slot / 2) + 2;
  const w = new Array<number>(FEATURES.length).fill(1);
  const end = 1 / rate;
  const coin = Math.max(at(p.C, t), end);
  const power = at(p.PW3, t);
  w[INDEX.C] = coin;
  w[INDEX.C_hoard] = Math.max(end, coin * p.hoardShare);
  w[INDEX.W] = at(p.W, t);
  w[INDEX.W_hoard] = Math.max(end, at(p.W, t) * p.hoardShare);
  w[INDEX.P] = at(p.P, t);
  w[INDEX.P_hoard] = Math.max(end, at(p.P, t) * p.hoardShare);
  w[INDEX.PW3] = power;
  w[INDEX.PW3_hoard] = Math.max(end, power * p.hoardShare);
  w[INDEX.PW2] = power * p.bowl2Share;
  w[INDEX.PW1] = power * p.bowl1Share;
  w[INDEX.incomeC] = p.incomeShare;
  w[INDEX.incomeW] = p.incomeShare;
  w[INDEX.incomeP] = p.incomeShare;
  w[INDEX.incomePW] = p.incomeShare;
  w[INDEX.D] = at(p.asset.D, next);
  w[INDEX.TP] = at(p.asset.TP, next);
  w[INDEX.TE] = at(p.asset.TE, next);
  w[INDEX.cults] = p.cultMajorityWeight;
  w[INDEX.SH] = 0;
  w[INDEX.SA] = 0;
  w[INDEX.constant] = 0;
  const round = Math.floor(slot / 2);
  for (const [feature, values] of Object.entries(p.valueCorrection) as [Feature, PerRound][]) {
    w[INDEX[feature]]! += values[round]!;
  }
  return w;
}

/**
 * Which set of weights a position is weighed with: one per round and whether the faction has passed in
 * it (0-11; before round 1 the first). Null once only the final scoring is left.
 */
export function slotOf(state: GameState, f: FactionState): number | null {
  const r = Math.max(1, state.round);
  const passed = state.round > 0 && (state.phase !== 'play' || f.passed);
  if (r === 6 && passed) return null;
  return (r - 1) * 2 + (passed ? 1 : 0);
}

/** The period whose parameter values the slot's prior weights take. */
export function periodOfSlot(slot: number): number {
  return Math.floor(slot / 2) + 1 + (slot % 2);
}

/** The features of a position for the faction, the period of its values, the slot of its weights. */
export function featuresOf(state: GameState, ctx: EvalContext): { t: number; slot: number | null; phi: number[] } {
  const f = state.factions[ctx.me]!;
  const p = ctx.params;
  const t = periodOf(state, f);
  const future = roundsAfter(state);
  const phi = new Array<number>(FEATURES.length).fill(0);
  const knee = p.knee;
  phi[INDEX.C] = Math.min(f.C, knee.C);
  phi[INDEX.C_hoard] = Math.max(0, f.C - knee.C);
  phi[INDEX.W] = Math.min(f.W, knee.W);
  phi[INDEX.W_hoard] = Math.max(0, f.W - knee.W);
  phi[INDEX.P] = Math.min(f.P, knee.P);
  phi[INDEX.P_hoard] = Math.max(0, f.P - knee.P);
  phi[INDEX.PW3] = Math.min(f.P3, knee.PW);
  phi[INDEX.PW3_hoard] = Math.max(0, f.P3 - knee.PW);
  phi[INDEX.PW2] = f.P2;
  phi[INDEX.PW1] = f.P1;
  const income = incomeValues(state, f, p);
  phi[INDEX.incomeC] = income.C;
  phi[INDEX.incomeW] = income.W;
  phi[INDEX.incomeP] = income.P;
  phi[INDEX.incomePW] = income.PW;
  phi[INDEX.bonusCard] = income.card;
  phi[INDEX.cults] = cultMajorities(state, ctx, t, future);
  phi[INDEX.cultIncome] = cultIncomeValue(state, f, p);
  phi[INDEX.network] = networkValue(state, ctx, t, future);
  phi[INDEX.finalTiles] = finalTileValue(state, ctx, t, future);
  phi[INDEX.towns] = townValue(state, f, p, future);
  phi[INDEX.expansion] = expansionValue(state, f, p, future);
  phi[INDEX.neighbours] = neighbourValue(state, f, p, future);
  phi[INDEX.actions] = actionValue(state, f, t, p);
  const buildRate = dwellingsPerRound(f, p);
  phi[INDEX.favors] = favorValue(f, p, buildRate, future + (state.phase === 'play' && !f.passed ? 0.5 : 0));
  phi[INDEX.pass] = passValue(state, f, p);
  phi[INDEX.D] = f.buildings.D;
  phi[INDEX.TP] = f.buildings.TP;
  phi[INDEX.TE] = f.buildings.TE;
  phi[INDEX.SH] = f.buildings.SH;
  phi[INDEX.SA] = f.buildings.SA;
  phi[INDEX.stronghold] = strongholdValue(f, future);
  phi[INDEX.digging] = diggingValue(f, p, buildRate, future);
  phi[INDEX.owed] = owedValue(f, p, t);
  phi[INDEX.roundTiles] = roundTileValue(state, f, p);
  phi[INDEX.constant] = 1;
  return { t, slot: slotOf(state, f), phi };
}

/** How many coins make a VP in the final conversion, which floors what the weights give a resource held. */
export function coinRate(faction: FactionId): number {
  return FACTIONS[faction].exchange?.C?.VP ?? 3;
}

function weightsFor(ctx: EvalContext, slot: number, rate: number): readonly number[] {
  return ctx.weights?.[slot] ?? priorWeights(ctx.params, slot, rate);
}

export function evaluate(state: GameState, ctx: EvalContext): number {
  const b = breakdown(state, ctx);
  let total = 0;
  for (const k in b) total += b[k as Part];
  return total;
}

export function breakdown(state: GameState, ctx: EvalContext): Breakdown {
  const f = state.factions[ctx.me]!;
  if (state.finished) return { ...ZERO, vp: f.VP };
  const rate = coinRate(f.name);
  const { slot, phi } = featuresOf(state, ctx);
  const parts: Record<Part, number> = { ...ZERO, vp: f.VP };
  if (slot === null) {
    // Nothing left but the final scoring: what it pays, exactly where it can be known. The cult
    // majorities stay at the weight of the slots before: rivals still move on the tracks, and counted in
    // full here a pass in round 6 gained VP it does not earn, so the AI passed with actions left to play.
    parts.resources = Math.floor((f.C + f.W + f.P + f.P3 + Math.floor(f.P2 / 2)) / rate);
    parts.cults = ctx.params.cultMajorityWeight * phi[INDEX.cults]!;
    parts.network = phi[INDEX.network]!;
    parts.finalTiles = phi[INDEX.finalTiles]!;
    return parts;
  }
  const w = weightsFor(ctx, slot, rate);
  for (let i = 0; i < FEATURES.length; i++) parts[PART_OF[FEATURES[i]!]] += w[i]! * phi[i]!;
  return parts;
}

const ZERO: Breakdown = {
  vp: 0,
  resources: 0,
  income: 0,
  cults: 0,
  cultIncome: 0,
  network: 0,
  finalTiles: 0,
  towns: 0,
  expansion: 0,
  neighbours: 0,
  actions: 0,
  favors: 0,
  pass: 0,
  buildings: 0,
  digging: 0,
  owed: 0,
  roundTiles: 0,
};

/** One unit of an income item arriving for period `t`. */
function unitValue(item: string, t: number, p: EvalParams): number {
  switch (item) {
    case 'C':
      return at(p.C, t);
    case 'W':
      return at(p.W, t);
    case 'P':
      return at(p.P, t);
    case 'PW':
      // A power gained moves a token one bowl up, on its way to being spent.
      return at(p.PW3, t) * p.powerGainShare;
    case 'SPADE':
      return at(p.W, t) * p.spadeShareOfW;
    default:
      return 0;
  }
}

/** Income the faction gets every round from its buildings and favour tiles. */
export function permanentIncome(f: FactionState): Record<string, number> {
  const out: Record<string, number> = {};
  const data = FACTIONS[f.name];
  for (const b of ['D', 'TP', 'TE', 'SH', 'SA'] as const) {
    const income = data.buildings[b].income as Record<string, readonly number[] | undefined>;
    for (const res in income) {
      const v = income[res]![f.buildings[b]] ?? 0;
      if (v) out[res] = (out[res] ?? 0) + v;
    }
  }
  for (const tile in f.tiles) {
    if (!f.tiles[tile] || !isFavorTile(tile)) continue;
    for (const [res, v] of Object.entries(FAVOR_TILES[tile].income)) if (v) out[res] = (out[res] ?? 0) + v;
  }
  return out;
}

/** The income still to come, in VP by resource, and the held bonus card's once it pays at the next income. */
function incomeValues(state: GameState, f: FactionState, p: EvalParams) {
  const out = { C: 0, W: 0, P: 0, PW: 0, card: 0 };
  const first = nextIncomeRound(state, f);
  if (first > 6) return out;
  const income = permanentIncome(f);
  for (let k = first; k <= 6; k++)
    for (const res in income) if (res in out) out[res as 'C'] += income[res]! * unitValue(res, k, p);
  // The bonus card taken at the last pass pays once, at the next income.
  const card = heldBonus(f);
  const cardPays = card && (state.round === 0 || (state.phase === 'play' && f.passed));
  if (card && cardPays)
    for (const [res, v] of Object.entries(BONUS_TILES[card].income)) out.card += v * unitValue(res, first, p);
  return out;
}

function heldBonus(f: FactionState): keyof typeof BONUS_TILES | null {
  for (const tile in f.tiles) if (f.tiles[tile] && isBonusTile(tile)) return tile;
  return null;
}

function cultIncomeValue(state: GameState, f: FactionState, p: EvalParams): number {
  let total = 0;
  for (let k = nextCultBonusRound(state, f); k <= 5; k++) {
    const tile = SCORING_TILES[state.scoreTiles[k - 1]!];
    const level = tile.cult === 'CULT_P' ? f.priestsOnCults : f.cults[tile.cult];
    const times = Math.floor(level / tile.req);
    if (!times) continue;
    for (const [res, v] of Object.entries(tile.income)) total += times * v * unitValue(res, k + 1, p);
  }
  return total;
}

function logistic(x: number): number {
  return 1 / (1 + Math.exp(-x));
}

/**
 * The VP a ranking pays `mine` against the rivals' values: exact once nothing can change, else the
 * expected share, each rival ahead or behind with a probability that the spread of the rounds left
 * softens.
 */
export function rankValue(mine: number, rivals: readonly number[], points: readonly number[], spread: number): number {
  if (spread <= 0) {
    if (mine <= 0) return 0;
    const above = rivals.filter((r) => r > mine).length;
    const tied = rivals.filter((r) => r === mine).length;
    let sum = 0;
    for (let i = above; i <= above + tied; i++) sum += points[i] ?? 0;
    return Math.floor(sum / (tied + 1));
  }
  // Undecided: a level of 0 may still rise (a rival's too), so the share is as smooth at 0 as above it and
  // a first step on a track is worth what any other step is.
  let ahead = 0;
  for (const r of rivals) ahead += logistic((r - mine) / spread);
  const i = Math.floor(ahead);
  const frac = ahead - i;
  return (points[i] ?? 0) * (1 - frac) + (points[i + 1] ?? 0) * frac;
}

const CULT_POINTS = [8, 4, 2] as const;
const NETWORK_POINTS = [18, 12, 6] as const;

function spread(state: GameState, base: number, perRound: number, t: number, future: number): number {
  // Once every faction has passed in the last round the tracks are final.
  if (t >= 7 && state.factionOrder.every((id) => state.factions[id]!.passed || state.factions[id]!.dropped)) return 0;
  return base + perRound * future;
}

/** Measures of the faction in a position, computed once per evaluation. */
const measured = new WeakMap<GameState, Map<FactionId, ReturnType<typeof scoringMeasures>>>();
function measuresOf(state: GameState, me: FactionId) {
  let byFaction = measured.get(state);
  if (!byFaction) measured.set(state, (byFaction = new Map()));
  let m = byFaction.get(me);
  if (!m) byFaction.set(me, (m = scoringMeasures(state, me)));
  return m;
}

function cultMajorities(state: GameState, ctx: EvalContext, t: number, future: number): number {
  const m = measuresOf(state, ctx.me);
  const s = spread(state, ctx.params.cultSpreadBase, ctx.params.cultSpreadPerRound, t, future);
  let total = 0;
  for (const c of CULTS) total += rankValue(m.cults[c], ctx.rivals.cults[c], CULT_POINTS, s);
  return total;
}

function networkValue(state: GameState, ctx: EvalContext, t: number, future: number): number {
  const m = measuresOf(state, ctx.me);
  const s = spread(state, ctx.params.networkSpreadBase, ctx.params.networkSpreadPerRound, t, future);
  return rankValue(m.network, ctx.rivals.network, NETWORK_POINTS, s);
}

function finalTileValue(state: GameState, ctx: EvalContext, t: number, future: number): number {
  if (!state.finalScoring.length) return 0;
  const m = measuresOf(state, ctx.me);
  const s = spread(state, ctx.params.networkSpreadBase, ctx.params.networkSpreadPerRound, t, future);
  let total = 0;
  for (const tile of state.finalScoring)
    total += rankValue(m.finalTiles[tile] ?? 0, ctx.rivals.finalTiles[tile] ?? [], FINAL_SCORING_TILES[tile].points, s);
  return total;
}

/** Power value of a structure for towns: the faction's own strengths, a landscape 1. */
function strength(f: FactionState, building: string | null): number {
  if (!building) return 1;
  const own = FACTIONS[f.name].buildingStrength?.[building as 'SH'];
  if (own !== undefined) return own;
  return building === 'D' ? 1 : building === 'SH' || building === 'SA' ? 3 : 2;
}

/** Groups of the faction's directly joined structures that are not part of a town yet. */
export function openClusters(state: GameState, f: FactionState): { power: number; count: number; hexes: HexId[] }[] {
  const map = mapOf(state);
  const mine = new Set(f.locations);
  const links = new Map<HexId, HexId[]>();
  for (const b of state.bridges) {
    if (b.faction !== f.name) continue;
    links.set(b.from, [...(links.get(b.from) ?? []), b.to]);
    links.set(b.to, [...(links.get(b.to) ?? []), b.from]);
  }
  const acrossRiver = FACTIONS[f.name].joinsAcrossRiver ? state.riverLinks : {};
  const seen = new Set<HexId>();
  const out: { power: number; count: number; hexes: HexId[] }[] = [];
  for (const start of f.locations) {
    if (seen.has(start)) continue;
    seen.add(start);
    const hexes: HexId[] = [];
    const todo = [start];
    let inTown = false;
    while (todo.length) {
      const h = todo.pop()!;
      hexes.push(h);
      if (state.hexes[h]?.town) inTown = true;
      const next = [...(map.adjacentList.get(h) ?? []), ...(links.get(h) ?? []), ...(acrossRiver[h] ?? [])];
      for (const n of next) {
        if (!mine.has(n) || seen.has(n)) continue;
        seen.add(n);
        todo.push(n);
      }
    }
    if (inTown) continue;
    let power = 0;
    let count = 0;
    for (const h of hexes) {
      const st = state.hexes[h];
      if (!st) continue;
      power += strength(f, st.building);
      count += st.building === 'SA' ? 2 : 1;
    }
    out.push({ power, count, hexes });
  }
  return out;
}

function townTilesLeft(state: GameState): number {
  let n = 0;
  for (const [k, v] of Object.entries(state.pool)) if (isTownTile(k)) n += v;
  for (const id of state.factionOrder) n -= state.factions[id]?.counters.GAIN_TW ?? 0;
  return n;
}

function townValue(state: GameState, f: FactionState, p: EvalParams, future: number): number {
  const lastChance = future === 0 && state.phase === 'play' && !f.passed;
  if (future === 0 && !lastChance) return 0;
  const tiles = townTilesLeft(state);
  if (tiles <= 0) return 0;
  const feasible = future >= 2 ? 1 : future === 1 ? 0.75 : 0.4;
  const worth = p.townValue + townBonus(state, f, 7 - future);
  const progress: number[] = [];
  for (const c of openClusters(state, f)) {
    const addCount = Math.max(0, 4 - c.count);
    const addPower = Math.max(0, f.townSize - (c.power + addCount));
    const steps = addCount + addPower;
    const done = Math.max(0, 1 - steps / 5);
    if (done > 0) progress.push(done ** p.townProgressPower);
  }
  progress.sort((a, b) => b - a);
  let total = 0;
  for (const x of progress.slice(0, tiles)) total += x * p.townProgressShare * worth * feasible;
  return total;
}

/** VP a town founded later brings besides its tile: the town scoring tile of a round to come, the faction's own. */
function townBonus(state: GameState, f: FactionState, t: number): number {
  let bonus = 0;
  for (let k = Math.max(1, t); k <= 6; k++) {
    const tile = SCORING_TILES[state.scoreTiles[k - 1]!];
    if (tile.vp.on === 'town') bonus = Math.max(bonus, tile.vp.vp * 0.6);
  }
  for (const e of FACTIONS[f.name].onTownFounded ?? []) if (e.kind === 'gain') bonus += e.amounts.VP ?? 0;
  return bonus;
}

function expansionValue(state: GameState, f: FactionState, p: EvalParams, future: number): number {
  if (future <= 0 || f.color === null) return 0;
  const fade = Math.min(future, 3) / 3;
  const map = mapOf(state);
  const reach = state.round === 0 ? setupReach(state, f) : reachableSpaces(state, f.name);
  const costs: number[] = [];
  for (const hex of reach.keys()) {
    const spades = spadesToBuild(state, f.name, hex);
    if (spades === null) continue;
    let v = p.expansion[Math.min(3, spades)]!;
    for (const n of map.adjacentList.get(hex) ?? []) {
      const st = state.hexes[n];
      if (st?.owner && st.owner !== f.name) {
        v += p.expansionNearRival;
        break;
      }
    }
    costs.push(v);
  }
  costs.sort((a, b) => b - a);
  const dwellingsLeft = Math.max(1, 8 - f.buildings.D);
  let total = 0;
  for (const v of costs.slice(0, Math.min(p.expansionSpaces, dwellingsLeft))) total += v;
  return total * fade * 3;
}

/**
 * Power offers still to come from rivals' structures next to the faction's: for each rival structure that
 * can still grow (a stronghold or sanctuary cannot), the power the faction's structures next to it would
 * be offered when it does (at most 5), per round left. League players take about 30 power a game from
 * offers, twice the AI's before this, and set 84% of their starting dwellings next to a rival's (the AI
 * 47%, now about 86%).
 */
function neighbourValue(state: GameState, f: FactionState, p: EvalParams, future: number): number {
  const rounds = future + (state.phase === 'play' ? 0.5 : 0);
  if (p.neighbourPower === 0 || rounds <= 0) return 0;
  let power = 0;
  for (const [hex, offer] of offersFromNeighbours(state, f.name)) {
    const grows = state.hexes[hex]?.building;
    if (grows && grows !== 'SH' && grows !== 'SA') power += Math.min(5, offer);
  }
  return power * rounds * p.neighbourPower;
}

/** Before round 1 every space is reachable: what the faction will reach once the game starts (next to it, by river). */
function setupReach(state: GameState, f: FactionState): Map<HexId, { teleport: boolean }> {
  const map = mapOf(state);
  const out = new Map<HexId, { teleport: boolean }>();
  const ship = f.ship;
  for (const loc of f.locations) {
    for (const n of map.adjacentList.get(loc) ?? []) {
      const st = state.hexes[n];
      if (st && !st.building && !st.landscape && !FACTIONS[f.name].reachByRiverOnly) out.set(n, { teleport: false });
    }
    if (ship > 0) {
      for (const [h, d] of map.riverDistance.get(loc) ?? []) {
        const st = state.hexes[h];
        if (d <= ship && st && !st.building && !st.landscape) out.set(h, { teleport: false });
      }
    }
  }
  return out;
}

function actionValue(state: GameState, f: FactionState, t: number, p: EvalParams): number {
  if (t >= 7) return 0;
  const w1 = p.W[0];
  const scale = (k: number) => at(p.W, k) / w1;
  let total = 0;
  for (const tile in f.tiles) {
    if (!f.tiles[tile]) continue;
    const use = ACTION_USE_VALUE[tile];
    if (use === undefined) continue;
    const usable = state.round > 0 && state.phase === 'play' && !f.passed && !actionUsed(state, f.name, tile);
    if (isBonusTile(tile)) {
      // A bonus card's action: this round if still unused, else the round after the pass that took it.
      if (usable) total += use * scale(t);
      else if (f.passed || state.round === 0) total += use * scale(t);
      continue;
    }
    if (usable) total += use * scale(t);
    for (let k = Math.max(t, state.round + 1); k <= 6; k++) total += use * scale(k);
  }
  return total;
}

/**
 * Dwellings a round the faction can build, about: each takes a worker and `spadesPerDwelling` spades at
 * its digging level's price, paid from its income (priests and power, three for one, count as workers)
 * and what a round brings besides; never more than the parameters' rate.
 */
export function dwellingsPerRound(f: FactionState, p: EvalParams): number {
  const income = permanentIncome(f);
  const workers = (income.W ?? 0) + (income.P ?? 0) + (income.PW ?? 0) / 3 + p.spareWorkersPerRound;
  const spade = FACTIONS[f.name].dig.spadeCost[f.dig] ?? {};
  const perSpade = (spade.W ?? 0) + (spade.P ?? 0) + (spade.C ?? 0) / 2;
  return Math.min(p.futureDwellingsPerRound, workers / (1 + p.spadesPerDwelling * perSpade));
}

/** `rate`: the faction's dwellings a round (dwellingsPerRound). */
function favorValue(f: FactionState, p: EvalParams, rate: number, left: number): number {
  if (left <= 0) return 0;
  let total = 0;
  // What the income pays for, and never more than the supply still holds: a trading house upgraded frees
  // a dwelling to build again.
  const futureD = Math.min(8, 8 - f.buildings.D + (4 - f.buildings.TP), rate * left);
  const futureTP = Math.min(
    4 - f.buildings.TP,
    (p.futureTradingHousesPerRound * rate * left) / p.futureDwellingsPerRound,
  );
  for (const tile in f.tiles) {
    if (!f.tiles[tile] || !isFavorTile(tile)) continue;
    const fav = FAVOR_TILES[tile];
    total += (fav.buildVp?.D ?? 0) * futureD + (fav.buildVp?.TP ?? 0) * futureTP;
  }
  return total;
}

/** VP a bonus card's pass table gives for the faction's current buildings and shipping. */
function cardPassVp(f: FactionState, card: keyof typeof BONUS_TILES): number {
  let vp = 0;
  for (const [k, table] of Object.entries(BONUS_TILES[card].passVp ?? {})) {
    const level = k === 'ship' ? f.ship : f.buildings[k as 'D'];
    vp += table[level] ?? 0;
  }
  return vp;
}

function passValue(state: GameState, f: FactionState, p: EvalParams): number {
  if (state.round === 0) {
    const card = heldBonus(f);
    return card ? cardPassVp(f, card) * p.passVpShare * 0.6 : 0;
  }
  const r = state.round;
  const now = passVpNow(state, f.name);
  let card = 0;
  let lasting = 0;
  for (const x of now) {
    if (isBonusTile(x.source)) card += x.vp;
    else lasting += x.vp;
  }
  let total = 0;
  const passesLeft = state.phase === 'play' && !f.passed ? 7 - r : 6 - r;
  total += lasting * passesLeft * p.passVpShare;
  if (state.phase === 'play' && !f.passed) total += card * p.passVpShare;
  else if (r < 6) {
    // The card taken at the pass scores at the next one.
    const held = heldBonus(f);
    if (held) total += cardPassVp(f, held) * p.passVpShare;
  }
  return total;
}

/**
 * VP the scoring tiles of the rounds after this one still hold for the faction: a stronghold, sanctuary
 * or temple not built yet, dwellings and trading houses left in supply, spades, towns. Building the
 * stronghold now costs its round's 5 VP later: this is what makes the faction wait for that round.
 */
function roundTileValue(state: GameState, f: FactionState, p: EvalParams): number {
  const t = p.tileBuilds;
  // The stronghold and the sanctuary are built once: their chances over the rounds to come add up to one
  // build at most, the earlier tiles first.
  const once = { SH: f.buildings.SH ? 0 : 1, SA: f.buildings.SA ? 0 : 1 };
  let total = 0;
  for (let k = Math.max(1, state.round + 1); k <= 6; k++) {
    const vp = SCORING_TILES[state.scoreTiles[k - 1]!].vp;
    let n = 0;
    if (vp.on === 'spade') n = t.spades;
    else if (vp.on === 'town') n = t.towns;
    else
      for (const b of vp.building) {
        if (b === 'SH' || b === 'SA') {
          const chance = Math.min(t[b], once[b]);
          once[b] -= chance;
          n += chance;
        } else if (b === 'TE') n += f.buildings.TE < 3 ? t.TE : 0;
        else if (b === 'TP') n += Math.min(t.TP, 4 - f.buildings.TP, f.buildings.D);
        else n += Math.min(t.D, 8 - f.buildings.D);
      }
    total += n * vp.vp;
  }
  return total * p.roundTileShare;
}

/** What the stronghold does for the faction over the rounds to come, beyond its income and action tile. */
function strongholdValue(f: FactionState, future: number): number {
  const s = FACTION_STRATEGY[f.name];
  let total = 0;
  if (f.buildings.SH) total += (s.strongholdUrgency + s.strongholdPassive) * future;
  if (f.buildings.SA) total += s.sanctuaryUrgency * future;
  return total;
}

/** What the digging level saves on the spades still to come, against digging at the start level. */
function diggingValue(f: FactionState, p: EvalParams, rate: number, future: number): number {
  const left = future;
  const costs = FACTIONS[f.name].dig.spadeCost;
  const start = costs[0];
  const now = costs[f.dig];
  if (left <= 0 || f.dig === 0 || !start || !now) return 0;
  const price = (c: Record<string, number | undefined>, k: number) =>
    (c.W ?? 0) * at(p.W, k) + (c.P ?? 0) * at(p.P, k) + (c.C ?? 0) * at(p.C, k);
  // The spades of the dwellings to come.
  const spades = Math.min(10, rate * p.spadesPerDwelling * left);
  const mid = Math.min(6, 7 - future + Math.floor(left / 2));
  return Math.max(0, price(start, mid) - price(now, mid)) * spades;
}

function owedValue(f: FactionState, p: EvalParams, t: number): number {
  const c = f.counters;
  return (
    c.GAIN_FAVOR * p.owedFavor +
    c.GAIN_TW * p.owedTown +
    c.CULT * p.owedCultStep +
    c.SPADE * at(p.W, t) * p.spadeShareOfW * 0.8 +
    (c.FREE_D + c.FREE_TP + c.FREE_TF) * 2
  );
}
