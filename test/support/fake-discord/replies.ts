import type { CapturedFile } from './body.ts';
import type { OptionValue } from './interactions.ts';
import type { FakeMessage } from './messages.ts';

/** Resolves with the first defined value `probe` returns, re-checking whenever the fake captures something. */
export type WaitFor = <T>(
  probe: () => T | undefined,
  options: { timeoutMs?: number | undefined; what: string },
) => Promise<T>;

export type ReplyKind =
  | 'reply'
  | 'defer'
  | 'deferUpdate'
  | 'update'
  | 'autocomplete'
  | 'modal'
  | 'editReply'
  | 'followUp'
  | 'editFollowUp'
  | 'deleteReply';

/** One response the bot made to an interaction: the initial callback, then any webhook edits/follow-ups. */
export interface InteractionReply {
  kind: ReplyKind;
  /** Whether only the interacting user sees the resulting message. */
  ephemeral: boolean;
  content: string | undefined;
  embeds: unknown[];
  components: unknown[];
  files: CapturedFile[];
  /** Autocomplete results (kind `autocomplete`). */
  choices: { name: string; value: OptionValue }[];
  /** The raw JSON the bot sent: the callback's `data`, or the webhook body. */
  body: Record<string, unknown>;
  /** The message this reply created or changed, in its state right after the reply. */
  message: FakeMessage | undefined;
  /** Time from dispatch to this reply; Discord drops interactions not acknowledged within 3 s. */
  elapsedMs: number;
}

export class FakeInteraction {
  readonly replies: InteractionReply[] = [];
  /** The message the response created, or the message the clicked component sits on. */
  originalMessageId: string | undefined;
  acknowledged = false;
  private read = 0;

  constructor(
    private readonly waitFor: WaitFor,
    readonly payload: Record<string, any>,
    readonly dispatchedAt: number,
  ) {}

  get id(): string {
    return this.payload.id;
  }

  get token(): string {
    return this.payload.token;
  }

  /** Waits for the next reply not yet returned by this method. */
  async nextReply(timeoutMs?: number): Promise<InteractionReply> {
    const reply = await this.waitFor(() => this.replies[this.read], {
      timeoutMs,
      what: `a reply to interaction ${this.id} (${describeInteraction(this.payload)})`,
    });
    this.read += 1;
    return reply;
  }
}

function describeInteraction(payload: Record<string, any>): string {
  if (payload.data?.custom_id) return `component ${payload.data.custom_id}`;
  const path: string[] = [payload.data?.name];
  let options = payload.data?.options as { type: number; name: string; options?: unknown }[] | undefined;
  while (options?.[0] && options[0].type <= 2) {
    path.push(options[0].name);
    options = options[0].options as typeof options;
  }
  return `${payload.type === 4 ? 'autocomplete ' : ''}/${path.join(' ')}`;
}
