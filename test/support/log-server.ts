/**
 * Raw logs served over HTTP, where `/tm import` fetches them (in production, Discord's attachment CDN),
 * so an end-to-end test can start from any position a log reaches.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseGameLog } from '../../src/notation/log.ts';
import { settle } from './bot-harness.ts';
import type { FakeDiscord, FakeUser } from './fake-discord.ts';

export class LogServer {
  private readonly served = new Map<string, string>();
  private readonly server: Server;

  private constructor() {
    this.server = createServer((req, res) => res.end(this.served.get(req.url ?? '') ?? ''));
  }

  static async start(): Promise<LogServer> {
    const logs = new LogServer();
    await new Promise<void>((resolve) => logs.server.listen(0, '127.0.0.1', resolve));
    return logs;
  }

  /** Serves `body` at `path` (a fresh one per test); returns its URL. */
  serve(path: string, body: string): string {
    this.served.set(path, body);
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}${path}`;
  }

  /** Imports `text` into the channel with a new player for each faction in it; returns them by faction. */
  async importInto(fake: FakeDiscord, channelId: string, text: string): Promise<Map<string, FakeUser>> {
    const path = `/${channelId}.txt`;
    this.served.set(path, text);
    const { port } = this.server.address() as AddressInfo;
    const factions = [...new Set(parseGameLog(text).flatMap((e) => (e.kind === 'row' ? [e.faction] : [])))];
    const users = new Map(factions.map((f) => [f, fake.createUser(`${f}-${channelId}`)]));
    const imported = await settle(
      fake.slashCommand('/tm import', {
        channelId,
        options: {
          file: `http://127.0.0.1:${port}${path}`,
          players: [...users.values()].map((u) => `<@${u.id}>`).join(' '),
        },
      }),
    );
    if (!imported.content?.includes('Imported a snellman game')) throw new Error(`import refused: ${imported.content}`);
    return users;
  }

  close(): void {
    this.server.close();
  }
}
