import { ActionRowBuilder, ButtonBuilder, ButtonStyle, type Client } from 'discord.js';
import type { Caller, GameService } from '../game/service.ts';
import { t, type BotLocale } from '../i18n/index.ts';
import { log } from '../log.ts';
import type { Announcer } from './announcer.ts';
import { formatCustomId } from './custom-id.ts';
import { gameLocale } from './caller.ts';
import { factionName, mention } from './present/names.ts';

/** Hours after the game last moved at which the seats it waits for are reminded: escalating, capped. */
export const REMINDER_STEPS_HOURS = [12, 24, 48] as const;

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
  readonly version: number;
  readonly channelId: string;
  readonly userId: string;
  readonly text: string;
  /** Offer the "not this turn" button (reminders, not the timer's verdict). */
  readonly mutable: boolean;
  readonly locale: BotLocale;
}

/**
 * Decides which reminders are due. Remembers what it sent per game version, so a player is reminded
 * once per step of each wait; a new move (new version) starts the steps again.
 */
export class ReminderPlanner {
  private readonly sent = new Map<string, number>();

  constructor(private readonly steps: readonly number[] = REMINDER_STEPS_HOURS) {}

  due(waitedHours: number, gameId: string, version: number, userId: string): boolean {
    const key = `${gameId}:${version}:${userId}`;
    const reached = this.steps.filter((h) => waitedHours >= h).length;
    if (reached <= (this.sent.get(key) ?? 0)) return false;
    this.sent.set(key, reached);
    return true;
  }

  /** "Not this turn": no more reminders until the game moves on. */
  mute(gameId: string, version: number, userId: string): void {
    this.sent.set(`${gameId}:${version}:${userId}`, this.steps.length);
  }
}

/** One pass: reminds waiting players, and drops seats whose move timer ran out. */
export async function remindOnce(deps: ReminderDeps): Promise<Reminder[]> {
  const planner = deps.planner;
  const now = deps.now();
  const out: Reminder[] = [];
  for (const game of await deps.service.listGames({ status: ['active'], limit: 10_000 })) {
    const admin: Caller = {
      userId: game.creatorUserId,
      guildId: game.guildId,
      channelId: game.channelId,
      isServerManager: true,
    };
    const loaded = await deps.service.getGame(admin, game.id);
    if (!loaded.ok || !loaded.value.state) continue;
    const view = loaded.value;
    const locale = gameLocale(view.game.language);
    const last = view.moves.at(-1)?.createdAt ?? view.game.updatedAt;
    const waited = (now.getTime() - last.getTime()) / 3_600_000;
    for (const w of view.waitingFor) {
      const faction = factionName(locale, w.faction);
      if (view.deadline && view.deadline.getTime() <= now.getTime()) {
        const dropped = await deps.service.dropPlayer(admin, game.id, view.game.version, w.position, true);
        if (dropped.ok) {
          // The drop is a stored change: the outbox tells the channel, as for every other change.
          const text = t(locale, 'reminder.deadline', { player: mention(w.userId), faction });
          out.push({
            gameId: game.id,
            version: view.game.version,
            channelId: game.channelId,
            userId: w.userId,
            text,
            mutable: false,
            locale,
          });
        }
        break;
      }
      if (
        planner.due(waited, game.id, view.game.version, w.userId) &&
        (await deps.service.remindersWanted(w.userId, game.guildId))
      ) {
        const text = t(locale, 'reminder.yourTurn', { player: mention(w.userId), faction });
        out.push({
          gameId: game.id,
          version: view.game.version,
          channelId: game.channelId,
          userId: w.userId,
          text,
          mutable: true,
          locale,
        });
      }
    }
  }
  for (const r of out) {
    if (!r.mutable) {
      await deps.announcer.deliver(r.gameId);
      continue;
    }
    const button = new ButtonBuilder()
      .setCustomId(formatCustomId({ kind: 'mute', gameId: r.gameId, version: r.version, args: [r.userId] }))
      .setStyle(ButtonStyle.Secondary)
      .setLabel(t(r.locale, 'reminder.mute'));
    try {
      const channel = await deps.client.channels.fetch(r.channelId);
      if (!channel?.isSendable()) continue;
      await channel.send({
        content: r.text,
        components: [new ActionRowBuilder<ButtonBuilder>().addComponents(button)],
        allowedMentions: { users: [r.userId] },
      });
    } catch (error) {
      // A reminder is a nudge, not a change: the next step reminds again.
      log.warn({ err: error, gameId: r.gameId }, 'could not post a reminder');
    }
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
