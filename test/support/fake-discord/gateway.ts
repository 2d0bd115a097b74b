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
}

export interface GatewayOptions {
  server: Server;
  /** The token IDENTIFY must carry; any token is accepted when undefined. */
  token: string | undefined;
  /** READY's payload, and the GUILD_CREATE payloads that must follow it before discord.js is ready. */
  ready(): { ready: Record<string, unknown>; guilds: Record<string, unknown>[] };
  onIdentify(token: string, intents: number): void;
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

  /** Sends an event to every identified session (a restarted bot may briefly have two). */
  dispatch(event: string, data: unknown): void {
    const ready = [...this.sessions].filter((s) => s.ready);
    if (ready.length === 0) throw new Error(`no bot is connected to the fake gateway to receive ${event}`);
    for (const session of ready) send(session, { op: Op.Dispatch, t: event, s: ++session.sequence, d: data });
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
    const session: Session = { socket, sequence: 0, ready: false };
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
        this.options.onIdentify(token, Number(packet.d?.intents ?? 0));
        const { ready, guilds } = this.options.ready();
        session.ready = true;
        send(session, { op: Op.Dispatch, t: 'READY', s: ++session.sequence, d: { ...ready, session_id: snowflake() } });
        for (const guild of guilds)
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
