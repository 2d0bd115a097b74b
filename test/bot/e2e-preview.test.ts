/**
 * Previews through the real discord.js client and the fake Discord: a private picture of the move with
 * Confirm / Cancel; cancelling changes nothing, confirming plays it, and a preview the game has moved
 * past is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCustomId } from '../../src/bot/custom-id.ts';
import { settle, startBot, type BotHarness } from '../support/bot-harness.ts';
import type { FakeDiscord, FakeUser } from '../support/fake-discord.ts';

describe('previewing a move', () => {
  let bot: BotHarness;
  let fake: FakeDiscord;
  let witches: FakeUser;
  let nomads: FakeUser;

  beforeAll(async () => {
    bot = await startBot();
    fake = bot.fake;
    witches = fake.defaultUser;
    nomads = fake.createUser('nomad');
    await settle(
      fake.slashCommand('/tm create', {
        options: {
          players: 2,
          seating: 'joined',
          tiles: 'SCORE1 SCORE2 SCORE3 SCORE4 SCORE5 SCORE6 -BON1 -BON2 -BON3 -BON4 -BON5',
        },
      }),
    );
    await settle(fake.slashCommand('/tm join', { user: nomads }));
    await settle(fake.slashCommand('/tm start'));
    for (const [user, faction] of [
      [witches, 'witches'],
      [nomads, 'nomads'],
    ] as const) {
      const menu = fake
        .newestPost()
        .components.flatMap((r) => (r as { components: { custom_id: string }[] }).components)[0]!;
      await settle(fake.selectMenu(menu.custom_id, [faction], { user }));
    }
  });

  afterAll(async () => {
    await bot?.close();
  });

  const buttons = (reply: { components: unknown[] }) =>
    reply.components.flatMap((r) => (r as { components: { custom_id: string }[] }).components.map((c) => c.custom_id));

  it('shows the move privately with the map and Confirm / Cancel; Cancel changes nothing', async () => {
    const before = fake.channelMessages().length;
    const preview = await settle(
      fake.slashCommand('/move', { user: witches, options: { text: 'build E9', preview: true } }),
    );
    expect(preview.ephemeral).toBe(true);
    expect(preview.content).toContain('Preview of `build E9`');
    expect(preview.files.map((f) => f.filename)).toEqual(['map.png']);
    const [commit, cancel] = buttons(preview);
    expect(parseCustomId(commit!)?.kind).toBe('commit');
    const cancelled = await settle(fake.clickButton(cancel!, { user: witches, message: preview.message! }));
    expect(cancelled.content).toContain('Cancelled');
    expect(fake.channelMessages().length).toBe(before);
    // The preview is gone: its Confirm no longer plays anything.
    expect((await settle(fake.clickButton(commit!, { user: witches, message: preview.message! }))).content).toContain(
      'older message',
    );
    expect(fake.channelMessages().length).toBe(before);
  });

  it('plays the move on Confirm, for its player only', async () => {
    const preview = await settle(
      fake.slashCommand('/move', { user: witches, options: { text: 'build E9', preview: true } }),
    );
    const [commit] = buttons(preview);
    const stranger = await settle(fake.clickButton(commit!, { user: nomads, message: preview.message! }));
    expect(stranger.content).toContain('not for you');
    const done = await settle(fake.clickButton(commit!, { user: witches, message: preview.message! }));
    expect(done.content).toBe('Done: `build E9`');
    expect(fake.newestPost().content).toContain('`build E9`');
  });

  it('refuses a confirmation the game has moved past', async () => {
    const preview = await settle(
      fake.slashCommand('/move', { user: nomads, options: { text: 'build E8', preview: true } }),
    );
    const [commit] = buttons(preview);
    expect((await settle(fake.slashCommand('/move', { user: nomads, options: { text: 'build E8' } }))).content).toMatch(
      /^Done/,
    );
    const late = await settle(fake.clickButton(commit!, { user: nomads, message: preview.message! }));
    expect(late.content).toContain('moved on');
  });
});
