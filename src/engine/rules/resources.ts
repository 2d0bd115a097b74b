import type { Ctx } from '../context.ts';
import { dataOf, factionsInOrder } from '../context.ts';
import { fail } from '../errors.ts';
import type { Amounts, Cost, Cult, Gainable } from '../data/resources.ts';
import { CULTS } from '../data/resources.ts';
import {
  FAVOR_TILES,
  SCORING_TILES,
  TOWN_TILES,
  isBonusTile,
  isFavorTile,
  isTownTile,
  type FavorTileId,
  type TownTileId,
} from '../data/tiles.ts';
import type { Counter, FactionState } from '../types.ts';
import { COUNTERS } from '../types.ts';
import { mustWaitForOwedCultSteps } from './cult-race.ts';

const COUNTER_SET: ReadonlySet<string> = new Set<string>(COUNTERS);

export function isCult(s: string): s is Cult {
  return (CULTS as readonly string[]).includes(s);
}

export function counter(f: FactionState, c: Counter): number {
  return f.counters[c];
}

export function setCounter(f: FactionState, c: Counter, v: number): void {
  f.counters[c] = v;
}

/** Moves power tokens up the bowls one by one; returns how many moved. */
export function gainPower(f: FactionState, count: number): number {
  for (let i = 0; i < count; i++) {
    if (f.P1 > 0) {
      f.P1--;
      f.P2++;
    } else if (f.P2 > 0) {
      f.P2--;
      f.P3++;
    } else {
      return i;
    }
  }
  return count;
}

/** Takes power tokens out of the game, from bowl I first, then II, then III (the player has no say). */
export function removePowerTokens(f: FactionState, count: number): void {
  const have = f.P1 + f.P2 + f.P3;
  if (have < count) fail('notEnoughTokens', { need: count, have });
  for (let i = 0; i < count; i++) {
    if (f.P1 > 0) f.P1--;
    else if (f.P2 > 0) f.P2--;
    else f.P3--;
  }
}

export function powerCapacity(f: FactionState): number {
  return f.P1 * 2 + f.P2;
}

export function pay(ctx: Ctx, f: FactionState, cost: Cost | Amounts): void {
  for (const [k, v] of Object.entries(cost)) {
    if (v) adjustResource(ctx, f, k, -v, 'pay');
  }
}

export function gain(ctx: Ctx, f: FactionState, amounts: Amounts, source = ''): void {
  // Keys first: a town tile's key must be in hand before its cult steps reach level 10.
  const entries = Object.entries(amounts).sort(([a], [b]) => Number(b === 'KEY') - Number(a === 'KEY'));
  for (const [k, v] of entries) {
    if (v) adjustResource(ctx, f, k, v, source);
  }
}

function addVp(ctx: Ctx, f: FactionState, delta: number, source: string): void {
  f.VP += delta;
  f.vpSources[source] = (f.vpSources[source] ?? 0) + delta;
  ctx.events.push({ faction: f.name, delta, source });
}

export function maybeScoreCurrentTile(ctx: Ctx, f: FactionState, type: string, mode: 'build' | 'gain'): void {
  const id = ctx.s.round > 0 ? ctx.s.scoreTiles[ctx.s.round - 1] : undefined;
  if (!id) return;
  const tile = SCORING_TILES[id];
  const v = tile.vp;
  if (mode === 'build' && v.on === 'build' && (v.building as readonly string[]).includes(type)) {
    adjustResource(ctx, f, 'VP', v.vp, tile.display);
  } else if (mode === 'gain' && v.on === 'spade' && type === 'SPADE') {
    adjustResource(ctx, f, 'VP', v.vp, tile.display);
  } else if (mode === 'gain' && v.on === 'town' && isTownTile(type)) {
    adjustResource(ctx, f, 'VP', v.vp, tile.display);
  }
}

export function maybeScoreFavorTiles(ctx: Ctx, f: FactionState, building: string): void {
  for (const tile in f.tiles) {
    if (!f.tiles[tile] || !isFavorTile(tile)) continue;
    const vp = FAVOR_TILES[tile].buildVp?.[building as 'D'];
    if (vp) adjustResource(ctx, f, 'VP', vp, tile);
  }
}

