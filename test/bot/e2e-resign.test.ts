/**
 * A player who resigns leaves the game for good, through the real client: their faction leaves the turn
 * order in the pinned status, the game never waits for them, and no later post pings them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ComponentJson } from '../../src/bot/message-limits.ts';
import { settle, startBot, type BotHarness } from '../support/bot-harness.ts';
import type { FakeDiscord, FakeMessage, FakeUser } from '../support/fake-discord.ts';

const leaves = (m: FakeMessage): ComponentJson[] =>
  (m.components as ComponentJson[]).flatMap((row) => [...(row.components ?? [])]);

describe('a resigned faction', () => {
  let bot: BotHarness;
  let fake: FakeDiscord;
  let players: FakeUser[];
  const at = (u: FakeUser) => ({ userId: u.id, guildId: fake.guildId, channelId: fake.channelId });

  beforeAll(async () => {
    bot = await startBot();
    fake = bot.fake;
    players = [fake.defaultUser, fake.createUser('second'), fake.createUser('third')];
  });

  afterAll(async () => {
    await bot?.close();
  });

  async function game() {
    const found = await bot.service.findGameInChannel(at(players[0]!));
    if (!found.ok || !found.value) throw new Error('no game');
    return found.value;
  }

  /** The player the game waits for plays their first legal line, or a pass when they may and `pass` says so. */
  async function playOne(pass = true): Promise<void> {
    const view = await game();
    const mover = players.find((p) => p.id === view.waitingFor[0]!.userId)!;
    const legal = await bot.service.legalMoves(at(mover), view.game.id);
    const lines = legal.ok ? legal.value : [];
    const line = (pass && lines.find((l) => l.kind === 'pass')) || lines[0]!;
    const done = await settle(fake.slashCommand('/move', { user: mover, options: { text: line.text } }));
    expect(done.content, done.content).toMatch(/^Done/);
  }

  it('leaves the turn order and is never waited for or pinged again', async () => {
    const [admin, second, third] = players as [FakeUser, FakeUser, FakeUser];
    await settle(fake.slashCommand('/tm create', { user: admin, options: { players: 3, seating: 'joined' } }));
    for (const p of [second, third]) await settle(fake.slashCommand('/tm join', { user: p }));
    await settle(fake.slashCommand('/tm start', { user: admin }));
    for (const [i, faction] of ['witches', 'nomads', 'mermaids'].entries()) {
      const menu = leaves(fake.newestPost()).find((c) => c.custom_id?.startsWith('tm:faction:'))!;
      await settle(fake.selectMenu(menu.custom_id!, [faction], { user: players[i]! }));
    }
    // Through the set-up into round 1.
    while ((await game()).state!.round < 1) await playOne();
    const order = () =>
      ((fake.pinnedMessages()[0]!.embeds[0] as { description: string }).description ?? '')
        .split('\n')
        .find((l) => l.startsWith('Turn order:'))!;
    await expect.poll(order, { timeout: 5_000 }).toContain('Mermaids');

    const asked = await settle(fake.slashCommand('/tm resign', { user: third }));
    const sure = (asked.components as { components: { custom_id: string }[] }[])[0]!.components[0]!.custom_id;
    const resigned = await settle(fake.clickButton(sure, { user: third, message: asked.message! }));
    expect(resigned.content).toContain(`<@${third.id}> resigned`);
    const since = fake.channelMessages().length;

    // Everyone else plays on into the next round: the game never waits for the resigned player.
    while ((await game()).state!.round < 2) {
      expect((await game()).waitingFor.map((w) => w.userId)).not.toContain(third.id);
      await playOne();
    }
    for (let i = 0; i < 4; i++) await playOne(false);
    const after = fake.channelMessages().slice(since);
    expect(after.length).toBeGreaterThanOrEqual(6);
    for (const post of after) expect(post.pingedUserIds, post.content).not.toContain(third.id);
    expect(after.some((p) => p.pingedUserIds.includes(admin.id))).toBe(true);
    await expect.poll(order, { timeout: 5_000 }).not.toContain('Mermaids');
    expect(order()).toMatch(/Witches.*Nomads|Nomads.*Witches/);
    expect(bot.errors).toEqual([]);
  }, 120_000);
});
