import type { BoardMap } from './data/map.ts';
import { boardOf } from './data/map.ts';
import { FACTIONS } from './data/factions/index.ts';
import type { FactionData } from './data/faction-types.ts';
import { BUILDING_STRENGTH, type Building } from './data/resources.ts';
import { LANDSCAPE_STRENGTH } from './data/landscapes.ts';
import { fail } from './errors.ts';
import type { FactionSnapshot } from './snapshot.ts';
import { snapshotOf } from './snapshot.ts';
import type { FactionId, FactionState, GameState, HexId, HexState, OptionId, VpEvent } from './types.ts';

/** What a rule needs while it changes a draft of the state. */
export interface Ctx {
  readonly s: GameState;
  readonly map: BoardMap;
  readonly events: VpEvent[];
  /** Engine-written ledger rows (cultists' cult steps, final scoring) in the order they happen. */
  readonly notes: EngineNote[];
  /** The acting faction's numbers right after its command, before the game moves on to a new phase. */
  actorSnapshot: FactionSnapshot | null;
  /** The tables and records this context copied to change them (ownTable, ownRecord, putHex); null before the first. */
  owned: Set<object> | null;
}

export interface EngineNote {
  readonly faction: FactionId;
  readonly text: string;
  readonly snapshot: FactionSnapshot;
}

export function addNote(ctx: Ctx, f: FactionState, text: string): void {
  ctx.notes.push({ faction: f.name, text, snapshot: snapshotOf(f) });
}

/** `owned`: parts of the state known to be its own, not shared with another state (applyInPlace). */
export function makeCtx(s: GameState, owned: Set<object> | null = null): Ctx {
  return { s, map: boardOf(s.map), events: [], notes: [], actorSnapshot: null, owned };
}

export function hasOption(ctx: Ctx, o: OptionId): boolean {
  return ctx.s.options.includes(o);
}

/** A faction's records that a copy of the state shares with the original until one is changed (cloneState). */
export type SharedRecord =
  | 'allowedSubActions'
  | 'cultBlocked'
  | 'tiles'
  | 'townTiles'
  | 'leechPending'
  | 'leechRejected'
  | 'leechCultGained'
  | 'vpSources';

type Writable<T> = { -readonly [K in keyof T]: T[K] };

/** The state's tables that a copy of the state shares with the original until one is changed (cloneState). */
export type SharedTable = 'hexes' | 'pool' | 'bonusCoins';

type HexTable = Record<HexId, HexState>;
type HexTableCopier = (table: Readonly<HexTable>) => HexTable;

/** The copier of each hex table whose keys are known (the copies a copier made, until a key is added). */
const tableCopiers = new WeakMap<object, HexTableCopier>();
/** A copier for each set of keys seen: a map's land hexes, with or without river spaces that hold a landscape. */
const copiersByKeys = new Map<string, HexTableCopier>();

/**
 * A copy of the hex table. The AI copies it hundreds of thousands of times a game (the first hex a move
 * changes): spreading its 70-120 keys took about 20 µs a copy and a tenth of a `hard` decision, where an
 * object literal naming the keys, compiled once for each set of keys, takes about 1 µs. Keys that are not
 * plain hex ids (only a hand-made state could hold one) are copied by spreading.
 */
function copyHexTable(table: Readonly<HexTable>): HexTable {
  let copier = tableCopiers.get(table);
  if (!copier) {
    const keys = Object.keys(table);
    const id = keys.join(',');
    copier = copiersByKeys.get(id);
    if (!copier) {
      copier = keys.every((k) => /^[A-Za-z][A-Za-z0-9]*$/.test(k))
        ? (new Function('t', `return {${keys.map((k) => `${k}: t.${k}`).join(',')}};`) as HexTableCopier)
        : (t) => ({ ...t });
      // Bounded: a river space that holds a landscape makes a new set of keys in the game it stands in.
      if (copiersByKeys.size >= 64) copiersByKeys.clear();
      copiersByKeys.set(id, copier);
    }
  }
  const copy = copier(table);
  tableCopiers.set(copy, copier);
  return copy;
}

/**
 * `holder[key]`, to change: the first change a context makes to a shared object copies it (the original
 * state may share it, `copyOf`, a spread unless told), later ones change that copy.
 */
