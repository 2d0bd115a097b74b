import { GuildMemberRoleManager, PermissionFlagsBits, type PermissionsBitField } from 'discord.js';
import type { Caller } from '../game/service.ts';
import type { LeagueCaller } from '../league/service.ts';
import { botLocaleOf, type BotLocale } from '../i18n/index.ts';

/** What every interaction carries about who sent it and from where. */
export interface InteractionSource {
  readonly guildId: string | null;
  readonly channelId: string | null;
  readonly user: { readonly id: string };
  readonly memberPermissions: Readonly<PermissionsBitField> | null;
  readonly locale: string;
}

/** Who acts, from where, and whether the server lets them manage channels (a game admin everywhere). */
export function callerOf(interaction: InteractionSource): Caller | null {
  if (!interaction.guildId || !interaction.channelId) return null;
  return {
    userId: interaction.user.id,
    guildId: interaction.guildId,
    channelId: interaction.channelId,
    isServerManager: interaction.memberPermissions?.has(PermissionFlagsBits.ManageChannels) ?? false,
  };
}

/** The roles a member has, whether discord.js resolved the member or handed Discord's JSON on. */
export function rolesOf(member: unknown): string[] {
  const roles = (member as { roles?: unknown } | null)?.roles;
  if (roles instanceof GuildMemberRoleManager) return [...roles.cache.keys()];
  return Array.isArray(roles) ? roles.filter((r): r is string => typeof r === 'string') : [];
}

/** Who acts on the league, and whether they may manage the server; null outside a server. */
export function leagueCallerOf(interaction: InteractionSource & { readonly member: unknown }): LeagueCaller | null {
  if (!interaction.guildId || !interaction.channelId) return null;
  return {
    userId: interaction.user.id,
    guildId: interaction.guildId,
    channelId: interaction.channelId,
    manageServer: interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild) ?? false,
    roles: rolesOf(interaction.member),
  };
}

/** The language of a private answer: the player's own Discord language. */
export function replyLocale(interaction: InteractionSource): BotLocale {
  return botLocaleOf(interaction.locale);
}

/** The language of the channel's messages for a game. */
export function gameLocale(language: string | undefined): BotLocale {
  return language === 'es' || language === 'it' ? language : 'en';
}
