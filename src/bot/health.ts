/**
 * GET /healthz for the host (HEALTH_PORT, on HEALTH_HOST: 127.0.0.1 unless configured): this process's shards and whether each is connected, the games
 * its guilds have in play, the outbox depth, memory, the render threads' queue. 200 while every shard is ready, 503 otherwise, so a
 * load balancer or orchestrator can restart a process whose gateway connection is gone.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Status, type Client } from 'discord.js';
import type { GameService } from '../game/service.ts';
import { log } from '../log.ts';
import type { RenderPoolStats } from '../render/index.ts';
import { renderPool } from './images.ts';
import type { BotMetrics } from './metrics.ts';
import { ownsGuild } from './shards.ts';

export interface Health {
  readonly ok: boolean;
  readonly shards: { id: number; status: string; ping: number }[];
  /** Open and active games in the guilds this process's shards own. */
  readonly gamesServed: number;
  /** Games with posts not yet delivered, in the whole store (every process's outbox). */
  readonly outboxDepth: number;
  readonly rssBytes: number;
  readonly uptimeSeconds: number;
  /** Pictures waiting for or being drawn on a render thread, and how many jobs went where since the start. */
  readonly render: RenderPoolStats & { readonly held: number };
}

export async function health(client: Client, service: GameService): Promise<Health> {
  const shards = [...client.ws.shards.values()].map((s) => ({
    id: s.id,
    status: Status[s.status] ?? String(s.status),
    ping: s.ping,
  }));
  // Counted in the database: reading every game to count them made each check cost megabytes.
  const live = await service.liveGamesPerGuild();
  return {
    ok: shards.length > 0 && shards.every((s) => s.status === Status[Status.Ready]),
    shards,
    gamesServed: live.reduce((n, g) => n + (ownsGuild(client, g.guildId) ? g.games : 0), 0),
    outboxDepth: (await service.gamesToAnnounce()).length,
    rssBytes: process.memoryUsage.rss(),
    uptimeSeconds: Math.round(process.uptime()),
    render: { held: renderPool().held, ...renderPool().stats },
  };
}

export interface HealthOptions {
  /** The address to listen on (default 127.0.0.1: this machine only). */
  readonly host?: string;
  /** Served on GET /metrics when given. */
  readonly metrics?: BotMetrics;
  /** Told the port listened on (useful with port 0: a free one). */
  readonly listening?: (port: number) => void;
}

/** Serves /healthz (and /metrics) on `port`; returns the function that closes it. */
export async function serveHealth(
  port: number,
  client: Client,
  service: GameService,
  { host = '127.0.0.1', metrics, listening = () => {} }: HealthOptions = {},
): Promise<() => Promise<void>> {
  const server: Server = createServer((req, res) => {
    const path = req.method === 'GET' ? req.url?.split('?')[0] : undefined;
    if (path === '/metrics' && metrics) {
      metrics.registry.metrics().then(
        (text) => res.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
        (error: unknown) => {
          log.warn({ err: error }, 'metrics failed');
          res.writeHead(500).end();
        },
      );
      return;
    }
    if (path !== '/healthz') {
      res.writeHead(404).end();
      return;
    }
    health(client, service).then(
      (h) => res.writeHead(h.ok ? 200 : 503, { 'content-type': 'application/json' }).end(JSON.stringify(h)),
      (error: unknown) => {
        log.warn({ err: error }, 'health check failed');
        res.writeHead(503, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: false }));
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const bound = (server.address() as AddressInfo).port;
  listening(bound);
  log.info(
    { host, port: bound },
    `health endpoint listening on http://${host.includes(':') ? `[${host}]` : host}:${bound}/healthz${metrics ? ' and /metrics' : ''}`,
  );
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
