import type { Ctx } from './context.ts';
import { dataOf, makeCtx } from './context.ts';
import type { Command } from './commands.ts';
import type { FactionId, FactionState, GameState, HexId } from './types.ts';
import { apply } from './apply.ts';
import { CULTS } from './data/resources.ts';
import { FACTION_ACTIONS, isBonusTile, isFavorTile, isTownTile } from './data/tiles.ts';
import { TERRAIN_WHEEL } from './data/terrain.ts';
import { FACTIONS } from './data/factions/index.ts';
import { counter } from './rules/resources.ts';
import { detectIncompleteTurn } from './flow.ts';
import { checkReachable, spadesNeeded } from './rules/reach.ts';
import { actionDef, actionSpace } from './rules/special-actions.ts';

export type MoveKind =
  | 'leech'
  | 'decline'
  | 'build'
  | 'upgrade'
  | 'transform'
  | 'send'
  | 'advance'
  | 'action'
  | 'bridge'
  | 'connect'
  | 'convert'
  | 'burn'
  | 'favor'
  | 'town'
  | 'cult'
  /** Giving up an entitlement the faction cannot or will not use: "-SPADE", "-FREE_D", ... */
  | 'discard'
  | 'pass'
  | 'pick-faction';

/** A legal move: one command or a short sequence that only makes sense together (dig + build). */
export interface LegalMove {
  readonly kind: MoveKind;
  readonly commands: readonly Command[];
}

/**
 * Who the game waits for: the faction to move, anyone who owes a power decision, a tile choice or
 * spades from cult income. Empty once the game is over or while factions are being chosen.
 */
export function whoMustAct(state: GameState): FactionId[] {
  const out: FactionId[] = [];
  const add = (f: FactionId) => {
    if (!out.includes(f)) out.push(f);
  };
  if (state.finished || state.phase === 'select-factions') return out;
  // An offer with no power left to take is still a decision: snellman waits for it before the round ends.
  for (const p of state.pending) {
    if ('faction' in p && p.type !== 'convert') add(p.faction);
  }
  const active = state.active ? state.factions[state.active] : undefined;
  if (active && !active.dropped && !active.passed) add(active.name);
  return out;
}

/** The seat whose player picks a faction next, or null when all have. */
export function nextFactionPick(state: GameState): number | null {
  return state.phase === 'select-factions' ? state.factionOrder.length : null;
}

export function availableFactions(state: GameState): FactionId[] {
  const taken = new Set(Object.values(state.factions).map((f) => f!.color));
  return (Object.keys(FACTIONS) as FactionId[]).filter((id) => !state.factions[id] && !taken.has(FACTIONS[id].color));
}

/** True when the faction has used its action and owes nothing: its turn can be handed on. */
export function turnComplete(state: GameState, faction: FactionId): boolean {
  const f = state.factions[faction];
  if (!f || state.active !== faction) return false;
  if (f.allowedActions > 0) return false;
  const draft = structuredClone(state);
  return !detectIncompleteTurn(makeCtx(draft), draft.factions[faction]!);
}

function legal(state: GameState, faction: FactionId, commands: Command[]): boolean {
  return apply(state, faction, commands).ok;
}

/** One-shot entitlements a faction may give up instead of using (the reference engine allows it too). */
const DISCARDABLE = [
  'SPADE',
  'FREE_TF',
  'FREE_TP',
  'FREE_D',
  'BRIDGE',
  'CULT',
  'GAIN_FAVOR',
  'GAIN_TW',
  'CONVERT_W_TO_P',
] as const;

