import type { en } from './en.ts';

/** The languages the bot speaks. English is the source of truth; every other catalogue mirrors its keys. */
export const BOT_LOCALES = ['en', 'es', 'it'] as const;
export type BotLocale = (typeof BOT_LOCALES)[number];

/** A message with count-dependent wording, keyed by Intl.PluralRules categories; `other` is the fallback. */
export type PluralMessage = { readonly other: string } & Partial<Record<Exclude<Intl.LDMLPluralRule, 'other'>, string>>;
export type Message = string | PluralMessage;

export type MessageKey = keyof typeof en;

/** Every key of the English catalogue, translated. A missing key is a type error (and a test failure). */
export type Catalogue = { readonly [K in MessageKey]: (typeof en)[K] extends string ? string : PluralMessage };

type PlaceholdersIn<S extends string> = S extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PlaceholdersIn<Rest>
  : never;

type PlaceholdersOf<M> = M extends string
  ? PlaceholdersIn<M>
  : M extends PluralMessage
    ? PlaceholdersIn<Extract<M[keyof M], string>> | 'count'
    : never;

/** The values a message interpolates, derived from its English text: `{count}` must be a number. */
export type Params<K extends MessageKey> = {
  [P in PlaceholdersOf<(typeof en)[K]>]: P extends 'count' ? number : string | number;
};

/** `t(locale, key)` for messages without placeholders, `t(locale, key, params)` otherwise. */
export type ParamsArg<K extends MessageKey> = [PlaceholdersOf<(typeof en)[K]>] extends [never]
  ? []
  : [params: Params<K>];
