import type { BotLocale } from './catalogue.ts';

/** The Discord locales each non-English bot language answers for; every other Discord locale gets English. */
export const DISCORD_LOCALES: Readonly<Record<Exclude<BotLocale, 'en'>, readonly string[]>> = {
  es: ['es-ES', 'es-419'],
  it: ['it'],
};

/** The bot language for a Discord locale (`interaction.locale`, `guild.preferredLocale`). */
export function botLocaleOf(discordLocale: string | null | undefined): BotLocale {
  for (const [locale, discordLocales] of Object.entries(DISCORD_LOCALES)) {
    if (discordLocales.includes(discordLocale ?? '')) return locale as BotLocale;
  }
  return 'en';
}
