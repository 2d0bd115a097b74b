// How a self-play faction chooses its move: first a kind of move, weighted so that every kind happens
// often and games look like real ones (towns, strongholds, temples, not mostly passes), then a target
// of that kind at random.
import {
  apply,
  type Command,
  legalMoves,
  type FactionState,
  type GameState,
  mapOf,
  type LegalMove,
  type MoveKind,
  play,
} from '../engine/index.ts';
import { formatCommands } from '../notation/format.ts';
import { parseLine } from '../notation/parse.ts';

export type Random = () => number;

/** Weights of the kinds of main actions; decisions owed (tiles, cult steps) are always taken first. */
const ACTION_WEIGHTS: Partial<Record<MoveKind, number>> = {
  build: 10,
  upgrade: 9,
  transform: 3,
  send: 3,
  advance: 2,
  action: 4,
  special: 5,
  bridge: 2,
  connect: 6,
  // Offered only while a faction may still place its special landscape: taken often, so games show it.
  landscape: 8,
};

const UPGRADE_WEIGHTS: Record<'TP' | 'TE' | 'SH' | 'SA', number> = { TP: 2, TE: 2, SH: 3, SA: 1.5 };

/**
 * Obligations: the tile or cult steps a faction earned, the cult steps a volcano costs, the terrain a
 * riverwalkers' priest unlocks.
 */
const OWED: readonly MoveKind[] = ['favor', 'town', 'town-reward', 'cult', 'lose-cult', 'unlock'];

/** Whether a line's first command uses each held entitlement (anything else first may start a new turn). */
const USES = {
  FREE_TF: (c: Command) => c.type === 'transform',
  FREE_TP: (c: Command) => c.type === 'upgrade' && c.to === 'TP',
  FREE_D: (c: Command) => c.type === 'build',
  VOLCANO_TF: (c: Command) => c.type === 'transform' || c.type === 'build',
  // The shapeshifters' new colour comes in the same row as the action: the reference engine would
  // otherwise keep waiting for the pick after it is made, and the round would never end.
  PICK_COLOR: (c: Command) => c.type === 'pick-color',
} as const;

export interface TurnMemory {
  /** Main actions the faction took this round. */
  readonly actionsThisRound: number;
  /** Free actions (conversions, burns) taken in the current turn. */
  readonly freeThisTurn: number;
}

export function pick<T>(items: readonly T[], rand: Random): T {
  return items[Math.floor(rand() * items.length)]!;
}

function pickWeighted<T>(items: readonly (readonly [T, number])[], rand: Random): T {
  const total = items.reduce((a, [, w]) => a + w, 0);
  let r = rand() * total;
  for (const [item, w] of items) {
    r -= w;
    if (r < 0) return item;
  }
  return items[items.length - 1]![0];
}

/** The weight of passing grows with the actions taken this round: about six a round, as people play. */
function passWeight(memory: TurnMemory, state: GameState): number {
  const n = memory.actionsThisRound;
  return n < 4 ? 0.1 : (n - 3) * (state.round === 6 ? 4 : 2.5);
}

