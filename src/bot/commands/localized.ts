import { discordLocalizations, t, type MessageKey } from '../../i18n/index.ts';
import type { OptionJson } from '../limits.ts';

type DescribedKey = Extract<
  MessageKey,
  `cmd.${string}.description` | `opt.${string}.description` | 'command.help.description'
>;
/** A catalogue entry for a command or an option: `cmd.build` finds `cmd.build.name` and `cmd.build.description`. */
export type CatalogueBase = DescribedKey extends `${infer B}.description` ? B : never;

type Labelled = Pick<OptionJson, 'name' | 'description' | 'name_localizations' | 'description_localizations'>;

/**
 * A command's or option's name is the constant its module gives (the one handlers read back); the
 * catalogue only supplies the description and the other languages' names, so no translation edit can
 * rename what Discord sends back.
 */
export function localized(name: string, base: CatalogueBase): Labelled {
  const nameKey = `${base}.name` as 'cmd.map.name';
  const descriptionKey = `${base}.description` as 'cmd.map.description';
  return {
    name,
    name_localizations: discordLocalizations(nameKey),
    description: t('en', descriptionKey),
    description_localizations: discordLocalizations(descriptionKey),
  };
}

/** A fixed choice: its value is the constant; its label is translated. */
export function localizedChoice(value: string, key: MessageKey) {
  return {
    name: t('en', key as 'opt.rules.base'),
    name_localizations: discordLocalizations(key as 'opt.rules.base'),
    value,
  };
}
