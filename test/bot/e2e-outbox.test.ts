/**
 * The outbox through the real discord.js client and the fake Discord: a move the store kept is posted to
 * its channel exactly once whatever fails on the way (Discord answering 500, a lost answer, a connection
 * that breaks after the commit, a restart), and the player is told the truth about it.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { postNonce } from '../../src/bot/announcer.ts';
import { MemoryGameRepo } from '../../src/game/memory-repo.ts';
import { GameService } from '../../src/game/service.ts';
import { settle, startBot, type BotHarness } from '../support/bot-harness.ts';
import type { FakeDiscord, FakeMessage, FakeUser } from '../support/fake-discord.ts';
import { faultyRepo } from '../support/faulty-repo.ts';

const CHANNEL_POST = /^\/channels\/\d+\/messages$/;
/** The announcements of stored changes (they carry a nonce), not the pinned status or reminders. */
const ANNOUNCEMENTS = {
  method: 'POST',
  path: CHANNEL_POST,
  body: (json: unknown) => typeof (json as { nonce?: unknown } | undefined)?.nonce === 'string',
};
const DELAYED = 'The channel post is delayed';
/** A line that places or upgrades a building, so that its post carries the map. */
const BUILDS = /^(dig \d+\. )?(transform \w+( to \w+)?\. )?(build|upgrade) /;

/** A two-player game in the fake's channel, started, and what its players can do. */
async function twoPlayerGame(bot: BotHarness) {
  const { fake, service } = bot;
  const alice = fake.defaultUser;
  const bob = fake.createUser(`bob-${Math.random().toString(36).slice(2, 6)}`);
  await settle(fake.slashCommand('/tm create', { options: { players: 2, factions: 'random', seating: 'joined' } }));
  await settle(fake.slashCommand('/tm join', { user: bob }));
  await settle(fake.slashCommand('/tm start'));
  const caller = (user: FakeUser) => ({ userId: user.id, guildId: fake.guildId, channelId: fake.channelId });
  const view = async () => {
    const found = await service.findGameInChannel(caller(alice));
    if (!found.ok || !found.value) throw new Error('no game in the channel');
    return found.value;
  };
  /** Who the game waits for, and a legal line of theirs. */
  const nextMove = async (): Promise<{ user: FakeUser; text: string }> => {
    const v = await view();
    const userId = v.waitingFor[0]!.userId;
    const user = userId === alice.id ? alice : bob;
    const legal = await service.legalMoves(caller(user), v.game.id);
    if (!legal.ok || legal.value.length === 0) throw new Error('no legal move');
    return { user, text: legal.value[0]!.text };
  };
  /** Who the game waits for, and a legal line of theirs that changes the map when one does (else the first). */
  const mapMove = async (): Promise<{ user: FakeUser; text: string }> => {
    const { user, text } = await nextMove();
    const legal = await service.legalMoves(caller(user), (await view()).game.id);
    if (!legal.ok) throw new Error('no legal move');
    return { user, text: legal.value.map((m) => m.text).find((line) => BUILDS.test(line)) ?? text };
  };
  /**
   * A legal line that builds nothing, so that it offers nobody power: the line after it is then not an
   * offer's answer (an answer changes no hex and is posted without pictures). Open offers are answered first.
   */
  const quietMove = async (): Promise<{ user: FakeUser; text: string }> => {
    for (;;) {
      const { user } = await nextMove();
      const legal = await service.legalMoves(caller(user), (await view()).game.id);
      if (!legal.ok) throw new Error('no legal move');
      const lines = legal.value.map((m) => m.text);
      const answer = lines.find((text) => /^(leech|decline)\b/.test(text));
      if (!answer) return { user, text: lines.find((text) => /^(pass|advance|send)\b/.test(text)) ?? lines[0]! };
      await settle(fake.slashCommand('/move', { user, options: { text: answer } }));
    }
  };
  // Past the set-up (starting dwellings and bonus cards), where every turn post shows the board.
  while ((await view()).state!.round === 0) {
    const { user, text } = await nextMove();
    await settle(fake.slashCommand('/move', { user, options: { text } }));
  }
  return { alice, bob, view, nextMove, mapMove, quietMove };
}

/**
 * The channel posts that show this line as played. Lines repeat in a game (a conversion, a pass), so only
 * messages after `since` (a count of the fake's messages taken before the move) are looked at.
 */
const postsOf = (fake: FakeDiscord, text: string, since: number): FakeMessage[] =>
  fake.messages
    .slice(since)
    .filter(
      (m) => fake.channelMessages().includes(m) && m.interactionId === null && m.content.includes(` · \`${text}\``),
    );

