/**
 * A season's standings and ratings belong to the store, not to a bot process. Two processes of a sharded bot
 * (one shard each) share one SQLite database, as a deployment does: the guild's owner answers and posts, the
 * other plays a table through its own connection. Then the owner stops, the last table ends while no owner
 * runs, and a new process on a new connection posts that table's final scores with its chart, edits the same
 * pinned standings, ends the season once, and gives the ratings the other process computes. A member who sits
 * at no table follows one (read-only): they read where it stands and are refused a move.
 */
import { PermissionFlagsBits } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, GameService } from '../../src/game/service.ts';
import { LeagueService } from '../../src/league/service.ts';
import { playThroughService, playToLastMove } from '../../src/selfplay/service-game.ts';
import { PrismaLeagueRepo } from '../../src/store/prisma-league-repo.ts';
import { openStore, type PrismaGameRepo } from '../../src/store/prisma-repo.ts';
import { type ScratchDatabase, scratchSqlite } from '../../src/store/testing.ts';
import { settle, startBot, TOKEN, type BotHarness } from '../support/bot-harness.ts';
import { customIdsOf, FakeDiscord, type FakeUser, EVERYDAY_MEMBER_PERMISSIONS } from '../support/fake-discord.ts';
import { guildOnShard } from '../support/fake-discord/snowflake.ts';

/** A league admin: Manage Server, on top of what every member has. */
const ADMIN = EVERYDAY_MEMBER_PERMISSIONS | PermissionFlagsBits.ManageGuild;

/** One bot process's store and services, on its own connection to the shared database. */
async function storeProcess(
  url: string,
): Promise<{ repo: PrismaGameRepo; service: GameService; league: LeagueService }> {
  const { repo } = await openStore(url);
  const service = new GameService(repo);
  return { repo, service, league: new LeagueService(new PrismaLeagueRepo(repo), service) };
}

