/**
 * Logging in and registering the commands at start-up, or saying in one line why not. A token Discord
 * refuses and a registration it refuses for good (4xx) end the start at once; what may pass (Discord
 * unreachable, 5xx) is tried again a few times first. The entry point then exits with status 1, so a
 * supervisor (systemd Restart=on-failure, Docker on-failure) sees the failure and tries again later.
 * Login comes first: a bad token is named as such, not as a failed registration.
 */
import { type Client, DiscordAPIError, DiscordjsErrorCodes, HTTPError, type REST } from 'discord.js';
import { log } from '../log.ts';
import { isTransientDiscordFault } from './acknowledge.ts';
import { connect } from './client.ts';
import { ConfigError, tokenRejectedMessage } from './config.ts';
import type { CommandJson } from './limits.ts';
import { registerCommands } from './register.ts';

/** Why the bot cannot start; its message is the one line the operator reads. */
export class StartError extends Error {
  override name = 'StartError';
}

export interface StartPlan {
  readonly client: Client;
  readonly rest: REST;
  readonly token: string;
  readonly apiUrl: string;
  readonly applicationId: string;
  readonly guildId: string | undefined;
  readonly definitions: readonly CommandJson[];
}

/** Tries of a step whose failure may pass, and the wait before each try after the first (doubling). */
export const START_TRIES = 4;
const FIRST_WAIT_MS = 1_000;

/** Logs in, then registers the commands; throws a StartError (or the token's ConfigError) when it cannot. */
export async function logInAndRegister(plan: StartPlan, wait = sleep): Promise<void> {
  await withTries(
    'logging in to Discord',
    async () => {
      try {
        await connect(plan.client, plan.token);
      } catch (error) {
        // connect names a refused token; a 401 on the gateway's address is the same refusal.
        if (error instanceof DiscordAPIError && error.status === 401) throw new ConfigError(tokenRejectedMessage());
        throw error;
      }
    },
    (error, tries) => unreachable(plan.apiUrl, error, tries),
    wait,
  );
  await withTries(
    'registering the commands',
    () => registerCommands(plan.rest, plan, plan.definitions),
    (error, tries) =>
      `cannot start: Discord refused the command registration (${httpSummary(error)})${tries > 1 ? ` after ${tries} tries` : ''}`,
    wait,
  );
}

/**
 * Runs `step`, again after a growing wait while it fails with what may pass; a failure that will not pass
 * (a refused token, a 4xx) ends it at once. `say` words the last failure as the operator's line.
 */
async function withTries(
  what: string,
  step: () => Promise<void>,
  say: (error: unknown, tries: number) => string,
  wait: (ms: number) => Promise<void>,
): Promise<void> {
  for (let tried = 1; ; tried++) {
    try {
      return await step();
    } catch (error) {
      if (error instanceof ConfigError) throw error;
      const passing = isTransientDiscordFault(error) || isGatewayHiccup(error);
      if (!passing || tried === START_TRIES) throw new StartError(say(error, tried), { cause: error });
      const ms = FIRST_WAIT_MS * 2 ** (tried - 1);
      log.warn({ err: error, tried, waitMs: ms }, `${what} failed; will try again`);
      await wait(ms);
    }
  }
}

/** The gateway closed before the session was ready (discord.js's own words for it). */
function isGatewayHiccup(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === DiscordjsErrorCodes.WSCloseRequested || code === DiscordjsErrorCodes.ShardingReadyTimeout;
}

function unreachable(apiUrl: string, error: unknown, tries: number): string {
  const reason =
    error instanceof HTTPError || error instanceof DiscordAPIError ? httpSummary(error) : networkCause(error);
  return `cannot start: Discord cannot be reached at ${apiUrl} (${reason})${tries > 1 ? ` after ${tries} tries` : ''}`;
}

/** "HTTP 500, Internal Server Error": what Discord answered. */
function httpSummary(error: unknown): string {
  if (error instanceof DiscordAPIError || error instanceof HTTPError)
    return `HTTP ${error.status}, ${error.message || 'no message'}`;
  return networkCause(error);
}

/** The innermost cause's code or message: fetch reports "fetch failed" around ECONNREFUSED. */
function networkCause(error: unknown): string {
  let e: unknown = error;
  for (let depth = 0; depth < 5 && (e as { cause?: unknown } | null)?.cause; depth++)
    e = (e as { cause: unknown }).cause;
  const inner = e as { code?: unknown; message?: unknown } | null;
  return String(inner?.code ?? inner?.message ?? e);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
