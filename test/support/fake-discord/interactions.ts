import { componentsOf, toApiMessage, toApiUser, type FakeMessage, type FakeUser } from './messages.ts';
import { roleJson } from './guild.ts';
import { snowflake } from './snowflake.ts';

/** Discord's numeric enums, spelled out here so the fake does not lean on the library under test. */
export const InteractionType = { Command: 2, Component: 3, Autocomplete: 4 } as const;
export const OptionType = {
  Subcommand: 1,
  SubcommandGroup: 2,
  String: 3,
  Integer: 4,
  Boolean: 5,
  User: 6,
  Channel: 7,
  Role: 8,
  Mentionable: 9,
  Number: 10,
  Attachment: 11,
} as const;
const ComponentType = { Button: 2, StringSelect: 3 } as const;

export type OptionValue = string | number | boolean;

/** Who acts, and where: the parts of an interaction every kind shares. */
export interface InteractionContext {
  user?: FakeUser;
  channelId?: string;
  /** `null` sends the interaction from a DM (no guild, no member). */
  guildId?: string | null;
  /** The user's client language, e.g. `es-ES`, `es-419`, `it`, `en-US`. */
  locale?: string;
  guildLocale?: string;
  /** The member's permissions in the channel, as a bit set (PermissionFlagsBits values). */
  permissions?: bigint;
  /** The member's roles (ids from `FakeDiscord.addRole`). */
  roles?: string[];
}

export interface RegisteredOption {
  name: string;
  type: number;
  required?: boolean;
  choices?: { name: string; value: OptionValue }[];
  options?: RegisteredOption[];
}

export interface RegisteredCommand {
  id: string;
  name: string;
  type?: number;
  options?: RegisteredOption[];
}

export interface Surroundings {
  applicationId: string;
  botUser: FakeUser;
  users: Map<string, FakeUser>;
  channelName(channelId: string): string;
  /** The channel a thread was created in; undefined for a channel that is not a thread. */
  threadParent(channelId: string): string | undefined;
  /** What the bot may do in the channel: the interaction's `app_permissions`. */
  botPermissions(channelId: string): bigint;
  /** The guild's roles, id → name. */
  roles: ReadonlyMap<string, string>;
}

export interface ApiOption {
  name: string;
  type: number;
  value?: OptionValue;
  focused?: boolean;
  options?: ApiOption[];
}

function base(type: number, ctx: Required<InteractionContext>, env: Surroundings): Record<string, unknown> {
  const payload: Record<string, unknown> = {
    id: snowflake(),
    application_id: env.applicationId,
    type,
    token: `fake-interaction-token-${snowflake()}`,
    version: 1,
    channel_id: ctx.channelId,
    channel: {
      id: ctx.channelId,
      type: ctx.guildId ? (env.threadParent(ctx.channelId) ? 11 : 0) : 1,
      name: env.channelName(ctx.channelId),
      ...(ctx.guildId ? { guild_id: ctx.guildId } : {}),
      ...(env.threadParent(ctx.channelId) ? { parent_id: env.threadParent(ctx.channelId) } : {}),
    },
    locale: ctx.locale,
    app_permissions: env.botPermissions(ctx.channelId).toString(),
    entitlements: [],
    authorizing_integration_owners: ctx.guildId ? { '0': ctx.guildId } : { '1': ctx.user.id },
    context: ctx.guildId ? 0 : 1,
    attachment_size_limit: 10 * 1024 * 1024,
  };
  if (ctx.guildId) {
    payload.guild_id = ctx.guildId;
    payload.guild_locale = ctx.guildLocale;
    payload.guild = { id: ctx.guildId, locale: ctx.guildLocale, features: [] };
    payload.member = {
      user: toApiUser(ctx.user),
      roles: ctx.roles,
      permissions: ctx.permissions.toString(),
      joined_at: new Date(0).toISOString(),
      nick: null,
      avatar: null,
      deaf: false,
      mute: false,
      flags: 0,
      pending: false,
      premium_since: null,
      communication_disabled_until: null,
    };
  } else {
    payload.user = toApiUser(ctx.user);
  }
  return payload;
}

/**
 * Splits `/tm game create` into the command name and its subcommand path, then shapes the options the way
 * Discord nests them. With a registered definition, the option types come from it and a typo, a missing
 * required option or a value outside the choices fails the test, as the Discord client would refuse them.
 */
