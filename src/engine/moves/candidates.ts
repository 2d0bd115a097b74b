import type { Ctx } from '../context.ts';
import { dataOf, isOccupied, makeCtx } from '../context.ts';
import type { Command, ConvertUnit } from '../commands.ts';
import type { ResourceName } from '../data/resource-names.ts';
import type { FactionId, FactionState, GameState, HexId } from '../types.ts';
import { BUILDING_COUNT, CULTS } from '../data/resources.ts';
import { TERRAIN_WHEEL } from '../data/terrain.ts';
import { PRIEST_SLOTS, isBonusTile, isFavorTile, isPowerAction, isTownTile } from '../data/tiles.ts';
import { counter } from '../rules/resources.ts';
import { exchangeRate } from '../rules/convert.ts';
import { actionCost, actionDef, actionSpace, reusesPowerActions } from '../rules/special-actions.ts';
import { reachableLand, spadesFor } from '../rules/reach.ts';
import { wheelHome } from '../rules/colors.ts';
import { buildsOn, lockedTerrains } from '../rules/unlock-terrain.ts';
import type { MoveKind } from './move-kind.ts';
import { spadeLines, type SpadeSource } from './spades.ts';
import { volcanoLines } from './volcano.ts';
import { placeableByTransform, placeableOnRiver } from '../rules/landscape.ts';
import { affordable } from './costs.ts';
import { owesBeforeTurnEnds } from '../obligations.ts';
import { landBridgeEnds } from '../rules/bridge.ts';

/** A legal move: one command or a short sequence that only makes sense together (dig + build). */
export interface LegalMove {
  readonly kind: MoveKind;
  readonly commands: readonly Command[];
}

/**
 * A candidate move; `exact` when the generator's own checks decide its legality, or, with a `gate`,
 * when the gate (a first step many candidates share, such as digging) applies.
 */
export interface Candidate extends LegalMove {
  readonly exact: boolean;
  readonly gate?: readonly Command[];
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
  'VOLCANO_TF',
  'GAIN_P3_FOR_VP',
] as const;

/** Counters that change how a dig, transform and build go; with any held, such lines are applied to check. */
const PLAIN_STATE = [
  'SPADE',
  'FREE_TF',
  'TF_NEED_HEX_ADJACENCY',
  'FREE_D',
  'TELEPORT_NO_TF',
  'VOLCANO_TF',
  'LOSE_CULT',
] as const;

const POWER_ACTIONS = ['ACT1', 'ACT2', 'ACT3', 'ACT4', 'ACT5', 'ACT6'] as const;

class Out {
  readonly list: Candidate[] = [];
  /** Checked later by applying a copy. */
  check(kind: MoveKind, ...commands: Command[]): void {
    this.list.push({ kind, commands, exact: false });
  }
  /** Legal exactly when `gate` applies. */
  gated(gate: readonly Command[], kind: MoveKind, ...commands: Command[]): void {
    this.list.push({ kind, commands, exact: true, gate });
  }
  /** Legal by the generator's own (exact) checks. */
  sure(kind: MoveKind, ...commands: Command[]): void {
    this.list.push({ kind, commands, exact: true });
  }
}

/** Every candidate move of a faction, in the position its commands are judged in. */
export function candidateMoves(s: GameState, id: FactionId): Candidate[] {
  const ctx = makeCtx(s);
  const f = s.factions[id]!;
  const out = new Out();
  pushDecisions(ctx, f, out);
  if (s.phase === 'initial-dwellings') {
    if (s.setupOrder[0]?.faction === id) {
      for (const h of ctx.map.landIds) {
        const st = s.hexes[h]!;
        if (st.terrain === wheelHome(f) && !st.building) out.check('build', { type: 'build', hex: h });
      }
    }
  } else if (s.phase === 'initial-bonus') {
    if (s.setupOrder[0]?.faction === id) pushPasses(s, out);
  } else {
    pushEntitlements(ctx, f, out);
    if (s.active === id || s.handedOn?.from === id) pushTurn(ctx, f, out);
  }
  pushFree(ctx, f, out);
  return out.list;
}

