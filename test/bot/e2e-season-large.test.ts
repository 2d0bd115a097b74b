/**
 * A season of the size through the fake Discord: 64 members sign up with the button, the admin starts
 * it in four divisions of sixteen, sixteen threads open, and the pinned standings name all 64 players. Their
 * rows take about 3,700 characters, past a message's 2,000: the post keeps its title in the text and puts each
 * division in an embed of its own, and /league standings answers the same.
 */
import { PermissionFlagsBits } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settle, startBot, type BotHarness } from '../support/bot-harness.ts';
import { customIdsOf, type FakeDiscord, type FakeUser, EVERYDAY_MEMBER_PERMISSIONS } from '../support/fake-discord.ts';

/** A league admin: Manage Server, on top of what every member has. */
const ADMIN = EVERYDAY_MEMBER_PERMISSIONS | PermissionFlagsBits.ManageGuild;

describe('a season of 64 players in a Discord server', () => {
  let bot: BotHarness;
  let fake: FakeDiscord;
  let players: FakeUser[];

  beforeAll(async () => {
    bot = await startBot();
    fake = bot.fake;
    players = Array.from({ length: 64 }, (_, i) => fake.createUser(`member${i + 1}`));
  });

  afterAll(async () => {
    await bot?.close();
  });

  it('pins standings that name every player, a division to an embed', async () => {
    const asAdmin = { user: fake.defaultUser, permissions: ADMIN };
    await settle(fake.slashCommand('/league create', { ...asAdmin, options: { name: 'Big', 'division-size': 16 } }));
    const signupId = customIdsOf(fake.newestPost()).find((id) => id.startsWith('tm:signup:'))!;
    for (const p of players)
      expect((await settle(fake.clickButton(signupId, { user: p }))).content).toContain('You are signed up');
    const started = await settle(fake.slashCommand('/league start', { ...asAdmin, options: { season: 'Big' } }));
    expect(started.content).toContain('**Big** has started: 16 tables, 4 divisions.');
    const pinned = fake.pinnedMessages(fake.channelId).find((m) => m.content.includes('**Big** · standings'))!;
    expect(pinned.content).toBe('**Big** · standings\n0 of 16 tables finished.\n▲ promotion · ▼ relegation');
    const embeds = pinned.embeds as { title: string; description: string }[];
    expect(embeds.map((e) => e.title)).toEqual(['Division 1', 'Division 2', 'Division 3', 'Division 4']);
    const named = embeds.flatMap((e) => [...e.description.matchAll(/^\d+\. <@(\d+)>/gm)].map((m) => m[1]));
    expect(new Set(named)).toEqual(new Set(players.map((p) => p.id)));
    expect(embeds.every((e) => e.description.split('\n').length === 16)).toBe(true);
    const asked = await settle(fake.slashCommand('/league standings', { user: players[40] }));
    expect(asked.content).toBe(pinned.content);
    expect(asked.embeds).toEqual(pinned.embeds);
    expect(bot.errors).toEqual([]);
  }, 300_000);
});
