/**
 * The bot a test file's end-to-end tests share: started before them, closed after them. Its fields are read
 * inside the tests (they exist once `beforeAll` has run).
 */
import { afterAll, beforeAll } from 'vitest';
import { settle, startBot, type BotHarness } from './bot-harness.ts';
import type { FakeDiscord, FakeUser, InteractionReply } from './fake-discord.ts';
import { LogServer } from './log-server.ts';

export interface SharedBot<Names extends readonly string[]> {
  readonly bot: BotHarness;
  readonly fake: FakeDiscord;
  /** The fake Discord's default user, then one user per name given. */
  readonly players: readonly [FakeUser, ...{ [K in keyof Names]: FakeUser }];
  /** Serves logs for `/tm import`; started only when asked for. */
  readonly logs: LogServer;
  /**
   * A game in the channel with every player seated: `/tm create` by the first player with these options (one
   * seat per player, seated as joined, unless the options say otherwise), `/tm join` by the others,
   * `/tm start`. Resolves to the answer to `/tm create`.
   */
  startGame(options?: Record<string, string | number>): Promise<InteractionReply>;
}

export function useBot<const Names extends readonly string[] = []>(
  options: {
    players?: Names;
    logs?: boolean;
    ai?: Parameters<typeof startBot>[0] extends infer O ? (O extends { ai?: infer A } ? A : never) : never;
  } = {},
): SharedBot<Names> {
  let bot: BotHarness | undefined;
  let players: FakeUser[] | undefined;
  let logs: LogServer | undefined;
  beforeAll(async () => {
    if (options.logs) logs = await LogServer.start();
    bot = await startBot(options.ai ? { ai: options.ai } : {});
    players = [bot.fake.defaultUser, ...(options.players ?? []).map((name) => bot!.fake.createUser(name))];
  });
  afterAll(async () => {
    await bot?.close();
    logs?.close();
  });
  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is there inside the tests only (started in beforeAll)`);
    return value;
  };
  return {
    get bot() {
      return started(bot, 'the bot');
    },
    get fake() {
      return started(bot, 'the bot').fake;
    },
    get players() {
      return started(players, 'the players') as unknown as SharedBot<Names>['players'];
    },
    get logs() {
      return started(logs, 'the log server (useBot({ logs: true }))');
    },
    async startGame(options = {}) {
      const fake = started(bot, 'the bot').fake;
      const [first, ...others] = started(players, 'the players');
      const created = await settle(
        fake.slashCommand('/tm create', {
          user: first,
          options: { players: others.length + 1, seating: 'joined', ...options },
        }),
      );
      for (const user of others) await settle(fake.slashCommand('/tm join', { user }));
      await settle(fake.slashCommand('/tm start', { user: first }));
      return created;
    },
  };
}
