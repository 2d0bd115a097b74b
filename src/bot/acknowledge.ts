import { MessageFlags } from 'discord.js';

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