function owned<H, K extends keyof H>(
  ctx: Ctx,
  holder: H,
  key: K,
  copyOf: (shared: Writable<H[K]>) => Writable<H[K]> = (shared) => ({ ...shared }),
): Writable<H[K]> {
  const shared = holder[key] as Writable<H[K]>;
  if (ctx.owned?.has(shared)) return shared;
  const copy = copyOf(shared);
  holder[key] = copy as H[K];
  (ctx.owned ??= new Set()).add(copy);
  return copy;
}

/**
 * The faction's record, to change, copied by the context's first change. The records are read-only in
 * FactionState so that no rule changes one without this.
 */
export function ownRecord<K extends SharedRecord>(ctx: Ctx, f: FactionState, key: K): Writable<FactionState[K]> {
  return owned(ctx, f, key);
}

/**
 * The state's table, to change, copied by the context's first change, as ownRecord. Not the hexes: putHex
 * copies their table and forgets its copier when a hex is added (one added here would be left out of the
 * copies made after).
 */
export function ownTable<K extends Exclude<SharedTable, 'hexes'>>(ctx: Ctx, key: K): Writable<GameState[K]> {
  return owned(ctx, ctx.s, key);
}

export function factionOf(ctx: Ctx, id: FactionId): FactionState {
  return ctx.s.factions[id] ?? fail('factionNotInGame', { faction: id });
}

export function dataOf(f: FactionState): FactionData {
  return FACTIONS[f.name];
}

/** Power a building stands for, for its owner's share of neighbours' power and for town size. */
export function buildingStrength(owner: FactionId, b: Building): number {
  return FACTIONS[owner].buildingStrength?.[b] ?? BUILDING_STRENGTH[b];
}

/** Power value of what stands on a hex: its building's, a landscape's 1 (SL-G4), 0 when nothing does. */
export function structureStrength(st: HexState): number {
  if (st.building && st.owner) return buildingStrength(st.owner, st.building);
  return st.landscape ? LANDSCAPE_STRENGTH : 0;
}

/** A building or a special landscape stands on the hex: nobody transforms it or builds there. */
export function isOccupied(st: HexState): boolean {
  return st.building !== null || st.landscape !== undefined;
}

/** Seat order, optionally without dropped factions. */
export function factionsInOrder(ctx: Ctx, withoutDropped = false): FactionState[] {
  const out: FactionState[] = [];
  for (const id of ctx.s.factionOrder) {
    const f = ctx.s.factions[id]!;
    if (withoutDropped && f.dropped) continue;
    out.push(f);
  }
  return out;
}

/** The seat order rotated so that it starts right after `f` and ends with `f`. */
export function factionsFrom(ctx: Ctx, f: FactionState, withoutDropped = false): FactionState[] {
  const list = factionsInOrder(ctx, withoutDropped);
  const i = list.findIndex((x) => x.name === f.name);
  if (i < 0) return list;
  return [...list.slice(i + 1), ...list.slice(0, i + 1)];
}

/** Turn order for the round: the start player first, then the seat order around from them. */
export function factionsInTurnOrder(ctx: Ctx): FactionState[] {
  const all = factionsInOrder(ctx);
  const start = all.find((f) => f.startPlayer) ?? all[0]!;
  const rotated = factionsFrom(ctx, start);
  return [rotated[rotated.length - 1]!, ...rotated.slice(0, -1)];
}

export function adjacentHexes(ctx: Ctx, hex: HexId): readonly HexId[] {
  const base = ctx.map.adjacentList.get(hex);
  if (!base) return [];
  if (ctx.s.bridges.length === 0) return base;
  let out: HexId[] | null = null;
  for (const b of ctx.s.bridges) {
    const other = b.from === hex ? b.to : b.to === hex ? b.from : null;
    if (other) (out ??= [...base]).push(other);
  }
  return out ?? base;
}

/** Changes a hex by replacing it: a state and its copies share the hexes, and the table of them until a change. */
export function setHex(ctx: Ctx, hex: HexId, change: Partial<HexState>): void {
  putHex(ctx, hex, { ...ctx.s.hexes[hex]!, ...change });
}

/** Puts a hex's state in the table, a space that had none (a river space's landscape) included. */
export function putHex(ctx: Ctx, hex: HexId, st: HexState): void {
  const table = owned(ctx, ctx.s, 'hexes', copyHexTable);
  if (!Object.hasOwn(table, hex)) tableCopiers.delete(table);
  table[hex] = st;
}

export function isBridged(ctx: Ctx, a: HexId, b: HexId): boolean {
  return ctx.s.bridges.some((x) => (x.from === a && x.to === b) || (x.from === b && x.to === a));
}
