/**
 * Delivers the outbox: every change the service stored came with an announcement (src/game/announcements.ts);
 * this posts them to the game's channel in version order and marks each delivered once Discord accepted it.
 * A post that fails stays in the outbox and is tried again: with backoff, at the game's next interaction,
 * and when the bot starts, so after any crash or fault every stored change is announced.
 *
 * Exactly once: each post carries a nonce derived from the game, version and part, sent with
 * `enforce_nonce`. If Discord took a post but the bot never learnt it (a lost answer, a crash before the
 * mark), the repeat returns the message Discord already has instead of a second one. Posts of one game are
 * delivered one delivery at a time, so two deliveries never race.
 */
import { createHash } from 'node:crypto';
import { DiscordAPIError, HTTPError, type Client, type SendableChannels } from 'discord.js';
import type { AiTurn, Announcement, GameService, GameView } from '../game/service.ts';
import { log } from '../log.ts';
import { gameLocale } from './caller.ts';
import { channelPosts, type ChannelPost } from './channel-posts.ts';
import { decisionComponents } from './decisions.ts';
import { gameImages, vpChartImage } from './images.ts';
import { aiFactions, aiStuckNotice } from './present/ai.ts';
import { MESSAGE_LIMITS } from './message-limits.ts';
import { BackgroundLane } from './background-lane.ts';
import { statusEmbed, updatePinnedStatus, type StatusEmbed } from './pinned-status.ts';
import { ownsGuild } from './shards.ts';
import { fitText } from './text.ts';

export interface OutboxOptions {
  /** First wait before a failed delivery is tried again; doubled per failure up to `maxRetryMs`. */
  readonly firstRetryMs?: number;
  readonly maxRetryMs?: number;
  /** Every game with something undelivered is tried this often, whatever else happens. */
  readonly sweepMs?: number;
  /** A game's pinned status is edited at most this often, unless its title (round, stage) changes. */
  readonly pinRefreshMs?: number;
  /** Pin edits and old prompts' buttons taken off: at most this many Discord calls a second. */
  readonly backgroundPerSecond?: number;
  /**
   * Told when the posts of a game's end reached its channel (once per process), and when those of a
   * finished game taken back into play did: a league table's standings move on then. Whatever a crash
   * skips is caught up at the next start (seasons.ts `resume`).
   */
  readonly onResultChanged?: (gameId: string) => void;
}

/** Each game's pinned status as the bot last left it, and what it should show next. */
interface Pin {
  channelId: string;
  /**
   * Null until known: recorded in the store once posted, so that after a restart it is read there (the
   * channel's pins are read only for a game without one, or whose message is gone).
   */
  messageId: string | null;
  /** The store was asked for the recorded message (once per game and process). */
  recalled: boolean;
  /** The title of the edit made or under way: a move arriving during an edit must not ask for the same one. */
  shownTitle: string | null;
  editedAt: number;
  next: StatusEmbed | 'over' | null;
  trailing: NodeJS.Timeout | null;
  /** Finished or abandoned: no edit follows the next one. */
  over: boolean;
}

/** How often the players who chose the daily digest are read again (a choice made on another process). */
const DIGEST_READ_MS = 10 * 60_000;

/** Games a sweep delivers at once: enough to keep a render thread and the main thread busy together. */
const SWEEP_CONCURRENCY = 4;

/** Discord's "Unknown Channel". */
const UNKNOWN_CHANNEL = 10003;

/** Where a game's posts go: its thread when it has one, else its channel. */
export function postsIn(game: { readonly channelId: string; readonly threadId: string | null }): string {
  return game.threadId ?? game.channelId;
}

/** Discord allows 25 characters; the game id, version and part make the nonce unique to one post. */
export function postNonce(gameId: string, version: number, part: number): string {
  return createHash('sha256').update(`${gameId}:${version}:${part}`).digest('base64url').slice(0, 25);
}

/** Errors that mean the bot may not use the channel; they last until someone changes the permissions. */
export function isChannelAccessError(error: unknown): boolean {
  return (
    error instanceof DiscordAPIError &&
    (error.code === 50001 || error.code === 50013 || error.code === 10003 || error.status === 403)
  );
}

/**
 * A Discord failure as a log line needs it: discord.js errors carry the request body, pictures included,
 * which would flood the log.
 */
export function loggedError(error: unknown): Record<string, unknown> {
  if (error instanceof DiscordAPIError || error instanceof HTTPError)
    return {
      discord: {
        status: error.status,
        method: error.method,
        url: error.url,
        message: error.message,
        ...(error instanceof DiscordAPIError ? { code: error.code } : {}),
      },
    };
  return { err: error };
}