function maybeGainFactionSpecial(ctx: Ctx, f: FactionState, type: string): void {
  const special = dataOf(f).special;
  if (!special) return;
  if (special.enableIf) {
    for (const [b, n] of Object.entries(special.enableIf)) {
      if (f.buildings[b as 'SH'] !== n) return;
    }
  }
  const reward = special.on[type as 'SPADE'];
  if (!reward) return;
  // SL-WIT-1: once the Raven's Folly stands, a town's reward is a choice the faction owes (see takeOrDrop).
  if (isTownTile(type) && f.landscape !== null && dataOf(f).landscape?.townChoice) {
    setCounter(f, 'LANDSCAPE_TOWN', counter(f, 'LANDSCAPE_TOWN') + 1);
    return;
  }
  gain(ctx, f, reward, 'faction');
}

function maybeGainPowerFromCult(ctx: Ctx, f: FactionState, cult: Cult, oldValue: number, newValue: number): void {
  if (oldValue === 10 && newValue < 10) {
    // Leaving the top (a volcano paid in cult steps) gives the key back and frees the space for everyone.
    adjustResource(ctx, f, 'KEY', 1, '');
    for (const other of factionsInOrder(ctx)) other.cultMax[cult] = 10;
    return;
  }
  if (oldValue <= 2 && newValue > 2) gainPower(f, 1);
  if (oldValue <= 4 && newValue > 4) gainPower(f, 2);
  if (oldValue <= 6 && newValue > 6) gainPower(f, 2);
  if (oldValue <= 9 && newValue > 9) {
    if (f.KEY < 1) {
      f.cults[cult] = 9;
      f.cultBlocked[cult] = true;
      return;
    }
    if (mustWaitForOwedCultSteps(ctx, f, cult)) {
      fail('waitForCultists', { cult });
    }
    adjustResource(ctx, f, 'KEY', -1, '');
    gainPower(f, 3);
    // SL-AUR-1: the Tree of Serenity's VP for every track topped after it was placed.
    const topVp = f.landscape !== null ? dataOf(f).landscape?.cultTopVp : undefined;
    if (topVp) adjustResource(ctx, f, 'VP', topVp, 'landscape');
    for (const other of factionsInOrder(ctx)) {
      if (other !== f) other.cultMax[cult] = 9;
    }
  }
}

type ResourceKind =
  | 'own'
  | 'cult'
  | 'counter'
  | 'townSize'
  | 'carpet'
  | 'bonus'
  | 'favor'
  | 'town'
  | 'actionTile'
  | 'unknownTile'
  | 'unknown';

const OWN = new Set(['C', 'W', 'P', 'P1', 'P2', 'P3', 'KEY']);

function classify(type: string): ResourceKind {
  if (OWN.has(type)) return 'own';
  if (isCult(type)) return 'cult';
  if (COUNTER_SET.has(type)) return 'counter';
  if (type === 'TOWN_SIZE') return 'townSize';
  if (type === 'carpet_range') return 'carpet';
  if (isBonusTile(type)) return 'bonus';
  if (isFavorTile(type)) return 'favor';
  if (isTownTile(type)) return 'town';
  // A tile id that does not exist is simply not in the pool.
  if (/^(BON|FAV|TW)\d+$/.test(type)) return 'unknownTile';
  if (/^ACT/.test(type)) return 'actionTile';
  return 'unknown';
}

/** Resource ids are few and recur on every move: classify each once. */
const kinds = new Map<string, ResourceKind>();
function kindOf(type: string): ResourceKind {
  let kind = kinds.get(type);
  if (kind === undefined) kinds.set(type, (kind = classify(type)));
  return kind;
}

/**
 * The one place a faction's holdings change: resources, power, cult steps, tiles and the one-shot
 * entitlements, with every side effect a gain triggers (cult power thresholds, tile rewards, faction
 * specials, the round's scoring tile).
 */
