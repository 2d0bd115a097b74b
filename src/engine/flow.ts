import type { Ctx } from './context.ts';
import { dataOf, factionOf, factionsInOrder, factionsInTurnOrder, ownTable } from './context.ts';
import { fail } from './errors.ts';
import type { FactionState, SubAction, TurnScratch } from './types.ts';
import { setCounter } from './rules/resources.ts';
import { detectIncompleteTurn, dismissAction, pendingCount, requireAction } from './obligations.ts';
import { declineAll } from './rules/leech.ts';
import { takeIncome } from './rules/income.ts';
import { finishGame } from './rules/final-scoring.ts';
import { assertNothingHeldForTheTurn } from './rules/held-entitlements.ts';

export function startFullMove(ctx: Ctx, f: FactionState): void {
  ctx.s.active = f.name;
  startTurnScratch(f);
  f.cultBlocked = {};
}

/** A new turn: one action, and nothing left of the last one. */
function startTurnScratch(f: FactionState): void {
  Object.assign(f, turnStart());
  // What a landscape allowed in its placing action is gone with it (SL-ALC-2, SL-CHA-1).
  setCounter(f, 'LANDSCAPE', 0);
  setCounter(f, 'LANDSCAPE_SHIP', 0);
  setCounter(f, 'LANDSCAPE_DIG', 0);
}

/** Every TurnScratch field as a turn starts: a field added there does not compile until it has its start here. */
function turnStart(): TurnScratch {
  return {
    allowedActions: 1,
    allowedSubActions: {},
    allowedBuildLocations: [],
    requireHomeTerrainTf: false,
    teleportTo: null,
    disableSpadeDecline: false,
    landscapeFresh: false,
  };
}

export function isActive(ctx: Ctx, f: FactionState): boolean {
  return ctx.s.active === f.name;
}

/**
 * A faction wants to do `type`. Either the current action allows it as a follow-up (building after
 * transforming), or it spends the faction's action for the turn. `followUp` is what may come next.
 */
export function requireSubaction(
  ctx: Ctx,
  f: FactionState,
  type: SubAction,
  followUp: Partial<Record<SubAction, number>>,
): void {
  if ((f.allowedSubActions[type] ?? 0) > 0) {
    f.allowedSubActions = positive(followUp);
  } else if (f.allowedActions > 0) {
    f.allowedActions--;
    f.allowedSubActions = positive(followUp);
    // Taking an action answers every open power offer with "no".
    declineAll(ctx, f);
  } else if (ctx.s.round === 0) {
    fail('noActionInSetup');
  } else {
    const unpassed = factionsInOrder(ctx).filter((x) => !x.passed && !x.dropped);
    if (unpassed.length === 1 && unpassed[0] === f) {
      assertNothingHeldForTheTurn(ctx, f);
      maybeAdvanceToNextPlayer(ctx, f);
      startFullMove(ctx, f);
      requireSubaction(ctx, f, type, followUp);
    } else {
      fail('actionTaken', { action: type });
    }
  }
}

/** Only what is still allowed: "build 0" and no build are the same, and must make the same state. */
function positive(followUp: Partial<Record<SubAction, number>>): Partial<Record<SubAction, number>> {
  const out: Partial<Record<SubAction, number>> = {};
  for (const k in followUp) if (followUp[k as SubAction]! > 0) out[k as SubAction] = followUp[k as SubAction];
  return out;
}

/** The first faction after `f` in seat order (`f` itself last) that has neither passed nor left. */
function nextFactionInTurn(ctx: Ctx, f: FactionState): FactionState | undefined {
  if (ctx.s.finished) return undefined;
  const order = ctx.s.factionOrder;
  const at = order.indexOf(f.name);
  for (let k = 1; k <= order.length; k++) {
    const x = ctx.s.factions[order[(at + k) % order.length]!]!;
    if (!x.passed && !x.dropped) return x;
  }
  return undefined;
}

