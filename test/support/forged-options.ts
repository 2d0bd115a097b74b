/**
 * Commands with options no Discord client would send, generated from the bot's registered definitions:
 * each required option left out, each option sent with every other type, values outside the choices or
 * the range, strings over their length, unknown and repeated options, and subcommand paths that do not
 * exist. A modified client or a forged request can send all of them.
 */
import type { CommandJson, OptionJson } from '../../src/bot/limits.ts';
import { OptionType, type ApiOption } from './fake-discord/interactions.ts';
import { toApiUser, type FakeUser } from './fake-discord/messages.ts';

export interface ForgedCommand {
  readonly label: string;
  readonly name: string;
  readonly options: ApiOption[];
  readonly resolved: Record<string, unknown>;
  /** What the bot must answer: a list of the option problems, or "unknown command". */
  readonly refusal: 'options' | 'command';
}

const SCALAR_TYPES = [OptionType.String, OptionType.Integer, OptionType.Number, OptionType.Boolean] as const;
const TYPES = [...SCALAR_TYPES, OptionType.User, OptionType.Attachment] as const;
const CONTAINERS = new Set<number>([OptionType.Subcommand, OptionType.SubcommandGroup]);
const ATTACHMENT_ID = '1100000000000000001';

function leaves(command: CommandJson): { path: OptionJson[]; options: readonly OptionJson[] }[] {
  const walk = (
    path: OptionJson[],
    options: readonly OptionJson[],
  ): { path: OptionJson[]; options: readonly OptionJson[] }[] =>
    options.some((o) => CONTAINERS.has(o.type))
      ? options.flatMap((o) => walk([...path, o], o.options ?? []))
      : [{ path, options }];
  return walk([], command.options ?? []);
}

export function forgedCommands(definitions: readonly CommandJson[], user: FakeUser): ForgedCommand[] {
  const resolved = {
    users: { [user.id]: toApiUser(user) },
    attachments: {
      [ATTACHMENT_ID]: {
        id: ATTACHMENT_ID,
        filename: 'game.txt',
        url: 'http://127.0.0.1:9/game.txt',
        proxy_url: 'http://127.0.0.1:9/game.txt',
        size: 1,
        content_type: 'text/plain',
      },
    },
  };
  /** A value of `type` that Discord would accept for an option of that type without constraints. */
  const valueOfType = (type: number): ApiOption['value'] => {
    switch (type) {
      case OptionType.String:
        return 'x';
      case OptionType.Integer:
        return 3;
      case OptionType.Number:
        return 2.5;
      case OptionType.Boolean:
        return true;
      case OptionType.User:
        return user.id;
      default:
        return ATTACHMENT_ID;
    }
  };
  /** A value the definition accepts. */
  const validValue = (o: OptionJson): ApiOption['value'] =>
    o.choices?.[0]?.value ?? (o.type === OptionType.Integer ? (o.min_value ?? 3) : valueOfType(o.type));
  const send = (o: OptionJson, type = o.type, value = validValue(o)): ApiOption => ({ name: o.name, type, value });

  const cases: ForgedCommand[] = [];
  for (const command of definitions) {
    for (const { path, options } of leaves(command)) {
      const label = `/${[command.name, ...path.map((p) => p.name)].join(' ')}`;
      const wrap = (leaf: ApiOption[]): ApiOption[] =>
        path.reduceRight<ApiOption[]>((inner, c) => [{ name: c.name, type: c.type, options: inner }], leaf);
      const required = options.filter((o) => o.required);
      const add = (what: string, leaf: ApiOption[]) =>
        cases.push({
          label: `${label}: ${what}`,
          name: command.name,
          options: wrap(leaf),
          resolved,
          refusal: 'options',
        });
      for (const missing of required)
        add(
          `without ${missing.name}`,
          required.filter((o) => o !== missing).map((o) => send(o)),
        );
      for (const option of options) {
        const others = required.filter((o) => o !== option).map((o) => send(o));
        for (const type of TYPES.filter((t) => t !== option.type))
          add(`${option.name} sent as type ${type}`, [...others, send(option, type, valueOfType(type))]);
        if (option.choices?.length)
          add(`${option.name} outside its choices`, [...others, send(option, option.type, 'zzz')]);
        if (option.type === OptionType.Integer) {
          add(`${option.name} not whole`, [...others, send(option, option.type, 2.5)]);
          if (option.min_value !== undefined)
            add(`${option.name} below ${option.min_value}`, [
              ...others,
              send(option, option.type, option.min_value - 1),
            ]);
          if (option.max_value !== undefined)
            add(`${option.name} above ${option.max_value}`, [
              ...others,
              send(option, option.type, option.max_value + 1),
            ]);
        }
        if (option.type === OptionType.String && option.max_length !== undefined)
          add(`${option.name} over ${option.max_length} characters`, [
            ...others,
            send(option, option.type, '🐉'.repeat(option.max_length + 1)),
          ]);
        if (option.type === OptionType.User)
          add(`${option.name} naming an unresolved user`, [...others, send(option, option.type, '4242')]);
      }
      add('an unknown option', [
        ...required.map((o) => send(o)),
        { name: 'colour', type: OptionType.String, value: 'red' },
      ]);
      add('a name no client could send', [
        ...required.map((o) => send(o)),
        { name: '@everyone <@1>', type: 3, value: 'x' },
      ]);
      if (options[0])
        add(`${options[0].name} twice`, [...required.map((o) => send(o)), send(options[0]), send(options[0])]);
    }
    if (leaves(command).some((l) => l.path.length > 0)) {
      const unknown = (what: string, options: ApiOption[]) =>
        cases.push({ label: `/${command.name}: ${what}`, name: command.name, options, resolved, refusal: 'command' });
      unknown('no subcommand', []);
      unknown('an unknown subcommand', [{ name: 'dance', type: OptionType.Subcommand, options: [] }]);
      unknown('two subcommands', [
        { name: leaves(command)[0]!.path[0]!.name, type: OptionType.Subcommand, options: [] },
        { name: leaves(command)[1]!.path[0]!.name, type: OptionType.Subcommand, options: [] },
      ]);
    }
  }
  return cases;
}
