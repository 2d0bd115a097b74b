import type { MessageKey, ParamsArg } from './catalogue.ts';
import { DISCORD_LOCALES } from './locale.ts';
import { t } from './translate.ts';

/**
 * The `name_localizations` / `description_localizations` object Discord expects for a command, option or
 * choice: the English text is the definition's default, and every Discord locale we translate gets ours.
 */
export function discordLocalizations<K extends MessageKey>(key: K, ...params: ParamsArg<K>): Record<string, string> {
  const localizations: Record<string, string> = {};
  for (const [locale, discordLocales] of Object.entries(DISCORD_LOCALES)) {
    for (const discordLocale of discordLocales) {
      localizations[discordLocale] = t(locale as keyof typeof DISCORD_LOCALES, key, ...params);
    }
  }
  return localizations;
}
