/**
 * A turn a click-only player can always find (issue 22, defect 1), through the real client: `/tm turn` from
 * another channel or a direct message, `/tm status` in the game's channel and a reminder's "Show my turn"
 * each give the player their own buttons, privately, and those buttons play from wherever they were shown.
 * `/tm mygames` lists every game a player sits in, across channels, those waiting for them first, with links.
 */
import { describe, expect, it } from 'vitest';
import { remindOnce } from '../../src/bot/reminders.ts';
import { MemoryGameRepo } from '../../src/game/memory-repo.ts';
import { GameService } from '../../src/game/service.ts';
import { settle, startBot, type BotHarness } from '../support/bot-harness.ts';
import { controlsOf, type FakeUser, type InteractionReply } from '../support/fake-discord.ts';
import { afterAll, beforeAll } from 'vitest';

const HOUR = 3_600_000;

describe('your turn, from anywhere', () => {
  let bot: BotHarness;
  const service = new GameService(new MemoryGameRepo());
  let alice: FakeUser;
  let bob: FakeUser;
  let carol: FakeUser;
  let gameChannel: string;
  let lobby: string;

  beforeAll(async () => {
    bot = await startBot({ service });
    const fake = bot.fake;
    alice = fake.defaultUser;
    bob = fake.createUser('bob');
    carol = fake.createUser('carol');
    gameChannel = fake.addChannel('tm-game');
    lobby = fake.addChannel('lobby');
    const at = { channelId: gameChannel };
    await settle(
      fake.slashCommand('/tm create', {
        user: alice,
        ...at,
        options: { players: 2, seating: 'joined', factions: 'random' },
      }),
    );
    await settle(fake.slashCommand('/tm join', { user: bob, ...at }));
    await settle(fake.slashCommand('/tm start', { user: alice, ...at }));
  });

  afterAll(async () => {
    await bot?.close();
  });

  /** Who must place a dwelling now, and who not. */
  async function mover(): Promise<{ now: FakeUser; other: FakeUser }> {
    const found = await service.findGameInChannel({
      userId: alice.id,
      guildId: bot.fake.guildId,
      channelId: gameChannel,
    });
    const userId = found.ok ? found.value!.waitingFor[0]!.userId : '';
    return userId === alice.id ? { now: alice, other: bob } : { now: bob, other: alice };
  }

  /**
   * Opens a turn button of a private prompt and plays its menu's first choice. By default the set-up step: a
   * dwelling, or the starting bonus card once every dwelling stands (random factions place 1 to 3 dwellings
   * each, so either can come up).
   */
  async function playSetUpFrom(
    reply: InteractionReply,
    user: FakeUser,
    where: { channelId?: string; guildId?: string | null },
    step = /^tm:turn:.*:(build|pass):0$/,
    done = /^Done: `(build [A-I]\d+|pass BON\d+)`/,
  ) {
    const button = controlsOf(reply).find((c) => step.test(c.custom_id ?? ''));
    expect(button, reply.content).toBeDefined();
    const menus = await settle(bot.fake.clickButton(button!.custom_id!, { user, ...where, message: reply.message! }));
    expect(menus.ephemeral).toBe(true);
    const menu = controlsOf(menus).find((c) => c.options)!;
    const played = await settle(
      bot.fake.selectMenu(menu.custom_id!, [menu.options![0]!.value], { user, ...where, message: menus.message! }),
    );
    expect(played.content).toMatch(done);
  }

  it('answers /tm turn from another channel with the game linked and the player’s own buttons, which play there', async () => {
    const fake = bot.fake;
    const { now, other } = await mover();
    const posts = fake.channelMessages(gameChannel).length;
    const mine = await settle(fake.slashCommand('/tm turn', { user: now, channelId: lobby }));
    expect(mine.ephemeral).toBe(true);
    expect(mine.content).toContain(`https://discord.com/channels/${fake.guildId}/${gameChannel}`);
    expect(mine.content).toMatch(/to (move|place their (first|second) dwelling)\./);
    // The other player, asked from the lobby, has nothing to do and is told so, with the game listed.
    const theirs = await settle(fake.slashCommand('/tm turn', { user: other, channelId: lobby }));
    expect(theirs.content).toContain('Nothing waits for you');
    expect(theirs.content).toContain(`https://discord.com/channels/${fake.guildId}/${gameChannel}`);
    expect(controlsOf(theirs)).toEqual([]);
    await playSetUpFrom(mine, now, { channelId: lobby });
    // The move is posted in the game's channel, not in the lobby.
    expect(fake.channelMessages(gameChannel).length).toBeGreaterThan(posts);
    expect(fake.channelMessages(lobby)).toEqual([]);
    expect(bot.errors).toEqual([]);
  });

  it('gives the player their buttons with /tm status in the channel, and nobody else’s', async () => {
    const fake = bot.fake;
    const { now, other } = await mover();
    const status = await settle(fake.slashCommand('/tm status', { user: now, channelId: gameChannel }));
    expect(status.ephemeral).toBe(true);
    expect(controlsOf(status).some((c) => c.custom_id?.startsWith('tm:turn:'))).toBe(true);
    const theirs = await settle(fake.slashCommand('/tm status', { user: other, channelId: gameChannel }));
    expect(controlsOf(theirs)).toEqual([]);
    await playSetUpFrom(status, now, { channelId: gameChannel });
  });

  it('lists the player’s games in a direct message, waiting ones first, and shows the turn from there', async () => {
    const fake = bot.fake;
    // A second game, not started, in another channel: it comes after the one waiting for its player.
    const other = fake.addChannel('tm-second');
    await settle(fake.slashCommand('/tm create', { user: carol, channelId: other, options: { players: 3 } }));
    const { now } = await mover();
    await settle(fake.slashCommand('/tm join', { user: now, channelId: other }));
    const dm = { channelId: fake.channelId, guildId: null };
    const list = await settle(fake.slashCommand('/tm mygames', { user: now, ...dm }));
    const lines = list.content!.split('\n');
    expect(lines[0]).toBe('**Your games**');
    expect(lines[1]).toMatch(
      new RegExp(
        `^1\\. \\*\\*Your turn\\*\\* \\(\\w[\\w ]*\\) for \\d+ h · https://discord.com/channels/${fake.guildId}/${gameChannel}$`,
      ),
    );
    expect(lines[2]).toBe(`2. Not started yet: 2 of 3 seated · https://discord.com/channels/${fake.guildId}/${other}`);
    const show = controlsOf(list).find((c) => c.custom_id?.startsWith('tm:show:'))!;
    expect(show.label).toBe('Show my turn · 1');
    const shown = await settle(fake.clickButton(show.custom_id!, { user: now, ...dm, message: list.message! }));
    await playSetUpFrom(shown, now, dm);
    // Someone who does not play the game cannot use its buttons.
    const stranger = await settle(fake.clickButton(show.custom_id!, { user: carol, ...dm, message: list.message! }));
    expect(stranger.content).toBe('You are not playing in this game.');
    expect(bot.errors).toEqual([]);
  });

  it('puts "Show my turn" on every reminder, which answers with the player’s buttons', async () => {
    const fake = bot.fake;
    const { now } = await mover();
    const [reminder] = await remindOnce({
      service,
      client: bot.client(),
      announcer: bot.announcer(),
      now: () => new Date(Date.now() + 13 * HOUR),
    });
    expect(reminder?.userId).toBe(now.id);
    const post = fake.newestPost(gameChannel);
    const show = controlsOf(post).find((c) => c.custom_id?.startsWith('tm:show:'))!;
    expect(show.label).toBe('Show my turn');
    const shown = await settle(fake.clickButton(show.custom_id!, { user: now, channelId: gameChannel }));
    expect(shown.ephemeral).toBe(true);
    await playSetUpFrom(shown, now, { channelId: gameChannel });
    expect(bot.errors).toEqual([]);
  });

  it('gives a player who chose the daily digest one DM a day instead of pings, whose buttons play', async () => {
    const fake = bot.fake;
    const saved = await settle(
      fake.slashCommand('/tm settings', { user: bob, channelId: lobby, options: { digest: 'on' } }),
    );
    expect(saved.content).toContain('instead of pings: On.');
    // Bob's next wait after Alice's move: named in words, not pinged.
    let actor: FakeUser | undefined;
    let { now } = await mover();
    for (let i = 0; i < 12 && !(now.id === bob.id && actor?.id === alice.id); i++) {
      // Whatever the position (set-up or the first actions): the first full row the engine offers, typed.
      const caller = { userId: now.id, guildId: fake.guildId, channelId: gameChannel };
      const found = await service.findGameInChannel(caller);
      const legal = await service.legalMoves(caller, found.ok ? found.value!.game.id : '');
      const text = legal.ok ? legal.value[0]!.text : '';
      expect(
        (await settle(fake.slashCommand('/move', { user: now, channelId: gameChannel, options: { text } }))).content,
      ).toMatch(/^Done: `/);
      actor = now;
      ({ now } = await mover());
    }
    expect([actor?.id, now.id]).toEqual([alice.id, bob.id]);
    const post = fake.newestPost(gameChannel);
    expect(post.content).toContain(`<@${bob.id}>`);
    expect(post.pingedUserIds).not.toContain(bob.id);
    // No reminder in the channel for him: a direct message with his games waiting, once a day.
    const before = fake.channelMessages(gameChannel).length;
    const at = (hours: number) => ({
      service,
      client: bot.client(),
      announcer: bot.announcer(),
      now: () => new Date(Date.now() + hours * HOUR),
    });
    expect((await remindOnce(at(13))).map((r) => r.userId)).not.toContain(bob.id);
    expect(
      fake
        .channelMessages(gameChannel)
        .slice(before)
        .some((m) => m.pingedUserIds.includes(bob.id)),
    ).toBe(false);
    const dm = fake.dmChannelOf(bob.id)!;
    const [digest] = fake.channelMessages(dm);
    expect(digest!.content).toMatch(/^\*\*Terra Mystica\*\*: your games waiting for you today\n1\. \*\*Your turn\*\*/);
    expect(digest!.content).toContain(`https://discord.com/channels/${fake.guildId}/${gameChannel}`);
    await remindOnce(at(20));
    expect(fake.channelMessages(dm)).toHaveLength(1);
    const show = controlsOf(digest!).find((c) => c.custom_id?.startsWith('tm:show:'))!;
    const shown = await settle(
      fake.clickButton(show.custom_id!, { user: bob, channelId: dm, guildId: null, message: digest! }),
    );
    // His own buttons, from the DM, play his turn whatever it is.
    await playSetUpFrom(shown, bob, { channelId: dm, guildId: null }, /^tm:turn:.*:0$/, /^Done: `/);
    // He turns it off from the DM, where no game is: pings again.
    const off = await settle(
      fake.slashCommand('/tm settings', { user: bob, channelId: dm, guildId: null, options: { digest: 'off' } }),
    );
    expect(off.content).toBe(
      'Your settings are saved.\nEverywhere: a daily digest by direct message instead of pings: Off.',
    );
    expect(await service.digestWanted(bob.id)).toBe(false);
    expect(bot.errors).toEqual([]);
  });
});
