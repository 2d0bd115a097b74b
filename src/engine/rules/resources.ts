import type { Ctx } from '../context.ts';
import { dataOf, factionsInOrder, ownRecord, ownTable } from '../context.ts';
import { fail } from '../errors.ts';
import type { Amounts, Cost, Cult } from '../data/resources.ts';
import type { ResourceName } from '../data/resource-names.ts';
import { CULTS } from '../data/resources.ts';
import {
  BONUS_TILES,
  FACTION_ACTIONS,
  FAVOR_TILES,
  SCORING_TILES,
  TOWN_TILES,
  isFavorTile,
  isTownTile,
} from '../data/tiles.ts';
import type { Counter, FactionState } from '../types.ts';
import { COUNTERS } from '../types.ts';
import { mustWaitForOwedCultSteps } from './cult-race.ts';

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
  const amounts = cost as Partial<Record<ResourceName, number>>;
  for (const k in amounts) {
    const v = amounts[k as ResourceName];
    if (v) adjustResource(ctx, f, k as ResourceName, -v, 'pay');
  }
}

export function gain(ctx: Ctx, f: FactionState, amounts: Amounts, source = ''): void {
  // Keys first: a town tile's key must be in hand before its cult steps reach level 10.
  const key = amounts.KEY;
  if (key) adjustResource(ctx, f, 'KEY', key, source);
  for (const k in amounts) {
    const v = amounts[k as keyof Amounts];
    if (v && k !== 'KEY') adjustResource(ctx, f, k as keyof Amounts, v, source);
  }
}

