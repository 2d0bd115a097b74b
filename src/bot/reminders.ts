import { ActionRowBuilder, ButtonBuilder, ButtonStyle, type Client } from 'discord.js';
import type { ReminderWait } from '../game/repo.ts';
import { isAiId, type GameService } from '../game/service.ts';
import { timeoutConsequence } from './your-turn.ts';
import { sendDigests } from './digest.ts';
import { t, type BotLocale } from '../i18n/index.ts';
import { log } from '../log.ts';
import { postsIn, type Announcer } from './announcer.ts';
import { formatCustomId } from './custom-id.ts';
import { ownsGuild } from './shards.ts';
import { gameLocale } from './caller.ts';
import { factionName, mention } from './present/names.ts';

/** Hours after the game last moved at which the seats it waits for are reminded: escalating, capped. */
export const REMINDER_STEPS_HOURS = [12, 24, 48] as const;

/** How long before the move timer runs out its last warning comes. */
export const WARNING_HOURS = 6;

/**
 * The reminder steps of a wait: without a timer the escalating ones; with one, those well before the
 * deadline and a last warning `WARNING_HOURS` before it (a 12 h timer: one reminder, at 6 h).
 */
export function reminderSteps(timerHours: number | null): readonly number[] {
  if (timerHours === null) return REMINDER_STEPS_HOURS;
  const warning = timerHours - WARNING_HOURS;
  return [...REMINDER_STEPS_HOURS.filter((h) => h < warning), warning];
}

/** Steps recorded by "not this turn": more than any wait has. */
const ALL_STEPS = 99;

export interface ReminderDeps {
  readonly service: GameService;
  readonly client: Client;
  readonly now: () => Date;
  readonly planner: ReminderPlanner;
  /** Posts the seats the timer dropped, like every stored change. */
  readonly announcer: Announcer;
}

export interface Reminder {
  readonly gameId: string;
  /** The step claimed for this reminder (null for the timer's verdict, which the version check guards). */
  readonly step: number | null;
  readonly version: number;
  readonly channelId: string;
  readonly userId: string;
  readonly text: string;
  readonly locale: BotLocale;
}

/** How long a claimed reminder stays this process's to send; after a crash another process sends it. */
export const REMINDER_LEASE_MS = 5 * 60_000;

/**
 * Decides which reminders are due: a player is reminded once per step of each wait, and a new move
 * (new version) starts the steps again. What was sent is in the database, claimed step by step, so a
 * restart repeats nothing and several bot processes never send the same reminder twice.
 */
export class ReminderPlanner {
  constructor(
    private readonly service: GameService,
    private readonly leaseMs = REMINDER_LEASE_MS,
  ) {}

  /**
   * The step due after `waitedHours` (of `steps`, `reminderSteps`), now claimed by this process; null when
   * none is due or another has it.
   */
  async claim(waitedHours: number, wait: ReminderWait, now: Date, steps: readonly number[]): Promise<number | null> {
    const reached = steps.filter((h) => waitedHours >= h).length;
    if (reached === 0) return null;
    const leaseUntil = new Date(now.getTime() + this.leaseMs);
    return (await this.service.claimReminder(wait, reached, now, leaseUntil)) ? reached : null;
  }

  /** After a claim: sent, or released so that the next pass tries again. */
  settle(wait: ReminderWait, step: number, sent: boolean): Promise<void> {
    return this.service.settleReminder(wait, step, sent);
  }

  /** "Not this turn": no more reminders until the game moves on. */
  mute(wait: ReminderWait): Promise<void> {
    return this.service.muteReminders(wait, ALL_STEPS);
  }
}

/**
 * One pass: reminds waiting players (with what the timer will do, when there is one), and lets the move
 * timer act on games whose deadline passed. The timer is the service's own act, not an admin's.
 */
