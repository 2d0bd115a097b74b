import type { BotLocale, Catalogue, Message, MessageKey, ParamsArg, PluralMessage } from './catalogue.ts';
import { en } from './en.ts';
import { es } from './es.ts';
import { it } from './it.ts';

export const CATALOGUES: Readonly<Record<BotLocale, Catalogue>> = { en, es, it };

const pluralRules = new Map<BotLocale, Intl.PluralRules>();
const numberFormats = new Map<BotLocale, Intl.NumberFormat>();

/**
 * The text of `key` in `locale`, with `{name}` placeholders filled in. Plural messages pick their form from
 * `params.count` with Intl.PluralRules, so each language gets its own plural categories.
 */
export function t<K extends MessageKey>(locale: BotLocale, key: K, ...[params]: ParamsArg<K>): string {
  const message: Message = CATALOGUES[locale][key];
  const values = (params ?? {}) as Record<string, string | number>;
  const template = typeof message === 'string' ? message : pluralForm(locale, message, Number(values.count));
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`message "${key}" needs a value for {${name}}`);
    return typeof value === 'number' ? formatNumber(locale, value) : value;
  });
}

function pluralForm(locale: BotLocale, message: PluralMessage, count: number): string {
  let rules = pluralRules.get(locale);
  if (!rules) pluralRules.set(locale, (rules = new Intl.PluralRules(locale)));
  return message[rules.select(count)] ?? message.other;
}

function formatNumber(locale: BotLocale, value: number): string {
  let format = numberFormats.get(locale);
  if (!format) numberFormats.set(locale, (format = new Intl.NumberFormat(locale)));
  return format.format(value);
}
