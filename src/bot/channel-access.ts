import { PermissionFlagsBits, type ChatInputCommandInteraction, type Client } from 'discord.js';
import { t, type BotLocale } from '../i18n/index.ts';
import { isChannelAccessError } from './announcer.ts';

/** What hosting a game needs: reading the channel, posting turns with their pictures, and its history (pins). */
const NEEDED = [
  [PermissionFlagsBits.ViewChannel, 'permission.viewChannel'],
  [PermissionFlagsBits.SendMessages, 'permission.sendMessages'],
  [PermissionFlagsBits.EmbedLinks, 'permission.embedLinks'],
  [PermissionFlagsBits.AttachFiles, 'permission.attachFiles'],
  [PermissionFlagsBits.ReadMessageHistory, 'permission.readMessageHistory'],
] as const;

/** A game with its own thread: the bot opens it and posts the game there. */
const THREAD_NEEDS = [
  [PermissionFlagsBits.CreatePublicThreads, 'permission.createPublicThreads'],
  [PermissionFlagsBits.SendMessagesInThreads, 'permission.sendMessagesInThreads'],
] as const;

/**
 * Why the bot cannot host a game in the interaction's channel, in the player's language; null when it
 * can. Asked before a game is created, so a channel the bot cannot use never gets a game it cannot run.
 */
export async function channelAccessProblem(
  client: Client,
  interaction: ChatInputCommandInteraction,
  locale: BotLocale,
  /** The game gets a thread of its own: creating it and posting there are needed too. */
  withThread = false,
): Promise<string | null> {
  const inThread = interaction.channel?.isThread() ?? false;
  const granted = interaction.appPermissions;
  const missing = [...NEEDED, ...(withThread ? THREAD_NEEDS : [])].flatMap(([bit, key]) => {
    const needed =
      bit === PermissionFlagsBits.SendMessages && inThread ? PermissionFlagsBits.SendMessagesInThreads : bit;
    return granted.has(needed) ? [] : [t(locale, key)];
  });
  if (missing.length === 0) {
    // The permissions Discord reports can be stale; the channel itself is the proof.
    const reachable = await client.channels.fetch(interaction.channelId, { force: true }).then(
      (channel) => channel?.isSendable() ?? false,
      (error: unknown) => {
        if (isChannelAccessError(error)) return false;
        throw error;
      },
    );
    if (!reachable) missing.push(t(locale, 'permission.viewChannel'));
  }
  if (missing.length === 0) return null;
  return t(locale, 'error.channelAccess', { permissions: missing.join(', ') });
}
