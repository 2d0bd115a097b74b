/**
 * Discord's limits on command definitions and messages, checked before Discord rejects them at
 * registration or send time (where the error reaches a player as a failed interaction).
 * Input is the JSON that discord.js builders produce with toJSON().
 */
import { Locale } from 'discord.js';

export interface LimitViolation {
  /** Where the problem is, e.g. `tm > move > text.description_localizations.es-ES`. */
  path: string;
  problem: string;
}

type LocalizationMap = Partial<Record<string, string | null>>;

export interface ChoiceJson {
  name: string;
  name_localizations?: LocalizationMap | null;
  value: string | number;
}

export interface OptionJson {
  type: number;
  name: string;
  description: string;
  name_localizations?: LocalizationMap | null;
  description_localizations?: LocalizationMap | null;
  required?: boolean;
  autocomplete?: boolean;
  choices?: readonly ChoiceJson[];
  options?: readonly OptionJson[];
  min_length?: number;
  max_length?: number;
  min_value?: number;
  max_value?: number;
}

export interface CommandJson {
  name: string;
  type?: number;
  description?: string;
  name_localizations?: LocalizationMap | null;
  description_localizations?: LocalizationMap | null;
  options?: readonly OptionJson[];
}

export const COMMAND_LIMITS = {
  name: 32,
  description: 100,
  options: 25,
  choices: 25,
  choiceName: 100,
  choiceValue: 100,
  stringLength: 6000,
  combinedCharacters: 4000,
  chatInputCommands: 100,
} as const;