describe('a season over two shard processes and a restart', () => {
  let db: ScratchDatabase;
  let fake: FakeDiscord;
  const repos: PrismaGameRepo[] = [];
  const bots: BotHarness[] = [];
  let other: Awaited<ReturnType<typeof storeProcess>>;
  let owner: BotHarness;
  let players: FakeUser[];
  let spectator: FakeUser;

  beforeAll(async () => {
    db = await scratchSqlite();
    fake = await FakeDiscord.start({ token: TOKEN, guildId: guildOnShard(1, 2) });
    other = await storeProcess(db.url);
    const first = await storeProcess(db.url);
    repos.push(other.repo, first.repo);
    bots.push(await startBot({ fake, service: other.service, league: other.league, sharding: { count: 2, ids: [0] } }));
    owner = await startBot({ fake, service: first.service, league: first.league, sharding: { count: 2, ids: [1] } });
    bots.push(owner);
    players = Array.from({ length: 6 }, (_, i) => fake.createUser(`player${i + 1}`));
    spectator = fake.createUser('spectator');
  });

  afterAll(async () => {
    for (const bot of bots) await bot.close();
    for (const repo of repos) await repo.close().catch(() => {});
    await fake?.close();
    await db?.drop();
  });

  const general = () => fake.channelId;
  const asAdmin = () => ({ user: fake.defaultUser, permissions: ADMIN });
  const at =
    (channelId: string) =>
    (userId: string): Caller => ({ userId, guildId: fake.guildId, channelId });
  const standingsPost = () =>
    fake
      .pinnedMessages(general())
      .find((m) => m.content.includes('· standings') || m.content.includes('· final standings'));

  it('keeps one pinned standings post, edited as each table ends, and ratings both processes agree on', async () => {
    await settle(fake.slashCommand('/league settings', { ...asAdmin(), options: { ratings: 'league' } }));
    const created = await settle(
      fake.slashCommand('/league create', { ...asAdmin(), options: { name: 'Duo', 'group-size': 3 } }),
    );
    expect(created.content).toContain('Season **Duo** is created');
    const signupId = customIdsOf(fake.newestPost()).find((id) => id.startsWith('tm:signup:'))!;
    for (const p of players)
      expect((await settle(fake.clickButton(signupId, { user: p }))).content).toContain('You are signed up');
    const started = await settle(fake.slashCommand('/league start', { ...asAdmin(), options: { season: 'Duo' } }));
    expect(started.content).toContain('The season has started');
    const pinned = standingsPost()!;
    expect(pinned.content).toContain('0 of 2 tables finished');

    // Table 1 is played through the other process's store; its last move is typed in its thread.
    const season = await other.league.season(fake.guildId, 'Duo');
    if (!season.ok) throw new Error('no season');
    const [one, two] = season.value.tables;
    const view = await other.service.getGame(at(one!.channelId!)(fake.defaultUser.id), one!.gameId!);
    if (!view.ok) throw new Error('no game');
    const { last } = await playToLastMove(other.service, view.value, {
      seed: 'processes-1',
      callerOf: at(one!.channelId!),
      admin: { ...at(one!.channelId!)(fake.defaultUser.id), isServerManager: true },
    });
    const mover = players.find((p) => p.id === last.userId)!;
    await settle(fake.slashCommand('/move', { user: mover, channelId: one!.channelId!, options: { text: last.text } }));
    await fake.waitFor(() => standingsPost()?.content.includes('1 of 2 tables finished'), {
      what: 'the standings after table 1',
      timeoutMs: 30_000,
    });

    // A spectator follows table 2: where it stands, but no move of theirs.
    const status = await settle(fake.slashCommand('/tm status', { user: spectator, channelId: two!.channelId! }));
    expect(status.content).toContain('Terra Mystica — setting up');
    const refused = await settle(
      fake.slashCommand('/move', { user: spectator, channelId: two!.channelId!, options: { text: 'pass' } }),
    );
    expect(refused.ephemeral).toBe(true);
    expect(refused.content).toBe('You are not playing in this game.');

    // The owner stops; table 2 ends meanwhile (through the other process), so nobody posts it yet.
    await owner.close();
    bots.splice(bots.indexOf(owner), 1);
    const two0 = await other.service.getGame(at(two!.channelId!)(fake.defaultUser.id), two!.gameId!);
    if (!two0.ok) throw new Error('no game');
    const posted = fake.channelMessages(two!.channelId!).length;
    await playThroughService(other.service, two0.value, {
      seed: 'processes-2',
      callerOf: at(two!.channelId!),
      admin: { ...at(two!.channelId!)(fake.defaultUser.id), isServerManager: true },
    });
    expect(fake.channelMessages(two!.channelId!)).toHaveLength(posted);

    // A new owner process, on a connection of its own, catches up at its start.
    const restarted = await storeProcess(db.url);
    repos.push(restarted.repo);
    owner = await startBot({
      fake,
      service: restarted.service,
      league: restarted.league,
      sharding: { count: 2, ids: [1] },
    });
    bots.push(owner);
    const final = await fake.waitFor(
      () => fake.channelMessages(two!.channelId!).find((m) => m.content.includes('Final scores')),
      { what: 'the final scores of table 2', timeoutMs: 60_000 },
    );
    expect(final.attachments.map((a) => a.filename)).toContain('vp-chart.png');
    await fake.waitFor(() => fake.channelMessages(general()).find((m) => m.content.includes('**Duo** is over')), {
      what: 'the end of the season',
      timeoutMs: 30_000,
    });
    const done = standingsPost()!;
    expect(done.id).toBe(pinned.id);
    expect(done.content).toContain('**Duo** · final standings');
    expect(done.content).toContain('2 of 2 tables finished');
    const posts = fake.channelMessages(general());
    expect(posts.filter((m) => /^\*\*Duo\*\* · (final )?standings/.test(m.content))).toHaveLength(1);
    expect(posts.filter((m) => m.content.includes('is over'))).toHaveLength(1);
    const asked = await settle(fake.slashCommand('/league standings', { user: spectator }));
    expect(asked.content).toBe(done.content);

    // Ratings: the same from either store, and what /rating says.
    const ratings = await other.league.ratings(fake.guildId);
    const again = await restarted.league.ratings(fake.guildId);
    expect(again).toEqual(ratings);
    if (!ratings.ok) throw new Error('ratings');
    expect(ratings.value.ratings.players.size).toBe(6);
    const mine = ratings.value.ratings.players.get(players[0]!.id)!;
    const answered = await settle(fake.slashCommand('/rating', { user: players[0] }));
    expect(answered.content).toContain(
      `rating **${Math.round(mine.rating).toLocaleString('en')}** after 1 rated games`,
    );
    expect(bots.flatMap((b) => b.errors)).toEqual([]);
  }, 300_000);
});
