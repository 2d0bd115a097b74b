/**
 * Once running, a lost gateway connection is not a failed start: discord.js connects again by itself and
 * the bot goes on answering, with nothing lost.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settle, startBot, type BotHarness } from '../support/bot-harness.ts';

describe('a dropped gateway connection', () => {
  let bot: BotHarness;

  beforeAll(async () => {
    bot = await startBot();
  });

  afterAll(async () => {
    await bot?.close();
  });

  it('is connected again, and the next interactions are answered', async () => {
    const { fake } = bot;
    expect((await settle(fake.slashCommand('/tm create', { options: { players: 2 } }))).content).toContain(
      'Your game is created',
    );
    const identified = fake.identifies.length;
    fake.dropGateway();
    await fake.waitFor(() => (fake.identifies.length > identified ? true : undefined), {
      what: 'the bot identifying again',
      timeoutMs: 20_000,
    });
    await fake.waitFor(() => (bot.client().isReady() && bot.client().ws.ping !== undefined ? true : undefined), {
      what: 'the client ready again',
      timeoutMs: 20_000,
    });
    const joined = await settle(fake.slashCommand('/tm join', { user: fake.createUser('bob') }));
    expect(joined.content).toContain('seated');
    expect(bot.errors).toEqual([]);
  });
});
