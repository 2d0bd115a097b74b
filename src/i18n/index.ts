export {
  BOT_LOCALES,
  type BotLocale,
  type Catalogue,
  type MessageKey,
  type Params,
  type ParamsArg,
} from './catalogue.ts';
export { botLocaleOf, DISCORD_LOCALES } from './locale.ts';
export { discordLocalizations } from './localizations.ts';
export { CATALOGUES, t } from './translate.ts';
