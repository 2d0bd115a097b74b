// A player's typed line: checked by the engine on a copy (preview), then appended to the log with
// the automatic leech answers it triggers (play), all in one versioned append.
import {
  type EngineNote,
  type FactionId,
  type FactionSnapshot,
  type GameState,
  type VpEvent,
  snapshotOf,
  whoMustAct,
} from '../engine/index.ts';
import { formatCommands } from '../notation/format.ts';
import { PARSE_MESSAGES, ParseError, parseLine } from '../notation/parse.ts';
import {
  type Caller,
  type Loaded,
  type Waiting,
  appendedTo,
  factionOfSeat,
  heldOrLoaded,
  requireActive,
  requireVersion,
  seatOf,
  waitingFor,
} from './access.ts';
import type { AiNote } from './ai-reasons.ts';
import { appendOrConfirm } from './append.ts';
import { type Announcement, effectsOf, stored } from './announcements.ts';
import { fail } from './errors.ts';
import { type AutoAnswer, settleLeeches } from './leech-rules.ts';
import { type AnyCommand, isAdminCommand, step } from './replay.ts';
import { resultOf } from './result.ts';
import { foundsTown } from './move-facts.ts';
import { withPicks } from './seats.ts';
import { toSnapshot } from './snapshot.ts';
import type { GameRecord, GameRepo, JsonValue, MoveRecord, NewMove, SeatRecord } from './repo.ts';
import { type GameView, newlyWaiting, viewOf } from './view.ts';

export interface FactionChange {
  readonly faction: FactionId;
  readonly before: FactionSnapshot;
  readonly after: FactionSnapshot;
}

export interface MoveOutcome {
  /** The game version the move was checked against: pass it to `play`. */
  readonly version: number;
  readonly faction: FactionId;
  /** The line as it is stored: canonical snellman text in execution order. */
  readonly text: string;
  readonly state: GameState;
  /** Every VP change with its source, the automatic answers' included. */
  readonly events: VpEvent[];
  /** Moderator rows (income, final scoring) the move caused. */
  readonly notes: EngineNote[];
  /** Factions whose numbers changed. */
  readonly changes: FactionChange[];
  readonly autoAnswers: AutoAnswer[];
  /** Power offers the move declined without a word: their holder acted instead of answering. */
  readonly declined: DeclinedOffer[];
  /** The round the move started, when it ended the previous one. */
  readonly newRound: number | null;
  /** The line took a town tile. */
  readonly townFounded: boolean;
  readonly waitingFor: Waiting[];
  readonly finished: boolean;
}

export interface Played extends MoveOutcome {
  /** The game's version after the move. */
  readonly newVersion: number;
  readonly moves: MoveRecord[];
  /** The game after the move, as stored: what the channel is to be shown. */
  readonly view: GameView;
}

function parse(text: string): AnyCommand[] {
  try {
    const commands = parseLine(text);
    if (commands.length === 0) fail('parse_error', { message: PARSE_MESSAGES.empty, parse: 'empty', text: '' });
    return commands;
  } catch (e) {
    if (e instanceof ParseError) fail('parse_error', { message: e.message, parse: e.code, text: e.text });
    throw e;
  }
}

export function changesBetween(before: GameState, after: GameState): FactionChange[] {
  const out: FactionChange[] = [];
  for (const [id, f] of Object.entries(after.factions)) {
    const old = before.factions[id as FactionId];
    if (!f || !old) continue;
    const a = snapshotOf(old);
    const b = snapshotOf(f);
    if (JSON.stringify(a) !== JSON.stringify(b)) out.push({ faction: f.name, before: a, after: b });
  }
  return out;
}

export interface DeclinedOffer {
  readonly faction: FactionId;
  readonly from: FactionId;
  readonly amount: number;
}

/**
 * Offers open before the move and gone after it that nobody answered: neither the mover's own leech or
 * decline, nor a seat's automatic answer. The rules drop an offer whose holder acts; the channel says so.
 */
function silentlyDeclined(
  before: GameState,
  after: GameState,
  mover: FactionId,
  commands: readonly AnyCommand[],
  answers: readonly AutoAnswer[],
): DeclinedOffer[] {
  const open = new Set(after.pending.flatMap((p) => (p.type === 'leech' ? [p.leechId] : [])));
  const moverAnswered = commands.some((c) => c.type === 'leech' || c.type === 'leech-coin' || c.type === 'decline');
  return before.pending.flatMap((p) =>
    p.type === 'leech' &&
    !open.has(p.leechId) &&
    !(p.faction === mover && moverAnswered) &&
    !answers.some((a) => a.faction === p.faction)
      ? [{ faction: p.faction, from: p.from, amount: p.actual }]
      : [],
  );
}

/** The caller's line applied to the current state, plus the automatic answers it triggers. */
export function evaluate(loaded: Loaded, caller: Caller, text: string): MoveOutcome {
  return evaluateForSeat(loaded, seatOf(caller, loaded.game), text);
}

