import { cloneState } from './clone.ts';
import type { Ctx, EngineNote } from './context.ts';
import type { FactionSnapshot } from './snapshot.ts';
import { snapshotOf } from './snapshot.ts';
import { factionOf, makeCtx } from './context.ts';
import { RuleError, fail } from './errors.ts';
import type { AdminCommand, Command } from './commands.ts';
import type { FactionId, FactionState, GameState, VpEvent } from './types.ts';
import { detectIncompleteTurn, isActive, maybeAdvanceToNextPlayer, whatNext } from './flow.ts';
import { build, upgrade } from './rules/build.ts';
import { dig, transform } from './rules/terraform.ts';
import { sendPriest } from './rules/cult.ts';
import { burn, convert } from './rules/convert.ts';
import { acceptLeech, declineAll, declineLeech, takeOfferCoins } from './rules/leech.ts';
import { pass } from './rules/pass.ts';
import { takeAction } from './rules/special-actions.ts';
import { advanceTrack } from './rules/advance.ts';
import { connectRiverTown, placeBridge } from './rules/bridge.ts';
import { takeOrDrop } from './rules/take.ts';
import { dropFaction, pickFaction } from './rules/setup.ts';
import { bid } from './rules/auction.ts';
import { pickColor } from './rules/colors.ts';
import { unlockTerrain } from './rules/unlock-terrain.ts';
import { buyToken } from './rules/buy-token.ts';
import { placeLandscape } from './rules/landscape.ts';

export interface Applied {
  readonly state: GameState;
  /** Every VP change, tagged with its source. */
  readonly events: readonly VpEvent[];
  /** Rows the moderator writes by itself (income, cultists' rewards, final scoring). */
  readonly notes: readonly EngineNote[];
  /** The acting faction's numbers after its last command, before any phase change it caused. */
  readonly actorSnapshot: FactionSnapshot | null;
}

export type ApplyResult = { ok: true; value: Applied } | { ok: false; error: RuleError };

function assertActive(ctx: Ctx, f: FactionState): FactionState {
  if (f.dropped) fail('factionLeft', { faction: f.name });
  if (!isActive(ctx, f) && ctx.s.round > 0 && !ctx.s.finished) fail('notYourTurn');
  return f;
}

/** Closes the turn of whoever acted last when someone else now acts (what snellman does between rows). */
export function closeTurnOf(ctx: Ctx, next: FactionId | null): void {
  const last = ctx.s.lastActor;
  if (last && last !== next) {
    const f = ctx.s.factions[last];
    if (f) maybeAdvanceToNextPlayer(ctx, f);
    whatNext(ctx);
  }
  ctx.s.lastActor = next;
}

