import { fileIndex, type CapturedFile } from './body.ts';
import { snowflake } from './snowflake.ts';

export const EPHEMERAL_FLAG = 1 << 6;
export const LOADING_FLAG = 1 << 7;

export interface FakeUser {
  id: string;
  username: string;
  globalName: string | null;
  bot: boolean;
}

export interface FakeAttachment {
  id: string;
  filename: string;
  contentType: string;
  bytes: Buffer;
}

/** A message as the fake Discord stores it: posted to a channel, or created by an interaction response. */
export interface FakeMessage {
  id: string;
  channelId: string;
  guildId: string | null;
  /** Set for messages created by responding to an interaction (its id). */
  interactionId: string | null;
  content: string;
  embeds: unknown[];
  components: ComponentJson[];
  attachments: FakeAttachment[];
  flags: number;
  /** Ids of the users this message pings: mentioned in the content and allowed by `allowed_mentions`. */
  pingedUserIds: string[];
  pinned: boolean;
  deleted: boolean;
  /** The `nonce` the bot sent with a channel message, if any. */
  nonce: string | null;
  createdAt: Date;
  editedAt: Date | null;
  /** Every earlier version of the message, oldest first, so tests can see what an edit replaced. */
  history: Omit<FakeMessage, 'history'>[];
}

export interface ComponentJson {
  type: number;
  custom_id?: string;
  disabled?: boolean;
  options?: { value: string }[];
  min_values?: number;
  max_values?: number;
  components?: ComponentJson[];
  [key: string]: unknown;
}

/** The JSON fields of a message create/edit body that the fake keeps. */
export interface MessageBody {
  content?: string | null;
  embeds?: unknown[] | null;
  components?: ComponentJson[] | null;
  attachments?: { id: string }[] | null;
  flags?: number | null;
  allowed_mentions?: { parse?: string[]; users?: string[] } | null;
}

export function isEphemeral(message: Pick<FakeMessage, 'flags'>): boolean {
  return (message.flags & EPHEMERAL_FLAG) !== 0;
}

export function createMessage(
  place: { channelId: string; guildId: string | null; interactionId: string | null },
  body: MessageBody,
  files: CapturedFile[],
): FakeMessage {
  const message: FakeMessage = {
    id: snowflake(),
    ...place,
    content: '',
    embeds: [],
    components: [],
    attachments: [],
    flags: 0,
    pingedUserIds: [],
    pinned: false,
    deleted: false,
    nonce: null,
    createdAt: new Date(),
    editedAt: null,
    history: [],
  };
  applyBody(message, body, files);
  return message;
}

export function editMessage(message: FakeMessage, body: MessageBody, files: CapturedFile[]): void {
  const { history, ...previous } = message;
  // Edits replace fields wholesale, so a shallow copy is a faithful snapshot.
  history.push(previous);
  applyBody(message, body, files);
  message.flags &= ~LOADING_FLAG;
  message.editedAt = new Date();
}

function applyBody(message: FakeMessage, body: MessageBody, files: CapturedFile[]): void {
  if (body.content !== undefined) message.content = body.content ?? '';
  if (body.embeds !== undefined) message.embeds = body.embeds ?? [];
  if (body.components !== undefined) message.components = body.components ?? [];
  if (body.flags !== undefined && body.flags !== null) {
    // Ephemerality is fixed at creation; only the other flags (e.g. suppress embeds) follow edits.
    message.flags = (message.flags & EPHEMERAL_FLAG) | body.flags;
  }
  const upload = (file: CapturedFile): FakeAttachment => ({
    id: snowflake(),
    filename: file.filename,
    contentType: file.contentType,
    bytes: file.bytes,
  });
  if (body.attachments !== undefined && body.attachments !== null) {
    // Discord keeps exactly the listed attachments: existing ones by id, new uploads by their part index.
    const listed = new Set(body.attachments.map((a) => String(a.id)));
    message.attachments = [
      ...message.attachments.filter((a) => listed.has(a.id)),
      ...files.filter((f) => listed.has(fileIndex(f))).map(upload),
    ];
  } else {
    message.attachments = [...message.attachments, ...files.map(upload)];
  }
  message.pingedUserIds = pingedUsers(message.content, body.allowed_mentions);
}

function pingedUsers(content: string, allowed: MessageBody['allowed_mentions']): string[] {
  const mentioned = [...content.matchAll(/<@!?(\d+)>/g)].map((m) => m[1]!);
  const unique = [...new Set(mentioned)];
  if (!allowed) return unique;
  if (allowed.parse?.includes('users')) return unique;
  const users = new Set(allowed.users ?? []);
  return unique.filter((id) => users.has(id));
}

/** Every interactive component of a message, flattened out of its action rows. */
export function componentsOf(message: FakeMessage): ComponentJson[] {
  const flat: ComponentJson[] = [];
  const walk = (components: ComponentJson[]) => {
    for (const c of components) {
      if (c.custom_id !== undefined) flat.push(c);
      if (c.components) walk(c.components);
    }
  };
  walk(message.components);
  return flat;
}

/** The message JSON Discord would return, so discord.js builds a `Message` from it. */
export function toApiMessage(message: FakeMessage, author: FakeUser, applicationId: string): Record<string, unknown> {
  return {
    id: message.id,
    type: message.interactionId ? 20 : 0,
    channel_id: message.channelId,
    ...(message.guildId ? { guild_id: message.guildId } : {}),
    author: toApiUser(author),
    content: message.content,
    timestamp: message.createdAt.toISOString(),
    edited_timestamp: message.editedAt?.toISOString() ?? null,
    tts: false,
    mention_everyone: false,
    mentions: [],
    mention_roles: [],
    attachments: message.attachments.map((a) => ({
      id: a.id,
      filename: a.filename,
      size: a.bytes.length,
      content_type: a.contentType,
      url: `https://cdn.fake.invalid/attachments/${message.channelId}/${a.id}/${a.filename}`,
      proxy_url: `https://media.fake.invalid/attachments/${message.channelId}/${a.id}/${a.filename}`,
    })),
    embeds: message.embeds,
    components: message.components,
    pinned: message.pinned,
    flags: message.flags,
    ...(message.interactionId ? { webhook_id: applicationId, application_id: applicationId } : {}),
  };
}

export function toApiUser(user: FakeUser): Record<string, unknown> {
  return {
    id: user.id,
    username: user.username,
    global_name: user.globalName,
    discriminator: '0',
    avatar: null,
    bot: user.bot,
    public_flags: 0,
  };
}
