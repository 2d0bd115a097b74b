/**
 * An in-process fake Discord for end-to-end tests: the real discord.js client logs into it over HTTP and a
 * websocket on 127.0.0.1, tests dispatch interactions as a user would trigger them, and every REST call the
 * bot makes is captured (replies, edits, follow-ups, channel messages, pins, command registration).
 */
import { EventEmitter } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readBody, type CapturedFile } from './fake-discord/body.ts';
import { FakeGateway, GATEWAY_PATH } from './fake-discord/gateway.ts';
import {
  DISCORD_ERRORS,
  FaultPlan,
  type RestAnswer,
  type RestFault,
  type RestFaultSpec,
} from './fake-discord/faults.ts';
import {
  EVERYDAY_MEMBER_PERMISSIONS,
  applicationJson,
  channelJson,
  readyPayloads,
  roleJson,
} from './fake-discord/guild.ts';
import {
  OptionType,
  commandData,
  commandPayload,
  componentPayload,
  forgedComponentPayload,
  type ApiOption,
  type InteractionContext,
  type OptionValue,
  type RegisteredCommand,
  type Surroundings,
} from './fake-discord/interactions.ts';
import {
  EPHEMERAL_FLAG,
  LOADING_FLAG,
  componentsOf,
  createMessage,
  editMessage,
  isEphemeral,
  toApiMessage,
  toApiUser,
  type FakeMessage,
  type FakeUser,
  type MessageBody,
} from './fake-discord/messages.ts';
import { FakeInteraction, type InteractionReply, type ReplyKind } from './fake-discord/replies.ts';
import { snowflake } from './fake-discord/snowflake.ts';

export { EVERYDAY_MEMBER_PERMISSIONS, OptionType, isEphemeral };
export { FakeInteraction };
export type {
  ApiOption,
  CapturedFile,
  FakeMessage,
  FakeUser,
  InteractionContext,
  InteractionReply,
  OptionValue,
  ReplyKind,
  RestFault,
  RestFaultSpec,
};

export interface FakeDiscordOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** The address to listen on (default 127.0.0.1); 0.0.0.0 for a bot in a container. */
  host?: string;
  /** The host name the bot is given in the REST and gateway URLs (default 127.0.0.1). */
  advertisedHost?: string;
  /** When set, REST calls and IDENTIFY with another token are refused as Discord refuses a bad token. */
  token?: string;
  /** Fixed ids let a standalone fake keep matching a `.env` across restarts; random by default. */
  applicationId?: string;
  guildId?: string;
  /** The shard count GET /gateway/bot recommends (what SHARD_COUNT=auto gets); 1 by default. */
  recommendedShards?: number;
  botUsername?: string;
  guildName?: string;
  /** Default wait for `nextReply`, `nextChannelMessage`, `waitFor`. */
  timeoutMs?: number;
  /** Called with one line per REST call and gateway login, for the standalone server's console. */
  log?: (line: string) => void;
}

export interface RestCall {
  /** The id of what a successful POST created (a channel or thread), for `createdChannels`. */
  responseId?: string;
  method: string;
  /** Decoded path after `/api/v10`, e.g. `/webhooks/1/tok/messages/@original`. */
  path: string;
  query: Record<string, string>;
  authorization: string | undefined;
  body: unknown;
  files: CapturedFile[];
  status: number;
}

interface Route {
  method: string;
  pattern: RegExp;
  /** Interaction callbacks and webhooks are authorized by the interaction token, not the bot token. */
  auth: boolean;
  handle(params: string[], call: RestCall): RestAnswer;
}

/** Permission bits the fake checks on channel routes (PermissionFlagsBits values). */
const Permission = {
  ViewChannel: 1n << 10n,
  SendMessages: 1n << 11n,
  ManageMessages: 1n << 13n,
  AttachFiles: 1n << 15n,
  PinMessages: 1n << 51n,
} as const;
/** Everything: what a bot invited as an administrator holds in every channel. */
export const ALL_PERMISSIONS = (1n << 53n) - 1n;

/** The custom ids of a message's buttons and menus, row by row. */
export function customIdsOf(message: FakeMessage): string[] {
  return message.components.flatMap((row) =>
    ((row as { components?: { custom_id?: string }[] }).components ?? []).map((c) => c.custom_id ?? ''),
  );
}
/** A button or menu of a posted message, as Discord's JSON has it. */
export interface FakeComponent {
  readonly custom_id?: string;
  readonly label?: string;
  readonly placeholder?: string;
  readonly options?: readonly { readonly label: string; readonly value: string; readonly description?: string }[];
}

/** The value of a menu option that plays a move: the option whose description is the move's line. */
export function optionOfLine(menu: FakeComponent, line: string): string {
  const option = menu.options?.find((o) => o.description === line);
  if (!option) throw new Error(`no option for "${line}" in ${menu.custom_id}`);
  return option.value;
}

/** A message's buttons and menus, flattened out of their rows, with the fields tests read. */
export function controlsOf(message: { readonly components: readonly unknown[] }): FakeComponent[] {
  return componentsOf(message as FakeMessage) as unknown as FakeComponent[];
}

