/**
 * Faults the fake Discord can be told to answer with, so tests see what the bot does when Discord fails:
 * server errors, rate limits, and channels the bot may not see or write in.
 */

/** What the fake answers instead of (or after) serving a request. */
export interface RestAnswer {
  status: number;
  json?: unknown;
  headers?: Record<string, string>;
}

export interface RestFaultSpec {
  /** Only requests with this method; any method when absent. */
  method?: string;
  /** Matched against the decoded path after `/api/v10`, e.g. `/channels/123/messages`. */
  path: RegExp;
  /** Only requests whose JSON body (or `payload_json`) passes this test. */
  body?: (json: unknown) => boolean;
  /** 500, 502, 503 (server errors), 429 (rate limit), 403, 404, … */
  status: number;
  /** How many matching requests fail; every one until `clear()` when absent. */
  times?: number;
  /** Discord's JSON error body; a realistic one for the status when absent. */
  json?: unknown;
  /** For 429: seconds Discord asks the client to wait (default 0.05). */
  retryAfter?: number;
  /**
   * Serve the request first, then answer with the fault: Discord did the work but the answer was lost
   * (a 500 after the message was created). Without it, nothing happens on Discord's side.
   */
  afterServing?: boolean;
}

export interface RestFault {
  readonly spec: RestFaultSpec;
  /** Requests this fault has answered so far. */
  readonly hits: number;
  /** Stops the fault; later requests are served normally. */
  clear(): void;
}

/** Discord's error bodies for the statuses tests inject. */
export const DISCORD_ERRORS = {
  unauthorized: { status: 401, json: { message: '401: Unauthorized', code: 0 } },
  missingAccess: { status: 403, json: { message: 'Missing Access', code: 50001 } },
  missingPermissions: { status: 403, json: { message: 'Missing Permissions', code: 50013 } },
  unknownMessage: { status: 404, json: { message: 'Unknown Message', code: 10008 } },
  unknownChannel: { status: 404, json: { message: 'Unknown Channel', code: 10003 } },
  unknownInteraction: { status: 404, json: { message: 'Unknown interaction', code: 10062 } },
  alreadyAcknowledged: {
    status: 400,
    json: { message: 'Interaction has already been acknowledged.', code: 40060 },
  },
} as const;

function defaultBody(status: number, retryAfter: number): unknown {
  if (status === 429) return { message: 'You are being rate limited.', retry_after: retryAfter, global: false };
  if (status === 403) return DISCORD_ERRORS.missingAccess.json;
  if (status === 404) return DISCORD_ERRORS.unknownChannel.json;
  if (status >= 500) return { message: '500: Internal Server Error', code: 0 };
  return { message: `${status}`, code: 0 };
}

/** The faults in force, first added first matched. */
export class FaultPlan {
  private readonly faults: { spec: RestFaultSpec; hits: number; cleared: boolean }[] = [];

  add(spec: RestFaultSpec): RestFault {
    const entry = { spec, hits: 0, cleared: false };
    this.faults.push(entry);
    return {
      spec,
      get hits() {
        return entry.hits;
      },
      clear: () => {
        entry.cleared = true;
      },
    };
  }

  clearAll(): void {
    for (const f of this.faults) f.cleared = true;
    this.faults.length = 0;
  }

  /** The fault that answers this request, counting it as hit; undefined: serve normally. */
  take(method: string, path: string, body: unknown): { answer: RestAnswer; afterServing: boolean } | undefined {
    const entry = this.faults.find(
      (f) =>
        !f.cleared &&
        (f.spec.times === undefined || f.hits < f.spec.times) &&
        (f.spec.method === undefined || f.spec.method === method) &&
        f.spec.path.test(path) &&
        (f.spec.body === undefined || f.spec.body(body)),
    );
    if (!entry) return undefined;
    entry.hits += 1;
    const { status } = entry.spec;
    const retryAfter = entry.spec.retryAfter ?? 0.05;
    const headers: Record<string, string> =
      status === 429
        ? {
            'retry-after': String(Math.max(1, Math.ceil(retryAfter))),
            'x-ratelimit-scope': 'user',
            'x-ratelimit-limit': '5',
            'x-ratelimit-remaining': '0',
            'x-ratelimit-reset-after': String(retryAfter),
            'x-ratelimit-bucket': 'fake-fault',
          }
        : {};
    return {
      answer: { status, json: entry.spec.json ?? defaultBody(status, retryAfter), headers },
      afterServing: entry.spec.afterServing === true,
    };
  }
}
