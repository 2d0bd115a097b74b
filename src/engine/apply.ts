import { cloneState, keepOwned, ownedBy } from './clone.ts';
import type { Ctx, EngineNote } from './context.ts';
import type { FactionSnapshot } from './snapshot.ts';
import { snapshotOf } from './snapshot.ts';
import { factionOf, makeCtx } from './context.ts';
import { RuleError, fail } from './errors.ts';
import type { AdminCommand, Command } from './commands.ts';
import type { FactionId, FactionState, GameState, VpEvent } from './types.ts';
import { isActive, maybeAdvanceToNextPlayer, whatNext } from './flow.ts';
import { detectIncompleteTurn } from './obligations.ts';
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
import { assertNothingHeldForTheTurn } from './rules/held-entitlements.ts';
import { afterHandOver, beforeHandOver, forgetHandOver, stillInTurn, takeBackIfOwed } from './handed-on.ts';
import { isBonusTile } from './data/tiles.ts';

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

/** The faction whose turn it is, or whose handed-on turn goes on; anyone during the set-up. */
function assertActive(ctx: Ctx, f: FactionState): FactionState {
  if (f.dropped) fail('factionLeft', { faction: f.name });
  if (!isActive(ctx, f) && !stillInTurn(ctx.s, f) && ctx.s.round > 0 && !ctx.s.finished) fail('notYourTurn');
  return f;
}

/**
 * After a command that ends its row in the reference engine (a power answer, a pass, a colour pick, a
 * starting dwelling): the faction's turn is closed at once, and nothing more of it may come later.
 */
function endRow(ctx: Ctx, f: FactionState): void {
  maybeAdvanceToNextPlayer(ctx, f);
  forgetHandOver(ctx.s, null);
}

/** Closes the turn of whoever acted last when someone else now acts (what snellman does between rows). */
export function closeTurnOf(ctx: Ctx, next: FactionId | null): void {
  const last = ctx.s.lastActor;
  if (last && last !== next) {
    const f = ctx.s.factions[last];
    if (f) maybeAdvanceToNextPlayer(ctx, f);
    whatNext(ctx);
  }
  forgetHandOver(ctx.s, next);
  ctx.s.lastActor = next;
}

/** How the engine runs one kind of command. */
interface CommandRule<K extends Command['type']> {
  /**
   * Accepted while factions are chosen: what a faction owes for its pick (a colour, a favour tile), burning
   * power, which anyone may do during the set-up, and what changes nothing.
   */
  readonly whileChoosing?: true;
  readonly run: (ctx: Ctx, f: FactionState, c: Extract<Command, { type: K }>) => void;
}

/** A power answer ends its row, so it looks at the faction's own turn too. */
function answerOffer(ctx: Ctx, f: FactionState, answer: () => void): void {
  if (isActive(ctx, f)) assertNothingHeldForTheTurn(ctx, f);
  answer();
  endRow(ctx, f);
}

/** Every command, keyed by its type: a command added to the union does not compile until it has its rule. */
const COMMANDS: { readonly [K in Command['type']]: CommandRule<K> } = {
  build: {
    run: (ctx, f, c) => {
      build(ctx, assertActive(ctx, f), c.hex);
      if (ctx.s.round === 0) endRow(ctx, f);
    },
  },
  upgrade: { run: (ctx, f, c) => upgrade(ctx, assertActive(ctx, f), c.hex, c.to) },
  transform: { run: (ctx, f, c) => transform(ctx, f, c.hex, c.to) },
  dig: { run: (ctx, f, c) => dig(ctx, assertActive(ctx, f), c.amount) },
  send: { run: (ctx, f, c) => sendPriest(ctx, assertActive(ctx, f), c.cult, c.amount) },
  convert: { run: (ctx, f, c) => convert(ctx, assertActive(ctx, f), c.fromCount, c.from, c.toCount, c.to) },
  burn: { whileChoosing: true, run: (ctx, f, c) => burn(assertActive(ctx, f), c.amount) },
  leech: { run: (ctx, f, c) => answerOffer(ctx, f, () => acceptLeech(ctx, f, c.amount, c.from ?? null)) },
  'leech-coin': { run: (ctx, f, c) => answerOffer(ctx, f, () => takeOfferCoins(ctx, f, c.from ?? null)) },
  decline: {
    whileChoosing: true,
    run: (ctx, f, c) =>
      answerOffer(ctx, f, () => {
        if (c.amount === undefined || c.from === undefined) declineAll(ctx, f);
        else declineLeech(ctx, f, c.amount, c.from);
      }),
  },
  pass: {
    run: (ctx, f, c) => {
      pass(ctx, assertActive(ctx, f), c.bonus);
      endRow(ctx, f);
    },
  },
  action: { run: (ctx, f, c) => takeAction(ctx, assertActive(ctx, f), c.action) },
  advance: { run: (ctx, f, c) => advanceTrack(ctx, f, c.track) },
  bridge: { run: (ctx, f, c) => placeBridge(ctx, assertActive(ctx, f), c.from, c.to) },
  connect: { run: (ctx, f, c) => connectRiverTown(ctx, assertActive(ctx, f), c.hexes) },
  'unlock-terrain': { run: (ctx, f, c) => unlockTerrain(ctx, f, c.terrain) },
  gain: { run: (ctx, f) => buyToken(ctx, f) },
  adjust: {
    whileChoosing: true,
    run: (ctx, f, c) => {
      if (ctx.s.round === 0 && isBonusTile(c.resource)) {
        pass(ctx, f, c.resource);
        endRow(ctx, f);
      } else takeOrDrop(ctx, f, c.resource, c.delta);
    },
  },
  'pick-color': {
    whileChoosing: true,
    run: (ctx, f, c) => {
      pickColor(ctx, f, c.color);
      // As after a pass: a colour pick ends the faction's turn.
      endRow(ctx, f);
    },
  },
  landscape: { run: (ctx, f, c) => placeLandscape(ctx, f, c.hex) },
  wait: { whileChoosing: true, run: () => {} },
  done: {
    whileChoosing: true,
    // Gives up what the action still allowed (a dwelling after a transform). As in the reference
    // engine the turn itself ends when another faction acts, or with endTurn; a faction whose turn it
    // is not may say it too, clearing what its last turn left, to no effect.
    run: (ctx, f) => {
      if (f.dropped) fail('factionLeft', { faction: f.name });
      // The last faction in the round, its turn just handed to a new one of its own, still ends the old one.
      if (f.allowedActions !== 0 && !stillInTurn(ctx.s, f)) fail('takeActionFirst');
      f.allowedSubActions = {};
    },
  },
};