describe('the outbox, retrying on its own', () => {
  let bot: BotHarness;
  let fake: FakeDiscord;
  let game: Awaited<ReturnType<typeof twoPlayerGame>>;
  let store: ReturnType<typeof faultyRepo>;

  beforeAll(async () => {
    store = faultyRepo(new MemoryGameRepo());
    bot = await startBot({
      service: new GameService(store.repo),
      outbox: { firstRetryMs: 100, maxRetryMs: 400 },
      postWaitMs: 2_000,
    });
    fake = bot.fake;
    game = await twoPlayerGame(bot);
  });

  afterAll(async () => {
    await bot?.close();
  });

  const play = (user: FakeUser, text: string) => settle(fake.slashCommand('/move', { user, options: { text } }));

  it('keeps a move Discord refuses to post (500 on every try), says so, and posts it once when Discord recovers', async () => {
    const { user, text } = await game.nextMove();
    const since = fake.messages.length;
    const fault = fake.injectFault({ ...ANNOUNCEMENTS, status: 500 });
    const reply = await play(user, text);
    expect(reply.ephemeral).toBe(true);
    expect(reply.content).toBe(
      `Done: \`${text}\`\n${DELAYED}: Discord has not taken it yet. It will appear there as soon as Discord does; there is nothing else to do.`,
    );
    // discord.js tries a post four times before it gives up; the outbox then tries again later.
    expect(fault.hits).toBeGreaterThanOrEqual(4);
    expect(postsOf(fake, text, since)).toEqual([]);
    fault.clear();
    const [post] = await fake.waitFor(
      () => (postsOf(fake, text, since).length ? postsOf(fake, text, since) : undefined),
      {
        what: `the post of ${text}`,
      },
    );
    // The next player is pinged, and the move is announced once.
    const next = (await game.view()).waitingFor.map((w) => w.userId);
    expect(post!.pingedUserIds).toEqual(next);
    expect(postsOf(fake, text, since)).toHaveLength(1);
    // The game went on: the next player's move is accepted and posted at once.
    const following = await game.nextMove();
    const sinceFollowing = fake.messages.length;
    expect((await play(following.user, following.text)).content).toBe(`Done: \`${following.text}\``);
    expect(postsOf(fake, following.text, sinceFollowing)).toHaveLength(1);
    expect(bot.errors).toEqual([]);
  });

  it('posts a backlog in order once Discord is back: older moves quietly, the newest with pings and buttons', async () => {
    const first = await game.quietMove();
    const fault = fake.injectFault({ ...ANNOUNCEMENTS, status: 503 });
    const since = fake.messages.length;
    expect((await play(first.user, first.text)).content).toContain(DELAYED);
    const second = await game.mapMove();
    expect((await play(second.user, second.text)).content).toContain(DELAYED);
    expect(postsOf(fake, first.text, since)).toEqual([]);
    fault.clear();
    await fake.waitFor(() => (postsOf(fake, second.text, since).length ? true : undefined), { what: 'the backlog' });
    const [older] = postsOf(fake, first.text, since);
    const [newer] = postsOf(fake, second.text, since);
    expect(older && newer && fake.channelMessages().indexOf(older) < fake.channelMessages().indexOf(newer)).toBe(true);
    expect(older).toMatchObject({ pingedUserIds: [], components: [], attachments: [] });
    expect(newer!.pingedUserIds.length).toBeGreaterThan(0);
    // The newest post carries the pictures its move changed (a dwelling: the map). When no building is
    // offered (the set-up's bonus card), what it carries depends on the move.
    if (BUILDS.test(second.text)) expect(newer!.attachments.map((a) => a.filename)).toEqual(['map.png']);
    const view = await game.view();
    expect(older!.nonce).toBe(postNonce(view.game.id, view.game.version - 1, 0));
    expect(newer!.nonce).toBe(postNonce(view.game.id, view.game.version, 0));
    expect([...postsOf(fake, first.text, since), ...postsOf(fake, second.text, since)]).toHaveLength(2);
  });

  it('posts once when Discord kept the post but its answers were lost (the nonce finds it again)', async () => {
    const { user, text } = await game.nextMove();
    const since = fake.messages.length;
    const fault = fake.injectFault({ ...ANNOUNCEMENTS, status: 500, afterServing: true });
    expect((await play(user, text)).content).toContain(DELAYED);
    expect(fault.hits).toBeGreaterThanOrEqual(4);
    // Discord has the post; the bot does not know it.
    expect(postsOf(fake, text, since)).toHaveLength(1);
    fault.clear();
    const view = await game.view();
    const nonce = postNonce(view.game.id, view.game.version, 0);
    await fake.waitFor(
      () =>
        fake.restCalls.some((c) => c.status === 200 && (c.body as { nonce?: string } | undefined)?.nonce === nonce)
          ? true
          : undefined,
      { what: 'a repeat of the post that Discord accepts' },
    );
    await vi.waitFor(async () => expect((await bot.service.outbox(view.game.id))?.pending).toEqual([]));
    expect(postsOf(fake, text, since)).toHaveLength(1);
  });

  it('posts once when the store, away after the post, comes back only after Discord forgot the nonce', async () => {
    const { user, text } = await game.nextMove();
    const since = fake.messages.length;
    // The post goes out; recording it as delivered fails, as with a database restarting, and goes on failing.
    const unavailable = () => Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' });
    store.fail({ method: 'markAnnounced', when: 'before', times: 3, error: unavailable });
    const reply = await play(user, text);
    // The player sees their move in the channel: it is not "delayed".
    expect(reply.content).toBe(`Done: \`${text}\``);
    const [post] = postsOf(fake, text, since);
    // The store stays away past Discord's nonce window (5 minutes), which no longer finds a repeat then.
    post!.createdAt = new Date(Date.now() - 10 * 60_000);
    const view = await game.view();
    await vi.waitFor(async () => expect((await bot.service.outbox(view.game.id))?.pending).toEqual([]), {
      timeout: 10_000,
    });
    expect(postsOf(fake, text, since)).toHaveLength(1);
  });

  it('says "Done" when the store committed and then lost the connection, and posts the move once', async () => {
    const { user, text } = await game.nextMove();
    const since = fake.messages.length;
    store.fail({ method: 'appendMoves', when: 'after' });
    const reply = await play(user, text);
    expect(reply.content).toBe(`Done: \`${text}\``);
    expect(postsOf(fake, text, since)).toHaveLength(1);
    expect((await game.view()).moves.filter((m) => m.text === text).length).toBeGreaterThanOrEqual(1);
  });

  for (const afterServing of [false, true])
    it(`says "Done" when Discord answered 500 four times to the answer${afterServing ? ' after taking it' : ''}, never "Something went wrong"`, async () => {
      const { user, text } = await game.nextMove();
      const since = fake.messages.length;
      // discord.js tries a call four times: every one fails, so the answer fails as a whole.
      const fault = fake.injectFault({
        method: 'POST',
        path: /^\/interactions\/\d+\/[^/]+\/callback$/,
        status: 500,
        times: 4,
        afterServing,
      });
      const interaction = fake.slashCommand('/move', { user, options: { text } });
      const reply = await settle(interaction);
      // Taken at the first try, the answer shows at once; the bot learns it only at its fifth.
      await vi.waitFor(() => expect(fault.hits).toBe(4));
      expect(reply.content).toBe(`Done: \`${text}\``);
      expect(postsOf(fake, text, since)).toHaveLength(1);
      // Nothing follows the answer: no second, contradicting one.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(interaction.replies.map((r) => r.content)).toEqual([`Done: \`${text}\``]);
      expect(bot.errors).toEqual([]);
    });

  it('says nothing changed when the store failed before writing', async () => {
    const { user, text } = await game.nextMove();
    const since = fake.messages.length;
    const before = (await game.view()).game.version;
    store.fail({ method: 'appendMoves', when: 'before' });
    const reply = await play(user, text);
    expect(reply.content).toMatch(/^Something went wrong on my side/);
    expect((await game.view()).game.version).toBe(before);
    expect(postsOf(fake, text, since).length).toBe(0);
    bot.errors.length = 0;
  });
});