function run(ctx: Ctx, who: FactionId, c: Command): void {
  const f = factionOf(ctx, who);
  if (ctx.s.finished) fail('gameOver');
  // While factions are chosen, only what a faction owes for its pick (a colour, a favour tile).
  const choosing = ctx.s.phase === 'select-factions' || ctx.s.phase === 'post-setup';
  if (choosing && c.type !== 'pick-color' && c.type !== 'adjust') fail('factionsBeingChosen');
  closeTurnOf(ctx, who);
  switch (c.type) {
    case 'build':
      build(ctx, assertActive(ctx, f), c.hex);
      if (ctx.s.round === 0) maybeAdvanceToNextPlayer(ctx, f);
      break;
    case 'upgrade':
      upgrade(ctx, assertActive(ctx, f), c.hex, c.to);
      break;
    case 'transform':
      transform(ctx, f, c.hex, c.to);
      break;
    case 'dig':
      dig(ctx, assertActive(ctx, f), c.amount);
      break;
    case 'send':
      sendPriest(ctx, assertActive(ctx, f), c.cult, c.amount);
      break;
    case 'convert':
      convert(ctx, assertActive(ctx, f), c.fromCount, c.from, c.toCount, c.to);
      break;
    case 'burn':
      burn(ctx, assertActive(ctx, f), c.amount);
      break;
    case 'leech':
      acceptLeech(ctx, f, c.amount, c.from ?? null);
      maybeAdvanceToNextPlayer(ctx, f);
      break;
    case 'leech-coin':
      takeOfferCoins(ctx, f, c.from ?? null);
      maybeAdvanceToNextPlayer(ctx, f);
      break;
    case 'decline':
      if (c.amount === undefined || c.from === undefined) declineAll(ctx, f);
      else declineLeech(ctx, f, c.amount, c.from);
      maybeAdvanceToNextPlayer(ctx, f);
      break;
    case 'pass':
      pass(ctx, assertActive(ctx, f), c.bonus);
      maybeAdvanceToNextPlayer(ctx, f);
      break;
    case 'action':
      takeAction(ctx, assertActive(ctx, f), c.action);
      break;
    case 'advance':
      advanceTrack(ctx, f, c.track);
      break;
    case 'bridge':
      placeBridge(ctx, assertActive(ctx, f), c.from, c.to);
      break;
    case 'connect':
      connectRiverTown(ctx, assertActive(ctx, f), c.hexes);
      break;
    case 'unlock-terrain':
      unlockTerrain(ctx, f, c.terrain);
      break;
    case 'gain':
      buyToken(ctx, f);
      break;
    case 'adjust':
      if (ctx.s.round === 0 && /^BON\d+$/.test(c.resource)) {
        pass(ctx, f, c.resource);
        maybeAdvanceToNextPlayer(ctx, f);
      } else takeOrDrop(ctx, f, c.resource, c.delta);
      break;
    case 'pick-color':
      pickColor(ctx, f, c.color);
      // As after a pass: a colour pick ends the faction's turn.
      maybeAdvanceToNextPlayer(ctx, f);
      break;
    case 'landscape':
      placeLandscape(ctx, f, c.hex);
      break;
    case 'wait':
      break;
    case 'done':
      // Gives up what the action still allowed (a dwelling after a transform). As in the reference
      // engine the turn itself ends when another faction acts, or with endTurn. Only the faction
      // whose turn it is (the reference also lets others clear what their last turn left, to no effect).
      assertActive(ctx, f);
      if (f.allowedActions !== 0) fail('takeActionFirst');
      f.allowedSubActions = {};
      break;
  }
  // What the faction still owes for its pick, so that the next player picks once nothing is.
  if (choosing) detectIncompleteTurn(ctx, f);
  ctx.actorSnapshot = snapshotOf(f);
  whatNext(ctx);
}

function runAdmin(ctx: Ctx, c: AdminCommand): void {
  if (c.type === 'pick-faction') pickFaction(ctx, c.faction);
  else if (c.type === 'bid') bid(ctx, c.faction, c.amount);
  else {
    closeTurnOf(ctx, null);
    dropFaction(ctx, c.faction);
  }
  whatNext(ctx);
}

/**
 * Applies commands to a state in place, for replays that own their state. Throws RuleError on the
 * first illegal command; the state is then unusable.
 */
export function applyInPlace(
  state: GameState,
  who: FactionId | null,
  commands: readonly (Command | AdminCommand)[],
): Applied {
  const ctx = makeCtx(state);
  for (const c of commands) {
    if (c.type === 'pick-faction' || c.type === 'drop-faction' || c.type === 'bid') runAdmin(ctx, c);
    else if (who === null) fail('factionRequired');
    else run(ctx, who, c);
  }
  return { state, events: ctx.events, notes: ctx.notes, actorSnapshot: ctx.actorSnapshot };
}

/** The engine's contract: a new state and what happened, or a rule error; the input is never changed. */
export function apply(
  state: GameState,
  who: FactionId | null,
  commands: readonly (Command | AdminCommand)[],
): ApplyResult {
  const draft = cloneState(state);
  try {
    return { ok: true, value: applyInPlace(draft, who, commands) };
  } catch (e) {
    if (e instanceof RuleError) return { ok: false, error: e };
    throw e;
  }
}

/** Ends the faction's turn (the "done" a player gives after its last free action). */
export function endTurn(state: GameState): ApplyResult {
  const draft = cloneState(state);
  const ctx = makeCtx(draft);
  closeTurnOf(ctx, null);
  return { ok: true, value: { state: draft, events: ctx.events, notes: ctx.notes, actorSnapshot: null } };
}
