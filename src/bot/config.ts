/**
 * The bot's environment, read from `.env` (see `.env.example`) and the process environment. Problems are
 * reported as sentences saying what to do, because the first person to meet them is someone setting up
 * the bot, not a developer reading a stack trace.
 */
import { config as loadDotenv } from 'dotenv';
import { z } from 'zod';
import { LOG_LEVELS, type LogLevel, log } from '../log.ts';
import { type CreationQuota, DEFAULT_CREATION_QUOTA } from '../game/service.ts';
import type { RenderPoolOptions } from '../render/index.ts';
import { DEFAULT_RENDERING } from './images.ts';
import type { Sharding } from './shards.ts';

export const DISCORD_API_URL = 'https://discord.com/api';

export interface BotConfig {
  token: string;
  applicationId: string;
  /** Register commands in this guild only (instant, for development) instead of globally. */
  guildId: string | undefined;
  databaseUrl: string | undefined;
  /** Base URL of Discord's REST API, without `/v10`; points at a fake Discord in tests and smoke runs. */
  apiUrl: string;
  logLevel: LogLevel;
  /** SHARD_COUNT / SHARD_IDS; undefined: unsharded. */
  sharding: Sharding | undefined;
  /** Serve GET /healthz and /metrics on this port (HEALTH_PORT); undefined: neither. */
  healthPort: number | undefined;
  /** The address they listen on (HEALTH_HOST): this machine only by default. */
  healthHost: string;
  /** Render threads and how many jobs may wait for one (RENDER_THREADS, RENDER_QUEUE). */
  rendering: RenderPoolOptions;
  /** Threads making the AI seats' decisions (AI_THREADS; 0: on the main thread). */
  aiThreads: number;
  /** Variables that look meant for the bot but that it does not read (DATABSE_URL): logged at start. */
  warnings: string[];
  /** Games one player, and one server, may open in an hour (GAMES_PER_USER_HOUR, GAMES_PER_SERVER_HOUR). */
  quota: CreationQuota;
}

/** A configuration problem; its message is meant to be printed as it is. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

const PORTAL = 'https://discord.com/developers/applications';
const HOW_TO_GET_TOKEN = `Get one at ${PORTAL} → your application → Bot → Reset Token, then put DISCORD_TOKEN=<token> in .env (see .env.example).`;
const HOW_TO_GET_APP_ID = `Copy it from ${PORTAL} → your application → General Information → Application ID.`;
const HOW_TO_GET_GUILD_ID =
  'In Discord, enable Settings → Advanced → Developer Mode, then right-click your server → Copy Server ID.';

/** Ids are 17-20 digit numbers (snowflakes). */
const SNOWFLAKE = /^\d{17,20}$/;
/** A bot token is three base64url parts joined by dots. */
const TOKEN_SHAPE = /^[\w-]{20,}\.[\w-]{4,}\.[\w-]{20,}$/;

/** Blank `VAR=` lines in .env mean "not set". */
const blankIsUnset = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const required = <T extends z.ZodType>(schema: T) => z.preprocess(blankIsUnset, schema);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankIsUnset, schema.optional());

const schema = z.object({
  DISCORD_TOKEN: required(z.string()),
  DISCORD_APPLICATION_ID: required(z.string().regex(SNOWFLAKE)),
  DISCORD_GUILD_ID: optional(z.string().regex(SNOWFLAKE)),
  DATABASE_URL: optional(z.string()),
  DISCORD_API_URL: optional(z.url({ protocol: /^https?$/ })),
  LOG_LEVEL: optional(z.enum(LOG_LEVELS)),
  SHARD_COUNT: optional(z.union([z.literal('auto'), z.coerce.number().int().min(1).max(100_000)])),
  SHARD_IDS: optional(z.string().regex(/^\s*\d+(\s*-\s*\d+)?(\s*,\s*\d+(\s*-\s*\d+)?)*\s*$/)),
  HEALTH_PORT: optional(z.coerce.number().int().min(1).max(65_535)),
  HEALTH_HOST: optional(z.union([z.ipv4(), z.ipv6(), z.hostname()])),
  RENDER_THREADS: optional(z.coerce.number().int().min(0).max(64)),
  RENDER_QUEUE: optional(z.coerce.number().int().min(0).max(1_000)),
  AI_THREADS: optional(z.coerce.number().int().min(0).max(64)),
  GAMES_PER_USER_HOUR: optional(z.coerce.number().int().min(1).max(100_000)),
  GAMES_PER_SERVER_HOUR: optional(z.coerce.number().int().min(1).max(100_000)),
});