/** The posts went out but the store did not record them delivered (it is retried without posting again). */
class NotMarkedError extends Error {
  override name = 'NotMarkedError';
  constructor(cause: unknown) {
    super('posted, but not recorded as delivered', { cause });
  }
}

export class Announcer {
  private readonly chains = new Map<string, Promise<void>>();
  private readonly retries = new Map<string, { attempt: number; timer: NodeJS.Timeout | null }>();
  /** Games whose pinned status could not be updated after their last posts. */
  private readonly staleStatus = new Set<string>();
  /**
   * Each game's newest post with buttons: once a newer one goes out its buttons are taken off, so only
   * the current prompt can be clicked. Kept in memory; after a restart an older prompt keeps its buttons
   * and a click on one is refused as stale (its ids carry the game version).
   */
  private readonly livePrompt = new Map<string, string>();
  /**
   * The prompt a delivery just posted, whose predecessor loses its buttons once the player has had their
   * answer: the edit is one more call to Discord that nobody needs to wait for.
   */
  private readonly retiring = new Map<string, { channel: SendableChannels; current: string | null }>();
  private readonly pins = new Map<string, Pin>();
  private readonly background: BackgroundLane;
  private readonly pinRefreshMs: number;
  /** The newest view handed in for each game with deliveries queued (dropped when its queue is empty). */
  private readonly handed = new Map<string, GameView>();
  /** Per game, the newest version this process posted (and marked delivered) and the newest it has seen. */
  private readonly deliveredThrough = new Map<string, number>();
  /**
   * Per game, the version whose posts Discord took (its first `parts`) but that is not marked delivered
   * yet: the store failed. They are not sent again: the nonce finds a repeat only for a few minutes, and
   * a store can be away for longer.
   */
  private readonly postedUnmarked = new Map<string, { version: number; parts: number }>();
  private readonly newestSeen = new Map<string, number>();
  private readonly firstRetryMs: number;
  private readonly maxRetryMs: number;
  private readonly sweepMs: number;
  private readonly onResultChanged: ((gameId: string) => void) | undefined;
  /** Games whose end this process has told `onResultChanged` of. */
  private readonly toldOver = new Set<string>();
  /** Games whose posts took them back into play since `onResultChanged` was last told of them. */
  private readonly reopened = new Set<string>();
  private stopped = false;
  /** Told of the game as it stands after each delivery that posted something (the AI seats play on from it). */
  private readonly posted: ((view: GameView) => void)[] = [];
  /** Whether each player pinged lately chose a daily digest instead of pings, and when that was read. */
  private digests: ReadonlySet<string> = new Set();

  constructor(
    private readonly service: GameService,
    private readonly client: Client,
    options: OutboxOptions = {},
  ) {
    this.firstRetryMs = options.firstRetryMs ?? 2_000;
    this.maxRetryMs = options.maxRetryMs ?? 5 * 60_000;
    this.sweepMs = options.sweepMs ?? 5 * 60_000;
    this.pinRefreshMs = options.pinRefreshMs ?? 30_000;
    this.onResultChanged = options.onResultChanged;
    this.background = new BackgroundLane(options.backgroundPerSecond ?? 15, (error, key) =>
      log.warn({ ...loggedError(error), key }, 'a background Discord call failed'),
    );
  }

  /**
   * Posts what the game's channel has not been told yet, oldest first. Resolves true once everything is
   * posted, false when a post failed (it is then retried later); never rejects. The pinned status is
   * updated after the posts, outside what this waits for. `view`, the game as a service call just returned
   * it, saves reading the store: what it has not announced is posted from it.
   */
  deliver(gameId: string, view?: GameView): Promise<boolean> {
    // Deliveries queue behind each other: by its turn, a newer view of the game may have been handed in.
    if (view && view.game.version >= (this.handed.get(gameId)?.game.version ?? 0)) this.handed.set(gameId, view);
    let posted!: (ok: boolean) => void;
    const result = new Promise<boolean>((resolve) => (posted = resolve));
    const run = async () => {
      const delivery = await this.postPending(gameId, view && this.handed.get(gameId)).then(
        (now) => ({ ok: true as const, now }),
        (error: unknown) => ({ ok: false as const, error }),
      );
      // Every post is out when only the last mark failed: the player's move shows in the channel.
      posted(delivery.ok || delivery.error instanceof NotMarkedError);
      const retire = this.retiring.get(gameId);
      this.retiring.delete(gameId);
      if (retire) this.retirePrompt(retire.channel, gameId, retire.current);
      if (!delivery.ok) return this.failed(gameId, delivery.error);
      this.succeeded(gameId);
      if (delivery.now) {
        this.refreshStatus(delivery.now);
        for (const listener of this.posted) listener(delivery.now);
      }
      const reopened = this.reopened.delete(gameId);
      const ended = delivery.now?.game.status === 'finished' && !this.toldOver.has(gameId);
      if (ended) this.toldOver.add(gameId);
      if (ended || reopened) this.onResultChanged?.(gameId);
    };
    const previous = this.chains.get(gameId) ?? Promise.resolve();
    const chain = previous.then(run, run);
    this.chains.set(gameId, chain);
    void chain.finally(() => {
      if (this.chains.get(gameId) !== chain) return;
      this.chains.delete(gameId);
      this.handed.delete(gameId);
    });
    return result;
  }