/** Candidate moves, before the engine checks each one. */
function candidates(ctx: Ctx, f: FactionState): LegalMove[] {
  const s = ctx.s;
  const out: LegalMove[] = [];
  const push = (kind: MoveKind, ...commands: Command[]) => out.push({ kind, commands });

  for (const p of s.pending) {
    if (p.type !== 'leech' || p.faction !== f.name) continue;
    push('leech', { type: 'leech', amount: p.amount, from: p.from });
    push('decline', { type: 'decline', amount: p.amount, from: p.from });
  }
  if (counter(f, 'GAIN_FAVOR')) {
    for (const t of Object.keys(s.pool))
      if (isFavorTile(t) && s.pool[t]! > 0 && !f.tiles[t]) push('favor', { type: 'adjust', resource: t, delta: 1 });
  }
  if (counter(f, 'GAIN_TW')) {
    for (const t of Object.keys(s.pool))
      if (isTownTile(t) && s.pool[t]! > 0) push('town', { type: 'adjust', resource: t, delta: 1 });
  }
  if (counter(f, 'CULT')) {
    const n = counter(f, 'CULTS_ON_SAME_TRACK') ? counter(f, 'CULT') : 1;
    for (const c of CULTS) push('cult', { type: 'adjust', resource: c, delta: n });
  }
  for (const c of DISCARDABLE) {
    for (let n = 1; n <= counter(f, c); n++) push('discard', { type: 'adjust', resource: c, delta: -n });
  }
  const emptyLand = Object.entries(s.hexes)
    .filter(([, h]) => h.terrain !== null && !h.building)
    .map(([id]) => id);

  if (s.phase === 'initial-dwellings') {
    for (const h of emptyLand) if (s.hexes[h]!.terrain === f.color) push('build', { type: 'build', hex: h });
    return out;
  }
  if (s.phase === 'initial-bonus') {
    for (const t of Object.keys(s.pool)) if (isBonusTile(t) && s.pool[t]! > 0) push('pass', { type: 'pass', bonus: t });
    return out;
  }

  const reachable = (h: HexId) => {
    try {
      checkReachable(ctx, f, h);
      return true;
    } catch {
      return false;
    }
  };
  const spadeTargets = emptyLand.filter((h) => s.hexes[h]!.terrain !== f.color && reachable(h));
  const homeTargets = emptyLand.filter((h) => s.hexes[h]!.terrain === f.color && reachable(h));
  const spades = counter(f, 'SPADE');

  // Spades in hand (cult income, an action just taken): transform, then maybe build.
  if (spades > 0 || counter(f, 'FREE_TF')) {
    for (const h of spadeTargets) {
      push('transform', { type: 'transform', hex: h, to: f.color });
      push('build', { type: 'transform', hex: h, to: f.color }, { type: 'build', hex: h });
      if (spades > 0) {
        for (const to of TERRAIN_WHEEL) {
          if (to !== f.color && to !== s.hexes[h]!.terrain && spadesNeeded(f, s.hexes[h]!.terrain!, to) <= spades) {
            push('transform', { type: 'transform', hex: h, to });
          }
        }
      }
    }
  }
  if (counter(f, 'FREE_D'))
    for (const h of emptyLand) if (s.hexes[h]!.terrain === f.color) push('build', { type: 'build', hex: h });
  if (counter(f, 'BRIDGE')) pushBridges(ctx, f, (from, to) => push('bridge', { type: 'bridge', from, to }));

  if (s.active !== f.name) return out;

  const canAct = f.allowedActions > 0 || Object.values(f.allowedSubActions).some((n) => n! > 0);
  if (canAct) {
    for (const h of homeTargets) push('build', { type: 'build', hex: h });
    if (dataOf(f).dig.spadeCost[f.dig]) {
      for (const h of spadeTargets) {
        const need = Math.max(1, spadesNeeded(f, s.hexes[h]!.terrain!, f.color) - spades);
        push(
          'build',
          { type: 'dig', amount: need },
          { type: 'transform', hex: h, to: f.color },
          { type: 'build', hex: h },
        );
        push('transform', { type: 'dig', amount: need }, { type: 'transform', hex: h, to: f.color });
      }
    }
    for (const h of f.locations) {
      const b = s.hexes[h]!.building;
      if (b === 'D') push('upgrade', { type: 'upgrade', hex: h, to: 'TP' });
      if (b === 'TP') {
        push('upgrade', { type: 'upgrade', hex: h, to: 'TE' });
        push('upgrade', { type: 'upgrade', hex: h, to: 'SH' });
      }
      if (b === 'TE') push('upgrade', { type: 'upgrade', hex: h, to: 'SA' });
    }
    for (const c of CULTS) {
      push('send', { type: 'send', cult: c });
      if (s.cultSlots[c].some((x) => !x)) push('send', { type: 'send', cult: c, amount: 1 });
    }
    push('advance', { type: 'advance', track: 'ship' });
    push('advance', { type: 'advance', track: 'dig' });
    for (const t of Object.keys(s.pool)) if (isBonusTile(t) && s.pool[t]! > 0) push('pass', { type: 'pass', bonus: t });
    if (s.round === 6) push('pass', { type: 'pass' });
    pushActions(ctx, f, spadeTargets, push);
  }
  pushConversions(f, push);
  if (f.name === 'mermaids') {
    for (const r of ctx.map.riverIds) push('connect', { type: 'connect', hexes: [r] });
  }
  return out;
}