export function commandData(
  commandLine: string,
  values: Record<string, OptionValue>,
  registered: RegisteredCommand | undefined,
  focused: string | undefined,
  env: Surroundings,
): { data: Record<string, unknown>; resolvedUsers: FakeUser[] } {
  const [name, ...path] = commandLine.replace(/^\//, '').trim().split(/\s+/);
  if (!name) throw new Error(`empty command line: "${commandLine}"`);
  if (path.length > 2)
    throw new Error(`"${commandLine}": at most a group and a subcommand may follow the command name`);
  let level: RegisteredOption[] | undefined = registered?.options;
  const containers: { name: string; type: number }[] = [];
  for (const [i, part] of path.entries()) {
    const type = path.length === 2 && i === 0 ? OptionType.SubcommandGroup : OptionType.Subcommand;
    if (registered) {
      const found = level?.find((o) => o.name === part && o.type === type);
      if (!found)
        throw new Error(`/${name} has no ${type === OptionType.Subcommand ? 'subcommand' : 'group'} "${part}"`);
      level = found.options;
    }
    containers.push({ name: part, type });
  }
  const resolvedUsers: FakeUser[] = [];
  const resolvedRoles: Record<string, Record<string, unknown>> = {};
  // An attachment option's value is the file's URL here; Discord sends an id resolved to the file.
  const resolvedAttachments: Record<string, Record<string, unknown>> = {};
  const leaf: ApiOption[] = Object.entries(values).map(([optionName, value]) => {
    const definition = registered ? level?.find((o) => o.name === optionName) : undefined;
    if (registered && !definition) throw new Error(`/${commandLine.trim()} has no option "${optionName}"`);
    const type = definition?.type ?? inferType(value);
    const isFocused = optionName === focused;
    if (!isFocused && definition?.choices && !definition.choices.some((c) => c.value === value)) {
      throw new Error(`option "${optionName}" only accepts its choices, not ${JSON.stringify(value)}`);
    }
    if (type === OptionType.User) resolvedUsers.push(env.users.get(String(value)) ?? unknownUser(String(value)));
    if (type === OptionType.Role)
      resolvedRoles[String(value)] = roleJson(String(value), env.roles.get(String(value)) ?? 'role');
    if (type === OptionType.Attachment) {
      const id = snowflake();
      const url = String(value);
      resolvedAttachments[id] = {
        id,
        filename: url.split('/').pop() || 'file',
        url,
        proxy_url: url,
        size: 0,
        content_type: 'text/plain',
      };
      return { name: optionName, type, value: id };
    }
    return {
      name: optionName,
      type,
      value: isFocused ? String(value) : value,
      ...(isFocused ? { focused: true } : {}),
    };
  });
  if (registered && focused === undefined) {
    const missing = (level ?? []).filter((o) => o.required && !(o.name in values)).map((o) => o.name);
    if (missing.length > 0)
      throw new Error(`/${commandLine.trim()} is missing required option(s): ${missing.join(', ')}`);
  }
  let options: ApiOption[] = leaf;
  for (const container of containers.reverse()) options = [{ ...container, options }];
  return {
    data: {
      id: registered?.id ?? snowflake(),
      name,
      type: registered?.type ?? 1,
      options,
      ...(resolvedUsers.length > 0 ||
      Object.keys(resolvedAttachments).length > 0 ||
      Object.keys(resolvedRoles).length > 0
        ? {
            resolved: {
              ...(resolvedUsers.length > 0
                ? { users: Object.fromEntries(resolvedUsers.map((u) => [u.id, toApiUser(u)])) }
                : {}),
              ...(Object.keys(resolvedRoles).length > 0 ? { roles: resolvedRoles } : {}),
              ...(Object.keys(resolvedAttachments).length > 0 ? { attachments: resolvedAttachments } : {}),
            },
          }
        : {}),
    },
    resolvedUsers,
  };
}

function inferType(value: OptionValue): number {
  if (typeof value === 'boolean') return OptionType.Boolean;
  if (typeof value === 'number') return Number.isInteger(value) ? OptionType.Integer : OptionType.Number;
  return OptionType.String;
}

function unknownUser(id: string): FakeUser {
  return { id, username: `user${id.slice(-4)}`, globalName: null, bot: false };
}

export function commandPayload(
  kind: 'command' | 'autocomplete',
  ctx: Required<InteractionContext>,
  data: Record<string, unknown>,
  env: Surroundings,
): Record<string, unknown> {
  const payload = base(kind === 'command' ? InteractionType.Command : InteractionType.Autocomplete, ctx, env);
  payload.data = data;
  return payload;
}

/**
 * A click on a component of `message`. Like the Discord client, it refuses what a user could not do:
 * press a disabled button, or pick values a select menu does not offer.
 */
export function componentPayload(
  ctx: Required<InteractionContext>,
  message: FakeMessage,
  customId: string,
  values: string[] | undefined,
  env: Surroundings,
): Record<string, unknown> {
  const component = componentsOf(message).find((c) => c.custom_id === customId);
  if (!component) throw new Error(`message ${message.id} has no component with custom id "${customId}"`);
  if (component.disabled) throw new Error(`component "${customId}" is disabled`);
  const data: Record<string, unknown> = { custom_id: customId, component_type: component.type };
  if (values === undefined) {
    if (component.type !== ComponentType.Button) throw new Error(`"${customId}" is not a button`);
  } else {
    if (component.type === ComponentType.Button) throw new Error(`"${customId}" is a button, not a select menu`);
    const offered = new Set((component.options ?? []).map((o) => o.value));
    const unknown = values.filter((v) => component.type === ComponentType.StringSelect && !offered.has(v));
    if (unknown.length > 0) throw new Error(`select "${customId}" does not offer ${unknown.join(', ')}`);
    const min = component.min_values ?? 1;
    const max = component.max_values ?? 1;
    if (values.length < min || values.length > max) throw new Error(`select "${customId}" takes ${min}..${max} values`);
    data.values = values;
  }
  const payload = base(InteractionType.Component, ctx, env);
  payload.data = data;
  payload.message = toApiMessage(message, env.botUser, env.applicationId);
  return payload;
}

/** A click carrying any custom id, on any message: what a modified client can send. */
export function forgedComponentPayload(
  ctx: Required<InteractionContext>,
  message: FakeMessage,
  customId: string,
  values: string[] | undefined,
  env: Surroundings,
): Record<string, unknown> {
  const payload = base(InteractionType.Component, ctx, env);
  payload.data = {
    custom_id: customId,
    component_type: values === undefined ? ComponentType.Button : ComponentType.StringSelect,
    ...(values === undefined ? {} : { values }),
  };
  payload.message = toApiMessage(message, env.botUser, env.applicationId);
  return payload;
}
