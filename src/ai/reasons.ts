// The facts behind a chosen line, read off what it changed: VP by source, power offered to neighbours,
// tiles and cult steps taken, and the part of the position's value it raised most (its plan).
import {
  CULTS,
  type FactionId,
  type GameState,
  type LegalMove,
  SCORING_TILES,
  isBonusTile,
  isFavorTile,
  isTownTile,
} from '../engine/index.ts';
import { breakdown, type Breakdown, type EvalContext, type Part } from './evaluate.ts';
import type { Goal, Reason, VpSource } from './types.ts';

const GOALS: Partial<Record<Part, Goal>> = {
  income: 'income',
  cults: 'cult-majority',
  cultIncome: 'cult-income',
  network: 'network',
  finalTiles: 'final-tile',
  towns: 'town',
  expansion: 'expansion',
  neighbours: 'neighbours',
  actions: 'actions',
  favors: 'favor-tiles',
  pass: 'pass-vp',
  buildings: 'stronghold',
  digging: 'digging',
  roundTiles: 'round-tile',
};

function sourceOf(
  state: GameState,
  source: string,
  passing: boolean,
  ending: boolean,
): { source: VpSource; tile?: string } {
  const tile = state.round > 0 ? state.scoreTiles[state.round - 1] : undefined;
  if (tile && SCORING_TILES[tile].display === source) return { source: 'round-tile', tile };
  if (passing && (isBonusTile(source) || isFavorTile(source) || source === 'SH' || source === 'TE'))
    return { source: 'pass', tile: source };
  if (isFavorTile(source)) return { source: 'favor', tile: source };
  if (source === 'TW') return { source: 'town' };
  if (source.startsWith('advance')) return { source: 'advance' };
  if (source === 'leech') return { source: 'power-taken' };
  if (source === 'faction' || source === 'landscape') return { source: 'faction' };
  // The last pass of the game sets off the final scoring: its cult majorities, network, final tile and
  // resources are that scoring's VP, not the pass's own.
  return { source: ending ? 'final-scoring' : 'other' };
}

export interface LineFacts {
  readonly before: GameState;
  readonly after: GameState;
  readonly me: FactionId;
  readonly line: readonly LegalMove[];
  readonly events: readonly { readonly faction: FactionId; readonly delta: number; readonly source: string }[];
}

export function reasonsOf(facts: LineFacts, ctx: EvalContext): Reason[] {
  const { before, after, me, line } = facts;
  const out: Reason[] = [];
  const first = line[0];
  const action = line.find((m) => m.kind !== 'convert' && m.kind !== 'burn');
  if (first && (first.kind === 'convert' || first.kind === 'burn') && action) out.push({ kind: 'paying-for', action });
  for (const m of line) {
    for (const c of m.commands) {
      if (c.type === 'leech' && c.from) {
        const offer = before.pending.find((p) => p.type === 'leech' && p.faction === me && p.from === c.from);
        const power = offer && offer.type === 'leech' ? offer.actual : c.amount;
        out.push({ kind: 'power-taken', from: c.from, power, vp: Math.max(0, power - 1) });
      } else if (c.type === 'decline' && c.from) {
        out.push({ kind: 'power-declined', from: c.from, power: c.amount ?? 0 });
      }
    }
  }
  const passing = line.some((m) => m.kind === 'pass');
  const ending = !before.finished && after.finished;
  const vp = new Map<string, { source: VpSource; tile?: string; vp: number }>();
  for (const e of facts.events) {
    if (e.faction !== me || e.delta === 0 || e.source === 'leech') continue;
    const s = sourceOf(before, e.source, passing, ending);
    const key = `${s.source}/${s.tile ?? ''}`;
    const entry = vp.get(key) ?? { ...s, vp: 0 };
    entry.vp += e.delta;
    vp.set(key, entry);
  }
  for (const v of vp.values())
    if (v.vp) out.push({ kind: 'vp', source: v.source, vp: v.vp, ...(v.tile ? { tile: v.tile } : {}) });
  const f0 = before.factions[me]!;
  const f1 = after.factions[me]!;
  for (const tile in f1.tiles) {
    if ((f1.tiles[tile] ?? 0) <= (f0.tiles[tile] ?? 0)) continue;
    if (isFavorTile(tile)) out.push({ kind: 'favor-tile', tile });
    else if (isTownTile(tile)) out.push({ kind: 'town-tile', tile });
    else if (isBonusTile(tile)) out.push({ kind: 'bonus-card', tile });
  }
  if (Object.keys(f1.townTiles).length > Object.keys(f0.townTiles).length) out.push({ kind: 'town-founded' });
  for (const c of CULTS)
    if (f1.cults[c] > f0.cults[c]) out.push({ kind: 'cult-steps', cult: c, steps: f1.cults[c] - f0.cults[c] });
  const offered = new Map<FactionId, number>();
  for (const p of after.pending) {
    if (p.type !== 'leech' || p.from !== me || p.leechId <= before.leechCounter) continue;
    offered.set(p.faction, (offered.get(p.faction) ?? 0) + p.actual);
  }
  for (const [to, power] of offered) if (power > 0) out.push({ kind: 'power-offered', to, power });
  const goal = mainGoal(breakdown(before, ctx), breakdown(after, ctx), after.round === 6 && !!f1.passed);
  if (goal) out.push({ kind: 'plan', goal });
  return out;
}

/** The part of the value the line raised most, beyond its VP now and what it spent. */
function mainGoal(a: Breakdown, b: Breakdown, ending: boolean): Goal | null {
  if (ending) return 'end-game';
  let best: Goal | null = null;
  let gain = 0.5;
  for (const [part, goal] of Object.entries(GOALS) as [Part, Goal][]) {
    const d = b[part] - a[part];
    if (d > gain) {
      gain = d;
      best = goal;
    }
  }
  return best;
}