const CHAT_INPUT = 1;
const SUBCOMMAND = 1;
const SUBCOMMAND_GROUP = 2;
const STRING = 3;
const NAME_PATTERN = /^[-_\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;
const DISCORD_LOCALES: ReadonlySet<string> = new Set(Object.values(Locale));

/** Characters as Discord counts them (code points, not UTF-16 units). */
const length = (text: string): number => [...text].length;

/** Checks a whole registration: every command, plus the count and uniqueness of names. */
export function checkCommands(commands: readonly CommandJson[]): LimitViolation[] {
  const violations = commands.flatMap(checkCommand);
  const chatInput = commands.filter((c) => (c.type ?? CHAT_INPUT) === CHAT_INPUT);
  if (chatInput.length > COMMAND_LIMITS.chatInputCommands) {
    violations.push({
      path: '(commands)',
      problem: `${chatInput.length} slash commands; Discord allows ${COMMAND_LIMITS.chatInputCommands}`,
    });
  }
  for (const name of duplicates(commands.map((c) => `${c.type ?? CHAT_INPUT}:${c.name}`))) {
    violations.push({
      path: name.slice(name.indexOf(':') + 1),
      problem: 'two commands of the same type share this name',
    });
  }
  return violations;
}

export function checkCommand(command: CommandJson): LimitViolation[] {
  const violations: LimitViolation[] = [];
  const chatInput = (command.type ?? CHAT_INPUT) === CHAT_INPUT;
  const path = command.name;
  if (chatInput) {
    checkName(command.name, command.name_localizations, path, violations);
    checkDescription(command.description ?? '', command.description_localizations, path, violations);
    checkOptionList(command.options ?? [], path, 'top', violations);
  } else {
    // User and message commands are shown as menu entries: any case and spaces, but no description.
    checkText(command.name, 1, COMMAND_LIMITS.name, `${path}.name`, violations);
    if (command.description)
      violations.push({ path: `${path}.description`, problem: 'context-menu commands have no description' });
  }
  const total = combinedCharacters(command);
  if (total > COMMAND_LIMITS.combinedCharacters) {
    violations.push({
      path,
      problem: `${total} characters in names, descriptions and values; Discord allows ${COMMAND_LIMITS.combinedCharacters}`,
    });
  }
  return violations;
}

function checkOptionList(
  options: readonly OptionJson[],
  path: string,
  level: 'top' | 'group' | 'leaf',
  violations: LimitViolation[],
): void {
  if (options.length > COMMAND_LIMITS.options) {
    violations.push({ path, problem: `${options.length} options; Discord allows ${COMMAND_LIMITS.options}` });
  }
  for (const name of duplicates(options.map((o) => o.name)))
    violations.push({ path: `${path} > ${name}`, problem: 'duplicate option name' });
  const containers = options.filter((o) => o.type === SUBCOMMAND || o.type === SUBCOMMAND_GROUP);
  if (containers.length > 0 && containers.length < options.length) {
    violations.push({ path, problem: 'subcommands and groups cannot be mixed with plain options' });
  }
  if (level === 'group' && options.some((o) => o.type !== SUBCOMMAND)) {
    violations.push({ path, problem: 'a subcommand group may only contain subcommands' });
  }
  if (level === 'leaf' && containers.length > 0) {
    violations.push({ path, problem: 'a subcommand cannot contain subcommands or groups' });
  }
  const firstOptional = options.findIndex((o) => !o.required);
  if (firstOptional >= 0 && options.slice(firstOptional).some((o) => o.required)) {
    violations.push({ path, problem: 'required options must come before optional ones' });
  }
  for (const option of options) checkOption(option, `${path} > ${option.name}`, violations);
}

function checkOption(option: OptionJson, path: string, violations: LimitViolation[]): void {
  checkName(option.name, option.name_localizations, path, violations);
  checkDescription(option.description, option.description_localizations, path, violations);
  if (option.type === SUBCOMMAND_GROUP) return checkOptionList(option.options ?? [], path, 'group', violations);
  if (option.type === SUBCOMMAND) return checkOptionList(option.options ?? [], path, 'leaf', violations);
  const choices = option.choices ?? [];
  if (choices.length > COMMAND_LIMITS.choices) {
    violations.push({ path, problem: `${choices.length} choices; Discord allows ${COMMAND_LIMITS.choices}` });
  }
  if (choices.length > 0 && option.autocomplete)
    violations.push({ path, problem: 'an option cannot have both choices and autocomplete' });
  for (const [i, choice] of choices.entries()) {
    const at = `${path}.choices[${i}]`;
    checkText(choice.name, 1, COMMAND_LIMITS.choiceName, `${at}.name`, violations);
    checkLocalizations(choice.name_localizations, `${at}.name_localizations`, violations, (text, where) =>
      checkText(text, 1, COMMAND_LIMITS.choiceName, where, violations),
    );
    if (typeof choice.value === 'string')
      checkText(choice.value, 1, COMMAND_LIMITS.choiceValue, `${at}.value`, violations);
  }
  for (const bound of ['min_length', 'max_length'] as const) {
    const value = option[bound];
    if (value === undefined) continue;
    if (option.type !== STRING) violations.push({ path, problem: `${bound} only applies to string options` });
    const min = bound === 'min_length' ? 0 : 1;
    if (!Number.isInteger(value) || value < min || value > COMMAND_LIMITS.stringLength) {
      violations.push({ path, problem: `${bound} must be an integer from ${min} to ${COMMAND_LIMITS.stringLength}` });
    }
  }
}

function checkName(
  name: string,
  localizations: LocalizationMap | null | undefined,
  path: string,
  violations: LimitViolation[],
): void {
  const check = (text: string, where: string) => {
    if (!NAME_PATTERN.test(text)) {
      violations.push({ path: where, problem: `"${text}" must be 1-32 letters, digits, "-" or "_" (no spaces)` });
    } else if (text !== text.toLowerCase()) {
      violations.push({ path: where, problem: `"${text}" must be lower case` });
    }
  };
  check(name, `${path}.name`);
  checkLocalizations(localizations, `${path}.name_localizations`, violations, check);
}

function checkDescription(
  description: string,
  localizations: LocalizationMap | null | undefined,
  path: string,
  violations: LimitViolation[],
): void {
  const check = (text: string, where: string) => checkText(text, 1, COMMAND_LIMITS.description, where, violations);
  check(description, `${path}.description`);
  checkLocalizations(localizations, `${path}.description_localizations`, violations, check);
}

function checkLocalizations(
  localizations: LocalizationMap | null | undefined,
  path: string,
  violations: LimitViolation[],
  check: (text: string, where: string) => void,
): void {
  for (const [locale, text] of Object.entries(localizations ?? {})) {
    if (!DISCORD_LOCALES.has(locale)) {
      violations.push({ path: `${path}.${locale}`, problem: `"${locale}" is not a Discord locale` });
      continue;
    }
    if (text !== null && text !== undefined) check(text, `${path}.${locale}`);
  }
}

function checkText(text: string, min: number, max: number, path: string, violations: LimitViolation[]): void {
  const n = length(text);
  if (n < min || n > max) violations.push({ path, problem: `${n} characters; Discord allows ${min}-${max}` });
}

/** Discord counts, per field, the longest of its default text and its localizations. */
function combinedCharacters(command: CommandJson): number {
  const longest = (text: string | undefined, localizations: LocalizationMap | null | undefined) =>
    Math.max(length(text ?? ''), ...Object.values(localizations ?? {}).map((t) => length(t ?? '')));
  const ofOption = (option: OptionJson): number =>
    longest(option.name, option.name_localizations) +
    longest(option.description, option.description_localizations) +
    (option.choices ?? []).reduce(
      (sum, c) => sum + longest(c.name, c.name_localizations) + length(String(c.value)),
      0,
    ) +
    (option.options ?? []).reduce((sum, o) => sum + ofOption(o), 0);
  return (
    longest(command.name, command.name_localizations) +
    longest(command.description, command.description_localizations) +
    (command.options ?? []).reduce((sum, o) => sum + ofOption(o), 0)
  );
}

function duplicates(values: readonly string[]): string[] {
  return [...new Set(values.filter((v, i) => values.indexOf(v) !== i))];
}

export { MESSAGE_LIMITS, checkMessage, type MessageJson } from './message-limits.ts';
