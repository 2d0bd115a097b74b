import { DiscordAPIError, HTTPError, MessageFlags } from 'discord.js';

/** A command or component interaction: what can be answered later. */
interface Deferrable {
  deferReply(options: { flags: MessageFlags.Ephemeral }): Promise<unknown>;
}

/**
 * Discord wants a first response to an interaction within 3 s. A move is usually stored, drawn and
 * posted well within that, so the player's answer goes out as that first response: one call, which
 * discord.js does not count against its global 50 requests/s. A "thinking…" acknowledgement followed by an
 * edit is two calls, the edit counted against that limit, which capped a busy process at a few moves a
 * second. Only an interaction still unanswered after `ACKNOWLEDGE_AFTER_MS` gets the placeholder; its
 * answer then edits it.
 */
export const ACKNOWLEDGE_AFTER_MS = 1_000;

interface Deferral {
  readonly timer: NodeJS.Timeout;
  deferring: Promise<unknown> | null;
}

const deferrals = new WeakMap<Deferrable, Deferral>();

/** A private "thinking…" unless the interaction is answered within `ms`. */
export function acknowledgeIfSlow(interaction: Deferrable, ms: number = ACKNOWLEDGE_AFTER_MS): void {
  const deferral: Deferral = {
    timer: setTimeout(() => {
      // A failed acknowledgement shows when the answer fails too; that one is reported.
      deferral.deferring = interaction.deferReply({ flags: MessageFlags.Ephemeral }).catch(() => undefined);
    }, ms),
    deferring: null,
  };
  deferrals.set(interaction, deferral);
}

/**
 * Before answering: cancels an acknowledgement not yet sent, or waits for the one under way, so that
 * `deferred` / `replied` say which call the answer must be.
 */
export async function readyToAnswer(interaction: Deferrable): Promise<void> {
  const deferral = deferrals.get(interaction);
  if (!deferral) return;
  deferrals.delete(interaction);
  clearTimeout(deferral.timer);
  await deferral.deferring;
}

/** Discord's "Interaction has already been acknowledged" and "Unknown interaction" (too late to answer). */
const ALREADY_ACKNOWLEDGED = 40060;
const UNKNOWN_INTERACTION = 10062;

/**
 * An answer Discord did not take, even after one more try. The interaction stays unanswered (Discord shows
 * the player it failed); anything it changed is in the channel. A further answer would fail the same way
 * or contradict the one that may yet show, so nothing more is said.
 */
export class AnswerLostError extends Error {
  override name = 'AnswerLostError';
}

/** A failure that says nothing about the request: Discord answered 5xx, or the connection failed. */
export function isTransientDiscordFault(error: unknown): boolean {
  if (error instanceof HTTPError || error instanceof DiscordAPIError) return error.status >= 500;
  // discord.js hands network failures over as they are: fetch's "fetch failed", an abort at its timeout,
  // a socket error.
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  return (
    error.name === 'AbortError' ||
    (error instanceof TypeError && error.message === 'fetch failed') ||
    (typeof code === 'string' &&
      /^(E(CONNRESET|CONNREFUSED|TIMEDOUT|PIPE|AI_AGAIN|NOTFOUND|HOSTUNREACH|NETUNREACH)|UND_ERR_)/.test(code))
  );
}

/** Another answer got there first (another process, or the first of two tries), or the time to answer is over. */
export function isAnsweredOrExpired(error: unknown): boolean {
  return (
    error instanceof DiscordAPIError && (error.code === ALREADY_ACKNOWLEDGED || error.code === UNKNOWN_INTERACTION)
  );
}

/**
 * Sends an answer, and once more when Discord failed on it (discord.js has tried four times by then): a
 * player whose move was stored and posted reads that it was, never "something went wrong" because the
 * answer met a 500. A first response Discord took although it answered 500 is "already acknowledged" on the
 * second try, and stands. `firstResponse`: the interaction was not acknowledged before.
 */
export async function sendAnswer(send: () => Promise<unknown>, firstResponse: boolean): Promise<void> {
  try {
    await send();
    return;
  } catch (error) {
    if (!isTransientDiscordFault(error)) throw error;
  }
  try {
    await send();
  } catch (error) {
    if (firstResponse && error instanceof DiscordAPIError && error.code === ALREADY_ACKNOWLEDGED) return;
    throw new AnswerLostError('Discord did not take the answer to an interaction', { cause: error });
  }
}
