// One complete random game played with the engine's own legal moves: the self-play that the
// differential check against the reference engine and the properties rely on. Same seed, same game.
import {
  apply,
  auctionBidder,
  auctionChoices,
  availableFactions,
  endTurn,
  FACTIONS,
  type Command,
  type FactionId,
  type FactionState,
  type GameSetup,
  type GameState,
  legalMoves,
  type MoveKind,
  newGame,
  type OptionId,
  randomSetup,
  seededRandom,
  turnComplete,
  whoMustAct,
} from '../engine/index.ts';
import { formatCommands } from '../notation/format.ts';
import { chooseMove, freeRows, pick, type PolicyMode, type Random } from './policy.ts';

export interface SelfPlayOptions {
  readonly seed: string;
  readonly players: number;
  /** Factions in pick order; random (without terrain clashes) when left out, the auction's with it. */
  readonly factions?: readonly FactionId[];
  /** A faction that takes a seat (drawn from the seed) when the others are random. */
  readonly include?: FactionId;
  readonly options?: readonly OptionId[];
  /** snellman's map id; the original map when left out. */
  readonly map?: string;
  /** How moves are written: as legalMoves offers them (the default), or also as players type them. */
  readonly policy?: PolicyMode;
}

export interface SelfPlayRow {
  readonly faction: FactionId;
  /** The commands in snellman notation, as a player would type them. */
  readonly text: string;
  /** `wait`: a row that only closes the previous turn (see below). */
  readonly kind: MoveKind | 'wait';
}

export interface SelfPlayGame {
  readonly seed: string;
  readonly setup: GameSetup;
  readonly factions: readonly FactionId[];
  /** The faction auction's bids (`bid <faction> <vp>`), before the picks; none without the option. */
  readonly bids: readonly string[];
  /** What each faction chose right after its pick, before the next one (Fire & Ice colour picks), by pick order. */
  readonly afterPick: readonly (readonly SelfPlayRow[])[];
  readonly rows: readonly SelfPlayRow[];
  readonly state: GameState;
}

/** Kinds that do not use up the turn's action. */
const FREE: ReadonlySet<MoveKind> = new Set([
  'convert',
  'burn',
  'leech',
  'decline',
  'favor',
  'town',
  'town-reward',
  'cult',
  'lose-cult',
  'discard',
  'unlock',
  'token',
]);

/** A game never needs this many moves; more means the game cannot end. */
const MAX_STEPS = 20_000;