export async function remindOnce(deps: ReminderDeps): Promise<Reminder[]> {
  const planner = deps.planner;
  const now = deps.now();
  const out: Reminder[] = [];
  const digests = new Set<string>();
  for (const game of await deps.service.listGames({ status: ['active'], limit: 10_000 })) {
    // Another process's shards own this guild: it reminds there.
    if (!ownsGuild(deps.client, game.guildId)) continue;
    const loaded = await deps.service.currentView(game.id);
    if (!loaded.ok || !loaded.value.state) continue;
    const view = loaded.value;
    const locale = gameLocale(view.game.language);
    if (view.deadline && view.deadline.getTime() <= now.getTime()) {
      const timedOut = await deps.service.timeOut(game.id, now);
      if (!timedOut.ok) {
        log.warn({ gameId: game.id, error: timedOut.error }, 'the move timer could not act');
        continue;
      }
      // Each change is stored with its announcement: the outbox tells the channel.
      for (const d of timedOut.value.done)
        out.push({
          gameId: game.id,
          step: null,
          version: view.game.version,
          channelId: postsIn(game),
          userId: d.userId,
          text: d.text,
          locale,
        });
      continue;
    }
    const waited = view.waitingSince ? (now.getTime() - view.waitingSince.getTime()) / 3_600_000 : 0;
    const steps = reminderSteps(view.game.settings.moveTimerHours);
    for (const w of view.waitingFor) {
      // The AI answers for its seats at once: nobody to remind.
      if (isAiId(w.userId)) continue;
      // A player who chose the daily digest hears of their games there, once a day; a game with a move
      // timer still warns them before the timer acts.
      if (await deps.service.digestWanted(w.userId)) {
        digests.add(w.userId);
        if (view.game.settings.moveTimerHours === null) continue;
      }
      if (!(await deps.service.remindersWanted(w.userId, game.guildId))) continue;
      // A wait lasts as long as its position: an undo request or a setting meanwhile does not start it again.
      const wait = { gameId: game.id, version: view.positionVersion, userId: w.userId };
      const step = await planner.claim(waited, wait, now, steps);
      if (step === null) continue;
      const consequence = timeoutConsequence(locale, view, w, now, 'reminder.timeout');
      const text = [
        t(locale, 'reminder.yourTurn', { player: mention(w.userId), faction: factionName(locale, w.faction) }),
        ...(consequence ? [consequence] : []),
      ].join(' ');
      out.push({
        gameId: game.id,
        step,
        version: view.positionVersion,
        channelId: postsIn(game),
        userId: w.userId,
        text,
        locale,
      });
    }
  }
  await sendDigests(deps, digests, now);
  for (const r of out) {
    if (r.step === null) {
      await deps.announcer.deliver(r.gameId);
      continue;
    }
    // The player's own buttons are one click away, privately: the post that pinged them may be far above.
    const show = new ButtonBuilder()
      .setCustomId(formatCustomId({ kind: 'show', gameId: r.gameId, version: r.version, args: [] }))
      .setStyle(ButtonStyle.Primary)
      .setLabel(t(r.locale, 'myGames.show'));
    const mute = new ButtonBuilder()
      .setCustomId(formatCustomId({ kind: 'mute', gameId: r.gameId, version: r.version, args: [r.userId] }))
      .setStyle(ButtonStyle.Secondary)
      .setLabel(t(r.locale, 'reminder.mute'));
    const wait = { gameId: r.gameId, version: r.version, userId: r.userId };
    let sent = true;
    try {
      const channel = await deps.client.channels.fetch(r.channelId);
      // A channel the bot can no longer post in has nobody to remind: the step counts as done.
      if (channel?.isSendable())
        await channel.send({
          content: r.text,
          components: [new ActionRowBuilder<ButtonBuilder>().addComponents(show, mute)],
          allowedMentions: { users: [r.userId] },
        });
    } catch (error) {
      // Released, not lost: the next pass claims the step again.
      sent = false;
      log.warn({ err: error, gameId: r.gameId }, 'could not post a reminder');
    }
    await planner.settle(wait, r.step, sent);
  }
  return out;
}

/** Checks every ten minutes; returns a function that stops it. */
export function startReminders(deps: ReminderDeps, everyMs = 10 * 60_000): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    remindOnce(deps)
      .catch((error: unknown) => log.error({ err: error }, 'reminder pass failed'))
      .finally(() => (running = false));
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
