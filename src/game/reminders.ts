// The reminder pass, a use case the service runs by itself (no caller): which seats are reminded that the
// game waits for them (or, for a player who chose it, get the daily digest), and which games' move timers
// act. The bot says what time it is and which servers
// it serves, words and posts what this returns, and settles each reminder it sent.
//
// One query picks the games: active games whose `dueAt` has come (GameRepo.gamesDue). Every change to a
// game makes it due at once; a look at it sets its next time (its next reminder step or its deadline) or
// none, so a game nobody needs reminding of costs a pass nothing.
import type { GameRecord, GameRepo, ReminderWait } from './repo.ts';
import type { Waiting } from './access.ts';
import { isAiId } from './ai-ids.ts';
import { DIGEST_EVERY_MS, digestDueAt, remindersWanted } from './preferences.ts';
import { loadState } from './access.ts';
import { type TimedOut, timeOut } from './timeouts.ts';
import { type GameView, viewOf } from './view.ts';

/** Hours after the game last moved at which the seats it waits for are reminded: escalating, capped. */
export const REMINDER_STEPS_HOURS = [12, 24, 48] as const;

/** How long before the move timer runs out its last warning comes. */
export const WARNING_HOURS = 6;

/** How long a claimed reminder stays one process's to send; after a crash another process sends it. */
export const REMINDER_LEASE_MS = 5 * 60_000;

/** Steps recorded by "not this turn": more than any wait has. */
const ALL_STEPS = 99;

/** Most games one pass looks at; the rest are still due at the next pass. */
const PASS_LIMIT = 10_000;

const HOUR = 3_600_000;

/**
 * The reminder steps of a wait: without a timer the escalating ones; with one, those well before the
 * deadline and a last warning `WARNING_HOURS` before it (a 12 h timer: one reminder, at 6 h).
 */
export function reminderSteps(timerHours: number | null): readonly number[] {
  if (timerHours === null) return REMINDER_STEPS_HOURS;
  const warning = timerHours - WARNING_HOURS;
  return [...REMINDER_STEPS_HOURS.filter((h) => h < warning), warning];
}

/** What a pass found to do in one game. */
export type WakeUp =
  /** A seat to remind: the step is claimed for this process until it settles it (`settleReminder`). */
  | {
      readonly kind: 'remind';
      readonly view: GameView;
      readonly seat: Waiting;
      readonly wait: ReminderWait;
      readonly step: number;
    }
  /** A player who chose the daily digest, waited for in a game: today's goes out unless it went already. */
  | { readonly kind: 'digest'; readonly userId: string }
  /** The move timer acted for the seats in `done`; each change is in the game's outbox. */
  | { readonly kind: 'timedOut'; readonly game: GameRecord; readonly done: readonly TimedOut[] };

/**
 * One pass at `now` over the games due, those of the servers `serves` says this process serves: the
 * timers that ran out act, and each seat due its next reminder step has that step claimed. A game that
 * cannot be read or whose timer fails is skipped (and due again at the next pass); `failed` hears of it.
 */
export async function remindersDue(
  repo: GameRepo,
  now: Date,
  serves: (guildId: string) => boolean,
  failed: (gameId: string, error: unknown) => void,
  leaseMs = REMINDER_LEASE_MS,
): Promise<WakeUp[]> {
  const out: WakeUp[] = [];
  for (const due of await repo.gamesDue(now, PASS_LIMIT)) {
    // Another process's shards own this guild: it looks at the game.
    if (!serves(due.guildId)) continue;
    try {
      out.push(...(await lookAt(repo, due.gameId, now, leaseMs)));
    } catch (error) {
      failed(due.gameId, error);
    }
  }
  return out;
}

async function lookAt(repo: GameRepo, gameId: string, now: Date, leaseMs: number): Promise<WakeUp[]> {
  const view = viewOf(await loadState(repo, gameId));
  const version = view.game.version;
  if (!view.state || view.game.status !== 'active') {
    await repo.setDueAt(gameId, version, null);
    return [];
  }
  if (view.deadline && view.deadline.getTime() <= now.getTime()) {
    const { done } = await timeOut(repo, gameId, now);
    // Each change made the game due again, to look at its new wait; nothing done (only AI seats waited)
    // leaves it to the AI's move.
    if (done.length === 0) await repo.setDueAt(gameId, version, null);
    return [{ kind: 'timedOut', game: view.game, done }];
  }
  const since = view.waitingSince?.getTime() ?? now.getTime();
  const steps = reminderSteps(view.game.settings.moveTimerHours);
  const reached = steps.filter((h) => now.getTime() >= since + h * HOUR).length;
  const out: WakeUp[] = [];
  /** Other times to look again: a digest player's next digest. */
  const later: number[] = [];
  /** Whether some seat waited for hears of it by reminders: then the steps are times to look again. */
  let reminded = false;
  for (const seat of view.waitingFor) {
    // The AI answers for its seats at once: nobody to remind.
    if (isAiId(seat.userId)) continue;
    // A player who chose the daily digest hears of their games there, once a day; a game with a move
    // timer still warns them before the timer acts.
    const digest = await digestDueAt(repo, seat.userId);
    if (digest) {
      out.push({ kind: 'digest', userId: seat.userId });
      later.push(digest.getTime() > now.getTime() ? digest.getTime() : now.getTime() + DIGEST_EVERY_MS);
      if (view.game.settings.moveTimerHours === null) continue;
    }
    reminded = true;
    if (reached === 0 || !(await remindersWanted(repo, seat.userId, view.game.guildId))) continue;
    // A wait lasts as long as its position: an undo request or a setting meanwhile does not start it again.
    const wait = { gameId, version: view.positionVersion, userId: seat.userId };
    if (await repo.claimReminder(wait, reached, now, new Date(now.getTime() + leaseMs)))
      out.push({ kind: 'remind', view, seat, wait, step: reached });
  }
  const next = [
    ...(reminded ? steps.map((h) => since + h * HOUR).filter((t) => t > now.getTime()) : []),
    ...(view.deadline ? [view.deadline.getTime()] : []),
    ...later,
    // A claimed reminder is looked at again once its lease ends, in case its process died before sending.
    ...(out.some((w) => w.kind === 'remind') ? [now.getTime() + leaseMs] : []),
  ];
  await repo.setDueAt(gameId, version, next.length > 0 ? new Date(Math.min(...next)) : null);
  return out;
}

/** After a claim: sent, or released and the game due again at once, so that the next pass tries again. */
export async function settleReminder(repo: GameRepo, wait: ReminderWait, step: number, sent: boolean): Promise<void> {
  await repo.settleReminder(wait, step, sent);
  if (!sent) await repo.setDueAt(wait.gameId, null, new Date(0));
}

/** "Not this turn": no more reminders until the game moves on. */
export function muteReminders(repo: GameRepo, wait: ReminderWait): Promise<void> {
  return repo.muteReminders(wait, ALL_STEPS);
}