export function adjustResource(ctx: Ctx, f: FactionState, rawType: string, delta: number, source: string): void {
  const type = rawType;
  if (type === 'VP') {
    addVp(ctx, f, delta, source || 'unknown');
    if (f.VP < 0) fail('notEnough', { resource: 'VP', need: -delta, have: f.VP - delta });
    return;
  }
  if (type === 'GAIN_SHIP' || type === 'GAIN_TELEPORT') {
    for (let i = 0; i < delta; i++) advanceForFree(ctx, f, type === 'GAIN_SHIP' ? 'ship' : 'teleport');
    return;
  }
  if (type === 'GAIN_ACTION') {
    f.allowedActions += delta;
    return;
  }
  if (type === 'PW_TOKEN') {
    if (delta > 0) fail('unknownResource', { resource: type });
    removePowerTokens(f, -delta);
    return;
  }
  if (type === 'PW') {
    if (delta > 0) gainPower(f, delta);
    else {
      f.P1 -= delta;
      f.P3 += delta;
      if (f.P3 < 0) fail('notEnoughBowl3', { need: -delta, have: f.P3 - delta });
    }
    return;
  }

  const replacement = delta > 0 ? dataOf(f).replaceGain?.[type as Gainable] : undefined;
  if (replacement) {
    // Replaced on arrival: nothing else a gain of this kind triggers happens (no scoring tile VP).
    for (let i = 0; i < delta; i++) gain(ctx, f, replacement, 'faction');
    return;
  }

  const kind = kindOf(type);
  if (kind === 'bonus' || kind === 'favor' || kind === 'town' || kind === 'unknownTile') {
    const left = ctx.s.pool[type] ?? 0;
    if (left < delta) fail('tileUnavailable', { tile: type });
    ctx.s.pool[type] = left - delta;
  }

  let newValue: number;
  let oldValue = 0;
  switch (kind) {
    case 'own': {
      const key = type as 'C' | 'W' | 'P' | 'P1' | 'P2' | 'P3' | 'KEY';
      f[key] += delta;
      if (key === 'P' && f.P > f.maxP) f.P = f.maxP;
      newValue = f[key];
      break;
    }
    case 'cult': {
      const cult = type as Cult;
      oldValue = f.cults[cult];
      f.cults[cult] = Math.min(f.cults[cult] + delta, f.cultMax[cult]);
      newValue = f.cults[cult];
      break;
    }
    case 'counter':
      newValue = counter(f, type as Counter) + delta;
      setCounter(f, type as Counter, newValue);
      break;
    case 'townSize':
      f.townSize += delta;
      newValue = f.townSize;
      break;
    case 'carpet':
      f.carpetRange += delta;
      newValue = f.carpetRange;
      break;
    case 'bonus':
    case 'favor':
    case 'town':
    case 'actionTile':
      newValue = (f.tiles[type] ?? 0) + delta;
      if (newValue === 0) delete f.tiles[type];
      else f.tiles[type] = newValue;
      break;
    case 'unknownTile':
    case 'unknown':
      return fail('unknownResource', { resource: type });
  }

  if (kind === 'favor' && delta > 0) {
    if (newValue > 1) fail('twoCopies', { tile: type });
    gain(ctx, f, FAVOR_TILES[type as FavorTileId].gain, type);
  }
  if (kind === 'town') {
    for (let i = 0; i < delta; i++) gain(ctx, f, TOWN_TILES[type as TownTileId].gain, 'TW');
  }
  if (type === 'KEY' && delta > 0) {
    const blocked = Object.keys(f.cultBlocked) as Cult[];
    if (blocked.length > 0 && f.KEY >= blocked.length) {
      for (const c of blocked) gain(ctx, f, { [c]: 1 }, '');
      f.cultBlocked = {};
    }
  }
  if (kind === 'cult') maybeGainPowerFromCult(ctx, f, type as Cult, oldValue, newValue);
  for (let i = 0; i < delta; i++) {
    maybeScoreCurrentTile(ctx, f, type, 'gain');
    maybeGainFactionSpecial(ctx, f, type);
  }
  if (kind === 'bonus' && delta > 0) {
    f.C += ctx.s.bonusCoins[type] ?? 0;
    ctx.s.bonusCoins[type] = 0;
  }
  if (newValue < 0) fail('notEnough', { resource: type, need: -delta, have: newValue - delta });
}

/** Shipping or the stronghold's teleport upgrade given by a tile rather than bought. */
function advanceForFree(ctx: Ctx, f: FactionState, track: 'ship' | 'teleport'): void {
  const data = dataOf(f);
  if (track === 'ship') {
    if (f.ship < data.ship.max) {
      const g = data.ship.gain[f.ship];
      if (g) gain(ctx, f, g, 'advance_ship');
      f.ship++;
    }
  } else if (data.teleport && f.teleportLevel < 1) {
    if (data.teleport.kind === 'carpet') gain(ctx, f, { carpet_range: 1 }, 'advance_teleport');
    f.teleportLevel++;
  }
}