const GUIDANCE: Record<keyof z.infer<typeof schema>, string> = {
  DISCORD_TOKEN: `DISCORD_TOKEN is missing. ${HOW_TO_GET_TOKEN}`,
  DISCORD_APPLICATION_ID: `DISCORD_APPLICATION_ID must be your application's numeric id. ${HOW_TO_GET_APP_ID}`,
  DISCORD_GUILD_ID: `DISCORD_GUILD_ID, when set, must be a server's numeric id. ${HOW_TO_GET_GUILD_ID}`,
  DATABASE_URL: 'DATABASE_URL must be a database URL such as file:./tm-bot.db or postgresql://user:password@host/db.',
  DISCORD_API_URL: `DISCORD_API_URL, when set, must be an http(s) URL such as ${DISCORD_API_URL} (the default).`,
  LOG_LEVEL: `LOG_LEVEL, when set, must be one of ${LOG_LEVELS.join(', ')}.`,
  SHARD_COUNT: 'SHARD_COUNT, when set, must be auto (Discord recommends the count) or the number of shards, such as 4.',
  SHARD_IDS:
    'SHARD_IDS, when set, must list the shards this process runs, such as 0,1 or 0-3 (each below SHARD_COUNT).',
  HEALTH_PORT:
    'HEALTH_PORT, when set, must be a TCP port number (the health endpoint GET /healthz and GET /metrics listen there).',
  HEALTH_HOST:
    'HEALTH_HOST, when set, must be the address HEALTH_PORT listens on: 127.0.0.1 (the default: this machine only), 0.0.0.0 (every interface, as in a container) or a host name.',
  RENDER_THREADS:
    'RENDER_THREADS, when set, must be a whole number from 0 to 64: the threads drawing pictures (0 draws them on the main thread).',
  RENDER_QUEUE:
    'RENDER_QUEUE, when set, must be a whole number from 0 to 1000: the pictures that may wait for a busy render thread before the main thread draws them itself.',
  AI_THREADS:
    "AI_THREADS, when set, must be a whole number from 0 to 64: the threads making the AI seats' decisions (0 makes them on the main thread, which then waits on every search).",
  GAMES_PER_USER_HOUR:
    'GAMES_PER_USER_HOUR, when set, must be a whole number from 1: the games one player may open with /tm create or /tm import in an hour.',
  GAMES_PER_SERVER_HOUR:
    'GAMES_PER_SERVER_HOUR, when set, must be a whole number from 1: the games one server may have opened with /tm create or /tm import in an hour.',
};

/** Validates an environment; throws a ConfigError listing every problem. */
export function parseConfig(env: Record<string, string | undefined>): BotConfig {
  const parsed = schema.safeParse(env);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => GUIDANCE[issue.path[0] as keyof typeof GUIDANCE]);
  const apiUrl = String(blankIsUnset(env.DISCORD_API_URL) ?? DISCORD_API_URL).replace(/\/+$/, '');
  const token = blankIsUnset(env.DISCORD_TOKEN);
  if (typeof token === 'string') {
    const tokenProblem = checkToken(token, apiUrl === DISCORD_API_URL);
    if (tokenProblem) problems.push(tokenProblem);
  }
  const sharding = parsed.success ? shardingOf(parsed.data.SHARD_COUNT, parsed.data.SHARD_IDS) : undefined;
  if (typeof sharding === 'string') problems.push(sharding);
  if (!parsed.success || problems.length > 0) {
    const lines = [...new Set(problems)].map((p) => `  • ${p}`);
    throw new ConfigError(`tm-bot cannot start; please fix its configuration:\n${lines.join('\n')}`);
  }
  const values = parsed.data;
  return {
    token: values.DISCORD_TOKEN,
    applicationId: values.DISCORD_APPLICATION_ID,
    guildId: values.DISCORD_GUILD_ID,
    databaseUrl: values.DATABASE_URL,
    apiUrl,
    logLevel: values.LOG_LEVEL ?? 'info',
    sharding: sharding as Sharding | undefined,
    healthPort: values.HEALTH_PORT,
    healthHost: values.HEALTH_HOST ?? DEFAULT_HEALTH_HOST,
    rendering: {
      threads: values.RENDER_THREADS ?? DEFAULT_RENDERING.threads,
      queue: values.RENDER_QUEUE ?? DEFAULT_RENDERING.queue,
    },
    aiThreads: values.AI_THREADS ?? DEFAULT_AI_THREADS,
    warnings: unreadVariables(env),
    quota: {
      perUser: values.GAMES_PER_USER_HOUR ?? DEFAULT_CREATION_QUOTA.perUser,
      perServer: values.GAMES_PER_SERVER_HOUR ?? DEFAULT_CREATION_QUOTA.perServer,
    },
  };
}

/** One thread decides for every AI seat of the process, in turn. */
export const DEFAULT_AI_THREADS = 1;

/** Only this machine reaches the health and metrics endpoint unless HEALTH_HOST says otherwise. */
export const DEFAULT_HEALTH_HOST = '127.0.0.1';

