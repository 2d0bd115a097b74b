/**
 * The sharded bot against the fake Discord, which sends a guild's events only to the shard that owns it,
 * shard (guild_id >> 22) % shard_count. One process running every shard plays as the unsharded bot does;
 * two processes with one shard each share the work: only the owner of the guild answers, posts the outbox
 * and reminds, so nothing is posted twice.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { type Health, serveHealth } from '../../src/bot/health.ts';
import { remindOnce } from '../../src/bot/reminders.ts';
import { MemoryGameRepo } from '../../src/game/memory-repo.ts';
import { GameService } from '../../src/game/service.ts';
import { settle, startBot, TOKEN, type BotHarness } from '../support/bot-harness.ts';
import { FakeDiscord } from '../support/fake-discord.ts';
import { guildOnShard } from '../support/fake-discord/snowflake.ts';

describe('the sharded bot', () => {
  const open: { close(): Promise<void> }[] = [];
  const track = <T extends { close(): Promise<void> }>(x: T) => (open.push(x), x);
  afterEach(async () => {
    for (const x of open.reverse()) await x.close();
    open.length = 0;
  });

  it('runs every shard in one process: identifies each, plays in the guild shard 1 owns, reports health', async () => {
    let healthPort = 0;
    const fake = track(await FakeDiscord.start({ token: TOKEN, guildId: guildOnShard(1, 2) }));
    const bot = track(await startBot({ fake, sharding: { count: 2, ids: [0, 1] } }));
    expect(fake.identifies.map((i) => i.shard).sort()).toEqual([
      [0, 2],
      [1, 2],
    ]);
    const second = fake.createUser('second');
    expect((await settle(fake.slashCommand('/tm create', { options: { players: 2 } }))).content).toBeTruthy();
    await settle(fake.slashCommand('/tm join', { user: second }));
    await settle(fake.slashCommand('/tm start'));
    const view = await bot.service.findGameInChannel({
      userId: fake.defaultUser.id,
      guildId: fake.guildId,
      channelId: fake.channelId,
    });
    expect(view.ok && view.value?.game.status).toBe('active');
    expect(bot.errors).toEqual([]);

    const close = await serveHealth(0, bot.client(), bot.service, { listening: (port) => (healthPort = port) });
    try {
      const res = await fetch(`http://127.0.0.1:${healthPort}/healthz`);
      expect(res.status).toBe(200);
      const body = (await res.json()) as Health;
      expect(body.shards.map((s) => [s.id, s.status])).toEqual([
        [0, 'Ready'],
        [1, 'Ready'],
      ]);
      expect(body).toMatchObject({ ok: true, gamesServed: 1, outboxDepth: 0, render: { held: 0 } });
    } finally {
      await close();
    }
  });

  it('SHARD_COUNT=auto takes the count Discord recommends', async () => {
    const fake = track(await FakeDiscord.start({ token: TOKEN, recommendedShards: 3 }));
    track(await startBot({ fake, sharding: { count: 'auto' } }));
    expect(fake.identifies.map((i) => i.shard).sort()).toEqual([
      [0, 3],
      [1, 3],
      [2, 3],
    ]);
  });

  it('two processes, one shard each: only the owner of the guild answers, posts and reminds', async () => {
    const fake = track(await FakeDiscord.start({ token: TOKEN, guildId: guildOnShard(1, 2) }));
    const table = fake.addChannel('table', fake.addGuild('Zero', guildOnShard(0, 2)));
    const service = new GameService(new MemoryGameRepo());
    const other = track(await startBot({ fake, service, sharding: { count: 2, ids: [0] } }));
    const owner = track(await startBot({ fake, service, sharding: { count: 2, ids: [1] } }));
    const second = fake.createUser('second');
    await settle(fake.slashCommand('/tm create', { options: { players: 2, seating: 'joined', factions: 'random' } }));
    expect((await settle(fake.slashCommand('/tm join', { user: second }))).content).toContain('seated');
    await settle(fake.slashCommand('/tm start'));
    // The other guild's interactions go to the other process, which answers them as the owner.
    expect((await settle(fake.slashCommand('/tm create', { channelId: table }))).content).toContain(
      'Your game is created',
    );
    const games = await service.listGames({});
    expect(games.map((g) => g.guildId).sort()).toEqual([fake.guildId, fake.guildOfChannel(table)].sort());
    // A game stored without the bot (as by a process that crashed before posting): its outbox is pending.
    const quiet = fake.addChannel('quiet');
    const created = await service.createGame({ userId: fake.defaultUser.id, guildId: fake.guildId, channelId: quiet });
    expect(created.ok).toBe(true);
    await other.announcer().sweep();
    expect(fake.channelMessages(quiet)).toEqual([]);
    await owner.announcer().sweep();
    expect(fake.channelMessages(quiet).length).toBeGreaterThan(0);

    const day = 24 * 3_600_000;
    const pass = (bot: BotHarness) =>
      remindOnce({
        service,
        client: bot.client(),
        announcer: bot.announcer(),
        now: () => new Date(Date.now() + day),
      });
    expect(await pass(other)).toEqual([]);
    expect(await pass(owner)).toHaveLength(1);
    expect([...other.errors, ...owner.errors]).toEqual([]);
  });
});
