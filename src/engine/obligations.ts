// What a faction owes before its turn (or the round) can go on. Every one-shot entitlement is a counter
// (data/resources.ts COUNTERS); this file says, in one table keyed by the counter, which wait (`Pending`)
// a held counter records. A counter added to COUNTERS does not compile until it has its entry here.
import { cloneState } from './clone.ts';
import type { Ctx } from './context.ts';
import { hasOption, makeCtx } from './context.ts';
import type { Counter, FactionId, FactionState, GameState, Pending } from './types.ts';

export type PendingType = Pending['type'];

/** The waits a counter can record: those that name a faction and nothing else but an amount. */
type OwedWait = Exclude<PendingType, 'leech' | 'full' | 'gameover'>;

/** What holding a counter means for the turn. */
interface Obligation {
  /** The wait recorded while the counter is held. */
  readonly wait: OwedWait;
  /** The wait carries the counter's value (`amount`), or always 1. */
  readonly amount: 'counter' | 1;
  /** The turn cannot end while it is held (else only the round waits for it). */
  readonly blocksTurn: boolean;
  /** Paid before anything after it in the table is looked at: the waits after it are left as they are. */
  readonly first?: true;
  /**
   * When the wait goes once no counter of it is held: at once (`always`), in the rounds only (`in-play`:
   * during the set-up the phase machine owns those waits; they go together once the last of their counters
   * has been looked at, so a cult payment owed first leaves them), or never (the command that answers it does).
   */
  readonly clears: 'always' | 'in-play' | 'never';
  /** Owed only in games with this option (the Darklings' conversions under the strict rule). */
  readonly option?: 'strict-darkling-sh';
}

/**
 * Every counter: the obligation it records, or null for those that only change how a command goes. The
 * entries are looked at in this order; a `first` one held stops the look at those after it.
 */
const OBLIGATIONS: { readonly [C in Counter]: Obligation | null } = {
  SPADE: { wait: 'transform', amount: 'counter', blocksTurn: true, clears: 'in-play' },
  // A free terraform owes one transform, whatever spades are held besides.
  FREE_TF: { wait: 'transform', amount: 1, blocksTurn: true, clears: 'in-play' },
  VOLCANO_TF: { wait: 'transform', amount: 'counter', blocksTurn: true, clears: 'in-play' },
  LOSE_CULT: { wait: 'lose-cult', amount: 'counter', blocksTurn: true, first: true, clears: 'always' },
  FREE_TP: { wait: 'upgrade', amount: 1, blocksTurn: true, clears: 'in-play' },
  FREE_D: { wait: 'dwelling', amount: 1, blocksTurn: true, clears: 'in-play' },
  PICK_COLOR: { wait: 'pick-color', amount: 1, blocksTurn: true, clears: 'always' },
  // Cult steps are placed before the tiles they may bring are chosen.
  CULT: { wait: 'cult', amount: 'counter', blocksTurn: true, first: true, clears: 'never' },
  GAIN_FAVOR: { wait: 'favor', amount: 'counter', blocksTurn: true, clears: 'always' },
  GAIN_TW: { wait: 'town', amount: 'counter', blocksTurn: true, clears: 'always' },
  LANDSCAPE_TOWN: { wait: 'town-reward', amount: 'counter', blocksTurn: true, clears: 'always' },
  BRIDGE: { wait: 'bridge', amount: 1, blocksTurn: true, clears: 'always' },
  UNLOCK_TERRAIN: { wait: 'unlock-terrain', amount: 'counter', blocksTurn: true, clears: 'always' },
  // Asked, but the turn may end without an answer: only the round waits for it.
  GAIN_P3_FOR_VP: { wait: 'gain-token', amount: 'counter', blocksTurn: false, clears: 'always' },
  CONVERT_W_TO_P: {
    wait: 'convert',
    amount: 'counter',
    blocksTurn: true,
    clears: 'never',
    option: 'strict-darkling-sh',
  },
  CULTS_ON_SAME_TRACK: null,
  TF_NEED_HEX_ADJACENCY: null,
  TELEPORT_NO_TF: null,
  PRIEST_CULT_BONUS: null,
  LANDSCAPE: null,
  LANDSCAPE_SHIP: null,
  LANDSCAPE_DIG: null,
};

/** The counters that owe something, in the table's order: the order they are looked at. */
const OWED_ORDER: readonly Counter[] = (Object.keys(OBLIGATIONS) as Counter[]).filter((c) => OBLIGATIONS[c]);

/** The counters that record each wait (the transform is owed for spades, a free terraform or a volcano). */
const COUNTERS_OF = new Map<OwedWait, Counter[]>();
for (const c of OWED_ORDER) {
  const wait = OBLIGATIONS[c]!.wait;
  COUNTERS_OF.set(wait, [...(COUNTERS_OF.get(wait) ?? []), c]);
}
/** The waits cleared in the rounds only, and where in OWED_ORDER they are swept (after the last of them). */
const IN_PLAY_WAITS = [
  ...new Set(OWED_ORDER.filter((c) => OBLIGATIONS[c]!.clears === 'in-play').map((c) => OBLIGATIONS[c]!.wait)),
];
const IN_PLAY_SWEEP = Math.max(...OWED_ORDER.map((c, i) => (OBLIGATIONS[c]!.clears === 'in-play' ? i : -1)));

/** The waits a look at a faction that holds no owed counter may dismiss, in the set-up and in the rounds. */
const CLEARED_ALWAYS = new Set<PendingType>(
  OWED_ORDER.filter((c) => OBLIGATIONS[c]!.clears === 'always').map((c) => OBLIGATIONS[c]!.wait),
);
const CLEARED_IN_PLAY = new Set<PendingType>([...CLEARED_ALWAYS, ...IN_PLAY_WAITS]);

