/**
 * A player's own turn, privately, wherever they ask from: `/tm turn`, `/tm status`, a reminder's "Show my
 * turn", a line of `/tm mygames`. The game is named with a link to its channel, what it waits on them for
 * is said in words, and their own buttons and menus come with it: a click-only player is never stuck.
 */
import type { ActionRowBuilder, ButtonBuilder, StringSelectMenuBuilder } from 'discord.js';
import { timeoutAnswer, waitedUsers, type GameView, type Waiting } from '../game/service.ts';
import { factionName } from './present/names.ts';
import { t, type BotLocale } from '../i18n/index.ts';
import { decisionComponents } from './decisions.ts';
import { MESSAGE_LIMITS } from './message-limits.ts';
import { mention } from './present/names.ts';
import { auctionStanding } from './present/auction.ts';
import { describeWaiting } from './present/turn.ts';
import { fitText } from './text.ts';

type Row = ActionRowBuilder<ButtonBuilder | StringSelectMenuBuilder>;

/**
 * Where a game is played: its channel (its thread, when it has one), as a link that works from any server
 * or a direct message.
 */
export function gameLink(game: {
  readonly guildId: string;
  readonly channelId: string;
  readonly threadId: string | null;
}): string {
  return `https://discord.com/channels/${game.guildId}/${game.threadId ?? game.channelId}`;
}

/** Whether the game waits for this player now (a move, an answer, a choice, a pick or a bid). */
export function waitsFor(view: GameView, userId: string): boolean {
  return waitedUsers(view.game, view.state).includes(userId);
}

/** "3 h", "2 d 4 h": a wait or what is left of a timer, rounded to the hour (at least 1 h). */
export function hoursText(locale: BotLocale, ms: number): string {
  const hours = Math.max(1, Math.round(ms / 3_600_000));
  return hours < 48
    ? t(locale, 'time.hours', { count: hours })
    : t(locale, 'time.days', { count: Math.floor(hours / 24), hours: hours % 24 });
}

/** What the move timer will do to a seat the game waits for, in the words of a reminder or a private turn. */
export function timeoutConsequence(
  locale: BotLocale,
  view: GameView,
  waiting: Waiting,
  now: Date,
  prefix: 'reminder.timeout' | 'yourTurn.timeout',
): string | null {
  if (!view.deadline || !view.state) return null;
  const time = hoursText(locale, view.deadline.getTime() - now.getTime());
  const faction = factionName(locale, waiting.faction);
  if (view.game.settings.timeoutAction === 'drop') return t(locale, `${prefix}.drop`, { time, faction });
  if (view.game.settings.timeoutAction === 'ai') return t(locale, `${prefix}.ai`, { time, faction });
  return t(locale, `${prefix}.${timeoutAnswer(view.state, waiting.faction)}`, { time, faction });
}

/** What the game waits on the player for, in words; empty when it waits on others. */
export function yourPart(locale: BotLocale, view: GameView, userId: string): string[] {
  const { state } = view;
  if (view.factionPick?.userId === userId) return [t(locale, 'game.pickFaction', { player: mention(userId) })];
  if (view.auction?.bidder.userId === userId) return auctionStanding(locale, view.auction);
  const mine = view.waitingFor.filter((w) => w.userId === userId);
  if (!state || mine.length === 0) return [];
  return [describeWaiting(locale, state, mine)];
}

/** The private answer: the game (linked), what it waits on the player for, the timer, their buttons. */
export function yourTurn(
  locale: BotLocale,
  view: GameView,
  userId: string,
  now: Date,
): { content: string; components: Row[] } {
  const lines = [t(locale, 'yourTurn.game', { link: gameLink(view.game) })];
  const part = yourPart(locale, view, userId);
  if (part.length === 0) {
    lines.push(t(locale, 'yourTurn.nothing'));
    const others = view.state ? describeWaiting(locale, view.state, view.waitingFor) : '';
    if (others) lines.push(others);
    return { content: fitText(lines.join('\n'), MESSAGE_LIMITS.content), components: [] };
  }
  lines.push(...part);
  if (view.waitingSince)
    lines.push(t(locale, 'yourTurn.since', { time: hoursText(locale, now.getTime() - view.waitingSince.getTime()) }));
  for (const w of view.waitingFor.filter((x) => x.userId === userId)) {
    const consequence = timeoutConsequence(locale, view, w, now, 'yourTurn.timeout');
    if (consequence) lines.push(consequence);
  }
  return {
    content: fitText(lines.join('\n'), MESSAGE_LIMITS.content),
    components: decisionComponents(locale, view, userId),
  };
}
