// What the probe compares between the two engines after a row: every faction's numbers, the board and
// where the game stands. The reference driver (reference.pl) writes the same shape from its own state.
import { BUILDINGS, type GameState, isBonusTile, isFavorTile, isTownTile } from '../../engine/index.ts';

export interface FactionSummary {
  readonly VP: number;
  readonly C: number;
  readonly W: number;
  readonly P: number;
  readonly P1: number;
  readonly P2: number;
  readonly P3: number;
  readonly KEY: number;
  readonly FIRE: number;
  readonly WATER: number;
  readonly EARTH: number;
  readonly AIR: number;
  readonly buildings: Record<string, number>;
  readonly ship: number;
  readonly dig: number;
  /** Bonus, favour and town tiles held. */
  readonly tiles: readonly string[];
  readonly passed: boolean;
}

export interface Summary {
  readonly factions: Record<string, FactionSummary>;
  /** Land spaces: colour, building, part of a town. */
  readonly hexes: Record<string, readonly [string, string, boolean]>;
  readonly bridges: readonly string[];
  readonly round: number;
  readonly finished: boolean;
  readonly active: string | null;
  /** What the game waits for ("full witches", "leech mermaids" ...); told, not compared. */
  readonly waiting?: readonly string[];
}

export function summarize(s: GameState): Summary {
  const factions: Record<string, FactionSummary> = {};
  for (const f of Object.values(s.factions)) {
    if (!f) continue;
    factions[f.name] = {
      VP: f.VP,
      C: f.C,
      W: f.W,
      P: f.P,
      P1: f.P1,
      P2: f.P2,
      P3: f.P3,
      KEY: f.KEY,
      FIRE: f.cults.FIRE,
      WATER: f.cults.WATER,
      EARTH: f.cults.EARTH,
      AIR: f.cults.AIR,
      buildings: Object.fromEntries(BUILDINGS.map((b) => [b, f.buildings[b]])),
      ship: f.ship,
      dig: f.dig,
      tiles: Object.keys(f.tiles)
        .filter((t) => f.tiles[t]! > 0 && (isBonusTile(t) || isFavorTile(t) || isTownTile(t)))
        .sort(),
      passed: f.passed,
    };
  }
  const hexes: Record<string, readonly [string, string, boolean]> = {};
  for (const [id, h] of Object.entries(s.hexes)) {
    if (h.terrain === null) continue;
    hexes[id] = [h.terrain, h.building ?? '', h.town !== 0];
  }
  return {
    factions,
    hexes,
    bridges: s.bridges.map((b) => [b.from, b.to].sort().join(':')).sort(),
    round: s.round,
    finished: s.finished,
    active: s.active,
    waiting: s.pending.map((p) => `${p.type} ${'faction' in p ? p.faction : ''}`),
  };
}

/** Where two summaries differ, in words ("witches C 5 (reference 3)"); empty when they agree. */
export function differences(ours: Summary, ref: Summary): string[] {
  const out: string[] = [];
  const cmp = (what: string, a: unknown, b: unknown) => {
    const x = canonical(a);
    const y = canonical(b);
    if (x !== y) out.push(`${what} ${x} (reference ${y})`);
  };
  for (const name of new Set([...Object.keys(ours.factions), ...Object.keys(ref.factions)])) {
    const a = ours.factions[name];
    const b = ref.factions[name];
    if (!a || !b) {
      cmp(name, !!a, !!b);
      continue;
    }
    for (const k of Object.keys(a) as (keyof FactionSummary)[]) cmp(`${name} ${k}`, a[k], b[k]);
  }
  for (const h of new Set([...Object.keys(ours.hexes), ...Object.keys(ref.hexes)])) cmp(h, ours.hexes[h], ref.hexes[h]);
  cmp('bridges', ours.bridges, ref.bridges);
  cmp('round', ours.round, ref.round);
  cmp('finished', ours.finished, ref.finished);
  return out;
}

/** JSON with object keys sorted, so that two engines' key orders do not matter. */
function canonical(v: unknown): string {
  return JSON.stringify(v, (_, x: unknown) =>
    x && typeof x === 'object' && !Array.isArray(x)
      ? Object.fromEntries(Object.entries(x as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : x,
  );
}
