import { t, type BotLocale } from '../../i18n/index.ts';
import { localOptionName, type OptionProblem } from '../commands/options.ts';
import type { CommandJson } from '../limits.ts';

/** Option names as Discord allows them; anything else came from a forged request and is not echoed. */
const OPTION_NAME = /^[-_\p{L}\p{N}]{1,32}$/u;

/** "`players` must be a whole number from 2 to 5; `text` is missing", in the player's language. */
export function describeOptionProblems(
  locale: BotLocale,
  discordLocale: string,
  command: CommandJson,
  problems: readonly OptionProblem[],
): string {
  const parts = problems.slice(0, 5).map((p) => {
    const option = OPTION_NAME.test(p.option) ? localOptionName(command, p.option, discordLocale) : '?';
    switch (p.kind) {
      case 'missing':
        return t(locale, 'option.missing', { option });
      case 'unknown':
        return t(locale, 'option.unknown', { option });
      case 'choices':
        return t(locale, 'option.choices', { option, choices: p.choices.map((c) => `\`${c}\``).join(', ') });
      case 'range':
        return t(locale, 'option.range', { option, min: p.min, max: p.max });
      case 'tooLong':
        return t(locale, 'option.tooLong', { option, max: p.max });
      case 'type':
        return t(locale, 'option.type', { option });
    }
  });
  return t(locale, 'error.badOptions', { problems: parts.join('; ') });
}
