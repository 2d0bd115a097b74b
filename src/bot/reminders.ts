import { ActionRowBuilder, ButtonBuilder, ButtonStyle, type Client } from 'discord.js';
import type { GameService, WakeUp } from '../game/service.ts';
import { timeoutConsequence } from './your-turn.ts';
import { sendDigests } from './digest.ts';
import { t, type BotLocale } from '../i18n/index.ts';
import { log } from '../log.ts';
import { postsIn, type Announcer } from './announcer.ts';
import { formatCustomId } from './custom-id.ts';
import { ownsGuild } from './shards.ts';
import { gameLocale } from './caller.ts';
import { factionName, mention } from './present/names.ts';

export interface ReminderDeps {
  readonly service: GameService;
  readonly client: Client;
  readonly now: () => Date;
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

/** A reminder in words, or what the timer did: the service decided, the bot words it. */
function worded(wakeUp: WakeUp, now: Date): Reminder[] {
  switch (wakeUp.kind) {
    case 'timedOut': {
      const { game } = wakeUp;
      const locale = gameLocale(game.language);
      // Each change is stored with its announcement: the outbox tells the channel.
      return wakeUp.done.map((d) => ({
        gameId: game.id,
        step: null,
        version: game.version,
        channelId: postsIn(game),
        userId: d.userId,
        text: d.text,
        locale,
      }));
    }
    case 'digest':
      return [];
    case 'remind': {
      const { view, seat } = wakeUp;
      const locale = gameLocale(view.game.language);
      const consequence = timeoutConsequence(locale, view, seat, now, 'reminder.timeout');
      const text = [
        t(locale, 'reminder.yourTurn', { player: mention(seat.userId), faction: factionName(locale, seat.faction) }),
        ...(consequence ? [consequence] : []),
      ].join(' ');
      return [
        {
          gameId: view.game.id,
          step: wakeUp.step,
          version: wakeUp.wait.version,
          channelId: postsIn(view.game),
          userId: seat.userId,
          text,
          locale,
        },
      ];
    }
  }
}

/**
 * One pass: the service picks the games due (one query), lets their move timers act and claims the
 * reminders due; this posts each reminder (with what the timer will do, when there is one) and the
 * timer's changes, and tells the service which reminders went out.
 */
export async function remindOnce(deps: ReminderDeps): Promise<Reminder[]> {
  const now = deps.now();
  const wakeUps = await deps.service.remindersDue(
    now,
    (guildId) => ownsGuild(deps.client, guildId),
    (gameId, error) => log.warn({ gameId, err: error }, 'the reminder pass could not look at a game'),
  );
  // One digest a player, whatever number of their games is due.
  await sendDigests(deps, new Set(wakeUps.flatMap((w) => (w.kind === 'digest' ? [w.userId] : []))), now);
  const out = wakeUps.flatMap((w) => worded(w, now));
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
    await deps.service.settleReminder(wait, r.step, sent);
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
