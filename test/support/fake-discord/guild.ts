import { toApiUser, type FakeUser } from './messages.ts';

/** VIEW_CHANNEL | SEND_MESSAGES | EMBED_LINKS | ATTACH_FILES | READ_MESSAGE_HISTORY | USE_APPLICATION_COMMANDS */
export const EVERYDAY_MEMBER_PERMISSIONS =
  (1n << 10n) | (1n << 11n) | (1n << 14n) | (1n << 15n) | (1n << 16n) | (1n << 31n);

/** The one guild the fake hosts: what READY and GUILD_CREATE say about it. */
export interface FakeGuild {
  id: string;
  name: string;
  ownerId: string;
  memberCount: number;
  /** Text channels by id → name. */
  channels: ReadonlyMap<string, string>;
  /** Active public threads by id: their name and the channel they were created in. */
  threads?: ReadonlyMap<string, { readonly name: string; readonly parent: string }>;
  /** Roles besides @everyone, id → name. */
  roles?: ReadonlyMap<string, string>;
}

export function channelJson(
  guildId: string,
  id: string,
  name: string | undefined,
  /** For a public thread: the channel it was created in. */
  threadOf?: string,
): Record<string, unknown> {
  const thread = threadOf
    ? {
        type: 11,
        parent_id: threadOf,
        owner_id: null,
        message_count: 0,
        member_count: 0,
        thread_metadata: {
          archived: false,
          auto_archive_duration: 10080,
          archive_timestamp: new Date(0).toISOString(),
          locked: false,
        },
      }
    : { type: 0, parent_id: null, position: 0, permission_overwrites: [], topic: null, nsfw: false };
  return { id, guild_id: guildId, name, last_message_id: null, rate_limit_per_user: 0, ...thread };
}

/** A role of the guild, as Discord describes it. */
export function roleJson(id: string, name: string): Record<string, unknown> {
  return {
    id,
    name,
    permissions: '0',
    position: 1,
    color: 0,
    hoist: false,
    managed: false,
    mentionable: true,
    flags: 0,
  };
}

export function applicationJson(applicationId: string, bot: FakeUser): Record<string, unknown> {
  return {
    id: applicationId,
    name: bot.username,
    description: '',
    bot_public: true,
    bot_require_code_grant: false,
    flags: 0,
    bot: toApiUser(bot),
  };
}

/**
 * READY lists the guild as unavailable, and GUILD_CREATE must follow promptly with the whole guild:
 * discord.js waits for it (up to 15 s) before emitting ClientReady, and caches the channels from it.
 */
export function readyPayloads(
  guild: FakeGuild,
  applicationId: string,
  bot: FakeUser,
  gatewayUrl: string,
): { ready: Record<string, unknown>; guilds: Record<string, unknown>[] } {
  const guildCreate = {
    id: guild.id,
    name: guild.name,
    icon: null,
    owner_id: guild.ownerId,
    preferred_locale: 'en-US',
    features: [],
    roles: [
      {
        id: guild.id,
        name: '@everyone',
        permissions: EVERYDAY_MEMBER_PERMISSIONS.toString(),
        position: 0,
        color: 0,
        hoist: false,
        managed: false,
        mentionable: false,
        flags: 0,
      },
      ...[...(guild.roles ?? [])].map(([id, name]) => roleJson(id, name)),
    ],
    channels: [...guild.channels].map(([id, name]) => channelJson(guild.id, id, name)),
    members: [],
    threads: [...(guild.threads ?? [])].map(([id, t]) => channelJson(guild.id, id, t.name, t.parent)),
    emojis: [],
    stickers: [],
    presences: [],
    voice_states: [],
    stage_instances: [],
    guild_scheduled_events: [],
    member_count: guild.memberCount,
    large: false,
    unavailable: false,
    joined_at: new Date(0).toISOString(),
  };
  return {
    ready: {
      v: 10,
      user: toApiUser(bot),
      guilds: [{ id: guild.id, unavailable: true }],
      private_channels: [],
      relationships: [],
      shard: [0, 1],
      resume_gateway_url: gatewayUrl,
      application: { id: applicationId, flags: 0 },
    },
    guilds: [guildCreate],
  };
}
