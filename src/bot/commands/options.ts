/**
 * The options an interaction carries, checked with zod against the definition the bot registered. Discord's
 * own client sends only what the definition allows, but a modified client, an older registration or a
 * forged request can send anything: a missing required option, a value of another type, a choice that does
 * not exist. Such a command is refused before any handler runs, so handlers may rely on their options.
 */
import { ApplicationCommandOptionType as T } from 'discord.js';
import { z } from 'zod';
import type { CommandJson, OptionJson } from '../limits.ts';
import { codePointLength } from '../text.ts';

/** One option as discord.js hands it over (`interaction.options.data`). */
export interface ReceivedOption {
  readonly name: string;
  readonly type: number;
  readonly value?: string | number | boolean | undefined;
  readonly options?: readonly ReceivedOption[] | undefined;
  readonly user?: { readonly id: string } | null | undefined;
  readonly attachment?: { readonly url: string } | null | undefined;
}

/** Why the options cannot be used, option by option. */
export type OptionProblem =
  | { readonly kind: 'missing'; readonly option: string }
  | { readonly kind: 'unknown'; readonly option: string }
  | { readonly kind: 'choices'; readonly option: string; readonly choices: readonly (string | number)[] }
  | { readonly kind: 'range'; readonly option: string; readonly min: number; readonly max: number }
  | { readonly kind: 'tooLong'; readonly option: string; readonly max: number }
  | { readonly kind: 'type'; readonly option: string };

export type CheckedOptions =
  | { readonly ok: true; readonly subcommand: string | null }
  /** `unknownSubcommand`: the command path matches nothing registered. */
  | { readonly ok: false; readonly unknownSubcommand: true }
  | { readonly ok: false; readonly unknownSubcommand: false; readonly problems: readonly OptionProblem[] };

const CONTAINERS: ReadonlySet<number> = new Set([T.Subcommand, T.SubcommandGroup]);
const SNOWFLAKE = /^\d{1,20}$/;
const DISCORD_MAX_STRING = 6000;

/** The value zod checks for one option: scalars as sent, users and attachments as what they resolved to. */
function valueOf(option: ReceivedOption): unknown {
  if (option.type === T.User) return option.user ?? option.value;
  if (option.type === T.Attachment) return option.attachment ?? option.value;
  return option.value;
}

function schemaOf(option: OptionJson): z.ZodType {
  const choices = option.choices?.map((c) => c.value) ?? [];
  switch (option.type) {
    case T.String: {
      if (choices.length > 0) return z.enum(choices.map(String) as [string, ...string[]]);
      const max = option.max_length ?? DISCORD_MAX_STRING;
      const min = option.min_length ?? 0;
      return z
        .string()
        .refine((s) => codePointLength(s) <= max, { params: { tooLong: max } })
        .refine((s) => codePointLength(s) >= min);
    }
    case T.Integer:
    case T.Number: {
      const number = option.type === T.Integer ? z.number().int() : z.number();
      if (choices.length > 0) return number.refine((n) => choices.includes(n), { params: { choices } });
      return number.min(option.min_value ?? -Number.MAX_SAFE_INTEGER).max(option.max_value ?? Number.MAX_SAFE_INTEGER);
    }
    case T.Boolean:
      return z.boolean();
    case T.User:
      return z.looseObject({ id: z.string().regex(SNOWFLAKE) });
    case T.Attachment:
      return z.looseObject({ url: z.string().min(1) });
    default:
      // Channel, role and mentionable options are not used by this bot; their resolved objects are trusted.
      return z.unknown();
  }
}

/** What a zod issue about one option means for the player. */
function problemOf(issue: z.core.$ZodIssue, option: OptionJson | undefined, name: string): OptionProblem {
  if (!option) return { kind: 'unknown', option: name };
  const params = (issue as { params?: { tooLong?: number; choices?: (string | number)[] } }).params;
  if (params?.tooLong !== undefined) return { kind: 'tooLong', option: name, max: params.tooLong };
  if (issue.code === 'invalid_value' || params?.choices)
    return { kind: 'choices', option: name, choices: option.choices?.map((c) => c.value) ?? [] };
  if ((issue.code === 'too_small' || issue.code === 'too_big') && issue.origin === 'number')
    return { kind: 'range', option: name, min: option.min_value ?? -Infinity, max: option.max_value ?? Infinity };
  return { kind: 'type', option: name };
}

/** Checks the options of one command or subcommand against its registered list. */
function checkLeaf(registered: readonly OptionJson[], received: readonly ReceivedOption[]): OptionProblem[] {
  const byName = new Map(registered.map((o) => [o.name, o]));
  const problems: OptionProblem[] = [];
  const values: Record<string, unknown> = {};
  for (const option of received) {
    const definition = byName.get(option.name);
    if (!definition) problems.push({ kind: 'unknown', option: option.name });
    else if (option.type !== definition.type || option.name in values)
      problems.push({ kind: 'type', option: option.name });
    else values[option.name] = valueOf(option);
  }
  for (const option of registered)
    if (option.required && !(option.name in values) && !problems.some((p) => p.option === option.name))
      problems.push({ kind: 'missing', option: option.name });
  const shape = Object.fromEntries(
    registered.map((o) => [o.name, o.required ? schemaOf(o) : schemaOf(o).optional()] as const),
  );
  const parsed = z.object(shape).safeParse(values);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0] ?? '');
      if (!(name in values)) continue;
      problems.push(problemOf(issue, byName.get(name), name));
    }
  }
  return problems;
}

/** The subcommand path of the interaction and its leaf options, if the path is one the command has. */
function leafOf(
  command: CommandJson,
  received: readonly ReceivedOption[],
): { path: string[]; registered: readonly OptionJson[]; received: readonly ReceivedOption[] } | null {
  let registered = command.options ?? [];
  let options = received;
  const path: string[] = [];
  while (registered.some((o) => CONTAINERS.has(o.type))) {
    const [chosen, ...rest] = options;
    if (!chosen || rest.length > 0) return null;
    const container = registered.find((o) => o.name === chosen.name && o.type === chosen.type);
    if (!container) return null;
    path.push(container.name);
    registered = container.options ?? [];
    options = chosen.options ?? [];
  }
  if (options.some((o) => CONTAINERS.has(o.type))) return null;
  return { path, registered, received: options };
}

/** Checks a command's options against its registered definition. */
export function checkOptions(command: CommandJson, received: readonly ReceivedOption[]): CheckedOptions {
  const leaf = leafOf(command, received);
  if (!leaf) return { ok: false, unknownSubcommand: true };
  const problems = checkLeaf(leaf.registered, leaf.received);
  if (problems.length > 0) return { ok: false, unknownSubcommand: false, problems };
  return { ok: true, subcommand: leaf.path.at(-1) ?? null };
}

/** The name Discord shows the player for an option of the command, in their language when it has one. */
export function localOptionName(command: CommandJson, option: string, locale: string): string {
  const find = (options: readonly OptionJson[] | undefined): OptionJson | undefined => {
    for (const o of options ?? []) {
      if (o.name === option && !CONTAINERS.has(o.type)) return o;
      const inner = find(o.options);
      if (inner) return inner;
    }
    return undefined;
  };
  const definition = find(command.options);
  return definition?.name_localizations?.[locale] ?? option;
}