/** Power offers, tiles and cult steps owed, and entitlements that may be given up. */
function pushDecisions(ctx: Ctx, f: FactionState, out: Out): void {
  const s = ctx.s;
  let offers = 0;
  for (const p of s.pending) {
    if (p.type !== 'leech' || p.faction !== f.name) continue;
    offers++;
    out.check('leech', { type: 'leech', amount: p.amount, from: p.from });
    out.check('decline', { type: 'decline', amount: p.amount, from: p.from });
    if (p.coins) out.check('leech', { type: 'leech-coin', from: p.from });
  }
  if (offers > 1) out.check('decline', { type: 'decline' });
  // Ending the turn is offered only when the turn can end. With a bridge, a town or favour tile, spades
  // or a cult step still owed the reference engine accepts "done" and "decline" but keeps waiting (its
  // detect_incomplete_turn), and after "done" the bridge may no longer be placed, only given up: a trap.
  const canEnd = s.active === f.name && f.allowedActions === 0 && !owesBeforeTurnEnds(s, f.name);
  // With no offer open, "decline" is how a record ends the turn after the action (the reference
  // engine hands the turn on after any power decision).
  if (offers === 0 && canEnd) out.check('done', { type: 'decline' });
  // "done" gives up what the action still allowed.
  if (canEnd && Object.keys(f.allowedSubActions).length > 0) out.sure('done', { type: 'done' });
  if (counter(f, 'PICK_COLOR')) {
    for (const color of TERRAIN_WHEEL) out.check('pick-color', { type: 'pick-color', color });
  }
  if (counter(f, 'GAIN_FAVOR')) {
    for (const t in s.pool) if (isFavorTile(t) && s.pool[t]! > 0) out.check('favor', adjust(t, 1));
  }
  if (counter(f, 'GAIN_TW')) {
    for (const t in s.pool) if (isTownTile(t) && s.pool[t]! > 0) out.check('town', adjust(t, 1));
  }
  const choice = counter(f, 'LANDSCAPE_TOWN') ? dataOf(f).landscape?.townChoice : undefined;
  if (choice) {
    out.check('town-reward', adjust('VP', choice.vp));
    for (const c of CULTS) out.check('town-reward', adjust(c, choice.cultSteps));
  }
  const steps = counter(f, 'CULT');
  if (steps) {
    const least = counter(f, 'CULTS_ON_SAME_TRACK') ? steps : 1;
    for (const c of CULTS) for (let n = least; n <= steps; n++) out.check('cult', adjust(c, n));
  }
  const owed = counter(f, 'LOSE_CULT');
  if (owed) {
    for (const c of CULTS) if (f.cults[c] >= owed) out.sure('lose-cult', adjust(c, -owed));
  }
  if (counter(f, 'UNLOCK_TERRAIN')) {
    for (const t of lockedTerrains(f)) out.check('unlock', { type: 'unlock-terrain', terrain: t });
    out.sure('unlock', { type: 'unlock-terrain', terrain: 'gain-priest' });
  }
  if (counter(f, 'GAIN_P3_FOR_VP') && f.VP > 0) out.sure('token', { type: 'gain', to: 'P3', from: 'VP' });
  for (const c of DISCARDABLE) {
    for (let n = 1; n <= counter(f, c); n++) out.check('discard', adjust(c, -n));
  }
}

/** What the faction holds from an earlier command: spades, a free terraform, dwelling, trading house, bridge. */
function pushEntitlements(ctx: Ctx, f: FactionState, out: Out): void {
  const s = ctx.s;
  const hand = counter(f, 'SPADE');
  const free = counter(f, 'FREE_TF');
  if (hand || free) {
    const source: SpadeSource = { prefix: [], spades: hand, free: free > 0, kind: 'transform' };
    for (const line of spadeLines(ctx, f, source, reachableLand(ctx, f))) out.check(line.kind, ...line.commands);
  }
  if (counter(f, 'VOLCANO_TF')) {
    for (const line of volcanoLines(ctx, f, [], reachableLand(ctx, f))) out.check(line.kind, ...line.commands);
  }
  if (counter(f, 'FREE_D')) {
    for (const h of ctx.map.landIds) {
      const st = s.hexes[h]!;
      if (buildsOn(f, st.terrain) && !isOccupied(st)) out.check('build', { type: 'build', hex: h });
    }
  }
  if (counter(f, 'FREE_TP')) {
    for (const h of f.locations)
      if (s.hexes[h]!.building === 'D') out.check('upgrade', { type: 'upgrade', hex: h, to: 'TP' });
  }
  if (counter(f, 'BRIDGE')) pushBridges(ctx, f, [], 'bridge', out);
}

