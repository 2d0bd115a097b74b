// The move timer running out. The service acts by itself here (no caller, rows without a user): the bot
// only says what time it is, and the service checks the deadline has passed. By default the timer answers
// for each seat it ran out on as little as the rules allow, so the faction plays on and its player can come
// back: a turn is passed (with the first bonus card offered), an offer declined, a choice owed made with the
// first option, a set-up step taken with the first one offered. A game whose admin chose snellman's rule
// drops the faction instead.
import {
  type Command,
  type FactionId,
  type GameState,
  type LegalMove,
  legalMoves,
  waitReason,
} from '../engine/index.ts';
import { formatCommands } from '../notation/format.ts';
import { type Loaded, type Waiting, appendedTo, loadState, requireActive, waitingFor } from './access.ts';
import { type Announcement, effectsOf, stored } from './announcements.ts';
import { appendOrConfirm } from './append.ts';
import { afterAppend, evaluateForSeat, snapshotAfter } from './play.ts';
import { dropFaction } from './players.ts';
import type { GameRepo, NewMove } from './repo.ts';
import { type TimeoutAction, settingsOf } from './settings.ts';
import { isAiId } from './ai-ids.ts';
import { handOver } from './ai-seats.ts';
import { deadlineOf } from './timers.ts';
import { type GameView, newlyWaiting, viewOf } from './view.ts';
import { type TimerAnswer, timerAnswerOf } from './move-facts.ts';

/** What the timer did to one seat. */
export interface TimedOut {
  readonly faction: FactionId;
  readonly userId: string;
  readonly action: TimeoutAction;
  /** The line played for the seat (`drop-faction …` when dropped; the AI's id when handed to it). */
  readonly text: string;
}

/** The level of the AI a timed-out seat is handed to (the game's `ai` timeout). */
const TIMEOUT_AI_LEVEL = 'normal';

/** Kinds the timer prefers, in order: ending the turn or the round, refusing, then the choices owed. */
const PREFERRED: readonly LegalMove['kind'][] = ['pass', 'done', 'decline', 'discard'];

/** The commands the timer plays for a faction it ran out on: as little as the rules allow. */
function timerCommands(state: GameState, faction: FactionId): readonly Command[] {
  const reason = waitReason(state, faction);
  if (reason.kind === 'leech') {
    const offer = state.pending.find((p) => p.type === 'leech' && p.faction === faction);
    if (offer?.type === 'leech') return [{ type: 'decline', amount: offer.amount, from: offer.from }];
  }
  const moves = legalMoves(state, faction);
  const chosen = PREFERRED.map((kind) => moves.find((m) => m.kind === kind)).find(Boolean) ?? moves[0];
  if (!chosen) throw new Error(`the timer found no legal move for ${faction}`);
  return chosen.commands;
}

/** The line the timer plays for a faction it ran out on. */
export function timeoutLine(state: GameState, faction: FactionId): string {
  return formatCommands(timerCommands(state, faction));
}

/** What the timer's line for a faction does, for the words that warn of it. */
export function timeoutAnswer(state: GameState, faction: FactionId): TimerAnswer {
  return timerAnswerOf(timerCommands(state, faction));
}

/** Still waited for, as when the deadline passed? */
const stillWaited = (loaded: Loaded, seat: Waiting) =>
  waitingFor(loaded.game, loaded.state).some((w) => w.position === seat.position);

/** The timer's line for one seat, stored as a row without a user, with the rules' answers it triggers. */
async function playForSeat(repo: GameRepo, loaded: Loaded, seat: Waiting): Promise<{ loaded: Loaded; text: string }> {
  const { game, state } = loaded;
  const record = game.seats.find((s) => s.position === seat.position)!;
  const commands = timerCommands(state!, seat.faction);
  const outcome = evaluateForSeat(loaded, record, formatCommands(commands));
  const rows: NewMove[] = [
    { seat: seat.position, userId: null, text: outcome.text },
    ...outcome.autoAnswers.map((a) => ({ seat: a.position, userId: null, text: a.text })),
  ];
  const announcement: Announcement = {
    kind: 'timedOut',
    userId: seat.userId,
    faction: seat.faction,
    text: outcome.text,
    answer: timerAnswerOf(commands),
    ...effectsOf(outcome.autoAnswers, outcome.changes),
    ping: newlyWaiting(loaded, { game, state: outcome.state }, null),
  };
  const appended = await appendOrConfirm(
    repo,
    game.id,
    game.version,
    rows,
    stored(announcement),
    snapshotAfter(game, outcome.state),
  );
  const { finished } = await afterAppend(repo, loaded, appended, outcome.state);
  return { loaded: appendedTo(loaded, appended, finished, outcome.state, announcement), text: outcome.text };
}

/**
 * The timer, for a game whose deadline is at or before `now`: each seat the game waited for then is
 * answered for (or dropped), one change each, until the game no longer waits for it. Nothing when the
 * deadline has not passed. Returns what was done and the game after it.
 */
export async function timeOut(
  repo: GameRepo,
  gameId: string,
  now: Date,
): Promise<{ done: TimedOut[]; view: GameView | null }> {
  let loaded = await loadState(repo, gameId);
  const deadline = loaded.game.status === 'active' ? deadlineOf(loaded.game, loaded.moves) : null;
  if (!deadline || deadline.getTime() > now.getTime() || !loaded.state || loaded.state.finished)
    return { done: [], view: null };
  requireActive(loaded.game);
  const action = settingsOf(loaded.game).timeoutAction;
  const done: TimedOut[] = [];
  for (const seat of waitingFor(loaded.game, loaded.state)) {
    // The AI answers for its own seats at once: the timer never acts for one.
    if (isAiId(seat.userId)) continue;
    if (action === 'ai') {
      if (!stillWaited(loaded, seat)) continue;
      const record = loaded.game.seats.find((s) => s.position === seat.position)!;
      loaded = await handOver(repo, loaded, record, TIMEOUT_AI_LEVEL, null);
      const ai = loaded.game.seats.find((s) => s.position === seat.position)!.userId;
      done.push({ faction: seat.faction, userId: seat.userId, action, text: ai });
      continue;
    }
    if (action === 'drop') {
      if (!stillWaited(loaded, seat)) continue;
      const text = formatCommands([{ type: 'drop-faction', faction: seat.faction }]);
      const record = loaded.game.seats.find((s) => s.position === seat.position)!;
      const change = await dropFaction(
        repo,
        loaded,
        loaded.game.version,
        record,
        { seat: null, userId: null, text },
        (faction, effects, ping) => ({ kind: 'dropped', userId: seat.userId, faction, by: null, ...effects, ping }),
      );
      loaded = change.view;
      done.push({ faction: seat.faction, userId: seat.userId, action, text });
      continue;
    }
    // A seat may owe several answers (an offer, then its turn): each is one change. The timer ran out on
    // one turn only: when the faction moves again straight after (its second starting dwelling in snake
    // order, a round it opens), that new turn has a timer of its own.
    let turnPlayed = false;
    for (let answers = 0; stillWaited(loaded, seat); answers++) {
      if (answers >= 8) throw new Error(`the timer could not end the wait of ${seat.faction} in game ${gameId}`);
      const turn = waitReason(loaded.state!, seat.faction).kind === 'move';
      if (turn && turnPlayed) break;
      turnPlayed ||= turn;
      const played = await playForSeat(repo, loaded, seat);
      loaded = played.loaded;
      done.push({ faction: seat.faction, userId: seat.userId, action, text: played.text });
    }
  }
  return { done, view: viewOf(loaded) };
}