/** Chooses one of the legal moves of `f` (never an empty list). */
export function chooseMove(
  state: GameState,
  f: FactionState,
  moves: readonly LegalMove[],
  memory: TurnMemory,
  rand: Random,
): LegalMove {
  const byKind = new Map<MoveKind, LegalMove[]>();
  for (const m of moves) {
    const list = byKind.get(m.kind);
    if (list) list.push(m);
    else byKind.set(m.kind, [m]);
  }
  for (const kind of OWED) {
    const owed = byKind.get(kind);
    if (owed) return pick(owed, rand);
  }
  const token = byKind.get('token');
  if (token) {
    // The shapeshifters' token for 1 VP: mostly bought, sometimes declined.
    const decline = moves.filter((m) => m.commands.some((c) => c.type === 'adjust' && c.resource === 'GAIN_P3_FOR_VP'));
    return rand() < 0.75 || !decline.length ? pick(token, rand) : pick(decline, rand);
  }
  const offers = byKind.get('leech');
  if (offers || byKind.has('decline')) {
    // Power offers: mostly taken, sometimes refused (and refused when the VP are short).
    const take = offers && f.VP > 8 && rand() < 0.8;
    return pick(take ? offers : (byKind.get('decline') ?? offers!), rand);
  }
  // A free terraform, trading house or dwelling is used at once: the reference engine waits for it
  // for good once the turn has been looked at with it unused (a 'done', a new turn).
  const held = (Object.keys(USES) as (keyof typeof USES)[]).filter((c) => f.counters[c] > 0);
  if (held.length) {
    const use = moves.filter((m) => held.some((c) => USES[c](m.commands[0]!)));
    return pick(use.length ? use : moves.filter((m) => m.kind === 'discard'), rand);
  }
  // The big buildings come as soon as they can, half the time: a faction's game turns on them.
  for (const [to, chance] of [
    ['SH', 0.5],
    ['SA', 0.3],
  ] as const) {
    const big = (byKind.get('upgrade') ?? []).filter((m) =>
      m.commands.some((c) => c.type === 'upgrade' && c.to === to),
    );
    if (big.length && rand() < chance) return pick(big, rand);
  }
  const weights: [MoveKind, number][] = [];
  for (const kind of byKind.keys()) {
    let w = ACTION_WEIGHTS[kind] ?? 0;
    if (kind === 'pass') w = passWeight(memory, state);
    else if (kind === 'convert' || kind === 'burn') w = memory.freeThisTurn < 2 ? 0.6 : 0;
    else if (kind === 'discard') w = 0.2;
    else if (kind === 'done') w = memory.freeThisTurn < 2 ? 0.5 : 0;
    if (w > 0) weights.push([kind, w]);
  }
  const kind = weights.length ? pickWeighted(weights, rand) : moves[0]!.kind;
  return pickTarget(state, f.name, kind, byKind.get(kind)!, rand);
}

/**
 * The target within a kind: upgrades by building type first (so strongholds and sanctuaries come as
 * often as trading houses), conversions that feed the economy rather than selling it for VP before
 * the last round.
 */
function pickTarget(
  state: GameState,
  faction: FactionState['name'],
  kind: MoveKind,
  offered: readonly LegalMove[],
  rand: Random,
): LegalMove {
  // Spades dug beyond what the line uses must go on another hex this turn; a random player would
  // leave them, and the game would wait for them for good.
  const usesAllDug = (m: LegalMove) => {
    if (!m.commands.some((c) => c.type === 'dig')) return true;
    const r = apply(state, faction, m.commands);
    return r.ok && r.value.state.factions[faction]!.counters.SPADE === 0;
  };
  const safe = offered.filter(usesAllDug);
  const moves = safe.length ? safe : offered;
  // Builds and upgrades next to one's own buildings more often than not, as towns are made.
  const map = mapOf(state);
  const clustered = (m: LegalMove) => {
    const hex = m.commands.find((c) => c.type === 'build' || c.type === 'upgrade') as { hex: string } | undefined;
    const own = hex ? (map.adjacentList.get(hex.hex) ?? []).filter((h) => state.hexes[h]?.owner === faction).length : 0;
    return 1 + 4 * own;
  };
  if (kind === 'build' || kind === 'upgrade') {
    // A move that founds a town is taken most of the time.
    const before = state.factions[faction]!.counters.GAIN_TW;
    const towns = moves.filter((m) => {
      const r = apply(state, faction, m.commands);
      return r.ok && r.value.state.factions[faction]!.counters.GAIN_TW > before;
    });
    if (towns.length && rand() < 0.8) return pick(towns, rand);
  }
  if (kind === 'upgrade') {
    const to = (m: LegalMove) => m.commands.find((c) => c.type === 'upgrade')?.to ?? 'TP';
    const type = pickWeighted(
      [...new Set(moves.map(to))].map((t) => [t, UPGRADE_WEIGHTS[t]] as const),
      rand,
    );
    return pickWeighted(
      moves.filter((m) => to(m) === type).map((m) => [m, clustered(m)] as const),
      rand,
    );
  }
  if (kind === 'build') {
    return pickWeighted(
      moves.map((m) => [m, clustered(m)] as const),
      rand,
    );
  }
  if (kind === 'convert' && state.round < 6) {
    const feeding = moves.filter((m) =>
      m.commands.every((c) => c.type !== 'convert' || (c.to !== 'VP' && c.from !== 'VP')),
    );
    if (feeding.length) return pick(feeding, rand);
  }
  return pick(moves, rand);
}

