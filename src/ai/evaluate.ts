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
  passVpNow,
  reachableSpaces,
  scoringMeasures,
  spadesToBuild,
} from '../engine/index.ts';
import { at, type EvalParams } from './params.ts';
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
  readonly actions: number;
  readonly favors: number;
  readonly pass: number;
  readonly buildings: number;
  readonly digging: number;
  readonly owed: number;
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
}

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

export function evalContext(state: GameState, me: FactionId, params: EvalParams): EvalContext {
  return { me, params, rivals: measureRivals(state, me) };
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

/** Rounds in which the faction can still act, this one included. */
function roundsLeft(t: number): number {
  return Math.max(0, 7 - t);
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
  const p = ctx.params;
  const t = periodOf(state, f);
  const left = roundsLeft(t);
  const rate = FACTIONS[f.name].exchange?.C?.VP ?? 3;
  return {
    vp: f.VP,
    resources: resourceValue(f, t, p, rate),
    income: incomeValue(state, f, p),
    cults: cultMajorities(state, ctx, t),
    cultIncome: cultIncomeValue(state, f, p),
    network: networkValue(state, ctx, t),
    finalTiles: finalTileValue(state, ctx, t),
    towns: townValue(state, f, p, t),
    expansion: expansionValue(state, f, p, t),
    actions: actionValue(state, f, t, p),
    favors: favorValue(f, p, left),
    pass: passValue(state, f, p),
    buildings: buildingValue(f, left),
    digging: diggingValue(f, p, t),
    owed: owedValue(f, p, t),
  };
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
  actions: 0,
  favors: 0,
  pass: 0,
  buildings: 0,
  digging: 0,
  owed: 0,
};

function resourceValue(f: FactionState, t: number, p: EvalParams, rate: number): number {
  if (t >= 7) {
    // Exactly what the final scoring pays: bowl II burnt into III, everything into coins, coins into VP.
    return Math.floor((f.C + f.W + f.P + f.P3 + Math.floor(f.P2 / 2)) / rate);
  }
  const coin = Math.max(at(p.C, t), 1 / rate);
  const power = at(p.PW3, t);
  return f.C * coin + f.W * at(p.W, t) + f.P * at(p.P, t) + power * (f.P3 + p.bowl2Share * f.P2 + p.bowl1Share * f.P1);
}

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
      // A power gained moves a token one bowl up: about 0.44 of a spendable power either way.
      return at(p.PW3, t) * 0.44;
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

function incomeValue(state: GameState, f: FactionState, p: EvalParams): number {
  const first = nextIncomeRound(state, f);
  if (first > 6) return 0;
  const income = permanentIncome(f);
  let total = 0;
  for (let k = first; k <= 6; k++) for (const res in income) total += income[res]! * unitValue(res, k, p);
  // The bonus card taken at the last pass pays once, at the next income.
  const card = heldBonus(f);
  const cardPays = card && (state.round === 0 || (state.phase === 'play' && f.passed));
  if (card && cardPays)
    for (const [res, v] of Object.entries(BONUS_TILES[card].income)) total += v * unitValue(res, first, p);
  return total;
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
  if (mine <= 0) return 0;
  if (spread <= 0) {
    const above = rivals.filter((r) => r > mine).length;
    const tied = rivals.filter((r) => r === mine).length;
    let sum = 0;
    for (let i = above; i <= above + tied; i++) sum += points[i] ?? 0;
    return Math.floor(sum / (tied + 1));
  }
  let ahead = 0;
  for (const r of rivals) ahead += r <= 0 ? 0 : logistic((r - mine) / spread);
  const i = Math.floor(ahead);
  const frac = ahead - i;
  return (points[i] ?? 0) * (1 - frac) + (points[i + 1] ?? 0) * frac;
}

const CULT_POINTS = [8, 4, 2] as const;
const NETWORK_POINTS = [18, 12, 6] as const;

function spread(state: GameState, base: number, perRound: number, t: number): number {
  // Once every faction has passed in the last round the tracks are final.
  if (t >= 7 && state.factionOrder.every((id) => state.factions[id]!.passed || state.factions[id]!.dropped)) return 0;
  return base + perRound * roundsLeft(t);
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

function cultMajorities(state: GameState, ctx: EvalContext, t: number): number {
  const m = measuresOf(state, ctx.me);
  const s = spread(state, ctx.params.cultSpreadBase, ctx.params.cultSpreadPerRound, t);
  let total = 0;
  for (const c of CULTS) total += rankValue(m.cults[c], ctx.rivals.cults[c], CULT_POINTS, s);
  return total;
}

function networkValue(state: GameState, ctx: EvalContext, t: number): number {
  const m = measuresOf(state, ctx.me);
  const s = spread(state, ctx.params.networkSpreadBase, ctx.params.networkSpreadPerRound, t);
  return rankValue(m.network, ctx.rivals.network, NETWORK_POINTS, s);
}

function finalTileValue(state: GameState, ctx: EvalContext, t: number): number {
  if (!state.finalScoring.length) return 0;
  const m = measuresOf(state, ctx.me);
  const s = spread(state, ctx.params.networkSpreadBase, ctx.params.networkSpreadPerRound, t);
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

function townValue(state: GameState, f: FactionState, p: EvalParams, t: number): number {
  if (t >= 7) return 0;
  const tiles = townTilesLeft(state);
  if (tiles <= 0) return 0;
  const feasible = t <= 4 ? 1 : t === 5 ? 0.75 : 0.4;
  const worth = p.townValue + townBonus(state, f, t);
  const progress: number[] = [];
  for (const c of openClusters(state, f)) {
    const addCount = Math.max(0, 4 - c.count);
    const addPower = Math.max(0, f.townSize - (c.power + addCount));
    const steps = addCount + addPower;
    const done = Math.max(0, 1 - steps / 5);
    if (done > 0) progress.push(done * done);
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
  const own = FACTIONS[f.name].special?.on.TW1;
  if (own?.VP) bonus += own.VP;
  return bonus;
}

function expansionValue(state: GameState, f: FactionState, p: EvalParams, t: number): number {
  const left = roundsLeft(t);
  if (left <= 0 || f.color === null) return 0;
  const fade = Math.min(left, 3) / 3;
  const map = mapOf(state);
  const near = new Set<HexId>();
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
        near.add(n);
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

function favorValue(f: FactionState, p: EvalParams, left: number): number {
  if (left <= 0) return 0;
  let total = 0;
  const futureD = Math.min(8, p.futureDwellingsPerRound * left);
  const futureTP = Math.min(4, p.futureTradingHousesPerRound * left);
  for (const tile in f.tiles) {
    if (!f.tiles[tile] || !isFavorTile(tile)) continue;
    const fav = FAVOR_TILES[tile];
    total += (fav.buildVp?.D ?? 0) * futureD * 0.8 + (fav.buildVp?.TP ?? 0) * futureTP * 0.8;
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

function buildingValue(f: FactionState, left: number): number {
  const s = FACTION_STRATEGY[f.name];
  let total = 0;
  if (f.buildings.SH) total += (s.strongholdUrgency + s.strongholdPassive) * left;
  if (f.buildings.SA) total += s.sanctuaryUrgency * left;
  return total;
}

/** What the digging level saves on the spades still to come, against digging at the start level. */
function diggingValue(f: FactionState, p: EvalParams, t: number): number {
  const left = roundsLeft(t);
  const costs = FACTIONS[f.name].dig.spadeCost;
  const start = costs[0];
  const now = costs[f.dig];
  if (left <= 0 || f.dig === 0 || !start || !now) return 0;
  const price = (c: Record<string, number | undefined>, k: number) =>
    (c.W ?? 0) * at(p.W, k) + (c.P ?? 0) * at(p.P, k) + (c.C ?? 0) * at(p.C, k);
  const spades = Math.min(10, p.futureDwellingsPerRound * left);
  const mid = Math.min(6, t + Math.floor(left / 2));
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