/** The active faction's action (and the follow-ups its action allows). */
function pushTurn(ctx: Ctx, f: FactionState, out: Out): void {
  const s = ctx.s;
  const reach = reachableLand(ctx, f);
  const hand = counter(f, 'SPADE') > 0 || counter(f, 'FREE_TF') > 0;
  for (const [h, r] of reach) {
    if (buildsOn(f, s.hexes[h]!.terrain) && affordable(f, dataOf(f).buildings.D.cost, r.cost))
      out.check('build', { type: 'build', hex: h });
  }
  if (dataOf(f).volcano) {
    // A volcano faction digs one free transform for each volcano (it never holds spades).
    if (!counter(f, 'VOLCANO_TF')) {
      const dig: Command = { type: 'dig', amount: 1 };
      const plain = plainState(f);
      for (const line of volcanoLines(ctx, f, [dig], reach)) {
        if (plain) out.gated([dig], line.kind, ...line.commands);
        else out.check(line.kind, ...line.commands);
      }
    }
  } else if (!hand && dataOf(f).dig.spadeCost[f.dig]) {
    const source: SpadeSource = { prefix: [], spades: 0, free: false, kind: 'transform' };
    // Lines that only dig, transform and build are legal exactly when digging is, given what
    // spadeLines checks (reach, costs together); odd states (a free dwelling held ...) are applied.
    const plain = plainState(f);
    for (const line of spadeLines(ctx, f, source, reach)) {
      const builds = line.commands.at(-1)!.type === 'build';
      if (plain && (!builds || f.buildings.D < BUILDING_COUNT.D))
        out.gated([line.commands[0]!], line.kind, ...line.commands);
      else out.check(line.kind, ...line.commands);
    }
  }
  const d = dataOf(f);
  for (const h of f.locations) {
    const b = s.hexes[h]!.building;
    const to =
      b === 'D' ? (['TP'] as const) : b === 'TP' ? (['TE', 'SH'] as const) : b === 'TE' ? (['SA'] as const) : [];
    for (const t of to) {
      // One left, and what it costs at least (a lone trading house costs more, a free one nothing).
      if (f.buildings[t] >= BUILDING_COUNT[t]) continue;
      if (!(t === 'TP' && counter(f, 'FREE_TP')) && !affordable(f, d.buildings[t].cost)) continue;
      out.check('upgrade', { type: 'upgrade', hex: h, to: t });
    }
  }
  if (f.P > 0) {
    for (const c of CULTS) {
      out.check('send', { type: 'send', cult: c });
      out.check('send', { type: 'send', cult: c, amount: 1 });
      const slots = s.cultSlots[c];
      // With the 3-step space free, the plain send takes it; a 2-step space must be asked for.
      if (!slots[0] && slots.some((x, i) => !x && PRIEST_SLOTS[i] === 2))
        out.check('send', { type: 'send', cult: c, amount: 2 });
    }
  }
  // With a landscape's advance owed, the advance is that one (offered below).
  if (f.ship < d.ship.max && d.ship.cost && affordable(f, d.ship.cost) && !counter(f, 'LANDSCAPE_SHIP'))
    out.check('advance', { type: 'advance', track: 'ship' });
  if (f.dig < d.dig.max && d.dig.cost && affordable(f, d.dig.cost) && !counter(f, 'LANDSCAPE_DIG'))
    out.check('advance', { type: 'advance', track: 'dig' });
  pushPasses(s, out);
  pushActions(ctx, f, reach, out);
  // A space turned into home terrain earlier in this action may still take the landscape (SL-G2).
  if (f.allowedActions === 0 && placeableByTransform(s, f)) {
    for (const h of f.allowedBuildLocations)
      if (!isOccupied(s.hexes[h]!)) out.check('landscape', { type: 'landscape', hex: h });
  }
  // The Chaos Portal after the stronghold (SL-CHA-1), and the advances a placement allows (SL-ALC-1).
  if (counter(f, 'LANDSCAPE')) {
    for (const h of ctx.map.landIds) {
      const st = s.hexes[h]!;
      if (st.terrain === f.color && !isOccupied(st)) out.check('landscape', { type: 'landscape', hex: h });
    }
  }
  // The Coral Reef, an action of its own on a river space next to a building (SL-MER-1).
  if (f.allowedActions > 0 && placeableOnRiver(s, f)) {
    for (const r of ctx.map.riverIds) {
      const own = ctx.map.adjacentList.get(r)!.some((h) => s.hexes[h]?.owner === f.name && s.hexes[h]!.building);
      if (own && !s.hexes[r]) out.check('landscape', { type: 'landscape', hex: r });
    }
  }
  if (counter(f, 'LANDSCAPE_SHIP')) out.check('advance', { type: 'advance', track: 'ship' });
  if (counter(f, 'LANDSCAPE_DIG')) out.check('advance', { type: 'advance', track: 'dig' });
  if (dataOf(f).joinsAcrossRiver) {
    for (const r of ctx.map.riverIds) {
      if (s.hexes[r]) continue; // the Coral Reef's space (SL-MER-4)
      const own = [...(ctx.map.adjacent.get(r) ?? [])].filter((h) => s.hexes[h]?.owner === f.name);
      if (own.length >= 2) out.check('connect', { type: 'connect', hexes: [r] });
    }
  }
}