describe('the outbox, without its timer', () => {
  let bot: BotHarness;
  let fake: FakeDiscord;
  let game: Awaited<ReturnType<typeof twoPlayerGame>>;

  beforeAll(async () => {
    // Retries an hour apart: whatever is posted here was posted by an interaction or a start-up.
    bot = await startBot({ outbox: { firstRetryMs: 3_600_000, sweepMs: 3_600_000 }, postWaitMs: 2_000 });
    fake = bot.fake;
    game = await twoPlayerGame(bot);
  });

  afterAll(async () => {
    await bot?.close();
  });

  it('delivers what is pending at the game’s next interaction', async () => {
    const { user, text } = await game.nextMove();
    const since = fake.messages.length;
    const fault = fake.injectFault({ ...ANNOUNCEMENTS, status: 500 });
    expect((await settle(fake.slashCommand('/move', { user, options: { text } }))).content).toContain(DELAYED);
    fault.clear();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(postsOf(fake, text, since)).toEqual([]);
    await settle(fake.slashCommand('/tm status', { user: game.bob }));
    await fake.waitFor(() => (postsOf(fake, text, since).length ? true : undefined), { what: 'the pending post' });
    expect(postsOf(fake, text, since)).toHaveLength(1);
  });

  it('delivers what is pending when the bot starts again', async () => {
    const { user, text } = await game.nextMove();
    const since = fake.messages.length;
    const fault = fake.injectFault({ ...ANNOUNCEMENTS, status: 500 });
    expect((await settle(fake.slashCommand('/move', { user, options: { text } }))).content).toContain(DELAYED);
    fault.clear();
    await bot.restart();
    await fake.waitFor(() => (postsOf(fake, text, since).length ? true : undefined), {
      what: 'the post after the restart',
    });
    expect(postsOf(fake, text, since)).toHaveLength(1);
    expect(postsOf(fake, text, since)[0]!.pingedUserIds).toEqual((await game.view()).waitingFor.map((w) => w.userId));
  });

  it('tells a player the post is delayed when the bot lost access to the channel, and posts once it is back', async () => {
    const { user, text } = await game.nextMove();
    const since = fake.messages.length;
    fake.setBotPermissions(fake.channelId, 0n);
    expect((await settle(fake.slashCommand('/move', { user, options: { text } }))).content).toContain(DELAYED);
    fake.setBotPermissions(fake.channelId, (1n << 53n) - 1n);
    await settle(fake.slashCommand('/tm status', { user }));
    await fake.waitFor(() => (postsOf(fake, text, since).length ? true : undefined), { what: 'the post once allowed' });
    expect(postsOf(fake, text, since)).toHaveLength(1);
    expect(bot.errors).toEqual([]);
  });
});

