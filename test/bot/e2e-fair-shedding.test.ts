/**
 * Load is shed from whoever causes it: one account sending dozens of interactions at once, over many
 * channels, is told to slow down, and the moves of a player in another server, and the commands of another
 * player in the spammer's own server, are all answered as usual. Before, a single limit of 32 interactions
 * in flight turned away whoever came next (12 of 16 moves of an unrelated player in a trial).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DOOR } from '../../src/bot/door.ts';
import type { GameRepo } from '../../src/game/repo.ts';
import { MemoryGameRepo } from '../../src/game/memory-repo.ts';
import { GameService } from '../../src/game/service.ts';
import { t } from '../../src/i18n/index.ts';
import { settle, startBot, TOKEN, type BotHarness } from '../support/bot-harness.ts';
import { FakeDiscord, type FakeInteraction, type FakeUser } from '../support/fake-discord.ts';

/** A store whose every call takes `ms`: what a busy database does, so interactions stay in flight. */
function slowRepo(inner: GameRepo, ms: number): GameRepo {
  return new Proxy(inner, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (typeof value !== 'function') return value;
      return async (...args: unknown[]) => {
        await new Promise((resolve) => setTimeout(resolve, ms));
        return (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
      };
    },
  });
}

describe('a spammer among the players', () => {
  let fake: FakeDiscord;
  let bot: BotHarness;
  let otherServer: string;
  let table: string;
  const spamChannels: string[] = [];

  beforeAll(async () => {
    fake = await FakeDiscord.start({ token: TOKEN });
    otherServer = fake.addGuild('Elsewhere');
    bot = await startBot({ fake, service: new GameService(slowRepo(new MemoryGameRepo(), 40)), door: DEFAULT_DOOR });
    table = fake.addChannel('table', otherServer);
    for (let i = 0; i < 20; i++) spamChannels.push(fake.addChannel(`spam-${i}`));
  });

  afterAll(async () => {
    await bot?.close();
    await fake?.close();
  });

  it("cannot make another player's move fail, in another server or in their own", async () => {
    const spammer = fake.createUser('spammer');
    const [alice, bob] = [fake.createUser('alice'), fake.createUser('bob')];
    const neighbour = fake.createUser('neighbour');
    await settle(
      fake.slashCommand('/tm create', {
        user: alice,
        channelId: table,
        options: { players: 2, seating: 'joined', factions: 'random' },
      }),
    );
    await settle(fake.slashCommand('/tm join', { user: bob, channelId: table }));
    await settle(fake.slashCommand('/tm start', { user: alice, channelId: table }));
    const players = new Map<string, FakeUser>([
      [alice.id, alice],
      [bob.id, bob],
    ]);
    const as = (user: FakeUser) => ({ userId: user.id, guildId: otherServer, channelId: table });
    /** Who must move at the table, and a legal line of theirs. */
    const nextMove = async () => {
      const found = await bot.service.findGameInChannel(as(alice));
      if (!found.ok || !found.value) throw new Error('no game at the table');
      const user = players.get(found.value.waitingFor[0]!.userId)!;
      const legal = await bot.service.legalMoves(as(user), found.value.game.id);
      if (!legal.ok) throw new Error('no legal move');
      return { user, text: legal.value[0]!.text };
    };

    const spam: FakeInteraction[] = [];
    const answers: string[] = [];
    const neighbourAnswers: string[] = [];
    for (let round = 0; round < 6; round++) {
      // Forty interactions at once, over twenty channels, before each of the table's moves.
      for (let i = 0; i < 40; i++)
        spam.push(fake.slashCommand('/tm status', { user: spammer, channelId: spamChannels[i % 20]! }));
      const { user, text } = await nextMove();
      const [played, looked] = await Promise.all([
        settle(fake.slashCommand('/move', { user, channelId: table, options: { text } })),
        settle(fake.slashCommand('/tm status', { user: neighbour, channelId: spamChannels[round]! })),
      ]);
      answers.push(`${text} → ${played.content}`);
      neighbourAnswers.push(looked.content ?? '');
    }
    expect(answers.filter((a) => !/ → Done: /.test(a))).toEqual([]);
    expect(neighbourAnswers).toEqual(Array.from({ length: 6 }, () => t('en', 'error.noGameInChannel')));
    // The spammer was answered too: a few looked up, the rest told to slow down.
    const spamAnswers = await Promise.all(spam.map((i) => settle(i)));
    const slowDown = spamAnswers.filter((a) => a.content === t('en', 'error.slowDown')).length;
    expect(slowDown).toBeGreaterThan(spam.length / 2);
    expect(spamAnswers.every((a) => a.ephemeral)).toBe(true);
    expect(bot.errors).toEqual([]);
  });
});

describe('games opened per hour', () => {
  let fake: FakeDiscord;
  let bot: BotHarness;
  let otherServer: string;

  beforeAll(async () => {
    fake = await FakeDiscord.start({ token: TOKEN });
    otherServer = fake.addGuild('Elsewhere');
    bot = await startBot({
      fake,
      service: new GameService(new MemoryGameRepo(), { quota: { perUser: 3, perServer: 5 } }),
    });
  });

  afterAll(async () => {
    await bot?.close();
    await fake?.close();
  });

  it('stops a player, then a server, at the quota, saying so; other servers go on', async () => {
    // One account opened games in 500 channels in 62 s before.
    const create = (user: FakeUser, guildId?: string) =>
      settle(
        fake.slashCommand('/tm create', {
          user,
          channelId: fake.addChannel(`table-${Math.random().toString(36).slice(2, 8)}`, guildId),
          options: { players: 2 },
        }),
      );
    const [opener, second, third] = [fake.createUser('opener'), fake.createUser('second'), fake.createUser('third')];
    for (let i = 0; i < 3; i++) expect((await create(opener)).content).toContain('Your game is created');
    expect((await create(opener)).content).toBe(
      'You have opened 3 games in the last hour, the most one player may, so no game was created. Please try again later.',
    );
    for (let i = 0; i < 2; i++) expect((await create(second)).content).toContain('Your game is created');
    expect((await create(third)).content).toBe(
      'This server has had 5 games opened in the last hour, the most it may, so no game was created. Please try again later.',
    );
    expect((await create(third, otherServer)).content).toContain('Your game is created');
    expect(await bot.service.listGames({})).toHaveLength(6);
    expect(bot.errors).toEqual([]);
  });
});