/** A line for a seat (its player's, or the move timer's) applied to the current state, with the answers it triggers. */
export function evaluateForSeat(loaded: Loaded, seat: SeatRecord, text: string): MoveOutcome {
  const { game, state } = loaded;
  requireActive(game);
  if (!state) throw new Error(`active game ${game.id} without a state`);
  const faction = factionOfSeat(game, seat);
  if (!faction) return fail('no_faction_choice', {});
  if (state.finished) fail('game_over', {});
  const commands = parse(text);
  const admin = commands.find(isAdminCommand);
  if (admin) fail('admin_command', { command: formatCommands([admin]) });
  const waiting = whoMustAct(state);
  // An offer that would gain nothing does not hold the game up, but its owner may still answer it.
  const answersOffer =
    commands.every((c) => c.type === 'leech' || c.type === 'leech-coin' || c.type === 'decline') &&
    state.pending.some((p) => p.type === 'leech' && p.faction === faction);
  // What the game does not wait for, the engine allows or refuses: the rest of a turn it handed on (until
  // another faction moves), burning in the spade phase after the faction's last pass, anyone's burn
  // during the set-up.
  const waited = waiting.includes(faction) || answersOffer;
  const freeAction = commands.every((c) => c.type === 'burn' || c.type === 'convert');
  const turnGoesOn = state.handedOn?.from === faction;
  if (!waited && !freeAction && !turnGoesOn) fail('not_your_turn', { waitingFor: waiting.join(', ') });
  const r = step(state, faction, commands);
  // A faction not waited for that the engine does not take either: it is simply not its turn.
  if (!r.ok && !waited && !freeAction) fail('not_your_turn', { waitingFor: waiting.join(', ') });
  if (!r.ok) return fail('rule_error', { message: r.error.message, rule: r.error.code, ruleParams: r.error.params });
  const settled = settleLeeches(r.value.state, game.seats);
  return {
    version: game.version,
    faction,
    text: formatCommands(commands),
    state: settled.state,
    events: [...r.value.events, ...settled.events],
    notes: [...r.value.notes, ...settled.notes],
    changes: changesBetween(state, settled.state),
    autoAnswers: settled.answers,
    declined: silentlyDeclined(state, settled.state, faction, commands, settled.answers),
    newRound: settled.state.round > state.round ? settled.state.round : null,
    townFounded: foundsTown(commands),
    waitingFor: waitingFor(game, settled.state),
    finished: settled.state.finished,
  };
}

/** The game to move in: the view the caller holds (in its channel), else read from the store. */

export async function preview(
  repo: GameRepo,
  caller: Caller,
  game: string | GameView,
  text: string,
): Promise<MoveOutcome> {
  return evaluate(await heldOrLoaded(repo, caller, game), caller, text);
}

/** `note`: an AI seat's level and reasons, told with its move (the AI's calls only). */
export async function play(
  repo: GameRepo,
  caller: Caller,
  game: string | GameView,
  expectedVersion: number,
  text: string,
  note?: AiNote,
): Promise<Played> {
  const loaded = await heldOrLoaded(repo, caller, game);
  requireVersion(loaded.game, expectedVersion);
  const outcome = evaluate(loaded, caller, text);
  const seat = seatOf(caller, loaded.game);
  const rows: NewMove[] = [
    { seat: seat.position, userId: caller.userId, text: outcome.text },
    ...outcome.autoAnswers.map((a) => ({ seat: a.position, userId: null, text: a.text })),
  ];
  const announcement: Announcement = {
    kind: 'moved',
    userId: caller.userId,
    faction: outcome.faction,
    text: outcome.text,
    townFounded: outcome.townFounded,
    ...effectsOf(outcome.autoAnswers, outcome.changes),
    ...(outcome.declined.length ? { declined: outcome.declined } : {}),
    ...(outcome.newRound === null ? {} : { newRound: outcome.newRound }),
    ...(note && caller.actor === 'ai' ? { ai: note } : {}),
    ping: newlyWaiting(loaded, { game: loaded.game, state: outcome.state }, caller.userId),
  };
  const appended = await appendOrConfirm(
    repo,
    loaded.game.id,
    expectedVersion,
    rows,
    stored(announcement),
    snapshotAfter(loaded.game, outcome.state),
  );
  const { version: newVersion, finished } = await afterAppend(repo, loaded, appended, outcome.state);
  const after = appendedTo(loaded, appended, finished, outcome.state, announcement);
  return { ...outcome, newVersion, moves: appended.moves, view: viewOf(after) };
}

const finishes = (game: GameRecord, state: GameState) => state.finished && game.status === 'active';

/**
 * The snapshot to store with an append that leads to `state`, in the same write; none when the append
 * finishes the game, whose state `afterAppend` caches once the game is marked finished (a new version).
 */
export function snapshotAfter(game: GameRecord, state: GameState): JsonValue | undefined {
  return finishes(game, state) ? undefined : toSnapshot(state);
}

/**
 * After an append that led to `state` (its snapshot stored with it, see `snapshotAfter`): marks the game
 * finished when it is, with its result, and caches the final state. The log is already safe; if this second
 * write loses a race, the next load replays and a later move cannot be made on a finished game anyway.
 * `before` is the game and log the append was made to. Returns the game's version after it, and the record
 * as marked finished when the move finished it.
 */
export async function afterAppend(
  repo: GameRepo,
  before: { readonly game: GameRecord; readonly moves: readonly MoveRecord[] },
  appended: { readonly version: number; readonly moves: readonly MoveRecord[] },
  state: GameState,
): Promise<{ version: number; finished: GameRecord | null }> {
  const { game } = before;
  if (!finishes(game, state)) return { version: appended.version, finished: null };
  const moves = [...before.moves, ...appended.moves];
  const result = resultOf(withPicks(game, moves), moves, state);
  const finished = await repo.updateGame(game.id, appended.version, { status: 'finished', result });
  await repo.saveSnapshot(game.id, finished.version, toSnapshot(state));
  return { version: finished.version, finished };
}
