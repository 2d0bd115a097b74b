/**
 * GET /metrics in Prometheus's text format (prom-client), beside /healthz on HEALTH_PORT. What a host
 * graphs and alerts on: interactions by kind and outcome and how long each took, the game's refusals by
 * reason, how long a move takes the game service (load, engine, store), picture drawing, store calls,
 * the outbox depth, games served, the shards' state, and Node's own figures (event-loop delay, memory,
 * CPU, GC). docs/operations.md lists them.
 */
import type { Client } from 'discord.js';
import { Status } from 'discord.js';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { GameService } from '../game/service.ts';
import { VERSION } from '../version.ts';
import { renderPool } from './images.ts';
import type { HandledInteraction } from './router.ts';
import { ownsGuild } from './shards.ts';

/** Seconds: the answers players wait for are tens of milliseconds to a few seconds. */
const ANSWER_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Seconds: a store statement or a picture is a millisecond to a second. */
const WORK_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10];

/** The process's metrics; one registry, so several bots in one test process do not share counts. */
export class BotMetrics {
  readonly registry = new Registry();

  private readonly interactions = new Counter({
    name: 'tm_interactions_total',
    help: 'Interactions received, by kind (command, autocomplete, button, select), name (the command or the component kind) and outcome (handled; refused: unknown command, invalid options or a stale component; slowed: its user past their budget; busy: its server or the process past theirs; restarting; failed: an error; unanswered: Discord would not take the answer; elsewhere: another process sharing the database claimed it and answered).',
    labelNames: ['kind', 'name', 'outcome'],
    registers: [this.registry],
  });

  private readonly answerSeconds = new Histogram({
    name: 'tm_interaction_duration_seconds',
    help: 'From an interaction to its answer (after the channel shows a move), by kind and name.',
    labelNames: ['kind', 'name'],
    buckets: ANSWER_BUCKETS,
    registers: [this.registry],
  });

  private readonly refusals = new Counter({
    name: 'tm_refusals_total',
    help: 'Requests the game refused with a private explanation, nothing changed (a rule, a turn, a permission), by reason.',
    labelNames: ['reason'],
    registers: [this.registry],
  });

  private readonly moveSeconds = new Histogram({
    name: 'tm_move_duration_seconds',
    help: "A move in the game service: loading the game, the engine, storing the move (the player's answer adds Discord's part: tm_interaction_duration_seconds), by outcome (stored, refused).",
    labelNames: ['outcome'],
    buckets: WORK_BUCKETS,
    registers: [this.registry],
  });

  private readonly renderSeconds = new Histogram({
    name: 'tm_render_duration_seconds',
    help: 'Drawing the pictures of one post (waiting for a render thread included), by the pictures drawn (map+cults, board, ...).',
    labelNames: ['pictures'],
    buckets: WORK_BUCKETS,
    registers: [this.registry],
  });

  private readonly storeSeconds = new Histogram({
    name: 'tm_store_duration_seconds',
    help: 'Calls of the game store (SQLite or PostgreSQL), by operation and outcome (ok, error).',
    labelNames: ['operation', 'outcome'],
    buckets: WORK_BUCKETS,
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry });
    new Gauge({
      name: 'tm_bot_info',
      help: 'The running version, as a label; always 1.',
      labelNames: ['version', 'node'],
      registers: [this.registry],
    }).set({ version: VERSION, node: process.version }, 1);
  }

  /** The router's report on an interaction it finished. */
  interaction({ kind, name, outcome, seconds }: HandledInteraction): void {
    this.interactions.inc({ kind, name, outcome });
    this.answerSeconds.observe({ kind, name }, seconds);
  }

  render(pictures: readonly { kind: string }[], seconds: number): void {
    this.renderSeconds.observe({ pictures: pictures.map((p) => p.kind).join('+') }, seconds);
  }

  /**
   * The service as the bot uses it, counting the refusals its calls answer and timing its moves. The
   * service's methods answer refusals as results (`{ ok: false, error }`), never as throws.
   */
  measuredService(service: GameService): GameService {
    return measured(service, (method, seconds, result) => {
      const refused = isRefusal(result) ? result.error.code : null;
      if (refused) this.refusals.inc({ reason: refused });
      if (method === 'play') this.moveSeconds.observe({ outcome: refused ? 'refused' : 'stored' }, seconds);
    });
  }

  /** The store, timing every call. */
  measuredStore<T extends object>(store: T): T {
    return measured(store, (operation, seconds, _result, failed) =>
      this.storeSeconds.observe({ operation, outcome: failed ? 'error' : 'ok' }, seconds),
    );
  }

  /** Figures read when scraped: games served, the outbox, the shards, the render threads. */
  watch(client: Client, service: GameService): void {
    const registers = [this.registry];
    new Gauge({
      name: 'tm_games_served',
      help: "Open and active games in the servers this process's shards own.",
      registers,
      async collect() {
        const live = await service.liveGamesPerGuild();
        this.set(live.reduce((n, g) => n + (ownsGuild(client, g.guildId) ? g.games : 0), 0));
      },
    });
    new Gauge({
      name: 'tm_outbox_depth',
      help: 'Games with channel posts not yet delivered (every process of this database).',
      registers,
      async collect() {
        this.set((await service.gamesToAnnounce()).length);
      },
    });
    new Gauge({
      name: 'tm_shard_up',
      help: "1 while the shard's gateway connection is ready, else 0.",
      labelNames: ['shard'],
      registers,
      collect() {
        this.reset();
        for (const s of client.ws.shards.values()) this.set({ shard: String(s.id) }, s.status === Status.Ready ? 1 : 0);
      },
    });
    new Gauge({
      name: 'tm_shard_ping_seconds',
      help: "The shard's last gateway heartbeat round trip.",
      labelNames: ['shard'],
      registers,
      collect() {
        this.reset();
        for (const s of client.ws.shards.values()) if (s.ping >= 0) this.set({ shard: String(s.id) }, s.ping / 1000);
      },
    });
    new Gauge({
      name: 'tm_render_jobs_held',
      help: 'Pictures being drawn on or waiting for a render thread.',
      registers,
      collect() {
        this.set(renderPool().held);
      },
    });
  }
}

function isRefusal(result: unknown): result is { ok: false; error: { code: string } } {
  return (result as { ok?: unknown } | null)?.ok === false;
}

/**
 * The object with each of its methods that return a promise timed: `seen` is told the method, the
 * seconds until the promise settled, its value, and whether it failed.
 */
function measured<T extends object>(
  target: T,
  seen: (method: string, seconds: number, result: unknown, failed: boolean) => void,
): T {
  return new Proxy(target, {
    get(object, key, receiver) {
      const value = Reflect.get(object, key, receiver) as unknown;
      if (typeof value !== 'function' || typeof key !== 'string') return value;
      return function (this: unknown, ...args: unknown[]) {
        const started = performance.now();
        const out = (value as (...a: unknown[]) => unknown).apply(this === receiver ? object : this, args);
        if (!(out instanceof Promise)) return out;
        const seconds = () => (performance.now() - started) / 1000;
        return out.then(
          (result: unknown) => {
            seen(key, seconds(), result, false);
            return result;
          },
          (error: unknown) => {
            seen(key, seconds(), undefined, true);
            throw error;
          },
        );
      };
    },
  });
}
