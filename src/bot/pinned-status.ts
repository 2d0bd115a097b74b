import { EmbedBuilder, type Client } from 'discord.js';
import type { GameView } from '../game/service.ts';
import { BOT_LOCALES, t, type BotLocale } from '../i18n/index.ts';
import { MESSAGE_LIMITS } from './message-limits.ts';
import { describeStatus } from './present/status.ts';
import { fitText } from './text.ts';

/**
 * The pinned status message, edited in place so the channel always shows where the game stands; unpinned
 * once the game is abandoned.
 */
export async function updatePinnedStatus(client: Client, view: GameView, locale: BotLocale): Promise<void> {
  const channel = await client.channels.fetch(view.game.channelId);
  if (!channel?.isSendable() || !('messages' in channel)) return;
  const status = describeStatus(locale, view);
  const embed = new EmbedBuilder()
    .setTitle(status.title)
    .setDescription(fitText(status.lines.join('\n'), MESSAGE_LIMITS.embedDescription))
    .setFooter({ text: t(locale, 'status.footer', { id: view.game.id }) });
  const pins = await channel.messages.fetchPins();
  // The footer marks the game's pin in whatever language it was first written.
  const footers = new Set(BOT_LOCALES.map((l) => t(l, 'status.footer', { id: view.game.id })));
  const mine = pins.items
    .map((p) => p.message)
    .find((m) => m.author.id === client.user?.id && footers.has(m.embeds[0]?.footer?.text ?? ''));
  // An abandoned game is over for good: its pin goes, so the channel's pins show only live games.
  if (view.game.status === 'abandoned') {
    if (mine) await mine.unpin();
    return;
  }
  if (mine) await mine.edit({ embeds: [embed] });
  else {
    const message = await channel.send({ embeds: [embed], allowedMentions: { users: [] } });
    await message.pin();
  }
}
