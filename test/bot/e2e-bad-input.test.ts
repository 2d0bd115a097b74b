/**
 * Input no Discord client sends, through the real discord.js client and the fake Discord: every case is
 * answered with a clear private refusal, no handler fails, and nothing changes.
 */
import { PermissionFlagsBits } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandDefinitions } from '../../src/bot/commands/definitions.ts';
import { formatCustomId } from '../../src/bot/custom-id.ts';
import { codePointLength } from '../../src/bot/text.ts';
import { MemoryGameRepo } from '../../src/game/memory-repo.ts';
import { GameService } from '../../src/game/service.ts';
import { t } from '../../src/i18n/index.ts';
import { settle, startBot, type BotHarness } from '../support/bot-harness.ts';
import { EVERYDAY_MEMBER_PERMISSIONS, type FakeDiscord, type FakeUser } from '../support/fake-discord.ts';
import { forgedCommands } from '../support/forged-options.ts';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

describe('bad input', () => {
  let bot: BotHarness;
  let fake: FakeDiscord;
  let repo: MemoryGameRepo;
  let bob: FakeUser;
  let stranger: FakeUser;
  let manager: FakeUser;

  beforeAll(async () => {
    repo = new MemoryGameRepo();
    bot = await startBot({ service: new GameService(repo) });
    fake = bot.fake;
    bob = fake.createUser('bob');
    stranger = fake.createUser('stranger');
    manager = fake.createUser('manager');
  });

  /** A fresh channel with a game alice created and bob joined; started when asked. */
  const gameChannel = async (name: string, started = false) => {
    const channelId = fake.addChannel(name);
    await settle(fake.slashCommand('/tm create', { channelId, options: { players: 2, seating: 'joined' } }));
    await settle(fake.slashCommand('/tm join', { channelId, user: bob }));
    if (started) await settle(fake.slashCommand('/tm start', { channelId }));
    const found = await bot.service.findGameInChannel({
      userId: fake.defaultUser.id,
      guildId: fake.guildId,
      channelId,
    });
    if (!found.ok || !found.value) throw new Error('no game');
    return { channelId, game: found.value.game };
  };
  const as = (user: FakeUser, channelId: string, line: string, options: Record<string, string | number> = {}) =>
    settle(fake.slashCommand(line, { user, channelId, options }));

  afterAll(async () => {
    await bot?.close();
  });

  it('refuses options outside the registered schema privately, naming the problem, before any handler runs', async () => {
    const cases = forgedCommands(commandDefinitions(), fake.createUser('someone'));
    expect(cases.length).toBeGreaterThan(150);
    const wrong: string[] = [];
    for (const c of cases) {
      const reply = await settle(fake.forgedCommand(c.name, c.options, { resolved: c.resolved }));
      const expected =
        c.refusal === 'options' ? /^I cannot use this command as it was sent: `/ : /^I don't know this command/;
      if (!reply.ephemeral || !expected.test(reply.content ?? '')) wrong.push(`${c.label} → ${reply.content}`);
    }
    expect(wrong).toEqual([]);
    expect(bot.errors).toEqual([]);
    expect(fake.channelMessages()).toEqual([]);
    const found = await bot.service.findGameInChannel({
      userId: fake.defaultUser.id,
      guildId: fake.guildId,
      channelId: fake.channelId,
    });
    expect(found).toEqual({ ok: true, value: null });
  });

  it('answers forged autocomplete requests with no choices, and no handler error', async () => {
    const requests = [
      fake.forgedCommand('build', [{ name: 'choice', type: 3, value: 'E' }], { autocomplete: true }),
      fake.forgedCommand('tm', [{ name: 'board', type: 1, options: [] }], { autocomplete: true }),
      fake.forgedCommand(
        'tm',
        [{ name: 'board', type: 1, options: [{ name: 'faction', type: 4, value: 3, focused: true }] }],
        {
          autocomplete: true,
        },
      ),
    ];
    for (const request of requests)
      expect(await request.nextReply()).toMatchObject({ kind: 'autocomplete', choices: [] });
    expect(bot.errors).toEqual([]);
  });

  it('says which option is wrong in the player’s language, with the name Discord shows them', async () => {
    const reply = await settle(
      fake.forgedCommand('tm', [{ name: 'create', type: 1, options: [{ name: 'players', type: 4, value: 9 }] }], {
        locale: 'es-ES',
      }),
    );
    expect(reply.content).toBe(
      'No puedo usar este comando tal como ha llegado: `jugadores` debe ser un número entero entre 2 y 5. Escribe / y elige el comando de la lista que muestra Discord.',
    );
  });

  it('refuses a stranger’s /tm settings, with or without options, and shows a player theirs', async () => {
    const { channelId, game } = await gameChannel('settings');
    for (const options of [{}, { 'auto-power': 'cheap' }, { reminders: 'off' }] as Record<string, string>[])
      expect((await as(stranger, channelId, '/tm settings', options)).content).toBe(
        'You are not playing in this game.',
      );
    expect((await as(bob, channelId, '/tm settings')).content).toBe(
      `Your settings in this game: automatic power: Always ask me; reminders: On.\nEverywhere: a daily digest by direct message instead of pings: Off.`,
    );
    expect((await as(bob, channelId, '/tm settings', { reminders: 'off', 'auto-power': 'cheap' })).content).toBe(
      `Your settings are saved.\nYour settings in this game: automatic power: Accept when it costs at most 1 VP; reminders: Off.\nEverywhere: a daily digest by direct message instead of pings: Off.`,
    );
    // The daily digest is anyone's own, for every server: a stranger to the game sets theirs, and only that.
    expect((await as(stranger, channelId, '/tm settings', { digest: 'on' })).content).toBe(
      'Your settings are saved.\nEverywhere: a daily digest by direct message instead of pings: On.',
    );
    expect(await bot.service.digestWanted(stranger.id)).toBe(true);
    expect(await bot.service.remindersWanted(stranger.id, fake.guildId)).toBe(true);
    expect(await bot.service.remindersWanted(bob.id, fake.guildId)).toBe(false);
    const seats = (await repo.getGame(game.id))!.seats;
    expect(seats.find((s) => s.userId === bob.id)!.leechRules).not.toEqual([]);
    expect(seats.some((s) => s.userId === stranger.id)).toBe(false);
  });

  it('refuses admin commands from strangers and players, with no options to check', async () => {
    const { channelId } = await gameChannel('admin');
    for (const user of [stranger, bob]) {
      for (const line of ['/tm start', '/tm abandon']) {
        const reply = await as(user, channelId, line);
        expect(reply.content, `${line} by ${user.username}`).toMatch(/^Only the game admin/);
      }
    }
    const found = await bot.service.findGameInChannel({ userId: bob.id, guildId: fake.guildId, channelId });
    expect(found.ok && found.value?.game.status).toBe('open');
  });

  it('checks each command’s preconditions before it runs, with the usual refusals, and changes nothing', async () => {
    const open = await gameChannel('preconditions-open');
    const started = await gameChannel('preconditions-started', true);
    const elsewhere = fake.addChannel('preconditions-empty');
    const versions = async () =>
      Promise.all([open, started].map(async (g) => (await repo.getGame(g.game.id))!.version));
    const before = await versions();
    // Outside a server, a server's command is refused before anything is read or acknowledged.
    const dm = await settle(fake.slashCommand('/tm join', { user: bob, channelId: open.channelId, guildId: null }));
    expect(dm).toMatchObject({ ephemeral: true, content: t('en', 'error.guildOnly') });
    expect((await as(bob, elsewhere, '/tm status')).content).toBe(t('en', 'error.noGameInChannel'));
    expect((await as(bob, elsewhere, '/build', { choice: 'E5' })).content).toBe(t('en', 'error.noGameInChannel'));
    // Seated: a stranger cannot leave a game they are not in, nor resign from one (no question asked first).
    expect((await as(stranger, open.channelId, '/tm leave')).content).toBe('You are not playing in this game.');
    const resign = await as(stranger, started.channelId, '/tm resign');
    expect(resign.content).toBe('You are not playing in this game.');
    expect(resign.components ?? []).toEqual([]);
    // Game admin: a player who did not create the game neither sets its timer nor seats or removes an AI.
    for (const [line, options] of [
      ['/tm timer', { hours: 24 }],
      ['/tm addbot', {}],
      ['/tm removebot', {}],
    ] as const)
      expect((await as(bob, open.channelId, line, options)).content, line).toMatch(/^Only the game admin/);
    expect(await versions()).toEqual(before);
    expect(bot.errors).toEqual([]);
  });

  it('lets an admin abandon a game whose stored settings or log no longer read; the channel is free again', async () => {
    const damaged = await gameChannel('damaged-settings');
    await repo.updateGame(damaged.game.id, damaged.game.version, { settings: { factionMode: 'zzz' } });
    const status = await as(bob, damaged.channelId, '/tm status');
    expect(status.content).toMatch(/^This game’s stored data can no longer be read, so it cannot go on\./);
    expect((await as(bob, damaged.channelId, '/tm abandon')).content).toMatch(/^Only the game admin/);
    const abandoned = await settle(
      fake.slashCommand('/tm abandon', {
        user: manager,
        channelId: damaged.channelId,
        permissions: EVERYDAY_MEMBER_PERMISSIONS | PermissionFlagsBits.ManageChannels,
      }),
    );
    expect(abandoned.content).toBe(`The game in this channel was abandoned by <@${manager.id}>.`);
    expect(fake.channelMessages(damaged.channelId).at(-1)?.content).toBe(abandoned.content);
    expect((await as(fake.defaultUser, damaged.channelId, '/tm create')).content).toMatch(
      /^Your game is created and you are its admin/,
    );

    const brokenLog = await gameChannel('damaged-log', true);
    const started = (await repo.getGame(brokenLog.game.id))!;
    await repo.appendMoves(started.id, started.version, [{ seat: 0, userId: fake.defaultUser.id, text: 'build Z99' }]);
    expect((await as(bob, brokenLog.channelId, '/tm status')).content).toMatch(/^This game’s stored data/);
    expect((await as(fake.defaultUser, brokenLog.channelId, '/tm abandon')).content).toMatch(/abandoned by/);
    expect(bot.errors).toEqual([]);
  });

  it('refuses component ids whose game version the game never had', async () => {
    const { channelId, game } = await gameChannel('versions', true);
    const current = (await repo.getGame(game.id))!;
    const pick = (version: number) => formatCustomId({ kind: 'faction', gameId: game.id, version, args: ['0'] });
    for (const version of [0, 999_999_999_999_999, current.version + 1]) {
      const reply = await settle(fake.forgedComponent(pick(version), ['witches'], { channelId }));
      expect(reply.content, `version ${version}`).toMatch(/^This button or menu belongs to an older message/);
    }
    const leech = formatCustomId({
      kind: 'leech',
      gameId: game.id,
      version: 999_999_999_999_999,
      args: ['witches', '1', 'nomads'],
    });
    expect((await settle(fake.forgedComponent(leech, undefined, { channelId }))).content).toMatch(/older message/);
    expect((await repo.getGame(game.id))!.version).toBe(current.version);
    // The menu the bot drew for this version still works.
    const picked = await settle(fake.selectMenu(pick(current.version), ['witches'], { channelId }));
    expect(picked.content).toMatch(/plays the Witches/);
  });

  it('cuts a long echoed value between characters, never inside an emoji', async () => {
    const { channelId } = await gameChannel('emoji', true);
    const faction = '🐉'.repeat(2999) + '👨‍👩‍👧‍👦';
    const reply = await settle(
      fake.slashCommand('/tm replace', { channelId, options: { faction, user: stranger.id } }),
    );
    expect(reply.content).toMatch(/^There is no seat 🐉🐉/);
    expect(LONE_SURROGATE.test(reply.content!)).toBe(false);
    expect(codePointLength(reply.content!)).toBeLessThanOrEqual(2000);
    expect(reply.content!.endsWith('🐉…')).toBe(true);
  });

  it('says it is restarting, in the player’s language, once it stops taking new work', async () => {
    await bot.drain();
    const reply = await settle(fake.slashCommand('/tm status', { locale: 'es-ES' }));
    expect(reply).toMatchObject({ ephemeral: true, content: t('es', 'error.restarting') });
    expect(reply.content).not.toMatch(/^error\./);
  });
});