/**
 * Nothing for detectIncompleteTurn to record or dismiss: the faction holds no owed counter, and no wait of
 * its own that a look at it would dismiss. (The common case on every turn's close: a hot path.)
 */
function nothingOwed(ctx: Ctx, f: FactionState): boolean {
  for (let i = 0; i < OWED_ORDER.length; i++) if (f.counters[OWED_ORDER[i]!]) return false;
  const cleared = ctx.s.round > 0 ? CLEARED_IN_PLAY : CLEARED_ALWAYS;
  for (const p of ctx.s.pending) if ('faction' in p && p.faction === f.name && cleared.has(p.type)) return false;
  return true;
}

function heldNone(f: FactionState, wait: OwedWait): boolean {
  for (const c of COUNTERS_OF.get(wait)!) if (f.counters[c]) return false;
  return true;
}

export function requireAction(ctx: Ctx, p: Pending): void {
  if ('faction' in p && ctx.s.factions[p.faction]?.dropped) return;
  ctx.s.pending.push(p);
}

/** Records an obligation once: repeated checks of an unfinished turn must not stack copies. */
function requireOnce(ctx: Ctx, p: Pending & { faction: FactionId }): void {
  const existing = ctx.s.pending.find((x) => x.type === p.type && 'faction' in x && x.faction === p.faction);
  if (existing) {
    if ('amount' in existing && 'amount' in p && existing.type !== 'leech')
      (existing as { amount: number }).amount = p.amount;
    return;
  }
  requireAction(ctx, p);
}

export function dismissAction(ctx: Ctx, f: FactionState, type?: PendingType): void {
  // Called on every turn check; most calls have nothing to remove. (Loops, not closures: hot path.)
  const pending = ctx.s.pending;
  let any = false;
  for (const p of pending) if (pendingOf(p, f.name, type)) any = true;
  if (!any) return;
  const kept: Pending[] = [];
  for (const p of pending) if (!pendingOf(p, f.name, type)) kept.push(p);
  ctx.s.pending = kept;
}

function pendingOf(p: Pending, faction: FactionId, type: PendingType | undefined): boolean {
  return 'faction' in p && p.faction === faction && (type === undefined || p.type === type);
}

/** The waits that hold the phase machine: all but the optional conversions. */
export function pendingCount(ctx: Ctx): number {
  let n = 0;
  for (const p of ctx.s.pending) if (p.type !== 'convert') n++;
  return n;
}

/** The wait a held counter records, as a pending entry. */
function waitFor(f: FactionState, c: Counter, o: Obligation): Pending & { faction: FactionId } {
  const amount = o.amount === 'counter' ? f.counters[c] : 1;
  switch (o.wait) {
    case 'upgrade':
    case 'dwelling':
    case 'bridge':
    case 'pick-color':
    case 'bonus':
      return { type: o.wait, faction: f.name };
    case 'convert':
      return { type: o.wait, faction: f.name, amount, optional: true };
    case 'transform':
    case 'cult':
    case 'lose-cult':
    case 'favor':
    case 'town':
    case 'town-reward':
    case 'unlock-terrain':
    case 'gain-token':
      return { type: o.wait, faction: f.name, amount };
  }
}

/** Records the wait a counter the faction holds owes (income spades, cult steps, unlocks), unconditionally. */
export function requireOwed(ctx: Ctx, f: FactionState, c: Counter): void {
  const o = OBLIGATIONS[c];
  if (o && f.counters[c]) requireAction(ctx, waitFor(f, c, o));
}

/** Registers what the faction still owes before its turn can end; true if anything. */
export function detectIncompleteTurn(ctx: Ctx, f: FactionState): boolean {
  if (f.dropped || nothingOwed(ctx, f)) return false;
  let incomplete = false;
  for (let i = 0; i < OWED_ORDER.length; i++) {
    const c = OWED_ORDER[i]!;
    const o = OBLIGATIONS[c]!;
    if (f.counters[c] && (!o.option || hasOption(ctx, o.option))) {
      requireOnce(ctx, waitFor(f, c, o));
      if (o.first) return true;
      if (o.blocksTurn) incomplete = true;
    } else if (o.clears === 'always') dismissAction(ctx, f, o.wait);
    // Once used or given up, these are owed no more. (The reference engine keeps waiting for a free
    // building or a transform used, a game that cannot go on; nothing else differs.)
    if (i === IN_PLAY_SWEEP && ctx.s.round > 0)
      for (const wait of IN_PLAY_WAITS) if (heldNone(f, wait)) dismissAction(ctx, f, wait);
  }
  return incomplete;
}

/** True while the faction owes what its turn cannot end without (a bridge, a town tile, spades ...); changes nothing. */
export function owesBeforeTurnEnds(state: GameState, faction: FactionId): boolean {
  const draft = cloneState(state);
  return detectIncompleteTurn(makeCtx(draft), draft.factions[faction]!);
}

/**
 * What the faction owes now, as the waits the engine records for it (a tile, cult steps, a bridge, a colour
 * ...), including those its last command created and the engine records only when the turn would end;
 * changes nothing.
 */
export function owedBy(state: GameState, faction: FactionId): Pending[] {
  const draft = cloneState(state);
  const f = draft.factions[faction];
  if (!f) return [];
  detectIncompleteTurn(makeCtx(draft), f);
  return draft.pending.filter((p) => 'faction' in p && p.faction === faction);
}
