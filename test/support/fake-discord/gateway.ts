import type { Server } from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';
import { snowflake } from './snowflake.ts';

const Op = {
  Dispatch: 0,
  Heartbeat: 1,
  Identify: 2,
  Resume: 6,
  InvalidSession: 9,
  Hello: 10,
  HeartbeatAck: 11,
} as const;
export const GATEWAY_PATH = '/gateway';

interface Session {
  socket: WebSocket;
  sequence: number;
  ready: boolean;
  /** IDENTIFY's `[shard_id, shard_count]`; `[0, 1]` when the client did not shard. */
  shard: readonly [number, number];
}

/** Discord's rule: the shard that receives a guild's events. */
export function shardOf(guildId: string, shardCount: number): number {
  return Number((BigInt(guildId) >> 22n) % BigInt(shardCount));
}

const owns = (session: Session, guildId: string) => shardOf(guildId, session.shard[1]) === session.shard[0];

export interface GatewayOptions {
  server: Server;
  /** The token IDENTIFY must carry; any token is accepted when undefined. */
  token: string | undefined;
  /** READY's payload, and the GUILD_CREATE payloads that must follow it before discord.js is ready. */
  ready(): { ready: Record<string, unknown>; guilds: Record<string, unknown>[] };
  onIdentify(token: string, intents: number, shard: readonly [number, number]): void;
}

/** The websocket half of the fake: HELLO, IDENTIFY → READY + GUILD_CREATE, heartbeat ACKs, dispatches. */
export class FakeGateway {
  private readonly wss: WebSocketServer;
  private readonly sessions = new Set<Session>();

  constructor(private readonly options: GatewayOptions) {
    this.wss = new WebSocketServer({ server: options.server, path: GATEWAY_PATH });
    this.wss.on('connection', (socket, req) => this.accept(socket, req.url ?? ''));
  }

  get readySessions(): number {
    return [...this.sessions].filter((s) => s.ready).length;
  }

  /**
   * Sends an event to every identified session whose shard owns `guildId` (a restarted bot may briefly
   * have two), or to every session for events of no guild.
   */
  dispatch(event: string, data: unknown, guildId: string | null): void {
    const ready = [...this.sessions].filter((s) => s.ready && (guildId === null || owns(s, guildId)));
    if (ready.length === 0) throw new Error(`no bot is connected to the fake gateway to receive ${event}`);
    for (const session of ready) send(session, { op: Op.Dispatch, t: event, s: ++session.sequence, d: data });
  }

  /** Whether an identified session's shard owns the guild. */
  ownedBySession(guildId: string): boolean {
    return [...this.sessions].some((s) => s.ready && owns(s, guildId));
  }

  /** Drops every connection, as a network failure or Discord restarting its gateway does. */
  dropConnections(): void {
    for (const session of this.sessions) session.socket.terminate();
  }

  async close(): Promise<void> {
    for (const session of this.sessions) session.socket.terminate();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }

  private accept(socket: WebSocket, url: string): void {
    if (url.includes('compress=')) {
      // The fake speaks plain JSON only; discord.js asks for zlib-stream only when zlib-sync is installed.
      socket.close(4000, 'compression is not supported by the fake gateway');
      return;
    }
    const session: Session = { socket, sequence: 0, ready: false, shard: [0, 1] };
    this.sessions.add(session);
    socket.on('close', () => this.sessions.delete(session));
    socket.on('message', (raw) => this.receive(session, JSON.parse(raw.toString())));
    send(session, { op: Op.Hello, d: { heartbeat_interval: 41_250 } });
  }

  private receive(session: Session, packet: { op: number; d: any }): void {
    switch (packet.op) {
      case Op.Heartbeat:
        send(session, { op: Op.HeartbeatAck });
        return;
      case Op.Identify: {
        const token = String(packet.d?.token ?? '');
        if (this.options.token !== undefined && token !== this.options.token) {
          session.socket.close(4004, 'Authentication failed.');
          return;
        }
        const [id, count] = Array.isArray(packet.d?.shard) ? packet.d.shard.map(Number) : [0, 1];
        if (!(Number.isInteger(id) && Number.isInteger(count) && id >= 0 && id < count)) {
          session.socket.close(4010, 'Invalid shard.');
          return;
        }
        session.shard = [id, count];
        this.options.onIdentify(token, Number(packet.d?.intents ?? 0), session.shard);
        const { ready, guilds } = this.options.ready();
        const mine = (g: Record<string, unknown>) => owns(session, String(g.id));
        session.ready = true;
        const readyGuilds = (ready.guilds as Record<string, unknown>[]).filter(mine);
        send(session, {
          op: Op.Dispatch,
          t: 'READY',
          s: ++session.sequence,
          d: { ...ready, guilds: readyGuilds, shard: [id, count], session_id: snowflake() },
        });
        for (const guild of guilds.filter(mine))
          send(session, { op: Op.Dispatch, t: 'GUILD_CREATE', s: ++session.sequence, d: guild });
        return;
      }
      case Op.Resume:
        // Sessions are not kept across connections; asking the client to identify afresh is what Discord does too.
        send(session, { op: Op.InvalidSession, d: false });
        return;
      default:
        return;
    }
  }
}

function send(session: Session, packet: Record<string, unknown>): void {
  session.socket.send(JSON.stringify({ s: null, t: null, ...packet }));
}