/**
 * How a self-play faction writes its moves: `offers`, as legalMoves offers them (one offered line a row);
 * `free`, as players also type them (freeRows), so the differential asks the reference about rows no
 * button makes.
 */
export type PolicyMode = 'offers' | 'free';

const isFree = (c: Command) => c.type === 'burn' || c.type === 'convert';

/** A burn or conversion the faction may make in `state`, if any (no selling for VP before the last round). */
function freeLine(state: GameState, faction: FactionState['name'], rand: Random): readonly Command[] | null {
  const free = legalMoves(state, faction).filter(
    (m) =>
      (m.kind === 'burn' || m.kind === 'convert') &&
      (state.round === 6 || m.commands.every((c) => !(c.type === 'convert' && c.to === 'VP'))),
  );
  return free.length ? pick(free, rand).commands : null;
}

/**
 * Whether the rows apply in turn, each a row of the faction's, both as a record reads them (the reference
 * closes the turn only when another faction's row comes) and as a live game plays them (`play` closes a
 * complete turn at once). A free action in a row after one whose close ended the round is a deliberate
 * difference (docs/engine.md: live, the income is paid and the turn is not handed on into the new round).
 */
function playable(state: GameState, faction: FactionState['name'], rows: readonly (readonly Command[])[]): boolean {
  for (const step of [apply, play]) {
    let s = state;
    for (const row of rows) {
      const r = step(s, faction, row);
      if (!r.ok) return false;
      s = r.value.state;
    }
  }
  return true;
}

/**
 * The free policy's rows for an offered move: free actions before or after it in its row or in a row of
 * their own, the row split in two, an open power offer answered in the same row, `done` after an action
 * whose follow-up is not taken. A variant the engine refuses falls back to the move as offered.
 */
export function freeRows(state: GameState, move: LegalMove, faction: FactionState['name'], rand: Random): Command[][] {
  const plain = [[...move.commands]];
  const cs = move.commands;
  if (cs.every(isFree) || rand() < 0.45) return plain;
  const after = apply(state, faction, cs);
  const later = after.ok ? freeLine(after.value.state, faction, rand) : null;
  const before = freeLine(state, faction, rand);
  const variants: Command[][][] = [];
  if (before) variants.push([[...before, ...cs]], [[...before], [...cs]]);
  if (later) variants.push([[...cs, ...later]], [[...cs], [...later]]);
  if (cs.length > 1) {
    const k = 1 + Math.floor(rand() * (cs.length - 1));
    variants.push([cs.slice(0, k), cs.slice(k)]);
  }
  const offer = state.pending.find((p) => p.type === 'leech' && p.faction === faction);
  if (offer?.type === 'leech') {
    const answer: Command =
      rand() < 0.5
        ? { type: 'leech', amount: offer.amount, from: offer.from }
        : { type: 'decline', amount: offer.amount, from: offer.from };
    variants.push([[answer, ...cs]]);
  }
  if (after.ok && Object.keys(after.value.state.factions[faction]!.allowedSubActions).length)
    variants.push([[...cs], [{ type: 'done' }]]);
  // Written as snellman reads a typed row (a power answer first, a conversion before a pass ...).
  const chosen = (variants.length ? pick(variants, rand) : plain).map(
    (row) => parseLine(formatCommands(row)) as Command[],
  );
  return playable(state, faction, chosen) ? chosen : plain;
}