describe('channels the bot cannot use', () => {
  let bot: BotHarness;
  let fake: FakeDiscord;

  beforeAll(async () => {
    bot = await startBot();
    fake = bot.fake;
  });

  afterAll(async () => {
    await bot?.close();
  });

  const gameIn = async (channelId: string) =>
    bot.service.findGameInChannel({ userId: fake.defaultUser.id, guildId: fake.guildId, channelId });

  it('refuses /tm create where it cannot post, naming what it needs, and leaves no game behind', async () => {
    const hidden = fake.addChannel('hidden');
    fake.setBotPermissions(hidden, 0n);
    const reply = await settle(fake.slashCommand('/tm create', { channelId: hidden }));
    expect(reply).toMatchObject({ ephemeral: true });
    expect(reply.content).toBe(
      'I cannot host a game in this channel: I need View Channel, Send Messages, Embed Links, Attach Files, Read Message History here. Ask a server manager to give me that, or create the game in another channel.',
    );
    expect(await gameIn(hidden)).toEqual({ ok: true, value: null });

    const readOnly = fake.addChannel('read-only');
    fake.setBotPermissions(readOnly, (1n << 10n) | (1n << 16n) | (1n << 14n) | (1n << 15n));
    const spanish = await settle(fake.slashCommand('/tm create', { channelId: readOnly, locale: 'es-ES' }));
    expect(spanish.content).toMatch(/^No puedo organizar una partida en este canal: necesito Enviar mensajes aquí/);
    expect(await gameIn(readOnly)).toEqual({ ok: true, value: null });
    expect(fake.restCalls.some((c) => c.method === 'POST' && c.path.includes(readOnly))).toBe(false);
    expect(bot.errors).toEqual([]);
  });

  it('refuses when Discord says the channel is gone, though the interaction claimed access', async () => {
    const vanishing = fake.addChannel('vanishing');
    fake.injectFault({ path: new RegExp(`^/channels/${vanishing}$`), status: 404 });
    const reply = await settle(fake.slashCommand('/tm create', { channelId: vanishing, locale: 'it' }));
    expect(reply.content).toMatch(/^Non posso ospitare una partita in questo canale: mi serve Visualizza canale qui/);
    expect(await gameIn(vanishing)).toEqual({ ok: true, value: null });
  });
});

describe('the pinned status', () => {
  let bot: BotHarness;

  beforeAll(async () => {
    bot = await startBot({ outbox: { pinRefreshMs: 0 } });
  });

  afterAll(async () => {
    await bot?.close();
  });

  it('is pinned again when someone unpinned it, at its next edit', async () => {
    const { fake } = bot;
    const game = await twoPlayerGame(bot);
    const [status] = await vi.waitFor(() => {
      const pins = fake.pinnedMessages();
      expect(pins).toHaveLength(1);
      return pins;
    });
    // A member with Manage Messages unpins it (the bot is not told).
    status!.pinned = false;
    const { user, text } = await game.nextMove();
    expect((await settle(fake.slashCommand('/move', { user, options: { text } }))).content).toBe(`Done: \`${text}\``);
    await vi.waitFor(() => expect(fake.pinnedMessages().map((m) => m.id)).toEqual([status!.id]));
    // Edited in place, not posted again.
    expect(fake.channelMessages().filter((m) => m.embeds.length > 0)).toHaveLength(1);
    expect(bot.errors).toEqual([]);
  });
});