  /** Calls `listener` with the game as it stands after each delivery that posted something. */
  onPosted(listener: (view: GameView) => void): void {
    this.posted.push(listener);
  }

  /** `deliver`, waiting at most `ms`: false when the posts are not done by then (they go on). */
  async deliverWithin(gameId: string, ms: number, view?: GameView): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
    try {
      return await Promise.race([this.deliver(gameId, view), late]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** The pinned status of a game changed without an announcement (e.g. a player's settings). */
  refreshStatusOf(gameId: string): Promise<boolean> {
    this.staleStatus.add(gameId);
    return this.deliver(gameId);
  }

  /**
   * Delivers every game with something undelivered: at start-up, and then every `sweepMs`. A few games at
   * a time: one by one, a backlog of a thousand games (a restart after an outage) took minutes, the main
   * thread waiting on each game's pictures while the render thread drew them.
   */
  async sweep(): Promise<void> {
    let games: string[];
    try {
      games = await this.service.gamesToAnnounce();
    } catch (error) {
      log.error({ err: error }, 'could not list the games with posts to deliver');
      return;
    }
    const queue = games.values();
    const worker = async () => {
      for (const gameId of queue) await this.deliver(gameId);
    };
    await Promise.all(Array.from({ length: SWEEP_CONCURRENCY }, worker));
  }

  /** Sweeps now and periodically; returns the function that stops it and every retry. */
  start(): () => void {
    this.stopped = false;
    void this.readDigests();
    void this.sweep();
    const timer = setInterval(() => void this.sweep(), this.sweepMs);
    timer.unref();
    const digests = setInterval(() => void this.readDigests(), DIGEST_READ_MS);
    digests.unref();
    return () => {
      this.stopped = true;
      clearInterval(timer);
      clearInterval(digests);
      for (const r of this.retries.values()) if (r.timer) clearTimeout(r.timer);
      this.retries.clear();
      for (const pin of this.pins.values()) if (pin.trailing) clearTimeout(pin.trailing);
      this.background.stop();
    };
  }

  /**
   * Posts every pending announcement; returns the game as it stands when anything was posted. From `given`
   * when it is not older than what this process already posted, else from one read of the store.
   */
  private async postPending(gameId: string, given?: GameView): Promise<GameView | null> {
    const newest = this.newestSeen.get(gameId) ?? 0;
    // A view read before a change this process already announced is out of date: nothing to post from it.
    if (given && given.game.version < newest) return null;
    const now = given ?? (await this.currentView(gameId));
    const outbox = now ? { game: now.game, pending: now.unannounced } : await this.service.outbox(gameId);
    // Another process's shards own this guild: its announcer posts it.
    if (!outbox || !ownsGuild(this.client, outbox.game.guildId)) return null;
    this.newestSeen.set(gameId, Math.max(newest, outbox.game.version));
    // A view may list what an earlier delivery has posted since it was read.
    const delivered = this.deliveredThrough.get(gameId) ?? 0;
    const pending = outbox.pending.filter((p) => p.version > delivered);
    if (pending.length === 0) return this.staleStatus.has(gameId) ? now : null;
    const locale = gameLocale(outbox.game.language);
    const channels = new Map<string, Promise<SendableChannels>>();
    // A game with a thread posts there; its creation is said in the channel, pointing to the thread.
    const channelOf = (announcement: Announcement | null) => {
      const id = announcement?.kind === 'created' ? outbox.game.channelId : postsIn(outbox.game);
      if (!channels.has(id)) channels.set(id, this.channelOrParent(id, outbox.game.channelId));
      return channels.get(id)!;
    };
    for (const [i, { version, announcement }] of pending.entries()) {
      if (!announcement) {
        log.error({ gameId, version }, 'an announcement in the outbox no longer reads; it is skipped');
      } else {
        const latest = i === pending.length - 1;
        const earlier = pending.slice(0, i).map((p) => p.announcement);
        const posts = channelPosts(locale, announcement, latest ? now : null, earlier);
        const channel = await channelOf(announcement);
        const unmarked = this.postedUnmarked.get(gameId);
        const sent = unmarked?.version === version ? unmarked.parts : 0;
        for (const [part, post] of posts.entries()) {
          if (part < sent) continue;
          await this.send(channel, post, now, gameId, version, part);
          this.postedUnmarked.set(gameId, { version, parts: part + 1 });
        }
      }
      try {
        await this.service.markAnnounced(gameId, version);
      } catch (error) {
        if (i === pending.length - 1) throw new NotMarkedError(error);
        throw error;
      }
      this.postedUnmarked.delete(gameId);
      this.deliveredThrough.set(gameId, version);
      if (announcement?.kind === 'undone' && announcement.reopened) {
        // Its end, when it comes again, is news again.
        this.toldOver.delete(gameId);
        this.reopened.add(gameId);
      }
    }
    this.staleStatus.add(gameId);
    return now;
  }

  /** The game as it stands, or null when it no longer reads (its outbox is then read alone). */
  /** Tells the game admin in the game's channel that an AI seat found no move the rules accept. */
  async tellAiStuck(view: GameView, turn: AiTurn): Promise<void> {
    const channel = await this.channelOrParent(postsIn(view.game), view.game.channelId);
    const content = aiStuckNotice(gameLocale(view.game.language), view.game, turn);
    await channel.send({ content, allowedMentions: { users: [view.game.creatorUserId] } });
  }

  private async currentView(gameId: string): Promise<GameView | null> {
    const current = await this.service.currentView(gameId);
    if (current.ok) return current.value;
    // A game that no longer reads still gets its announcements (e.g. that it was abandoned).
    if (current.error.code !== 'game_unreadable' && current.error.code !== 'game_not_found')
      log.warn({ gameId, error: current.error }, 'game view unavailable');
    return null;
  }

  private async channel(channelId: string): Promise<SendableChannels> {
    const channel = await this.client.channels.fetch(channelId);
    if (!channel?.isSendable()) throw new Error(`channel ${channelId} cannot receive messages`);
    return channel;
  }

  /** A game's thread, or its channel when someone deleted the thread: the game goes on there. */
  private async channelOrParent(channelId: string, parentId: string): Promise<SendableChannels> {
    try {
      return await this.channel(channelId);
    } catch (error) {
      if (channelId === parentId || !(error instanceof DiscordAPIError && error.code === UNKNOWN_CHANNEL)) throw error;
      log.warn({ channelId }, "the game's thread is gone: posting in its channel");
      return this.channel(parentId);
    }
  }

  private async send(
    channel: SendableChannels,
    post: ChannelPost,
    now: GameView | null,
    gameId: string,
    version: number,
    part: number,
  ): Promise<void> {
    const locale = gameLocale(now?.game.language);
    const files =
      post.images && now?.state
        ? await gameImages(now.state, locale, {
            map: post.images.map ? { highlight: post.images.highlight } : undefined,
            cults: post.images.cults,
            round: post.images.tiles,
            ai: aiFactions(now),
          })
        : post.chart && now?.state?.finished
          ? [await vpChartImage(now.state, this.service.vpTimeline(now), locale, aiFactions(now))]
          : [];
    const components = post.decisions && now ? decisionComponents(locale, now) : [];
    const pings = this.pingable(post.pings);
    const sent = await channel.send({
      content: fitText(post.content, MESSAGE_LIMITS.content),
      files,
      components,
      allowedMentions: { users: pings },
      nonce: postNonce(gameId, version, part),
      enforceNonce: true,
    });
    if (post.decisions && now) this.retiring.set(gameId, { channel, current: components.length > 0 ? sent.id : null });
  }

  /**
   * Those of `users` to ping: not the players who chose a daily digest instead (they are named in words all
   * the same). The choices are read at the start and every 10 minutes, not on a move's way.
   */
  private pingable(users: readonly string[]): string[] {
    return users.filter((userId) => !this.digests.has(userId));
  }

  private async readDigests(): Promise<void> {
    try {
      this.digests = new Set(await this.service.digestUsers());
    } catch (error) {
      log.warn({ err: error }, 'could not read who chose the daily digest');
    }
  }

  /** A player of this process changed their digest: it holds from their next ping. */
  digestChanged(userId: string, on: boolean): void {
    const next = new Set(this.digests);
    if (on) next.add(userId);
    else next.delete(userId);
    this.digests = next;
  }

  /** Takes the buttons off the game's previous prompt now that `current` (if any) carries the live ones. */
  private retirePrompt(channel: SendableChannels, gameId: string, current: string | null): void {
    const previous = this.livePrompt.get(gameId);
    if (current) this.livePrompt.set(gameId, current);
    else this.livePrompt.delete(gameId);
    if (!previous || previous === current || !('messages' in channel)) return;
    // If this fails the old buttons stay; clicking one is refused as stale. Not worth a retry.
    this.background.schedule(`retire:${previous}`, async () => {
      await channel.messages.edit(previous, { components: [] });
    });
  }

  /**
   * Brings the pinned status up to date: at once when its title changes (a new round, the end of set-up,
   * the end of the game) or it was not edited for `pinRefreshMs`; otherwise once that time is up, with the
   * newest status then. Moves in between change only whose turn it is and the scores, which every channel
   * post already says; a pin edited at every move spent a Discord call a move.
   */
  private refreshStatus(view: GameView): void {
    const gameId = view.game.id;
    if (!this.staleStatus.has(gameId)) return;
    this.staleStatus.delete(gameId);
    // A finished or abandoned game leaves the pins: they show the channel's live games only.
    const live = view.game.status === 'open' || view.game.status === 'active';
    const next = live ? statusEmbed(view, gameLocale(view.game.language)) : 'over';
    let pin = this.pins.get(gameId);
    if (!pin) {
      pin = {
        channelId: postsIn(view.game),
        messageId: null,
        recalled: false,
        shownTitle: null,
        editedAt: 0,
        next,
        trailing: null,
        over: false,
      };
      this.pins.set(gameId, pin);
    }
    pin.next = next;
    pin.over = view.game.status !== 'active' || view.state?.finished === true;
    const due = pin.editedAt + this.pinRefreshMs - Date.now();
    if (next === 'over' || next.title !== pin.shownTitle || due <= 0) this.editPin(gameId, pin);
    else if (!pin.trailing) {
      pin.trailing = setTimeout(() => this.editPin(gameId, pin), due);
      pin.trailing.unref();
    }
  }

  private editPin(gameId: string, pin: Pin): void {
    if (pin.trailing) clearTimeout(pin.trailing);
    pin.trailing = null;
    this.background.schedule(`pin:${gameId}`, async () => {
      const next = pin.next;
      if (!next) return;
      pin.next = null;
      pin.shownTitle = next === 'over' ? null : next.title;
      pin.editedAt = Date.now();
      try {
        if (!pin.recalled) {
          pin.messageId ??= await this.service.statusMessageOf(gameId);
          pin.recalled = true;
        }
        const known = pin.messageId;
        pin.messageId = await updatePinnedStatus(this.client, pin.channelId, gameId, next, known);
        if (pin.messageId !== known) await this.service.setStatusMessage(gameId, pin.messageId);
        // A game that is over is not edited again: its entry goes, so the map holds live games only.
        if (pin.over && !pin.next) this.pins.delete(gameId);
      } catch (error) {
        log.warn({ ...loggedError(error), gameId }, 'could not update the pinned status');
        pin.shownTitle = null;
        // Pins the bot may not manage stay as they are; other faults are retried with the next delivery.
        if (isChannelAccessError(error)) return;
        this.staleStatus.add(gameId);
        this.retryLater(gameId);
      }
    });
  }

  private succeeded(gameId: string): void {
    const retry = this.retries.get(gameId);
    if (retry?.timer) clearTimeout(retry.timer);
    this.retries.delete(gameId);
  }

  private failed(gameId: string, error: unknown): void {
    const attempt = (this.retries.get(gameId)?.attempt ?? 0) + 1;
    log[attempt === 1 ? 'warn' : 'debug'](
      { ...loggedError(error), gameId, attempt, channelAccess: isChannelAccessError(error) },
      'could not post to the game channel; will retry',
    );
    this.retryLater(gameId, attempt);
  }

  /** One pending retry per game, after an exponentially growing wait with jitter. */
  private retryLater(gameId: string, attempt = (this.retries.get(gameId)?.attempt ?? 0) + 1): void {
    if (this.stopped) return;
    const previous = this.retries.get(gameId);
    if (previous?.timer) clearTimeout(previous.timer);
    const delay = Math.min(this.maxRetryMs, this.firstRetryMs * 2 ** (attempt - 1)) * (0.75 + Math.random() / 2);
    const timer = setTimeout(() => {
      const entry = this.retries.get(gameId);
      if (entry) entry.timer = null;
      void this.deliver(gameId);
    }, delay);
    timer.unref();
    this.retries.set(gameId, { attempt, timer });
  }
}
