// Candidate rows for one position, from the whole player grammar of the reference's commands.pm: every
// command form with plausible arguments (the faction's own hexes and those around them, every cult, colour,
// tile, offer and amount), chains of two, the rows legalMoves offers with free actions before and after
// them, the real next row mutated (a number, a hex or the order changed, a command left out or added, the
// row split in two), and rows by another faction right after the mover's. The moderator's commands
// (income, start, delete, score_resources, option, player, map, final-scoring ...) are not a player's.
import { CULTS, type FactionId, type GameState, legalMoves, mapOf, whoMustAct } from '../../engine/index.ts';
import { formatCommands } from '../../notation/format.ts';
import type { Random } from '../../selfplay/policy.ts';

export interface Candidate {
  readonly faction: FactionId;
  /** One or more `faction: commands` rows, played one after the other. */
  readonly rows: readonly string[];
  /** The grammar form or the way it was made, for the report. */
  readonly form: string;
}

const COLORS = ['yellow', 'brown', 'black', 'blue', 'green', 'gray', 'red'] as const;
const UNITS = ['PW', 'P', 'W', 'C', 'VP'] as const;
const BUILDING_UPGRADES = ['TP', 'TE', 'SH', 'SA'] as const;
const FACTION_ACTIONS = ['ACTA', 'ACTC', 'ACTE', 'ACTG', 'ACTN', 'ACTS', 'ACTW', 'ACTH5', 'ACTH6'] as const;

function pick<T>(items: readonly T[], rand: Random): T {
  return items[Math.floor(rand() * items.length)]!;
}

function sample<T>(items: readonly T[], n: number, rand: Random): T[] {
  const pool = [...items];
  const out: T[] = [];
  while (out.length < n && pool.length) out.push(pool.splice(Math.floor(rand() * pool.length), 1)[0]!);
  return out;
}

/** The land around a faction's structures (two steps out), where its rows plausibly point. */
function nearbyHexes(state: GameState, faction: FactionId): string[] {
  const map = mapOf(state);
  const own = state.factions[faction]?.locations ?? [];
  const out = new Set<string>(own);
  let frontier = [...own];
  for (let step = 0; step < 2; step++) {
    const next: string[] = [];
    for (const h of frontier)
      for (const n of map.adjacentList.get(h) ?? [])
        if (!out.has(n) && map.hexes.get(n) && !/^r/.test(n)) {
          out.add(n);
          next.push(n);
        }
    frontier = next;
  }
  return [...out];
}

/** Single commands of every form, with plausible arguments for this faction here. */
function singles(state: GameState, faction: FactionId, rand: Random): { text: string; form: string }[] {
  const f = state.factions[faction]!;
  const map = mapOf(state);
  const out: { text: string; form: string }[] = [];
  const add = (form: string, text: string) => out.push({ form, text });
  const near = nearbyHexes(state, faction);
  const land = map.landIds.filter((h) => state.hexes[h]);
  const hexes = [...new Set([...sample(near, 6, rand), ...sample(land, 2, rand)])];
  for (const h of hexes) {
    add('build', `build ${h}`);
    add('transform', `transform ${h}`);
    add('transform', `transform ${h} to ${pick(COLORS, rand)}`);
    if (f.color) add('transform', `transform ${h} to ${f.color}`);
    if (state.options.includes('special-landscapes')) add('landscape', `landscape ${h}`);
  }
  for (const h of f.locations)
    for (const b of sample(BUILDING_UPGRADES, 2, rand)) add('upgrade', `upgrade ${h} to ${b}`);
  for (const n of [1, 2, 3]) {
    add('dig', `dig ${n}`);
    add('burn', `burn ${n}`);
  }
  for (const c of CULTS) {
    add('send', `send p to ${c}`);
    add('send', `send p to ${c} for ${pick([1, 2, 3], rand)}`);
    add('cult', `+${c}`);
    add('cult', `+${pick([2, 3], rand)}${c}`);
    add('cult', `-${pick([1, 2, 3], rand)}${c}`);
  }
  for (const from of UNITS)
    for (const to of UNITS) {
      if (from === to) continue;
      const n = pick([1, 2, 3], rand);
      const rate = from === 'PW' ? (to === 'C' ? 1 : to === 'W' ? 3 : 5) : from === 'C' && to === 'VP' ? 3 : 1;
      add('convert', `convert ${n * rate}${from} to ${n}${to}`);
      if (rand() < 0.2) add('convert', `convert ${n * rate + 1}${from} to ${n}${to}`);
    }
  for (const p of state.pending) {
    if (p.type !== 'leech' || p.faction !== faction) continue;
    add('leech', `leech ${p.amount} from ${p.from}`);
    add('leech', `leech ${p.actual} from ${p.from}`);
    add('leech', `leech ${p.amount + 1} from ${p.from}`);
    add('leech', `leech ${p.amount}`);
    add('decline', `decline ${p.amount} from ${p.from}`);
  }
  add('leech', `leech 1 from ${pick(Object.keys(state.factions), rand)}`);
  add('decline', 'decline');
  for (const t of Object.keys(state.pool)) {
    if (/^BON\d+$/.test(t) && (state.pool[t] ?? 0) > 0) add('pass', `pass ${t}`);
    if (/^FAV\d+$/.test(t) && rand() < 0.5) add('favor', `+${t}`);
    if (/^TW\d+$/.test(t) && rand() < 0.5) add('town', `+${t}`);
  }
  add('pass', 'pass');
  for (const a of ['ACT1', 'ACT2', 'ACT3', 'ACT4', 'ACT5', 'ACT6', 'BON1', 'BON2', 'FAV6'])
    add('action', `action ${a}`);
  for (const a of FACTION_ACTIONS) if (f.tiles[a] || rand() < 0.1) add('action', `action ${a}`);
  add('advance', 'advance ship');
  add('advance', 'advance dig');
  for (const from of f.locations.slice(0, 6))
    for (const to of map.bridgeable.get(from) ?? []) {
      add('bridge', `bridge ${from}:${to}`);
      add('bridge', `bridge ${to}:${from}`);
    }
  for (const r of sample(
    map.riverIds.filter((r) => (map.adjacentList.get(r) ?? []).some((h) => f.locations.includes(h))),
    2,
    rand,
  ))
    add('connect', `connect ${r}`);
  // Giving up any entitlement the faction state counts, held or not.
  for (const [c, n] of Object.entries(f.counters)) if (n || rand() < 0.15) add('discard', `-${c}`);
  for (const r of ['C', 'W', 'P', 'VP', 'PW']) if (rand() < 0.1) add('resource', `${pick(['+', '-'], rand)}${r}`);
  for (const c of sample([...COLORS, 'ice', 'volcano'], 3, rand)) add('pick-color', `pick-color ${c}`);
  for (const c of sample([...COLORS, 'gain-priest'], 2, rand)) add('unlock-terrain', `unlock-terrain ${c}`);
  add('gain', 'gain P3 for VP');
  add('done', 'done');
  add('wait', 'wait');
  return out;
}

