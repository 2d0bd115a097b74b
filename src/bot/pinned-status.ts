import { DiscordAPIError, EmbedBuilder, type Client, type Message } from 'discord.js';
import type { GameView } from '../game/service.ts';
import { BOT_LOCALES, t, type BotLocale } from '../i18n/index.ts';
import { MESSAGE_LIMITS } from './message-limits.ts';
import { describeStatus } from './present/status.ts';
import { fitText } from './text.ts';

/** What the pinned status shows: its title changes with the round and the game's stage. */
export interface StatusEmbed {
  readonly title: string;
  readonly embed: EmbedBuilder;
}

export function statusEmbed(view: GameView, locale: BotLocale): StatusEmbed {
  const status = describeStatus(locale, view);
  const embed = new EmbedBuilder()
    .setTitle(status.title)
    .setDescription(fitText(status.lines.join('\n'), MESSAGE_LIMITS.embedDescription))
    .setFooter({ text: t(locale, 'status.footer', { id: view.game.id }) });
  return { title: status.title, embed };
}

/** Discord's "Unknown Message": the pin the bot remembered was deleted. */
const UNKNOWN_MESSAGE = 10008;

/**
 * The pinned status message, edited in place so the channel always shows where the game stands, and
 * pinned again when someone unpinned it; unpinned once the game is over (finished or abandoned). `known` is the pin's id when the bot remembers it: one edit then, instead of
 * reading the channel's pins first. Resolves with the pin's id (null once unpinned).
 */
export async function updatePinnedStatus(
  client: Client,
  channelId: string,
  gameId: string,
  status: StatusEmbed | 'over',
  known: string | null,
): Promise<string | null> {
  const channel = await client.channels.fetch(channelId);
  if (!channel?.isSendable() || !('messages' in channel)) return null;
  if (known) {
    try {
      if (status === 'over') {
        await channel.messages.unpin(known);
        return null;
      }
      const edited = await channel.messages.edit(known, { embeds: [status.embed] });
      // Someone unpinned it: the edit's answer says so, and it goes back where players look for it.
      if (!edited.pinned) await edited.pin();
      return known;
    } catch (error) {
      if (!(error instanceof DiscordAPIError && error.code === UNKNOWN_MESSAGE)) throw error;
    }
  }
  const pins = await channel.messages.fetchPins();
  // The footer marks the game's pin in whatever language it was first written.
  const footers = new Set(BOT_LOCALES.map((l) => t(l, 'status.footer', { id: gameId })));
  const mine: Message | undefined = pins.items
    .map((p) => p.message)
    .find((m) => m.author.id === client.user?.id && footers.has(m.embeds[0]?.footer?.text ?? ''));
  // A game over for good loses its pin, so the channel's pins show only live games.
  if (status === 'over') {
    if (mine) await mine.unpin();
    return null;
  }
  if (mine) {
    await mine.edit({ embeds: [status.embed] });
    return mine.id;
  }
  const message = await channel.send({ embeds: [status.embed], allowedMentions: { users: [] } });
  await message.pin();
  return message.id;
}