function addVp(ctx: Ctx, f: FactionState, delta: number, source: string): void {
  f.VP += delta;
  ownRecord(ctx, f, 'vpSources')[source] = (f.vpSources[source] ?? 0) + delta;
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

function maybeGainFactionSpecial(ctx: Ctx, f: FactionState, type: ResourceName): void {
  const special = dataOf(f).special;
  if (!special) return;
  if (special.enableIf) {
    for (const [b, n] of Object.entries(special.enableIf)) {
      if (f.buildings[b as 'SH'] !== n) return;
    }
  }
  const reward = special.on[type];
  if (reward) gain(ctx, f, reward, 'faction');
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
      ownRecord(ctx, f, 'cultBlocked')[cult] = true;
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

type Adjust<K extends ResourceName> = (ctx: Ctx, f: FactionState, name: K, delta: number, source: string) => void;

/**
 * What holding more or less of a resource does: `add` changes the holding, runs what the change itself
 * triggers (a favour tile's gain, cult power, a key freeing blocked steps) and returns the new amount.
 */
interface Holding<K extends ResourceName> {
  readonly add: (ctx: Ctx, f: FactionState, name: K, delta: number) => number;
  /** Tiles are taken from (and go back to) the game's pool. */
  readonly pooled?: true;
}

/**
 * A resource the faction holds an amount of. A gain its faction replaces (the Riverwalkers' priests and
 * spades) turns into the replacement on arrival and triggers nothing else (no scoring tile VP); otherwise
 * every unit gained scores the round's tile and the faction's special, and the amount never goes below zero.
 */
function held<K extends ResourceName>(holding: Holding<K>): Adjust<K> {
  return (ctx, f, name, delta) => {
    const replacement = delta > 0 ? dataOf(f).replaceGain?.[name] : undefined;
    if (replacement) {
      for (let i = 0; i < delta; i++) gain(ctx, f, replacement, 'faction');
      return;
    }
    if (holding.pooled) {
      const left = ctx.s.pool[name] ?? 0;
      if (left < delta) fail('tileUnavailable', { tile: name });
      ownTable(ctx, 'pool')[name] = left - delta;
    }
    const newValue = holding.add(ctx, f, name, delta);
    // Only spades, town tiles and what the faction's special names score or give anything per unit.
    if (delta > 0 && (name === 'SPADE' || isTownTile(name) || dataOf(f).special?.on[name]))
      for (let i = 0; i < delta; i++) {
        maybeScoreCurrentTile(ctx, f, name, 'gain');
        maybeGainFactionSpecial(ctx, f, name);
      }
    if (newValue < 0) fail('notEnough', { resource: name, need: -delta, have: newValue - delta });
  };
}

function addOwn(f: FactionState, name: 'C' | 'W' | 'P' | 'P1' | 'P2' | 'P3' | 'KEY', delta: number): number {
  f[name] += delta;
  if (name === 'P' && f.P > f.maxP) f.P = f.maxP;
  return f[name];
}

const own = held<'C' | 'W' | 'P' | 'P1' | 'P2' | 'P3'>({ add: (_ctx, f, name, delta) => addOwn(f, name, delta) });

/** A faction tile in hand: its count under f.tiles, gone at zero. */
function addTile(ctx: Ctx, f: FactionState, name: ResourceName, delta: number): number {
  const newValue = (f.tiles[name] ?? 0) + delta;
  if (newValue === 0) delete ownRecord(ctx, f, 'tiles')[name];
  else ownRecord(ctx, f, 'tiles')[name] = newValue;
  return newValue;
}

/** The same handler under each of several names. */
function each<K extends ResourceName>(names: readonly K[], handler: Adjust<K>): { readonly [P in K]: Adjust<K> } {
  return Object.fromEntries(names.map((n) => [n, handler])) as { [P in K]: Adjust<K> };
}

/** Tiles of the game's pool, and what taking (or giving back) one does once it is in hand. */
function pooledTiles<K extends ResourceName>(
  tiles: readonly K[],
  then: (ctx: Ctx, f: FactionState, tile: K, delta: number, inHand: number) => void,
): { readonly [P in K]: Adjust<K> } {
  return each(
    tiles,
    held<K>({
      pooled: true,
      add: (ctx, f, tile, delta) => {
        const newValue = addTile(ctx, f, tile, delta);
        then(ctx, f, tile, delta, newValue);
        return newValue;
      },
    }),
  );
}

const ids = <K extends string>(table: Readonly<Record<K, unknown>>): K[] => Object.keys(table) as K[];

/**
 * One handler for every resource name: a name added to ResourceName does not compile until it has one here,
 * and the table is also the list of names the notation accepts (isResourceName).
 */
const RESOURCES: { readonly [K in ResourceName]: Adjust<K> } = {
  VP: (ctx, f, _name, delta, source) => {
    addVp(ctx, f, delta, source || 'unknown');
    if (f.VP < 0) fail('notEnough', { resource: 'VP', need: -delta, have: f.VP - delta });
  },
  GAIN_SHIP: (ctx, f, _name, delta) => {
    for (let i = 0; i < delta; i++) advanceForFree(ctx, f, 'ship');
  },
  GAIN_TELEPORT: (ctx, f, _name, delta) => {
    for (let i = 0; i < delta; i++) advanceForFree(ctx, f, 'teleport');
  },
  GAIN_ACTION: (_ctx, f, _name, delta) => {
    f.allowedActions += delta;
  },
  PW_TOKEN: (_ctx, f, name, delta) => {
    if (delta > 0) fail('unknownResource', { resource: name });
    removePowerTokens(f, -delta);
  },
  PW: (_ctx, f, _name, delta) => {
    if (delta > 0) gainPower(f, delta);
    else {
      f.P1 -= delta;
      f.P3 += delta;
      if (f.P3 < 0) fail('notEnoughBowl3', { need: -delta, have: f.P3 - delta });
    }
  },
  C: own,
  W: own,
  P: own,
  P1: own,
  P2: own,
  P3: own,
  KEY: held({
    add: (ctx, f, _name, delta) => {
      const newValue = addOwn(f, 'KEY', delta);
      // Steps stopped at 9 for want of a key go on to the top once there are keys for all of them.
      const blocked = Object.keys(f.cultBlocked) as Cult[];
      if (delta > 0 && blocked.length > 0 && f.KEY >= blocked.length) {
        for (const c of blocked) gain(ctx, f, { [c]: 1 }, '');
        f.cultBlocked = {};
      }
      return newValue;
    },
  }),
  ...each(
    CULTS,
    held({
      add: (ctx, f, cult, delta) => {
        const oldValue = f.cults[cult];
        f.cults[cult] = Math.min(f.cults[cult] + delta, f.cultMax[cult]);
        const newValue = f.cults[cult];
        maybeGainPowerFromCult(ctx, f, cult, oldValue, newValue);
        return newValue;
      },
    }),
  ),
  ...each(
    COUNTERS,
    held({
      add: (_ctx, f, c, delta) => {
        setCounter(f, c, counter(f, c) + delta);
        return counter(f, c);
      },
    }),
  ),
  TOWN_SIZE: held({ add: (_ctx, f, _name, delta) => (f.townSize += delta) }),
  carpet_range: held({ add: (_ctx, f, _name, delta) => (f.carpetRange += delta) }),
  ...each(ids(FACTION_ACTIONS), held({ add: (ctx, f, name, delta) => addTile(ctx, f, name, delta) })),
  ...pooledTiles(ids(BONUS_TILES), (ctx, f, tile, delta) => {
    // The coins that piled up on a bonus tile go to whoever takes it (no scoring tile or special is keyed
    // by a bonus tile, so taking them before those is the same).
    if (delta > 0) {
      f.C += ctx.s.bonusCoins[tile] ?? 0;
      ownTable(ctx, 'bonusCoins')[tile] = 0;
    }
  }),
  ...pooledTiles(ids(FAVOR_TILES), (ctx, f, tile, delta, inHand) => {
    if (delta > 0) {
      if (inHand > 1) fail('twoCopies', { tile });
      gain(ctx, f, FAVOR_TILES[tile].gain, tile);
    }
  }),
  ...pooledTiles(ids(TOWN_TILES), (ctx, f, tile, delta) => {
    for (let i = 0; i < delta; i++) gain(ctx, f, TOWN_TILES[tile].gain, 'TW');
  }),
};

/** Whether a word (upper case, as the notation reads it) names a resource; the notation's one check. */
export function isResourceName(s: string): s is ResourceName {
  return Object.hasOwn(RESOURCES, s);
}

/**
 * The one place a faction's holdings change: resources, power, cult steps, tiles and the one-shot
 * entitlements, with every side effect a gain triggers (cult power thresholds, tile rewards, faction
 * specials, the round's scoring tile).
 */
export function adjustResource<K extends ResourceName>(
  ctx: Ctx,
  f: FactionState,
  name: K,
  delta: number,
  source: string,
): void {
  (RESOURCES[name] as Adjust<K>)(ctx, f, name, delta, source);
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
