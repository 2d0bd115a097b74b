/**
 * How often a move reads the store, counted on the repository under the real bot: a move reads the game
 * once (the channel's game with its log, snapshot and undelivered announcements); the rules, the channel
 * post with its pictures and prompt, and the pinned status all work from the view the service returned.
 * The same holds for a faction pick, an undo and a resignation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ComponentJson } from '../../src/bot/message-limits.ts';
import { MemoryGameRepo } from '../../src/game/memory-repo.ts';
import { GameService } from '../../src/game/service.ts';
import { settle, startBot, type BotHarness } from '../support/bot-harness.ts';
import { countingRepo, type CountingRepo } from '../support/counting-repo.ts';
import type { FakeDiscord, FakeMessage, FakeUser } from '../support/fake-discord.ts';

const leaves = (m: FakeMessage): ComponentJson[] =>
  (m.components as ComponentJson[]).flatMap((row) => [...(row.components ?? [])]);

describe('store reads per move', () => {
  let bot: BotHarness;
  let fake: FakeDiscord;
  let counting: CountingRepo;
  let players: FakeUser[];

  beforeAll(async () => {
    counting = countingRepo(new MemoryGameRepo());
    bot = await startBot({ service: new GameService(counting.repo) });
    fake = bot.fake;
    players = [fake.defaultUser, fake.createUser('second'), fake.createUser('third')];
    await settle(fake.slashCommand('/tm create', { user: players[0]!, options: { players: 3, seating: 'joined' } }));
    for (const p of players.slice(1)) await settle(fake.slashCommand('/tm join', { user: p }));
    await settle(fake.slashCommand('/tm start', { user: players[0]! }));
  }, 60_000);

  afterAll(async () => {
    await bot?.close();
  });

  /** Waits until the channel shows the move, and the announcer's work after it (pin, old buttons) is done. */
  async function quiet(postsBefore: number): Promise<void> {
    await fake.waitFor(() => fake.channelMessages().length > postsBefore || undefined, { what: 'the move posted' });
    await new Promise((resolve) => setTimeout(resolve, 300));
  }

  it('reads the store once for a faction pick', async () => {
    for (const [i, faction] of ['witches', 'nomads', 'mermaids'].entries()) {
      const menu = leaves(fake.newestPost()).find((c) => c.custom_id?.startsWith('tm:faction:'))!;
      const posts = fake.channelMessages().length;
      counting.reset();
      const picked = await settle(fake.selectMenu(menu.custom_id!, [faction], { user: players[i]! }));
      expect(picked.content).toMatch(/plays the/);
      await quiet(posts);
      expect(counting.reads(), faction).toEqual(['loadGameInChannel']);
    }
    expect(bot.errors).toEqual([]);
  }, 30_000);

  it('reads the store once for a typed move', async () => {
    const as = { userId: players[0]!.id, guildId: fake.guildId, channelId: fake.channelId };
    const found = await bot.service.findGameInChannel(as);
    const legal = found.ok && found.value ? await bot.service.legalMoves(as, found.value.game.id) : null;
    const text = legal?.ok ? legal.value[0]!.text : 'no legal move';
    const posts = fake.channelMessages().length;
    counting.reset();
    const done = await settle(fake.slashCommand('/move', { user: players[0]!, options: { text } }));
    expect(done.content).toMatch(/^Done/);
    await quiet(posts);
    expect(counting.reads()).toEqual(['loadGameInChannel']);
    expect(bot.errors).toEqual([]);
  }, 30_000);

  it('reads the store once for a move clicked in the turn prompt', async () => {
    const button = leaves(fake.newestPost()).find((c) => /^tm:turn:.*:build:0$/.test(c.custom_id ?? ''))!;
    counting.reset();
    const menus = await settle(fake.clickButton(button.custom_id!, { user: players[1]! }));
    // Opening the menus reads the game; choosing from them is the move.
    expect(counting.reads()).toEqual(['loadGameInChannel']);
    const menu = (menus.components as ComponentJson[]).flatMap((r) => [...(r.components ?? [])])[0]!;
    const posts = fake.channelMessages().length;
    counting.reset();
    const played = await settle(
      fake.selectMenu(menu.custom_id!, [menu.options![0]!.value], { user: players[1]!, message: menus.message! }),
    );
    expect(played.content).toMatch(/^Done/);
    await quiet(posts);
    expect(counting.reads()).toEqual(['loadGameInChannel']);
    expect(bot.errors).toEqual([]);
  }, 30_000);

  it('reads the store once for taking back one’s own move', async () => {
    const posts = fake.channelMessages().length;
    counting.reset();
    const undone = await settle(fake.slashCommand('/tm undo', { user: players[1]! }));
    expect(undone.content).toMatch(/took back 1 move/);
    await quiet(posts);
    expect(counting.reads()).toEqual(['loadGameInChannel']);
    expect(bot.errors).toEqual([]);
  }, 30_000);

  it('reads the store once when the admin confirms an undo of others’ moves', async () => {
    // The second player moves again, so the admin's undo of their own move takes that one too: the list
    // comes first, with a button to confirm it.
    const as = { userId: players[1]!.id, guildId: fake.guildId, channelId: fake.channelId };
    const found = await bot.service.findGameInChannel(as);
    const legal = found.ok && found.value ? await bot.service.legalMoves(as, found.value.game.id) : null;
    const moved = await settle(
      fake.slashCommand('/move', { user: players[1]!, options: { text: legal?.ok ? legal.value[0]!.text : '' } }),
    );
    expect(moved.content).toMatch(/^Done/);
    const ask = await settle(fake.slashCommand('/tm undo', { user: players[0]! }));
    const sure = leaves(ask.message!).find((c) => c.custom_id?.startsWith('tm:sure:'))!;
    expect(sure).toBeDefined();
    const posts = fake.channelMessages().length;
    counting.reset();
    const undone = await settle(fake.clickButton(sure.custom_id!, { user: players[0]!, message: ask.message! }));
    expect(undone.content).toMatch(/took back \d+ moves?/);
    await quiet(posts);
    expect(counting.reads()).toEqual(['loadGameInChannel']);
    expect(bot.errors).toEqual([]);
  }, 30_000);

  it('reads the store once for a confirmed resignation', async () => {
    const ask = await settle(fake.slashCommand('/tm resign', { user: players[2]! }));
    const sure = leaves(ask.message!).find((c) => c.custom_id?.startsWith('tm:sure:'))!;
    const posts = fake.channelMessages().length;
    counting.reset();
    const resigned = await settle(fake.clickButton(sure.custom_id!, { user: players[2]!, message: ask.message! }));
    expect(resigned.content).toMatch(/resigned|stop/i);
    await quiet(posts);
    expect(counting.reads()).toEqual(['loadGameInChannel']);
    expect(bot.errors).toEqual([]);
  }, 30_000);
});