/** `snapshot`: the command is the last of its faction's in the list, whose numbers `actorSnapshot` keeps. */
function run(ctx: Ctx, who: FactionId, c: Command, snapshot: boolean): void {
  const f = factionOf(ctx, who);
  if (ctx.s.finished) fail('gameOver');
  const rule = COMMANDS[c.type] as CommandRule<Command['type']>;
  const choosing = ctx.s.phase === 'select-factions' || ctx.s.phase === 'post-setup';
  if (choosing && !rule.whileChoosing) fail('factionsBeingChosen');
  const last = ctx.s.lastActor !== null && ctx.s.lastActor !== who ? ctx.s.factions[ctx.s.lastActor] : undefined;
  if (last) assertNothingHeldForTheTurn(ctx, last);
  closeTurnOf(ctx, who);
  rule.run(ctx, f, c);
  // What the faction still owes for its pick, so that the next player picks once nothing is.
  if (choosing) detectIncompleteTurn(ctx, f);
  takeBackIfOwed(ctx, f);
  if (snapshot) ctx.actorSnapshot = snapshotOf(f);
  whatNext(ctx);
}

/** The commands that are no faction's move, keyed by their type. */
const ADMIN_COMMANDS: {
  readonly [K in AdminCommand['type']]: (ctx: Ctx, c: Extract<AdminCommand, { type: K }>) => void;
} = {
  'pick-faction': (ctx, c) => pickFaction(ctx, c.faction),
  bid: (ctx, c) => bid(ctx, c.faction, c.amount),
  'drop-faction': (ctx, c) => {
    closeTurnOf(ctx, null);
    dropFaction(ctx, c.faction);
  },
};

function isAdminCommand(c: Command | AdminCommand): c is AdminCommand {
  return Object.hasOwn(ADMIN_COMMANDS, c.type);
}

function runAdmin(ctx: Ctx, c: AdminCommand): void {
  (ADMIN_COMMANDS[c.type] as (ctx: Ctx, c: AdminCommand) => void)(ctx, c);
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
  // The parts an earlier call copied for this state are its own (until it is copied): a replay copies
  // each shared table or record once, not once a row.
  const ctx = makeCtx(state, ownedBy(state));
  const applied = runCommands(ctx, who, commands);
  if (ctx.owned) keepOwned(state, ctx.owned);
  return applied;
}

function runCommands(ctx: Ctx, who: FactionId | null, commands: readonly (Command | AdminCommand)[]): Applied {
  let last = commands.length - 1;
  while (last >= 0 && isAdminCommand(commands[last]!)) last--;
  for (let i = 0; i < commands.length; i++) {
    const c = commands[i]!;
    if (isAdminCommand(c)) runAdmin(ctx, c);
    else if (who === null) fail('factionRequired');
    else run(ctx, who, c, i === last);
  }
  return { state: ctx.s, events: ctx.events, notes: ctx.notes, actorSnapshot: ctx.actorSnapshot };
}

/** The engine's contract: a new state and what happened, or a rule error; the input is never changed. */
export function apply(
  state: GameState,
  who: FactionId | null,
  commands: readonly (Command | AdminCommand)[],
): ApplyResult {
  const draft = cloneState(state);
  try {
    return { ok: true, value: runCommands(makeCtx(draft), who, commands) };
  } catch (e) {
    if (e instanceof RuleError) return { ok: false, error: e };
    throw e;
  }
}

/** Ends the faction's turn (the "done" a player gives after its last free action). */
export function endTurn(state: GameState): ApplyResult {
  const draft = cloneState(state);
  const ctx = makeCtx(draft);
  const before = beforeHandOver(draft);
  closeTurnOf(ctx, null);
  afterHandOver(draft, before);
  return { ok: true, value: { state: draft, events: ctx.events, notes: ctx.notes, actorSnapshot: null } };
}
