/**
 * Who gets in when the bot cannot take everyone: the load is shed from whoever causes it. Each user and
 * each server has a budget (a token bucket: a burst, refilled at a steady rate) and a share of the
 * interactions in flight. A user past their budget is told to slow down, and what they are refused does
 * not count against their server, so one account sending 50 interactions a second is refused at the door
 * (cheaply: no store, no pictures) and cannot fill the process, and everyone else is served as before.
 * Past the process's own limits (interactions in flight, or its render threads full while its main thread
 * is busy) everyone is told it is busy, as before: that bound keeps work from piling up.
 *
 * Before, one global limit of 32 interactions in flight turned away whoever came next: one user over 20
 * channels made the bot refuse 12 of 16 moves of an unrelated player in another server.
 */

export interface DoorOptions {
  /** Interactions a user may send at once, and per second after that. */
  readonly userBurst: number;
  readonly userPerSecond: number;
  /** The same for all users of one server together. */
  readonly serverBurst: number;
  readonly serverPerSecond: number;
  /** Interactions of one user, and of one server, being handled at once. */
  readonly userInFlight: number;
  readonly serverInFlight: number;
  /** Interactions being handled at once in all. */
  readonly maxInFlight: number;
}

/**
 * A player clicking through a turn (a button, a menu page, a choice) sends three interactions in a few
 * seconds, and typing with autocomplete a few a second (each costs half); a server of a thousand games
 * played at 20 moves a second stays within its rate.
 */
export const DEFAULT_DOOR: DoorOptions = {
  userBurst: 20,
  userPerSecond: 4,
  serverBurst: 120,
  serverPerSecond: 40,
  userInFlight: 4,
  serverInFlight: 16,
  maxInFlight: 32,
};

/** Why an interaction is turned away: its user, its server, or the whole process is over its limit. */
export type Refusal = 'user' | 'server' | 'busy';

export type Admission =
  { readonly admitted: true; leave(): void } | { readonly admitted: false; readonly refusal: Refusal };

interface Bucket {
  tokens: number;
  /** When `tokens` was last brought up to date (ms). */
  at: number;
  inFlight: number;
}

/** Keys idle long enough to be full again are forgotten at most this often, so memory stays bounded. */
const PRUNE_EVERY_MS = 60_000;

export class Door {
  private readonly users = new Map<string, Bucket>();
  private readonly servers = new Map<string, Bucket>();
  private inFlight = 0;
  private prunedAt: number;

  constructor(
    private readonly options: DoorOptions = DEFAULT_DOOR,
    private readonly now: () => number = Date.now,
  ) {
    this.prunedAt = now();
  }

  /** Interactions being handled now. */
  get handling(): number {
    return this.inFlight;
  }

  /**
   * Lets an interaction in, or says why not. `cost`: 1 for a command or a click, less for autocomplete.
   * `overloaded`: the process cannot take more whoever asks (its render threads full, its main thread busy).
   */
  admit(userId: string, serverId: string | null, cost: number, overloaded: boolean): Admission {
    const o = this.options;
    const now = this.now();
    this.prune(now);
    const user = this.bucket(this.users, userId, o.userBurst, o.userPerSecond, now);
    if (user.tokens < cost || user.inFlight >= o.userInFlight) {
      // A refused interaction still spends the user's budget, so a spammer stays refused while they spam.
      user.tokens = Math.max(user.tokens - cost, -o.userBurst);
      return { admitted: false, refusal: 'user' };
    }
    const server =
      serverId === null ? null : this.bucket(this.servers, serverId, o.serverBurst, o.serverPerSecond, now);
    if (server && (server.tokens < cost || server.inFlight >= o.serverInFlight))
      return { admitted: false, refusal: 'server' };
    if (this.inFlight >= o.maxInFlight || overloaded) return { admitted: false, refusal: 'busy' };
    user.tokens -= cost;
    if (server) server.tokens -= cost;
    user.inFlight++;
    if (server) server.inFlight++;
    this.inFlight++;
    let left = false;
    return {
      admitted: true,
      leave: () => {
        if (left) return;
        left = true;
        user.inFlight--;
        if (server) server.inFlight--;
        this.inFlight--;
      },
    };
  }

  private bucket(map: Map<string, Bucket>, key: string, burst: number, perSecond: number, now: number): Bucket {
    let bucket = map.get(key);
    if (!bucket) {
      bucket = { tokens: burst, at: now, inFlight: 0 };
      map.set(key, bucket);
    }
    bucket.tokens = Math.min(burst, bucket.tokens + ((now - bucket.at) / 1000) * perSecond);
    bucket.at = now;
    return bucket;
  }

  /** Drops the buckets that are full and idle: they would be made again as they are. */
  private prune(now: number): void {
    if (now - this.prunedAt < PRUNE_EVERY_MS) return;
    this.prunedAt = now;
    const o = this.options;
    for (const [map, burst, perSecond] of [
      [this.users, o.userBurst, o.userPerSecond],
      [this.servers, o.serverBurst, o.serverPerSecond],
    ] as const)
      for (const [key, bucket] of map)
        if (bucket.inFlight === 0 && bucket.tokens + ((now - bucket.at) / 1000) * perSecond >= burst) map.delete(key);
  }
}