export function selfPlay(o: SelfPlayOptions): SelfPlayGame {
  if (o.players < 2 || o.players > 5) throw new Error('self-play: 2 to 5 players');
  const rand = seededRandom(`${o.seed}/play`);
  const setup = randomSetup(
    o.seed,
    Array.from({ length: o.players }, (_, i) => `seat${i + 1}`),
    o.options ?? [],
    o.map,
  );
  let state = newGame(setup);
  const bids: string[] = [];
  for (let guard = 0; auctionBidder(state) !== null; guard++) {
    if (guard > 1000) throw new Error(`self-play ${o.seed}: the auction did not end`);
    // A bid of a few VP at most, so auctions end; now and then the highest a faction allows.
    const choice = pick(auctionChoices(state), rand);
    const amount = rand() < 0.05 ? choice.max : Math.min(choice.max, choice.min + Math.floor(rand() * 3));
    const bid = { type: 'bid', faction: choice.faction, amount } as const;
    state = ok(apply(state, null, [bid]), formatCommands([bid]));
    bids.push(formatCommands([bid]));
  }
  const factions: FactionId[] = [];
  const afterPick: SelfPlayRow[][] = [];
  const includeAt = o.include ? Math.floor(rand() * o.players) : -1;
  for (let i = 0; i < o.players; i++) {
    // The others leave the included faction, and its terrain, free.
    const choices = availableFactions(state).filter(
      (f) => !o.include || FACTIONS[f].color !== FACTIONS[o.include].color,
    );
    const faction =
      state.auction?.lots[i]?.faction ?? o.factions?.[i] ?? (i === includeAt ? o.include! : pick(choices, rand));
    state = ok(apply(state, null, [{ type: 'pick-faction', faction }]), `setup ${faction}`);
    factions.push(faction);
    const owed: SelfPlayRow[] = [];
    while (state.phase === 'select-factions' && whoMustAct(state).includes(faction)) {
      // The favour tile before the colour: the reference ends the ledger row at the colour pick, so
      // a favour row left last would take the next faction's row into it.
      const moves = legalMoves(state, faction);
      const favor = moves.filter((m) => m.kind === 'favor');
      const move = pick(favor.length ? favor : moves.filter((m) => m.kind === 'pick-color'), rand);
      const commands = o.policy === 'free' ? setUpBurn(state, faction, move.commands, rand) : move.commands;
      const text = formatCommands(commands);
      state = ok(apply(state, faction, commands), `${faction}: ${text}`);
      owed.push({ faction, text, kind: move.kind });
    }
    afterPick.push(owed);
  }
  const rows: SelfPlayRow[] = [];
  const actions = new Map<FactionId, number>();
  let round = state.round;
  let free = 0;
  /** The faction whose turn endTurn closed: if it moves next, the log must show the close. */
  let closed: FactionId | null = null;
  for (let step = 0; !state.finished; step++) {
    if (step > MAX_STEPS)
      throw new Error(
        `self-play ${o.seed}: the game did not end: ${rows
          .slice(-8)
          .map((r) => `${r.faction}: ${r.text}`)
          .join(
            ' / ',
          )}; active ${state.active}, waiting ${whoMustAct(state).join()} ${JSON.stringify(state.pending)} ${state.phase} r${state.round} ${JSON.stringify(Object.values(state.factions).map((x) => [x!.name, x!.passed, x!.allowedActions, x!.counters]))}`,
      );
    if (state.round !== round) {
      round = state.round;
      actions.clear();
    }
    const typed = o.policy === 'free';
    if (typed && rand() < 0.08) {
      // Typed, not offered: a burn by anyone during the set-up; `done` by a faction that has acted, which
      // changes nothing but closes the turn of whoever moved last, as any row of another faction does.
      const extra = typedExtra(state, rand);
      if (extra) {
        const r = apply(state, extra.faction, [extra.command]);
        if (r.ok) {
          state = r.value.state;
          rows.push({
            faction: extra.faction,
            text: formatCommands([extra.command]),
            kind: extra.command.type === 'burn' ? 'burn' : 'done',
          });
          if (closed !== extra.faction) closed = null;
          continue;
        }
      }
    }
    const who = chooseFaction(state, rand, typed ? 0.35 : 0.7);
    // A turn whose close ends the round or the game is closed at once: a live game has moved on there and
    // refuses what the faction would still write (the reference ignores rows after the end, and takes a
    // conversion after the round's last turn, a deliberate difference in docs/engine.md).
    if (who === state.active && turnComplete(state, who) && (free >= 2 || rand() < 0.75 || closingEnds(state))) {
      state = ok(endTurn(state), 'end of turn');
      free = 0;
      closed = who;
      continue;
    }
    const moves = legalMoves(state, who);
    if (moves.length === 0) throw new Error(`self-play ${o.seed}: ${who} must act but has no legal move`);
    const f = state.factions[who]!;
    const move = chooseMove(state, f, moves, { actionsThisRound: actions.get(who) ?? 0, freeThisTurn: free }, rand);
    if (closed === who) {
      // The reference engine closes a turn when another faction's row comes: one that only waits.
      const other = factions.find((x) => x !== who)!;
      state = ok(apply(state, other, [{ type: 'wait' }]), `${other}: wait`);
      rows.push({ faction: other, text: 'wait', kind: 'wait' });
    }
    closed = null;
    const written = !typed
      ? [move.commands]
      : state.round === 0
        ? [setUpBurn(state, who, move.commands, rand)]
        : freeRows(state, move, who, rand);
    for (const row of written) {
      const text = formatCommands(row);
      state = ok(apply(state, who, row), `${who}: ${text}`);
      rows.push({ faction: who, text, kind: rowKind(row, move.kind) });
    }
    if (move.kind === 'convert' || move.kind === 'burn' || move.kind === 'done') free++;
    else if (!FREE.has(move.kind)) {
      actions.set(who, (actions.get(who) ?? 0) + 1);
      free = 0;
    }
  }
  return { seed: o.seed, setup, factions, bids, afterPick, rows, state };
}