/** Variables read elsewhere than by the bot that look like its own: the tests' database. */
const NOT_OURS = new Set(['TEST_POSTGRES_URL']);
const DATABASE_LIKE = /(^|_)(DB|DATABASE|POSTGRES|POSTGRESQL|PG|SQLITE|PRISMA)(_|$).*(URL|URI|DSN)$/;

/**
 * Names set in the environment or .env that the bot does not read but that look meant for it: a
 * misspelling of one of its variables (DATABSE_URL, Discord_Token), or another name for the database
 * URL (POSTGRES_URL, DB_URL). Each would otherwise be ignored silently: a misspelt DATABASE_URL leaves
 * the games in the SQLite file.
 */
function unreadVariables(env: Record<string, string | undefined>): string[] {
  const ours = Object.keys(schema.shape);
  const warnings: string[] = [];
  for (const name of Object.keys(env)) {
    if (ours.includes(name) || NOT_OURS.has(name) || env[name] === undefined) continue;
    const upper = name.toUpperCase();
    const near = ours.find((known) => upper === known || editDistance(upper, known) <= (known.length >= 8 ? 2 : 1));
    const meantDatabase = near === 'DATABASE_URL' || (near === undefined && DATABASE_LIKE.test(upper));
    if (near === undefined && !meantDatabase) continue;
    const fallback =
      meantDatabase && blankIsUnset(env.DATABASE_URL) === undefined
        ? ' Meanwhile the games are stored in the SQLite file ./data/tm.db.'
        : '';
    warnings.push(
      near === undefined
        ? `${name} is set, but tm-bot reads its database from DATABASE_URL only: set DATABASE_URL to that URL.${fallback}`
        : `${name} is set, but tm-bot reads no such variable: did you mean ${near}?${fallback}`,
    );
  }
  return warnings;
}

/** Levenshtein distance: the fewest one-letter insertions, deletions or substitutions from a to b. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++)
      row[j] = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = row;
  }
  return previous[b.length]!;
}

/** The shards this process runs, or what is wrong with SHARD_COUNT / SHARD_IDS. */
function shardingOf(count: number | 'auto' | undefined, ids: string | undefined): Sharding | undefined | string {
  if (count === undefined)
    return ids === undefined
      ? undefined
      : 'SHARD_IDS needs SHARD_COUNT, the total number of shards across all processes.';
  if (count === 'auto')
    return ids === undefined
      ? { count }
      : 'SHARD_IDS needs a numeric SHARD_COUNT: every process must agree on the total, which auto does not guarantee.';
  if (ids === undefined) return { count, ids: Array.from({ length: count }, (_, i) => i) };
  const listed = ids.split(',').flatMap((part) => {
    const [from, to = from] = part.split('-').map((n) => Number(n.trim()));
    return Array.from({ length: Math.max(0, to! - from! + 1) }, (_, i) => from! + i);
  });
  if (listed.length === 0 || listed.some((id) => id >= count))
    return `SHARD_IDS must list shards from 0 to ${count - 1} (SHARD_COUNT is ${count}).`;
  return { count, ids: [...new Set(listed)].sort((a, b) => a - b) };
}

/**
 * Only Discord's own tokens have a known shape; a fake Discord (DISCORD_API_URL elsewhere) accepts any.
 * The common mistakes get their own hint: a pasted `Bot ` prefix, the client secret or the public key.
 */
function checkToken(token: string, realDiscord: boolean): string | undefined {
  if (/^bot\s/i.test(token)) return 'DISCORD_TOKEN starts with "Bot ": paste the token alone, without that prefix.';
  if (!realDiscord || TOKEN_SHAPE.test(token)) return undefined;
  const lookalike = /^[0-9a-f]{64}$/.test(token)
    ? ' (it looks like the public key)'
    : /^[\w-]{32}$/.test(token)
      ? ' (it looks like the OAuth2 client secret)'
      : '';
  return `DISCORD_TOKEN does not look like a bot token${lookalike}. ${HOW_TO_GET_TOKEN}`;
}

/** What discord.js login failures mean for the person running the bot. */
export function tokenRejectedMessage(): string {
  return `Discord refused DISCORD_TOKEN: it is wrong, or was reset. ${HOW_TO_GET_TOKEN}`;
}

/**
 * For the entry point: a ConfigError is logged as its message alone (no stack trace) and ends the process
 * with status 1; any other error is a bug and is rethrown.
 */
export function exitOnConfigError(
  error: unknown,
  exit: (code: number) => never = process.exit,
  print: (message: string) => void = (message) => log.fatal(message),
): never {
  if (!(error instanceof ConfigError)) throw error;
  print(error.message);
  return exit(1);
}

/** Reads `.env` (when present; real environment variables win) and validates the result. */
export function loadConfig(options: { path?: string; env?: NodeJS.ProcessEnv } = {}): BotConfig {
  const env = { ...(options.env ?? process.env) };
  loadDotenv({ path: options.path ?? '.env', processEnv: env, quiet: true });
  return parseConfig(env);
}
