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
  /** The tables and records this context copied to change them (ownTable, ownRecord); null before the first. */
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

/**
 * `holder[key]`, to change: the first change a context makes to a shared object copies it (the original
 * state may share it), later ones change that copy.
 */
function owned<H, K extends keyof H>(ctx: Ctx, holder: H, key: K): Writable<H[K]> {
  const shared = holder[key] as Writable<H[K]>;
  if (ctx.owned?.has(shared)) return shared;
  const copy = { ...shared };
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

/** The state's table, to change, copied by the context's first change, as ownRecord. */
export function ownTable<K extends SharedTable>(ctx: Ctx, key: K): Writable<GameState[K]> {
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
  ownTable(ctx, 'hexes')[hex] = { ...ctx.s.hexes[hex]!, ...change };
}

export function isBridged(ctx: Ctx, a: HexId, b: HexId): boolean {
  return ctx.s.bridges.some((x) => (x.from === a && x.to === b) || (x.from === b && x.to === a));
}