/**
 * Decisions owed by others first, mostly; otherwise the faction whose turn it is. A faction holding a
 * free terraform, trading house or dwelling, or owing a volcano's cult steps, settles it before anyone
 * else moves: the reference engine would wait for it for good once another faction's row had come.
 */
function chooseFaction(state: GameState, rand: Random, othersFirst: number): FactionId {
  const waiting = whoMustAct(state);
  if (waiting.length === 0) throw new Error(`self-play: nobody to move in round ${state.round}`);
  const others = waiting.filter((f) => f !== state.active);
  const active = state.active !== null && waiting.includes(state.active) ? state.active : null;
  const holding = active && HELD.some((c) => state.factions[active]!.counters[c] > 0);
  if (active === null || (!holding && others.length > 0 && rand() < othersFirst))
    return pick(others.length ? others : waiting, rand);
  return active;
}

const HELD = ['FREE_TF', 'FREE_TP', 'FREE_D', 'LOSE_CULT', 'PICK_COLOR'] as const;

/** Whether closing the turn of whoever moved last ends the round or the game. */
function closingEnds(state: GameState): boolean {
  const closed = endTurn(state);
  return closed.ok && (closed.value.state.finished || closed.value.state.round !== state.round);
}

/** A row the free policy types that no list offers: `done` by a faction that is not moving (no effect). */
function typedExtra(state: GameState, rand: Random): { faction: FactionId; command: Command } | null {
  if (state.phase !== 'play') return null;
  // Not once closing the last turn ends the round or the game (see closingEnds).
  if (closingEnds(state)) return null;
  const idle = (Object.values(state.factions) as FactionState[]).filter(
    (f) => !f.dropped && f.allowedActions === 0 && f.name !== state.active,
  );
  return idle.length ? { faction: pick(idle, rand).name, command: { type: 'done' } } : null;
}

/**
 * Typed, not offered: a burn during the set-up, in the row of the faction's own set-up step (a dwelling,
 * a bonus card, a choice owed for its pick). In a row of its own the reference's ledger would write the
 * next faction's set-up step into it (it ends no row during the set-up unless a step does).
 */
function setUpBurn(state: GameState, faction: FactionId, commands: readonly Command[], rand: Random): Command[] {
  if (rand() >= 0.25 || state.factions[faction]!.P2 < 2) return [...commands];
  const burnt: Command[] = [{ type: 'burn', amount: 1 }, ...commands];
  return apply(state, faction, burnt).ok ? burnt : [...commands];
}

/** The kind of a row the free policy wrote around a move: its own free actions, a `done`, or the move's. */
function rowKind(row: readonly Command[], moveKind: MoveKind): MoveKind {
  if (row.every((c) => c.type === 'burn')) return 'burn';
  if (row.every((c) => c.type === 'burn' || c.type === 'convert')) return 'convert';
  return row.length === 1 && row[0]!.type === 'done' ? 'done' : moveKind;
}

function ok(r: ReturnType<typeof apply>, what: string): GameState {
  if (!r.ok) throw new Error(`self-play: '${what}' was refused: ${r.error.message}`);
  return r.value.state;
}