/** Discord's `enforce_nonce` window: a repeated nonce within it returns the first message. */
const NONCE_WINDOW_MS = 5 * 60_000;

export class FakeDiscord {
  readonly applicationId: string;
  readonly guildId: string;
  /** The default text channel of the guild (`#general`). */
  readonly channelId = snowflake();
  readonly botUser: FakeUser;
  /** The user interactions come from unless a test says otherwise. */
  readonly defaultUser: FakeUser;
  /** Every REST call the bot made, in order. */
  readonly restCalls: RestCall[] = [];
  readonly messages: FakeMessage[] = [];
  readonly interactions: FakeInteraction[] = [];
  /** Registered command definitions: key `global` or a guild id. */
  readonly commands = new Map<string, RegisteredCommand[]>();
  /** Every IDENTIFY, with its `[shard_id, shard_count]` (`[0, 1]` unsharded). */
  readonly identifies: { token: string; intents: number; shard: readonly [number, number] }[] = [];
  private readonly users = new Map<string, FakeUser>();
  private readonly channels = new Map<string, string>();
  /** Direct-message channels the bot opened: channel id → the user. */
  private readonly dms = new Map<string, string>();
  /** Public threads the bot created: thread id → the channel it was created in. */
  private readonly threads = new Map<string, string>();
  /** The default guild's roles besides @everyone, id → name. */
  private readonly roles = new Map<string, string>();
  /** The guild of each channel not in the default guild. */
  private readonly channelGuilds = new Map<string, string>();
  /** Guilds besides the default one (`addGuild`), with their names. */
  private readonly otherGuilds = new Map<string, string>();
  private readonly channelCursors = new Map<string, number>();
  /** The bot's permissions in channels where they are not all of them. */
  private readonly botPermissions = new Map<string, bigint>();
  private readonly faults = new FaultPlan();
  private readonly changes = new EventEmitter();
  private readonly routes: Route[];
  private gateway!: FakeGateway;
  private port = 0;

  private constructor(
    private readonly server: Server,
    private readonly options: FakeDiscordOptions,
  ) {
    this.applicationId = options.applicationId ?? snowflake();
    this.guildId = options.guildId ?? snowflake();
    this.botUser = { id: this.applicationId, username: options.botUsername ?? 'tm-bot', globalName: null, bot: true };
    this.defaultUser = this.createUser('alice');
    this.channels.set(this.channelId, 'general');
    this.changes.setMaxListeners(0);
    this.routes = this.buildRoutes();
  }