function pushBridges(ctx: Ctx, f: FactionState, add: (from: HexId, to: HexId) => void): void {
  for (const from of f.locations) {
    for (const to of ctx.map.bridgeable.get(from) ?? []) add(from, to);
  }
}

function pushActions(
  ctx: Ctx,
  f: FactionState,
  spadeTargets: HexId[],
  push: (kind: MoveKind, ...c: Command[]) => void,
): void {
  const s = ctx.s;
  const ids = [
    'ACT1',
    'ACT2',
    'ACT3',
    'ACT4',
    'ACT5',
    'ACT6',
    ...Object.keys(f.tiles).filter((t) => actionDef(t) && (t in FACTION_ACTIONS || isBonusTile(t) || isFavorTile(t))),
  ];
  for (const id of ids) {
    if (s.usedActions.includes(actionSpace(f, id))) continue;
    const def = actionDef(id)!;
    const act: Command = { type: 'action', action: id };
    const gain = def.gain as Record<string, number>;
    if (gain.SPADE || gain.FREE_TF) {
      for (const h of spadeTargets) {
        push('action', act, { type: 'transform', hex: h, to: f.color }, { type: 'build', hex: h });
        push('action', act, { type: 'transform', hex: h, to: f.color });
      }
    } else if (gain.BRIDGE) {
      pushBridges(ctx, f, (from, to) => push('action', act, { type: 'bridge', from, to }));
    } else if (gain.CULT) {
      for (const c of CULTS) push('action', act, { type: 'adjust', resource: c, delta: gain.CULT });
    } else if (gain.FREE_TP) {
      for (const h of f.locations)
        if (s.hexes[h]!.building === 'D') push('action', act, { type: 'upgrade', hex: h, to: 'TP' });
    } else if (gain.FREE_D) {
      for (const [h, st] of Object.entries(s.hexes))
        if (st.terrain === f.color && !st.building) push('action', act, { type: 'build', hex: h });
    } else {
      push('action', act);
    }
  }
}

function pushConversions(f: FactionState, push: (kind: MoveKind, ...c: Command[]) => void): void {
  const conv = (fromCount: number, from: 'PW' | 'W' | 'P' | 'C' | 'VP', toCount: number, to: 'C' | 'W' | 'P' | 'VP') =>
    push('convert', { type: 'convert', fromCount, from, toCount, to });
  conv(1, 'PW', 1, 'C');
  conv(3, 'PW', 1, 'W');
  conv(5, 'PW', 1, 'P');
  conv(1, 'P', 1, 'W');
  conv(1, 'P', 1, 'C');
  conv(1, 'W', 1, 'C');
  const rate = dataOf(f).exchange?.C?.VP;
  if (rate) conv(rate, 'C', 1, 'VP');
  if (dataOf(f).exchange?.VP?.C) conv(1, 'VP', 1, 'C');
  if (counter(f, 'CONVERT_W_TO_P')) for (let n = 1; n <= Math.min(3, f.W); n++) conv(n, 'W', n, 'P');
  for (let n = 1; n <= Math.floor(f.P2 / 2); n++) push('burn', { type: 'burn', amount: n });
}

/**
 * Every move the faction may make now, each checked by applying it to a copy of the state: the
 * single authority for autocomplete, buttons and validation hints.
 */
export function legalMoves(state: GameState, faction: FactionId): LegalMove[] {
  const f = state.factions[faction];
  if (!f || f.dropped || state.finished) return [];
  const ctx = makeCtx(state);
  return candidates(ctx, f).filter((m) => legal(state, faction, [...m.commands]));
}
