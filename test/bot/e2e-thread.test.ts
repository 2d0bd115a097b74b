/**
 * A game in a thread of its own (issue 22), through the real client: chosen at `/tm create`, the bot opens a
 * public thread in the channel (everyone who reads the channel can follow it), says so in the channel, and
 * posts the game there: joins, the start, every move with its pictures and pings, the pinned status. The
 * channel keeps its table talk. Commands and clicks work from the thread and from the channel.
 */
import { describe, expect, it, vi } from 'vitest';
import { settle } from '../support/bot-harness.ts';
import { controlsOf } from '../support/fake-discord.ts';
import { useBot } from '../support/shared-bot.ts';

describe('a game in its own thread', () => {
  const shared = useBot({ players: ['bob', 'carol'] });

  it('posts the game in a public thread it opens, and answers from the thread and the channel', async () => {
    const { fake, players, bot } = shared;
    const [alice, bob, spectator] = players;
    const channelId = fake.addChannel('tm-table');
    const created = await settle(
      fake.slashCommand('/tm create', {
        user: alice,
        channelId,
        options: { players: 2, seating: 'joined', factions: 'turn-order', thread: true },
      }),
    );
    expect(created.content).toContain('you are its admin');
    const threads = fake.threadsOf(channelId);
    expect(threads.map(([, name]) => name)).toEqual(['Terra Mystica — moves']);
    const [threadId] = threads[0]!;
    // The channel is told where the game is; nothing else of the game is posted there.
    const announced = fake.channelMessages(channelId);
    expect(announced.map((m) => m.content)).toEqual([
      expect.stringContaining(`The moves, pictures and pings are in <#${threadId}>`),
    ]);

    // Joining from the channel and starting from the thread both reach the game.
    expect((await settle(fake.slashCommand('/tm join', { user: bob, channelId }))).content).toContain('seated');
    await settle(fake.slashCommand('/tm start', { user: alice, channelId: threadId }));
    const inThread = fake.channelMessages(threadId).map((m) => m.content);
    expect(inThread.some((c) => c.includes(`<@${bob.id}> joined`))).toBe(true);
    expect(inThread.some((c) => c.includes('The game has started'))).toBe(true);
    expect(fake.channelMessages(channelId)).toHaveLength(1);

    // The faction picks are clicked in the thread; the pings and pictures are there.
    for (const [user, faction] of [
      [alice, 'witches'],
      [bob, 'nomads'],
    ] as const) {
      const post = fake.newestPost(threadId);
      expect(post.pingedUserIds).toEqual([user.id]);
      const menu = controlsOf(post).find((c) => c.custom_id?.startsWith('tm:faction:'))!;
      await settle(fake.selectMenu(menu.custom_id!, [faction], { user, channelId: threadId }));
    }
    const setUp = fake.newestPost(threadId);
    expect(setUp.attachments.map((a) => a.filename)).toEqual(['map.png', 'cults.png', 'round.png']);
    expect(fake.channelMessages(channelId)).toHaveLength(1);
    // The game's status is pinned where the game is played.
    await vi.waitFor(() => expect(fake.pinnedMessages(threadId)).toHaveLength(1), { timeout: 5_000 });
    expect(fake.pinnedMessages(channelId)).toEqual([]);

    // A spectator reads where the game stands from the thread; a player's link leads to the thread.
    const status = await settle(fake.slashCommand('/tm status', { user: spectator, channelId: threadId }));
    expect(status.content).toContain('setting up');
    const turn = await settle(fake.slashCommand('/tm turn', { user: alice, channelId }));
    expect(turn.content).toContain(`https://discord.com/channels/${fake.guildId}/${threadId}`);

    // The thread belongs to its game: no second game there.
    const second = await settle(fake.slashCommand('/tm create', { user: spectator, channelId: threadId }));
    expect(second.content).toMatch(/already/i);
    expect(bot.errors).toEqual([]);
  });
});