/** Ends the faction's turn if it is complete, and hands the turn to the next faction. */
export function maybeAdvanceToNextPlayer(ctx: Ctx, f: FactionState): void {
  const incomplete = detectIncompleteTurn(ctx, f);
  if (ctx.s.round === 0) return;
  if (!incomplete && isActive(ctx, f) && f.allowedActions === 0) {
    dismissAction(ctx, f, 'full');
    const next = nextFactionInTurn(ctx, f);
    if (next) {
      requireAction(ctx, { type: 'full', faction: next.name });
      startFullMove(ctx, next);
      if (ctx.s.fullTurnPlayed) {
        ctx.s.fullTurnPlayed = false;
        ctx.s.turn++;
      }
      if (f.order >= next.order) ctx.s.fullTurnPlayed = true;
    }
  }
  if (ctx.s.nextFactionOrder) {
    ctx.s.factionOrder = ctx.s.nextFactionOrder;
    ctx.s.nextFactionOrder = null;
  }
}

/** Moves the game between phases once nothing blocks it any more. */
export function whatNext(ctx: Ctx): void {
  const s = ctx.s;
  if (s.phase === 'select-factions') {
    // Every player has a faction and nothing chosen at selection is owed: the factions that pick
    // their colour after selection do so now.
    if (s.factionOrder.length < s.playerCount || pendingCount(ctx) > 0) return;
    s.phase = 'post-setup';
    for (const f of factionsInOrder(ctx, true)) {
      if (dataOf(f).pickColor !== 'after-selection') continue;
      setCounter(f, 'PICK_COLOR', 1);
      detectIncompleteTurn(ctx, f);
    }
  }
  if (s.phase === 'post-setup') {
    if (pendingCount(ctx) > 0) return;
    s.phase = 'initial-dwellings';
  }
  if (s.phase === 'initial-dwellings') {
    const step = s.setupOrder[0];
    if (!step) return;
    if (step.step === 'bonus') {
      s.phase = 'initial-bonus';
    } else {
      s.pending = [{ type: 'dwelling', faction: step.faction }];
      factionOf(ctx, step.faction).allowedSubActions = { build: 1 };
      return;
    }
  }
  if (s.phase === 'initial-bonus') {
    const step = s.setupOrder[0];
    if (step) {
      s.pending = [{ type: 'bonus', faction: step.faction }];
      factionOf(ctx, step.faction).allowedSubActions = { pass: 1 };
      return;
    }
    s.pending = [];
    s.phase = 'income';
  }
  if (s.phase === 'income') {
    if (pendingCount(ctx) > 0) return;
    const mask = s.incomeState === 'cult' ? 1 : 14;
    if (!factionsInOrder(ctx).some((f) => f.incomeTaken & mask)) {
      for (const f of factionsInTurnOrder(ctx)) takeIncome(ctx, f, mask);
    }
    s.phase = 'use-income-spades';
  }
  if (s.phase === 'use-income-spades') {
    if (pendingCount(ctx) > 0) return;
    if (s.incomeState === 'cult') {
      s.incomeState = 'other';
      s.phase = 'income';
      whatNext(ctx);
      return;
    }
    s.phase = 'play';
    startRound(ctx);
  }
  if (s.phase === 'play') {
    if (pendingCount(ctx) > 0) return;
    if (s.factionOrder.some((id) => !(s.factions[id]!.passed || s.factions[id]!.dropped))) return;
    if (s.round === 6) {
      finishGame(ctx);
    } else {
      s.phase = 'income';
      s.incomeState = 'cult';
      whatNext(ctx);
    }
  }
}

function startRound(ctx: Ctx): void {
  const s = ctx.s;
  s.round++;
  s.turn = 1;
  for (const f of factionsInOrder(ctx)) {
    if (!(f.incomeTaken || f.dropped)) fail('incomeNotTaken', { round: s.round, faction: f.name });
    f.incomeTaken = 0;
    f.passed = false;
  }
  s.usedActions = [];
  for (const tile in s.pool) {
    if (tile.startsWith('BON') && s.pool[tile]! > 0) ownTable(ctx, 'bonusCoins')[tile] = (s.bonusCoins[tile] ?? 0) + 1;
  }
  const order = factionsInTurnOrder(ctx);
  order.forEach((f, i) => (f.order = i));
  const first = order.find((f) => !f.dropped);
  if (first) {
    requireAction(ctx, { type: 'full', faction: first.name });
    startFullMove(ctx, first);
    s.fullTurnPlayed = false;
  }
}