/** No counter or restriction that changes how a dig, transform and build go. */
function plainState(f: FactionState): boolean {
  return (
    PLAIN_STATE.every((c) => counter(f, c) === 0) &&
    !f.requireHomeTerrainTf &&
    !f.passed &&
    f.allowedBuildLocations.length === 0
  );
}

function pushPasses(s: GameState, out: Out): void {
  // In the last round no bonus card is taken (one named is ignored).
  if (s.round === 6) {
    out.check('pass', { type: 'pass' });
    return;
  }
  // Which card is taken changes nothing about whether passing is allowed: one check for all.
  let first: Command | null = null;
  for (const t in s.pool) {
    if (!isBonusTile(t) || s.pool[t]! === 0) continue;
    const pass: Command = { type: 'pass', bonus: t };
    out.gated([(first ??= pass)], 'pass', pass);
  }
}

function pushBridges(ctx: Ctx, f: FactionState, prefix: Command[], kind: MoveKind, out: Out): void {
  const seen = new Set<string>();
  const push = (from: HexId, to: HexId) => {
    const key = from < to ? `${from}:${to}` : `${to}:${from}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.check(kind, ...prefix, { type: 'bridge', from, to });
  };
  for (const from of f.locations) for (const to of ctx.map.bridgeable.get(from) ?? []) push(from, to);
  // The Bridge Tower's land bridges (SL-ENG-1).
  for (const to of landBridgeEnds(ctx, f)) push(f.landscape!, to);
}

/** Power actions and the actions of held tiles, alone and with what they pay for. */
function pushActions(ctx: Ctx, f: FactionState, reach: ReturnType<typeof reachableLand>, out: Out): void {
  const s = ctx.s;
  const d = dataOf(f);
  const ids: string[] = [...POWER_ACTIONS];
  for (const t in f.tiles) if (!isPowerAction(t) && actionDef(t)) ids.push(t);
  for (const id of ids) {
    if (s.usedActions.includes(actionSpace(f, id)) && !(isPowerAction(id) && reusesPowerActions(f))) continue;
    if (dataOf(f).forbiddenActions?.includes(id)) continue;
    const def = actionDef(id)!;
    const cost = actionCost(f, id);
    if (cost.PW && f.P3 < cost.PW) continue;
    if (cost.PW_TOKEN && f.P1 + f.P2 + f.P3 < cost.PW_TOKEN) continue;
    if (!affordable(f, cost)) continue;
    const kind: MoveKind = isPowerAction(id) ? 'action' : 'special';
    const act: Command = { type: 'action', action: id };
    const gain = def.gain as Record<string, number>;
    // A colour-changing action comes only with its pick in the same row: alone, the pick would follow in a
    // later row, and the reference engine keeps waiting for it once another faction's row came between.
    if (!gain.PICK_COLOR) out.check(kind, act);
    // What such an action gives (a volcano faction's spades become cult steps or power) is placed later.
    if (d.actionsWithoutFollowUp?.includes(id)) continue;
    if (gain.SPADE || gain.FREE_TF) {
      const spades = gain.SPADE ?? 0;
      const source: SpadeSource = { prefix: [act], spades, free: !!gain.FREE_TF, kind };
      const plain = !gain.FREE_TF && plainState(f);
      const follow = def.followUp?.transform ?? 0;
      for (const line of spadeLines(ctx, f, source, reach)) {
        // After the action's spades, a line is legal exactly when the action (and digging after it)
        // is, unless spades are left over where they may not be (see transform and build).
        const dig = line.commands[1]!.type === 'dig' ? (line.commands[1] as { amount: number }).amount : 0;
        const tf = line.commands[dig ? 2 : 1] as Extract<Command, { type: 'transform' }>;
        const left = spades + dig - spadesFor(ctx, f, tf.hex, tf.to!);
        const builds = line.commands.at(-1)!.type === 'build';
        const fine =
          plain &&
          left >= 0 &&
          (builds ? left === 0 && f.buildings.D < BUILDING_COUNT.D : tf.to === f.color || left === 0 || follow >= 2);
        if (fine) out.gated(dig ? [act, { type: 'dig', amount: dig }] : [act], line.kind, ...line.commands);
        else out.check(line.kind, ...line.commands);
      }
    } else if (gain.BRIDGE) {
      pushBridges(ctx, f, [act], kind, out);
    } else if (gain.PICK_COLOR) {
      for (const color of TERRAIN_WHEEL) out.check('pick-color', act, { type: 'pick-color', color });
    } else if (gain.CULT) {
      for (const c of CULTS) out.check(kind, act, adjust(c, gain.CULT));
    } else if (gain.FREE_TP) {
      for (const h of f.locations)
        if (s.hexes[h]!.building === 'D') out.check(kind, act, { type: 'upgrade', hex: h, to: 'TP' });
    } else if (gain.FREE_D) {
      for (const h of ctx.map.landIds) {
        const st = s.hexes[h]!;
        if (buildsOn(f, st.terrain) && !isOccupied(st)) out.check(kind, act, { type: 'build', hex: h });
      }
    }
  }
}

/**
 * Conversions and burning power, checked here exactly: free actions of the faction whose turn it is (and
 * of the one whose complete turn was just handed on, handed-on.ts). Burning is also offered in the spade phase between
 * rounds, to the faction that acted last; during the set-up any faction may burn, which is accepted but
 * not offered (nothing spends power before the first round, where a burn may come as well).
 */
function pushFree(ctx: Ctx, f: FactionState, out: Out): void {
  const s = ctx.s;
  if ((s.active !== f.name && s.handedOn?.from !== f.name) || s.round === 0) return;
  for (let n = 1; 2 * n <= f.P2; n++) out.sure('burn', { type: 'burn', amount: n });
  if (s.phase !== 'play') return;
  const privilege = counter(f, 'CONVERT_W_TO_P') > 0;
  const have: Record<ConvertUnit, number> = { PW: f.P3, C: f.C, W: f.W, P: f.P, VP: f.VP };
  const units: ConvertUnit[] = ['PW', 'P', 'W', 'C', 'VP'];
  for (const from of units) {
    for (const to of units) {
      if (from === to) continue;
      const rate = privilege && from === 'W' && to === 'P' ? 1 : exchangeRate(f, from, to);
      if (!rate) continue;
      for (let n = 1; n * rate <= have[from] && (!privilege || n <= 3); n++)
        out.sure('convert', { type: 'convert', fromCount: n * rate, from, toCount: n, to });
    }
  }
}

function adjust(resource: ResourceName, delta: number): Command {
  return { type: 'adjust', resource, delta };
}
