// The snapshot cache's stored form. A snapshot says which engine version computed it and carries a
// checksum of its state, and is checked like every other stored JSON: one from another version, one that
// does not have the state's shape (a damaged row, an old format), or one whose state no longer matches
// its checksum (changed numbers: a damaged page, a hand edit) is not used; the game is replayed from its
// log instead.
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { BUILDINGS, CULTS, ENGINE_VERSION, type GameState, isFactionId } from '../engine/index.ts';
import type { JsonValue } from './repo.ts';

const count = z.number().int();
const faction = z.string().refine(isFactionId, 'not a faction');
const counts = z.record(z.string(), z.number());
const byCult = z.object(Object.fromEntries(CULTS.map((c) => [c, count])));
const byBuilding = z.object(Object.fromEntries(BUILDINGS.map((b) => [b, count])));

const factionState = z.object({
  name: faction,
  color: z.string().nullable(),
  secondaryColor: z.string().nullable(),
  C: count,
  W: count,
  P: count,
  P1: count,
  P2: count,
  P3: count,
  VP: count,
  KEY: count,
  cults: byCult,
  cultMax: byCult,
  maxP: count,
  priestsOnCults: count,
  buildings: byBuilding,
  ship: count,
  dig: count,
  tiles: counts,
  locations: z.array(z.string()),
  counters: counts,
  passed: z.boolean(),
  dropped: z.boolean(),
  order: count,
  vpSources: counts,
});

const hex = z.object({
  terrain: z.string().nullable(),
  building: z.enum(BUILDINGS as [string, ...string[]]).nullable(),
  owner: faction.nullable(),
  town: count,
});

/**
 * The parts of the state every reader relies on. It checks shape, not the rules: a state of the
 * right version is the engine's own output unless the row was damaged.
 */
const gameState = z.object({
  schema: z.literal(1),
  map: z.string(),
  options: z.array(z.string()),
  finalScoring: z.array(z.string()),
  playerCount: count,
  players: z.array(z.string()),
  phase: z.enum([
    'select-factions',
    'post-setup',
    'initial-dwellings',
    'initial-bonus',
    'income',
    'use-income-spades',
    'play',
    'finished',
  ]),
  round: count,
  turn: count,
  scoreTiles: z.array(z.string()),
  pool: counts,
  factionOrder: z.array(faction),
  nextFactionOrder: z.array(faction).nullable(),
  factions: z.record(z.string(), factionState),
  hexes: z.record(z.string(), hex),
  bridges: z.array(z.object({ from: z.string(), to: z.string(), faction })),
  cultSlots: z.object(Object.fromEntries(CULTS.map((c) => [c, z.array(faction.nullable())]))),
  usedActions: z.array(z.string()),
  pending: z.array(z.object({ type: z.string() })),
  active: faction.nullable(),
  finished: z.boolean(),
  lastActor: faction.nullable(),
});

const stored = z.object({ engineVersion: z.number().int(), checksum: z.string(), state: z.json() });

/**
 * SHA-256 of the state's JSON text. A stored state read back and written out again gives the same text
 * (JSON.parse and JSON.stringify keep key order and round-trip numbers), so a state whose text changed
 * since it was written fails it. About 0.3 ms for a late game's state.
 */
function checksumOf(state: unknown): string {
  return createHash('sha256').update(JSON.stringify(state)).digest('base64url');
}

export function toSnapshot(state: GameState): JsonValue {
  return { engineVersion: ENGINE_VERSION, checksum: checksumOf(state), state: state as unknown as JsonValue };
}

/**
 * The cached state, or null when it must be replayed: another engine version made it, it is not a state,
 * or it is not the state it was when written (snapshots written before checksums are replayed once too).
 */
export function fromSnapshot(json: JsonValue): GameState | null {
  const parsed = stored.safeParse(json);
  if (!parsed.success || parsed.data.engineVersion !== ENGINE_VERSION) return null;
  if (checksumOf(parsed.data.state) !== parsed.data.checksum) return null;
  // Validation only: the state is returned as stored, with every field the schema does not list.
  return gameState.safeParse(parsed.data.state).success ? (parsed.data.state as unknown as GameState) : null;
}