/** Changes a row a little: a number, a hex, the order, a command left out or one added. */
function mutations(text: string, hexes: readonly string[], rand: Random): { text: string; form: string }[] {
  const parts = text.split('.').map((p) => p.trim());
  const out: { text: string; form: string }[] = [];
  const join = (ps: string[]) => ps.filter(Boolean).join('. ');
  const num = text.match(/\d+/g) ?? [];
  if (num.length) {
    const n = pick(num, rand);
    for (const d of [-1, 1])
      out.push({ form: 'mutation:number', text: text.replace(n, String(Math.max(0, Number(n) + d))) });
  }
  const hex = text.match(/\b[A-J]\d+\b/g);
  if (hex && hexes.length) out.push({ form: 'mutation:hex', text: text.replace(pick(hex, rand), pick(hexes, rand)) });
  if (parts.length > 1) {
    const i = Math.floor(rand() * parts.length);
    out.push({ form: 'mutation:drop', text: join(parts.filter((_, j) => j !== i)) });
    out.push({ form: 'mutation:swap', text: join([...parts.slice(1), parts[0]!]) });
  }
  for (const extra of ['burn 1', 'convert 1W to 1C', 'convert 1PW to 1C', 'decline', 'done'])
    if (rand() < 0.5) {
      out.push({ form: 'mutation:add-before', text: join([extra, ...parts]) });
      out.push({ form: 'mutation:add-after', text: join([...parts, extra]) });
    }
  return out;
}

/**
 * Candidates for the position after `rows` (whose next real row, if any, is `next`): for the mover and
 * each faction the game waits for, and a few for a faction not asked.
 */
export function candidatesFor(state: GameState, next: string | null, rand: Random, budget: number): Candidate[] {
  const out: Candidate[] = [];
  const factions = Object.keys(state.factions) as FactionId[];
  if (!factions.length) return out;
  const waiting = whoMustAct(state);
  const movers = [...new Set([...(state.active ? [state.active] : []), ...waiting])];
  const others = factions.filter((f) => !movers.includes(f));
  const row = (f: FactionId, text: string) => `${f}: ${text}`;
  const push = (faction: FactionId, form: string, ...texts: string[]) =>
    out.push({ faction, form, rows: texts.map((t) => row(faction, t)) });

  for (const f of [...movers, ...others.slice(0, 1)]) {
    const one = singles(state, f, rand);
    const share = movers.includes(f) ? 1 : 0.25;
    for (const s of sample(one, Math.ceil(one.length * share * 0.6), rand)) push(f, s.form, s.text);
    for (let i = 0; i < 6 * share; i++) {
      const a = pick(one, rand);
      const b = pick(one, rand);
      push(f, 'chain', `${a.text}. ${b.text}`);
    }
    const offers = legalMoves(state, f).map((m) => formatCommands(m.commands));
    for (const m of sample(offers, 8, rand)) {
      push(f, 'offer', m);
      for (const free of ['burn 1', 'convert 1PW to 1C', 'convert 1W to 1C'])
        if (rand() < 0.3) {
          push(f, 'offer+free', `${free}. ${m}`);
          push(f, 'offer+free', `${m}. ${free}`);
          push(f, 'offer|free', m, free);
        }
      const other = pick(factions.filter((x) => x !== f).length ? factions.filter((x) => x !== f) : factions, rand);
      if (rand() < 0.3) out.push({ faction: f, form: 'offer|other', rows: [row(f, m), row(other, 'wait')] });
    }
  }
  if (next) {
    const m = next.match(/^(\w+):\s*(.*)$/);
    const f = m?.[1] as FactionId | undefined;
    if (f && state.factions[f]) {
      const text = m![2]!;
      push(f, 'next', text);
      for (const x of mutations(text, nearbyHexes(state, f), rand)) push(f, x.form, x.text);
      const parts = text.split('.').map((p) => p.trim());
      if (parts.length > 1) {
        const k = 1 + Math.floor(rand() * (parts.length - 1));
        push(f, 'next:split', parts.slice(0, k).join('. '), parts.slice(k).join('. '));
      }
    }
  }
  return sample(out, budget, rand);
}