  static async start(options: FakeDiscordOptions = {}): Promise<FakeDiscord> {
    const server = createServer();
    const fake = new FakeDiscord(server, options);
    server.on('request', (req, res) => void fake.serve(req, res));
    fake.gateway = new FakeGateway({
      server,
      token: options.token,
      ready: () => {
        const guilds = [[fake.guildId, options.guildName ?? 'Test Guild'], ...fake.otherGuilds].map(([id, name]) =>
          readyPayloads(
            {
              id: id!,
              name: name!,
              ownerId: fake.defaultUser.id,
              memberCount: fake.users.size + 1,
              channels: new Map(
                [...fake.channels].filter(
                  ([channel]) => fake.guildOfChannel(channel) === id && !fake.threads.has(channel),
                ),
              ),
              threads: new Map(
                [...fake.threads]
                  .filter(([thread]) => fake.guildOfChannel(thread) === id)
                  .map(([thread, parent]) => [thread, { name: fake.channels.get(thread)!, parent }]),
              ),
              ...(id === fake.guildId ? { roles: fake.roles } : {}),
            },
            fake.applicationId,
            fake.botUser,
            fake.gatewayUrl,
          ),
        );
        return {
          ready: { ...guilds[0]!.ready, guilds: guilds.flatMap((g) => g.ready.guilds as unknown[]) },
          guilds: guilds.flatMap((g) => g.guilds),
        };
      },
      onIdentify: (token, intents, shard) => {
        fake.identifies.push({ token, intents, shard });
        fake.options.log?.(`[gateway] IDENTIFY intents=${intents} shard=${shard.join('/')}`);
        fake.changed();
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
    });
    fake.port = (server.address() as AddressInfo).port;
    return fake;
  }

  /** What to give discord.js as `rest.api` (REST appends `/v10` itself). */
  get apiUrl(): string {
    return `http://${this.options.advertisedHost ?? '127.0.0.1'}:${this.port}/api`;
  }

  private get gatewayUrl(): string {
    return `ws://${this.options.advertisedHost ?? '127.0.0.1'}:${this.port}${GATEWAY_PATH}`;
  }

  /** Stops the gateway and HTTP server; destroy the discord.js client first. */
  async close(): Promise<void> {
    await this.gateway.close();
    // undici keeps REST sockets alive; without this, close() waits for them to time out.
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Drops the bot's gateway connections; `identifies` shows it coming back. */
  dropGateway(): void {
    this.gateway.dropConnections();
  }

  createUser(username: string): FakeUser {
    const user: FakeUser = { id: snowflake(), username, globalName: null, bot: false };
    this.users.set(user.id, user);
    return user;
  }

  /**
   * Adds a text channel to a guild (the default one unless given); a connected bot whose shard owns the
   * guild learns of it through CHANNEL_CREATE.
   */
  addChannel(name: string, guildId: string = this.guildId): string {
    const id = snowflake();
    this.channels.set(id, name);
    if (guildId !== this.guildId) this.channelGuilds.set(id, guildId);
    if (this.gateway.ownedBySession(guildId))
      this.gateway.dispatch('CHANNEL_CREATE', channelJson(guildId, id, name), guildId);
    return id;
  }

  /** Adds a role to the default guild; a connected bot learns of it through GUILD_ROLE_CREATE. */
  addRole(name: string): string {
    const id = snowflake();
    this.roles.set(id, name);
    if (this.gateway.ownedBySession(this.guildId))
      this.gateway.dispatch('GUILD_ROLE_CREATE', { guild_id: this.guildId, role: roleJson(id, name) }, this.guildId);
    return id;
  }

  /** Channels the bot created (threads and text channels), oldest first. */
  createdChannels(): { id: string; name: string; threadOf: string | null }[] {
    return this.restCalls
      .filter((c) => c.method === 'POST' && c.responseId !== undefined)
      .map((c) => c.responseId!)
      .map((id) => ({ id, name: this.channels.get(id) ?? '', threadOf: this.threads.get(id) ?? null }));
  }

  /**
   * Adds another guild the bot is in (before the bot connects: it learns of guilds at IDENTIFY), for
   * tests of shards; `addChannel(name, guildId)` gives it channels.
   */
  addGuild(name: string, id: string = snowflake()): string {
    this.otherGuilds.set(id, name);
    return id;
  }

  /** The guild a channel belongs to (a thread: its channel's). */
  guildOfChannel(channelId: string): string {
    const parent = this.threads.get(channelId);
    return this.channelGuilds.get(parent ?? channelId) ?? this.guildId;
  }

  /** The direct-message channel the bot opened with a user, if it did. */
  dmChannelOf(userId: string): string | undefined {
    return [...this.dms].find(([, user]) => user === userId)?.[0];
  }

  /** The public threads created in a channel, oldest first, as [id, name]. */
  threadsOf(channelId: string): [string, string][] {
    return [...this.threads].filter(([, parent]) => parent === channelId).map(([id]) => [id, this.channels.get(id)!]);
  }

  /**
   * What the bot may do in a channel (PermissionFlagsBits values; all of them by default). Interactions
   * from the channel carry these as `app_permissions`, and REST refuses what they do not allow, as Discord
   * does: no View Channel → 403 Missing Access on every channel route; no Send Messages, Attach Files or
   * Manage Messages → 403 Missing Permissions on posting, uploading or pinning.
   */
  setBotPermissions(channelId: string, permissions: bigint): void {
    this.botPermissions.set(channelId, permissions);
  }

  /** Makes matching REST requests fail (see RestFaultSpec) until the fault is cleared or used up. */
  injectFault(spec: RestFaultSpec): RestFault {
    return this.faults.add(spec);
  }

  clearFaults(): void {
    this.faults.clearAll();
  }

  // ---- driving the bot ----------------------------------------------------------------------------------

  /**
   * A user runs a slash command: `fake.slashCommand('/tm game create', { options: { players: 3 } })`.
   * When the bot registered the command, option types come from that definition and mistakes fail fast.
   */
  slashCommand(
    commandLine: string,
    input: InteractionContext & { options?: Record<string, OptionValue> } = {},
  ): FakeInteraction {
    const ctx = this.context(input);
    const { data } = commandData(
      commandLine,
      input.options ?? {},
      this.registered(commandLine, ctx.guildId),
      undefined,
      this.surroundings(),
    );
    return this.dispatchInteraction(commandPayload('command', ctx, data, this.surroundings()));
  }

  /**
   * A user types into an autocompleted option: `focused` names it, and its value in `options` is the
   * partial text typed so far. The reply has kind `autocomplete` and carries `choices`.
   */
  autocomplete(
    commandLine: string,
    input: InteractionContext & { focused: string; options: Record<string, OptionValue> },
  ): FakeInteraction {
    if (!(input.focused in input.options))
      throw new Error(`the focused option "${input.focused}" needs a value in options`);
    const ctx = this.context(input);
    const { data } = commandData(
      commandLine,
      input.options,
      this.registered(commandLine, ctx.guildId),
      input.focused,
      this.surroundings(),
    );
    return this.dispatchInteraction(commandPayload('autocomplete', ctx, data, this.surroundings()));
  }

  /**
   * A command sent exactly as given, unchecked against the registered definition: what a modified client
   * or a forged request can send. `options` are Discord's raw option objects, `resolved` its resolved data;
   * `autocomplete` sends it as an autocomplete request.
   */
  forgedCommand(
    name: string,
    options: ApiOption[],
    input: InteractionContext & { resolved?: Record<string, unknown>; autocomplete?: boolean } = {},
  ): FakeInteraction {
    const ctx = this.context(input);
    const registered = this.registered(name, ctx.guildId);
    const data = {
      id: registered?.id ?? snowflake(),
      name,
      type: 1,
      options,
      ...(input.resolved ? { resolved: input.resolved } : {}),
    };
    const kind = input.autocomplete ? 'autocomplete' : 'command';
    return this.dispatchInteraction(commandPayload(kind, ctx, data, this.surroundings()));
  }

  /** A click with a custom id no message carries (a forged one), on the channel's newest message. */
  forgedComponent(customId: string, values?: string[], input: InteractionContext = {}): FakeInteraction {
    const ctx = this.context(input);
    const message = this.channelMessages(ctx.channelId).at(-1);
    if (!message) throw new Error('the channel has no message to click on');
    return this.dispatchInteraction(forgedComponentPayload(ctx, message, customId, values, this.surroundings()));
  }

  /** A user presses a button; by default on the newest message carrying that custom id. */
  clickButton(customId: string, input: InteractionContext & { message?: FakeMessage } = {}): FakeInteraction {
    return this.component(customId, undefined, input);
  }

  /** A user picks `values` in a select menu; by default on the newest message carrying that custom id. */
  selectMenu(
    customId: string,
    values: string[],
    input: InteractionContext & { message?: FakeMessage } = {},
  ): FakeInteraction {
    return this.component(customId, values, input);
  }

  /** Sends a raw INTERACTION_CREATE payload; the helpers above build realistic ones. */
  dispatchInteraction(payload: Record<string, unknown>): FakeInteraction {
    const interaction = new FakeInteraction((probe, options) => this.waitFor(probe, options), payload, Date.now());
    const message = payload.message as { id: string } | undefined;
    if (message) interaction.originalMessageId = message.id;
    this.interactions.push(interaction);
    this.gateway.dispatch('INTERACTION_CREATE', payload, guildOf(payload));
    return interaction;
  }

  /** Sends any gateway event to the connected bot. */
  dispatch(event: string, data: unknown): void {
    this.gateway.dispatch(event, data, guildOf(data));
  }

  // ---- reading what the bot did -------------------------------------------------------------------------

  /** What the channel shows: its live, non-ephemeral messages, oldest first (interaction replies included). */
  channelMessages(channelId: string = this.channelId): FakeMessage[] {
    return this.messages.filter((m) => m.channelId === channelId && !m.deleted && !isEphemeral(m));
  }

  /** The newest channel message other than the pinned status: the bot's latest post or reply. */
  newestPost(channelId: string = this.channelId): FakeMessage {
    const post = this.channelMessages(channelId)
      .filter((m) => !m.pinned)
      .at(-1);
    if (!post) throw new Error(`nothing posted in channel ${channelId}`);
    return post;
  }

  /** Waits for the next channel-visible message not yet returned by this method for that channel. */
  async nextChannelMessage(channelId: string = this.channelId, timeoutMs?: number): Promise<FakeMessage> {
    const index = this.channelCursors.get(channelId) ?? 0;
    const message = await this.waitFor(() => this.channelMessages(channelId)[index], {
      timeoutMs,
      what: `message #${index + 1} in channel ${this.channels.get(channelId) ?? channelId}`,
    });
    this.channelCursors.set(channelId, index + 1);
    return message;
  }

  pinnedMessages(channelId: string = this.channelId): FakeMessage[] {
    return this.channelMessages(channelId).filter((m) => m.pinned);
  }

  /** Commands registered globally (no argument) or for one guild. */
  registeredCommands(guildId?: string): RegisteredCommand[] {
    return this.commands.get(guildId ?? 'global') ?? [];
  }

  /** Resolves with the first defined value `probe` returns, re-checking after each captured change. */
  waitFor<T>(
    probe: () => T | undefined,
    { timeoutMs, what }: { timeoutMs?: number | undefined; what: string },
  ): Promise<T> {
    const now = probe();
    if (now !== undefined) return Promise.resolve(now);
    const limit = timeoutMs ?? this.options.timeoutMs ?? 2_000;
    return new Promise<T>((resolve, reject) => {
      const check = () => {
        const value = probe();
        if (value === undefined) return;
        cleanup();
        resolve(value);
      };
      const timer = setTimeout(() => {
        cleanup();
        const recent = this.restCalls.slice(-5).map((c) => `${c.method} ${c.path} → ${c.status}`);
        reject(
          new Error(`timed out after ${limit} ms waiting for ${what}; last REST calls: ${recent.join('; ') || 'none'}`),
        );
      }, limit);
      const cleanup = () => {
        clearTimeout(timer);
        this.changes.off('change', check);
      };
      this.changes.on('change', check);
    });
  }

  // ---- HTTP ---------------------------------------------------------------------------------------------

  private async serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    // discord.js percent-encodes `@original`; route on the decoded path.
    const path = decodeURIComponent(url.pathname).replace(/^\/api\/v\d+/, '');
    const call: RestCall = {
      method: req.method ?? 'GET',
      path,
      query: Object.fromEntries(url.searchParams),
      authorization: req.headers.authorization,
      body: undefined,
      files: [],
      status: 0,
    };
    let result: RestAnswer;
    try {
      const body = await readBody(req);
      call.body = body.json;
      call.files = body.files;
      const fault = this.faults.take(call.method, path, call.body);
      const served = !fault || fault.afterServing ? this.route(call) : undefined;
      result = fault?.answer ?? served ?? { status: 404, json: { message: '404: Not Found', code: 0 } };
    } catch (error) {
      result = { status: 500, json: { message: `fake Discord failed: ${(error as Error).stack}`, code: 0 } };
    }
    call.status = result.status;
    this.restCalls.push(call);
    this.options.log?.(`[rest] ${call.method} ${call.path} → ${call.status}`);
    if (result.json === undefined) {
      res.writeHead(result.status, result.headers ?? {}).end();
    } else {
      res
        .writeHead(result.status, { ...result.headers, 'content-type': 'application/json' })
        .end(JSON.stringify(result.json));
    }
    this.changed();
  }

  private route(call: RestCall): RestAnswer | undefined {
    for (const route of this.routes) {
      if (route.method !== call.method) continue;
      const match = route.pattern.exec(call.path);
      if (!match) continue;
      if (route.auth && !this.authorized(call.authorization)) return DISCORD_ERRORS.unauthorized;
      return this.forbidden(call) ?? route.handle(match.slice(1), call);
    }
    return undefined;
  }

  /** Discord's answer when the bot's permissions in the channel do not allow the request. */
  private forbidden(call: RestCall): RestAnswer | undefined {
    const channelId = /^\/channels\/(\d+)/.exec(call.path)?.[1];
    const permissions = channelId === undefined ? undefined : this.botPermissions.get(channelId);
    if (permissions === undefined) return undefined;
    const lacks = (bit: bigint) => (permissions & bit) === 0n;
    if (lacks(Permission.ViewChannel)) return DISCORD_ERRORS.missingAccess;
    const posting = call.method === 'POST' && /\/messages$/.test(call.path);
    if (posting && lacks(Permission.SendMessages)) return DISCORD_ERRORS.missingPermissions;
    if (posting && call.files.length > 0 && lacks(Permission.AttachFiles)) return DISCORD_ERRORS.missingPermissions;
    const pinning = /\/pins\/\d+$/.test(call.path) && call.method !== 'GET';
    if (pinning && lacks(Permission.ManageMessages) && lacks(Permission.PinMessages))
      return DISCORD_ERRORS.missingPermissions;
    return undefined;
  }

  private authorized(header: string | undefined): boolean {
    if (!header?.startsWith('Bot ')) return false;
    return this.options.token === undefined || header === `Bot ${this.options.token}`;
  }

  private buildRoutes(): Route[] {
    const r = (method: string, pattern: RegExp, auth: boolean, handle: Route['handle']): Route => ({
      method,
      pattern,
      auth,
      handle,
    });
    const gateway = () => ({ status: 200, json: { url: this.gatewayUrl } });
    return [
      r('GET', /^\/gateway\/bot$/, true, () => ({
        status: 200,
        json: {
          ...gateway().json,
          shards: this.options.recommendedShards ?? 1,
          session_start_limit: { total: 1000, remaining: 999, reset_after: 0, max_concurrency: 16 },
        },
      })),
      r('GET', /^\/gateway$/, false, gateway),
      r('GET', /^\/users\/(\d+)$/, true, ([userId]) => {
        const user = this.users.get(userId!);
        return user
          ? { status: 200, json: toApiUser(user) }
          : { status: 404, json: { message: 'Unknown User', code: 10013 } };
      }),
      r('GET', /^\/(?:oauth2\/)?applications\/@me$/, true, () => ({
        status: 200,
        json: applicationJson(this.applicationId, this.botUser),
      })),
      r('POST', /^\/interactions\/(\d+)\/([^/]+)\/callback$/, false, ([, token], call) =>
        this.interactionCallback(token!, call),
      ),
      r('PATCH', /^\/webhooks\/\d+\/([^/]+)\/messages\/([^/]+)$/, false, ([token, id], call) =>
        this.webhookEdit(token!, id!, call),
      ),
      r('GET', /^\/webhooks\/\d+\/([^/]+)\/messages\/([^/]+)$/, false, ([token, id]) => this.webhookFetch(token!, id!)),
      r('DELETE', /^\/webhooks\/\d+\/([^/]+)\/messages\/([^/]+)$/, false, ([token, id], call) =>
        this.webhookDelete(token!, id!, call),
      ),
      r('POST', /^\/webhooks\/\d+\/([^/]+)$/, false, ([token], call) => this.followUp(token!, call)),
      r('GET', /^\/channels\/(\d+)$/, true, ([channelId]) =>
        this.channels.has(channelId!)
          ? {
              status: 200,
              json: channelJson(
                this.guildOfChannel(channelId!),
                channelId!,
                this.channels.get(channelId!),
                this.threads.get(channelId!),
              ),
            }
          : DISCORD_ERRORS.unknownChannel,
      ),
      r('POST', /^\/channels\/(\d+)\/typing$/, true, () => ({ status: 204 })),
      r('POST', /^\/users\/@me\/channels$/, true, (_, call) => this.openDm(call)),
      r('POST', /^\/channels\/(\d+)\/threads$/, true, ([channelId], call) => this.createThread(channelId!, call)),
      r('POST', /^\/guilds\/(\d+)\/channels$/, true, ([guildId], call) => this.createChannel(guildId!, call)),
      r('GET', /^\/users\/(\d+)$/, true, ([userId]) => {
        const user = this.users.get(userId!);
        return user
          ? { status: 200, json: toApiUser(user) }
          : { status: 404, json: { message: 'Unknown User', code: 10013 } };
      }),
      r('POST', /^\/channels\/(\d+)\/messages$/, true, ([channelId], call) =>
        this.postChannelMessage(channelId!, call),
      ),
      r('GET', /^\/channels\/(\d+)\/messages$/, true, ([channelId], call) =>
        this.listChannelMessages(channelId!, call),
      ),
      r('GET', /^\/channels\/(\d+)\/(?:messages\/)?pins$/, true, ([channelId], call) =>
        this.listPins(channelId!, call),
      ),
      r('PUT', /^\/channels\/(\d+)\/(?:messages\/)?pins\/(\d+)$/, true, ([channelId, id]) =>
        this.pin(channelId!, id!, true),
      ),
      r('DELETE', /^\/channels\/(\d+)\/(?:messages\/)?pins\/(\d+)$/, true, ([channelId, id]) =>
        this.pin(channelId!, id!, false),
      ),
      r('GET', /^\/channels\/(\d+)\/messages\/(\d+)$/, true, ([channelId, id]) =>
        this.withChannelMessage(channelId!, id!, (m) => ({ status: 200, json: this.api(m) })),
      ),
      r('PATCH', /^\/channels\/(\d+)\/messages\/(\d+)$/, true, ([channelId, id], call) =>
        this.withChannelMessage(channelId!, id!, (m) => {
          editMessage(m, call.body as MessageBody, call.files);
          return { status: 200, json: this.api(m) };
        }),
      ),
      r('DELETE', /^\/channels\/(\d+)\/messages\/(\d+)$/, true, ([channelId, id]) =>
        this.withChannelMessage(channelId!, id!, (m) => {
          m.deleted = true;
          return { status: 204 };
        }),
      ),
      r('PUT', /^\/applications\/\d+\/commands$/, true, (_, call) => this.putCommands('global', call)),
      r('PUT', /^\/applications\/\d+\/guilds\/(\d+)\/commands$/, true, ([guildId], call) =>
        this.putCommands(guildId!, call),
      ),
      r('GET', /^\/applications\/\d+\/commands$/, true, () => ({ status: 200, json: this.registeredCommands() })),
      r('GET', /^\/applications\/\d+\/guilds\/(\d+)\/commands$/, true, ([guildId]) => ({
        status: 200,
        json: this.registeredCommands(guildId),
      })),
    ];
  }

  // ---- interaction responses ----------------------------------------------------------------------------

  private interactionCallback(token: string, call: RestCall): RestAnswer {
    const interaction = this.interactionByToken(token);
    if (!interaction) return DISCORD_ERRORS.unknownInteraction;
    if (interaction.acknowledged) return DISCORD_ERRORS.alreadyAcknowledged;
    interaction.acknowledged = true;
    const { type, data = {} } = call.body as { type: number; data?: Record<string, any> };
    const place = this.placeOf(interaction);
    let kind: ReplyKind;
    let message: FakeMessage | undefined;
    switch (type) {
      case 4:
        kind = 'reply';
        message = this.store(createMessage(place, data, call.files));
        interaction.originalMessageId = message.id;
        break;
      case 5:
        kind = 'defer';
        message = this.store(
          createMessage(place, { flags: (Number(data.flags ?? 0) & EPHEMERAL_FLAG) | LOADING_FLAG }, []),
        );
        interaction.originalMessageId = message.id;
        break;
      case 6:
        kind = 'deferUpdate';
        message = this.messageById(interaction.originalMessageId);
        break;
      case 7:
        kind = 'update';
        message = this.messageById(interaction.originalMessageId);
        if (message) editMessage(message, data, call.files);
        break;
      case 8:
        kind = 'autocomplete';
        break;
      case 9:
        kind = 'modal';
        break;
      default:
        return { status: 400, json: { message: `fake Discord does not know callback type ${type}`, code: 50035 } };
    }
    this.record(interaction, kind, data, call.files, message);
    if (call.query.with_response !== 'true') return { status: 204 };
    return {
      status: 200,
      json: {
        interaction: {
          id: interaction.id,
          type: interaction.payload.type,
          activity_instance_id: null,
          response_message_id: message?.id ?? null,
          response_message_loading: type === 5,
          response_message_ephemeral: message ? isEphemeral(message) : false,
        },
        resource: { type, ...(message ? { message: this.api(message) } : {}) },
      },
    };
  }

  private webhookEdit(token: string, id: string, call: RestCall): RestAnswer {
    const interaction = this.interactionByToken(token);
    if (!interaction) return DISCORD_ERRORS.unknownInteraction;
    const message = this.messageById(id === '@original' ? interaction.originalMessageId : id);
    if (!message || message.deleted) return DISCORD_ERRORS.unknownMessage;
    editMessage(message, call.body as MessageBody, call.files);
    this.record(interaction, id === '@original' ? 'editReply' : 'editFollowUp', call.body, call.files, message);
    return { status: 200, json: this.api(message) };
  }

  private webhookFetch(token: string, id: string): RestAnswer {
    const interaction = this.interactionByToken(token);
    const message = this.messageById(id === '@original' ? interaction?.originalMessageId : id);
    return message && !message.deleted ? { status: 200, json: this.api(message) } : DISCORD_ERRORS.unknownMessage;
  }

  private webhookDelete(token: string, id: string, call: RestCall): RestAnswer {
    const interaction = this.interactionByToken(token);
    if (!interaction) return DISCORD_ERRORS.unknownInteraction;
    const message = this.messageById(id === '@original' ? interaction.originalMessageId : id);
    if (!message || message.deleted) return DISCORD_ERRORS.unknownMessage;
    message.deleted = true;
    this.record(interaction, 'deleteReply', call.body, [], message);
    return { status: 204 };
  }

  private followUp(token: string, call: RestCall): RestAnswer {
    const interaction = this.interactionByToken(token);
    if (!interaction) return DISCORD_ERRORS.unknownInteraction;
    if (!interaction.acknowledged) return DISCORD_ERRORS.unknownMessage;
    const message = this.store(createMessage(this.placeOf(interaction), call.body as MessageBody, call.files));
    this.record(interaction, 'followUp', call.body, call.files, message);
    return { status: 200, json: this.api(message) };
  }

  private record(
    interaction: FakeInteraction,
    kind: ReplyKind,
    body: unknown,
    files: CapturedFile[],
    message: FakeMessage | undefined,
  ): void {
    const data = (body ?? {}) as Record<string, any>;
    interaction.replies.push({
      kind,
      ephemeral: message ? isEphemeral(message) : false,
      content: data.content ?? undefined,
      embeds: data.embeds ?? [],
      components: data.components ?? [],
      files,
      choices: data.choices ?? [],
      body: data,
      // Edits replace the arrays rather than mutate them, so a shallow copy freezes this moment.
      message: message && { ...message, history: [...message.history] },
      elapsedMs: Date.now() - interaction.dispatchedAt,
    });
  }

  // ---- channels and commands ----------------------------------------------------------------------------

  /** A text channel (discord.js `guild.channels.create`). */
  private createChannel(guildId: string, call: RestCall): RestAnswer {
    const { name } = call.body as { name?: string };
    if (!name) return { status: 400, json: { message: 'Invalid Form Body', code: 50035 } };
    const id = snowflake();
    this.channels.set(id, name);
    if (guildId !== this.guildId) this.channelGuilds.set(id, guildId);
    call.responseId = id;
    return { status: 200, json: channelJson(guildId, id, name) };
  }

  private postChannelMessage(channelId: string, call: RestCall): RestAnswer {
    if (!this.channels.has(channelId)) return DISCORD_ERRORS.unknownChannel;
    const body = call.body as MessageBody & { nonce?: string | number; enforce_nonce?: boolean };
    const nonce = body.nonce === undefined ? null : String(body.nonce);
    if (nonce !== null && body.enforce_nonce) {
      // Discord: a nonce seen again within a few minutes returns the first message instead of a new one.
      const earlier = this.messages.find(
        (m) => m.nonce === nonce && m.interactionId === null && Date.now() - m.createdAt.getTime() < NONCE_WINDOW_MS,
      );
      if (earlier) return { status: 200, json: this.api(earlier) };
    }
    const guildId = this.dms.has(channelId) ? null : this.guildOfChannel(channelId);
    const message = this.store(createMessage({ channelId, guildId, interactionId: null }, body, call.files));
    message.nonce = nonce;
    return { status: 200, json: { ...this.api(message), ...(nonce === null ? {} : { nonce }) } };
  }

  /** The direct-message channel with a user (`POST /users/@me/channels`): opened once, then the same. */
  private openDm(call: RestCall): RestAnswer {
    const userId = (call.body as { recipient_id?: string }).recipient_id ?? '';
    const user = this.users.get(userId);
    if (!user) return { status: 400, json: { message: 'Unknown User', code: 10013 } };
    let id = this.dmChannelOf(userId);
    if (!id) {
      id = snowflake();
      this.dms.set(id, userId);
      this.channels.set(id, `dm-${user.username}`);
    }
    return { status: 200, json: { id, type: 1, last_message_id: null, recipients: [toApiUser(user)] } };
  }

  /** A public thread without a starting message, as `POST /channels/{id}/threads` makes one (type 11). */
  private createThread(channelId: string, call: RestCall): RestAnswer {
    if (!this.channels.has(channelId) || this.threads.has(channelId)) return DISCORD_ERRORS.unknownChannel;
    const body = call.body as { name?: string; type?: number };
    if (body.type !== 11) return { status: 400, json: { message: 'the fake makes public threads only', code: 50035 } };
    const id = snowflake();
    this.channels.set(id, body.name ?? 'thread');
    this.threads.set(id, channelId);
    const json = channelJson(this.guildOfChannel(channelId), id, body.name, channelId);
    call.responseId = id;
    this.gateway.dispatch('THREAD_CREATE', { ...json, newly_created: true }, this.guildOfChannel(channelId));
    return { status: 201, json };
  }

  private listChannelMessages(channelId: string, call: RestCall): RestAnswer {
    if (!this.channels.has(channelId)) return DISCORD_ERRORS.unknownChannel;
    const limit = Number(call.query.limit ?? 50);
    const newestFirst = this.channelMessages(channelId).slice(-limit).reverse();
    return { status: 200, json: newestFirst.map((m) => this.api(m)) };
  }

  private listPins(channelId: string, call: RestCall): RestAnswer {
    const pinned = this.pinnedMessages(channelId).reverse();
    if (call.path.endsWith('/messages/pins')) {
      return {
        status: 200,
        json: {
          items: pinned.map((m) => ({ pinned_at: new Date().toISOString(), message: this.api(m) })),
          has_more: false,
        },
      };
    }
    return { status: 200, json: pinned.map((m) => this.api(m)) };
  }

  private pin(channelId: string, id: string, pinned: boolean): RestAnswer {
    return this.withChannelMessage(channelId, id, (m) => {
      m.pinned = pinned;
      return { status: 204 };
    });
  }

  private withChannelMessage(channelId: string, id: string, act: (message: FakeMessage) => RestAnswer): RestAnswer {
    const message = this.messageById(id);
    if (!message || message.deleted || message.channelId !== channelId) return DISCORD_ERRORS.unknownMessage;
    return act(message);
  }

  private putCommands(scope: string, call: RestCall): RestAnswer {
    const previous = this.commands.get(scope) ?? [];
    const definitions = (call.body as Omit<RegisteredCommand, 'id'>[]).map((definition) => ({
      ...definition,
      // Discord keeps a command's id when a bulk overwrite re-registers the same name.
      id: previous.find((p) => p.name === definition.name)?.id ?? snowflake(),
      application_id: this.applicationId,
      version: snowflake(),
      ...(scope === 'global' ? {} : { guild_id: scope }),
    }));
    this.commands.set(scope, definitions);
    return { status: 200, json: definitions };
  }

  // ---- helpers ------------------------------------------------------------------------------------------

  private component(
    customId: string,
    values: string[] | undefined,
    input: InteractionContext & { message?: FakeMessage },
  ): FakeInteraction {
    const ctx = this.context(input);
    const message = input.message
      ? this.messageById(input.message.id)
      : [...this.messages]
          .reverse()
          .find(
            (m) => !m.deleted && m.channelId === ctx.channelId && componentsOf(m).some((c) => c.custom_id === customId),
          );
    if (!message) throw new Error(`no message in the channel carries a component with custom id "${customId}"`);
    return this.dispatchInteraction(componentPayload(ctx, message, customId, values, this.surroundings()));
  }

  private context(input: InteractionContext): Required<InteractionContext> {
    const channelId = input.channelId ?? this.channelId;
    return {
      user: input.user ?? this.defaultUser,
      channelId,
      guildId: input.guildId === undefined ? this.guildOfChannel(channelId) : input.guildId,
      locale: input.locale ?? 'en-US',
      guildLocale: input.guildLocale ?? 'en-US',
      permissions: input.permissions ?? EVERYDAY_MEMBER_PERMISSIONS,
      roles: input.roles ?? [],
    };
  }

  private registered(commandLine: string, guildId: string | null): RegisteredCommand | undefined {
    const name = commandLine.replace(/^\//, '').trim().split(/\s+/)[0];
    const find = (scope: string) => this.commands.get(scope)?.find((c) => c.name === name);
    return (guildId ? find(guildId) : undefined) ?? find('global');
  }

  private surroundings(): Surroundings {
    return {
      applicationId: this.applicationId,
      botUser: this.botUser,
      users: this.users,
      channelName: (id) => this.channels.get(id) ?? 'unknown',
      threadParent: (id) => this.threads.get(id),
      botPermissions: (id) => this.botPermissions.get(id) ?? ALL_PERMISSIONS,
      roles: this.roles,
    };
  }

  private placeOf(interaction: FakeInteraction): { channelId: string; guildId: string | null; interactionId: string } {
    return {
      channelId: interaction.payload.channel_id,
      guildId: interaction.payload.guild_id ?? null,
      interactionId: interaction.id,
    };
  }

  private interactionByToken(token: string): FakeInteraction | undefined {
    return this.interactions.find((i) => i.token === token);
  }

  private messageById(id: string | undefined): FakeMessage | undefined {
    return id === undefined ? undefined : this.messages.find((m) => m.id === id);
  }

  private store(message: FakeMessage): FakeMessage {
    this.messages.push(message);
    return message;
  }

  private api(message: FakeMessage): Record<string, unknown> {
    return toApiMessage(message, this.botUser, this.applicationId);
  }

  private changed(): void {
    this.changes.emit('change');
  }
}

/** The guild an event belongs to, which decides the shard that receives it; null for guildless events. */
function guildOf(data: unknown): string | null {
  const id = (data as { guild_id?: unknown } | null)?.guild_id;
  return typeof id === 'string' ? id : null;
}
