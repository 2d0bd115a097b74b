/**
 * A whole season through the real discord.js client against the fake Discord: the server opts into league
 * ratings, a league admin creates a season, sixteen members sign up with the button (one role-less member and
 * a non-admin are refused privately with the reason), the admin starts it: four threads, each pinging its four
 * players, each with its game started. Every table is played to its last move by the players' own service
 * calls (what each click does); the last move is typed in the thread, which then shows the final scores with the
 * VP chart, and the pinned standings move on. At the end the season is over, its standings final, and the
 * players have ratings, a history, statistics and an export.
 */
import { loadImage } from '@napi-rs/canvas';
import { PermissionFlagsBits } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playToLastMove } from '../../src/selfplay/service-game.ts';
import { type Caller } from '../../src/game/service.ts';
import { settle, startBot, type BotHarness } from '../support/bot-harness.ts';
import {
  customIdsOf,
  type FakeDiscord,
  type FakeMessage,
  type FakeUser,
  EVERYDAY_MEMBER_PERMISSIONS,
} from '../support/fake-discord.ts';

/** A league admin: Manage Server, on top of what every member has. */
const ADMIN = EVERYDAY_MEMBER_PERMISSIONS | PermissionFlagsBits.ManageGuild;

describe('a season from sign-up to ratings, in a Discord server', () => {
  let bot: BotHarness;
  let fake: FakeDiscord;
  let admin: FakeUser;
  let players: FakeUser[];
  let leagueRole: string;
  const asAdmin = () => ({ user: admin, permissions: ADMIN });
  const asPlayer = (user: FakeUser) => ({ user, roles: [leagueRole] });
  const general = () => fake.channelId;

  beforeAll(async () => {
    bot = await startBot();
    fake = bot.fake;
    admin = fake.defaultUser;
    players = Array.from({ length: 16 }, (_, i) => fake.createUser(`player${i + 1}`));
    leagueRole = fake.addRole('league players');
  });

  afterAll(async () => {
    await bot?.close();
  });

  it('lets only Manage Server turn league ratings on', async () => {
    const refused = await settle(
      fake.slashCommand('/league settings', { user: players[0], options: { ratings: 'league' } }),
    );
    expect(refused.ephemeral).toBe(true);
    expect(refused.content).toContain('Only a member with Manage Server');
    const set = await settle(fake.slashCommand('/league settings', { ...asAdmin(), options: { ratings: 'league' } }));
    expect(set.content).toContain('Ratings: League games only');
  });

  it('creates the season and posts its sign-up with buttons; a member without the right is told why', async () => {
    const refused = await settle(
      fake.slashCommand('/league create', { user: players[0], options: { name: 'Spring' } }),
    );
    expect(refused.ephemeral).toBe(true);
    expect(refused.content).toContain('Only a member with Manage Server');
    const created = await settle(
      fake.slashCommand('/league create', {
        ...asAdmin(),
        options: {
          name: 'Spring',
          'signup-role': leagueRole,
          maps: 'original, fjords',
          timer: 72,
          'on-timeout': 'drop',
          cap: 16,
        },
      }),
    );
    expect(created.ephemeral).toBe(true);
    expect(created.content).toContain('Season **Spring** is created');
    const signup = fake.newestPost();
    expect(signup.content).toContain('**Spring** · sign-up');
    expect(signup.content).toContain('Original (base game), Fjords');
    expect(signup.content).toContain('move timer 72 h, then the faction leaves');
    expect(customIdsOf(signup).map((id) => id.split(':')[1])).toEqual(['signup', 'withdraw']);
    expect(signup.pingedUserIds).toEqual([]);
  });

  it('signs sixteen members up with the button, refusing one without the role', async () => {
    const signupId = customIdsOf(fake.newestPost()).find((id) => id.startsWith('tm:signup:'))!;
    const stranger = fake.createUser('stranger');
    const noRole = await settle(fake.clickButton(signupId, { user: stranger }));
    expect(noRole.ephemeral).toBe(true);
    expect(noRole.content).toContain(`Only members with <@&${leagueRole}> may sign up`);
    for (const [i, p] of players.entries()) {
      const r = await settle(fake.clickButton(signupId, { ...asPlayer(p), locale: i === 5 ? 'es-ES' : 'en-US' }));
      expect(r.content).toContain(i === 5 ? 'Estás inscrito en **Spring**' : 'You are signed up for **Spring**');
    }
    const post = fake.channelMessages().find((m) => m.id === fake.newestPost().id)!;
    expect(post.content).toContain('Signed up (16/16)');
    expect(post.pingedUserIds).toEqual([]);
    const again = await settle(fake.clickButton(signupId, asPlayer(players[0]!)));
    expect(again.content).toContain('already signed up');
    const full = await settle(
      fake.clickButton(signupId, { ...asPlayer(fake.createUser('seventeenth')), locale: 'it' }),
    );
    expect(full.content).toBe('**Spring** è al completo: sei nella sua lista d’attesa, posizione 1.');
    const withdrawId = customIdsOf(fake.newestPost()).find((id) => id.startsWith('tm:withdraw:'))!;
    const notIn = await settle(fake.clickButton(withdrawId, { user: admin }));
    expect(notIn.content).toContain('You are not signed up for **Spring**');
    expect(fake.newestPost().content).toContain('Waiting list: <@');
  }, 60_000);

  it('lets only an admin change the season while it signs up; the sign-up post shows the change', async () => {
    const refused = await settle(
      fake.slashCommand('/league edit', { user: players[1], options: { season: 'Spring', timer: 24 } }),
    );
    expect(refused.ephemeral).toBe(true);
    expect(refused.content).toContain('Only a member with Manage Server');
    const tooSmall = await settle(
      fake.slashCommand('/league edit', { ...asAdmin(), options: { season: 'Spring', cap: 15 } }),
    );
    expect(tooSmall.content).toBe('16 members are signed up already: the cap cannot be 15.');
    const post = () => fake.channelMessages().find((m) => m.content.includes('**Spring** · sign-up'))!;
    expect(post().content).toContain('Sign-up stays open until the season starts.');
    const edited = await settle(
      fake.slashCommand('/league edit', {
        ...asAdmin(),
        options: { season: 'Spring', timer: 48, 'signup-hours': 24 },
      }),
    );
    expect(edited.content).toBe('**Spring** is changed; its sign-up post shows the new settings.');
    expect(post().content).toContain('move timer 48 h, then the faction leaves');
    expect(post().content).toMatch(/Sign-up closes <t:\d+:R>\./);
    expect(post().content).toContain('Signed up (16/16)');
  });

  it('refuses a non-admin start, then starts: four threads, each pinging its players, each with its game', async () => {
    const refused = await settle(
      fake.slashCommand('/league start', { user: players[1], options: { season: 'Spring' } }),
    );
    expect(refused.content).toContain('Only a member with Manage Server');
    const started = await settle(fake.slashCommand('/league start', { ...asAdmin(), options: { season: 'Spring' } }));
    expect(started.content).toContain('The season has started');
    const threads = fake.createdChannels();
    expect(threads).toHaveLength(4);
    expect(threads.every((t) => t.threadOf === general())).toBe(true);
    expect(threads.map((t) => t.name)).toEqual([
      'Spring · D1 · T1',
      'Spring · D1 · T2',
      'Spring · D1 · T3',
      'Spring · D1 · T4',
    ]);
    const seated = new Set<string>();
    for (const t of threads) {
      const [intro] = fake.channelMessages(t.id);
      expect(intro!.content).toContain('your league game is ready here');
      expect(intro!.pingedUserIds).toHaveLength(4);
      for (const id of intro!.pingedUserIds) seated.add(id);
      // The game's own posts follow: created, started, and whose faction pick it is.
      const opened = await fake.waitFor(
        () => fake.channelMessages(t.id).find((m) => m.content.includes('choose your faction')),
        { what: 'the first faction pick in the thread' },
      );
      expect(opened.pingedUserIds).toHaveLength(1);
      expect(fake.channelMessages(t.id)[1]!.content).toMatch(
        /opened a Terra Mystica game for <@\d+>, <@\d+>, <@\d+>, <@\d+>\./,
      );
    }
    expect(seated).toEqual(new Set(players.map((p) => p.id)));
    const standings = fake.pinnedMessages(general()).find((m) => m.content.includes('standings'))!;
    expect(standings.content).toContain('**Spring** · standings');
    expect(standings.content).toContain('0 of 4 tables finished');
    // The sign-up post is closed: its buttons are gone.
    const signup = fake.channelMessages().find((m) => m.content.includes('· sign-up'))!;
    expect(signup.components).toEqual([]);
    expect(signup.content).toContain('Sign-up is closed');
  }, 120_000);

  const finals: FakeMessage[] = [];

  it('plays every table to its end; the last move in the thread brings the final scores, the chart and the standings', async () => {
    const season = await bot.league.season(fake.guildId, 'Spring');
    if (!season.ok) throw new Error('no season');
    for (const table of season.value.tables) {
      const channelId = table.channelId!;
      const at = (userId: string): Caller => ({ userId, guildId: fake.guildId, channelId });
      const view = await bot.service.getGame(at(admin.id), table.gameId!);
      if (!view.ok) throw new Error('no game');
      const { last } = await playToLastMove(bot.service, view.value, {
        seed: `season-${table.number}`,
        callerOf: at,
        admin: { ...at(admin.id), isServerManager: true },
        ...(table.number === 2 ? { dropAtRow: 80 } : {}),
      });
      const player = players.find((p) => p.id === last.userId)!;
      const moved = await settle(fake.slashCommand('/move', { user: player, channelId, options: { text: last.text } }));
      expect(moved.ephemeral).toBe(true);
      const final = await fake.waitFor(
        () => fake.channelMessages(channelId).find((m) => m.content.includes('Final scores')),
        { what: `the final scores of table ${table.number}`, timeoutMs: 30_000 },
      );
      finals.push(final);
      const chart = final.attachments.find((a) => a.filename === 'vp-chart.png');
      expect(chart).toBeDefined();
      const image = await loadImage(chart!.bytes);
      expect([image.width, image.height]).toEqual([1100, 620]);
      await fake.waitFor(
        () => fake.pinnedMessages(general()).find((m) => m.content.includes(`${table.number} of 4 tables finished`)),
        { what: `the standings after table ${table.number}`, timeoutMs: 30_000 },
      );
    }
  }, 600_000);

  it('ends the season: final standings pinned, the season over, every player placed with a mark where due', async () => {
    const pinned = fake.pinnedMessages(general()).find((m) => m.content.includes('standings'))!;
    expect(pinned.content).toContain('**Spring** · final standings');
    expect(pinned.content).toContain('4 of 4 tables finished');
    const rows = pinned.content.split('\n').filter((l) => /^\d+\. <@\d+>/.test(l));
    expect(rows).toHaveLength(16);
    expect(pinned.content, pinned.content).toMatch(/· 1 drop/);
    await fake.waitFor(() => fake.channelMessages().find((m) => m.content.includes('**Spring** is over')), {
      what: 'the end of the season',
    });
    const standings = await settle(fake.slashCommand('/league standings', { user: players[3] }));
    expect(standings.content).toBe(pinned.content);
  });

  it('gives every player a (provisional) rating from the league games, a leaderboard and a history', async () => {
    const mine = await settle(fake.slashCommand('/rating', { user: players[0] }));
    expect(mine.content).toMatch(
      new RegExp(
        `<@${players[0]!.id}>: rating \\*\\*[\\d,]+\\*\\* after 1 rated games \\(league games\\), provisional`,
      ),
    );
    const board = await settle(fake.slashCommand('/leaderboard', { user: players[0] }));
    expect(board.content).toContain('**Ratings** · league games');
    expect(board.content).toContain('Provisional (fewer than 5 games)');
    const witches = await settle(
      fake.slashCommand('/leaderboard', {
        user: players[0],
        options: { map: 'original' },
      }),
    );
    expect(witches.content).toContain('**Original (base game)**: factions');
    const history = await settle(fake.slashCommand('/history', { user: players[0], options: { where: 'server' } }));
    expect(history.content).toContain('**Finished games in this server**');
    expect(history.content!.split('\n').filter((l) => /^\d+\. <t:/.test(l))).toHaveLength(4);
    const menu = history.components as { components: { custom_id: string; options: { value: string }[] }[] }[];
    const select = menu[0]!.components[0]!;
    const opened = await settle(
      fake.selectMenu(select.custom_id, [select.options[0]!.value], { user: players[0], message: history.message! }),
    );
    expect(opened.kind).toBe('editReply');
    expect(opened.content).toContain('The end: row');
    expect(opened.content).toContain('Final scores');
    expect(opened.files.map((f) => f.filename)).toEqual(['map.png', 'cults.png']);
    const back = customIdsOf(opened.message!).find((id) => id.endsWith(':2'))!;
    const stepped = await settle(fake.clickButton(back, { user: players[0], message: opened.message! }));
    expect(stepped.content).toMatch(/Row \d+ of \d+: \S/);
  }, 60_000);

  it('draws a player’s statistics and exports the season', async () => {
    const stats = await settle(fake.slashCommand('/stats', { user: players[0], options: { player: players[0]!.id } }));
    expect(stats.content).toMatch(/1 games, [01] won/);
    const picture = stats.files.find((f) => f.filename === 'stats.png')!;
    expect((await loadImage(picture.bytes)).width).toBe(1000);
    const server = await settle(fake.slashCommand('/stats', { user: players[0], locale: 'it' }));
    expect(server.content).toMatch(/^Questo server: 4 partite di 16 giocatori/);
    expect(server.files.map((f) => f.filename)).toEqual(['stats.png']);
    const exported = await settle(
      fake.slashCommand('/league export', { user: players[0], options: { season: 'Spring', as: 'csv' } }),
    );
    expect(exported.files.map((f) => f.filename)).toEqual(['Spring-standings.csv', 'Spring-results.csv']);
    const results = exported.files[1]!.bytes.toString('utf8').trim().split('\r\n');
    expect(results[0]).toBe(
      'table,division,group,game,finished_at,map,options,position,player,substitute,faction,vp,rank,dropped',
    );
    expect(results).toHaveLength(17);
    expect(bot.errors).toEqual([]);
  }, 60_000);

  it('gives the listed games’ results as a file from /history', async () => {
    const history = await settle(
      fake.slashCommand('/history', { user: players[2], options: { where: 'server', file: 'json' } }),
    );
    const [file] = history.files;
    expect(file!.filename).toBe('games.json');
    const games = JSON.parse(file!.bytes.toString('utf8')) as { factions: { rank: number }[] }[];
    expect(games).toHaveLength(4);
    expect(games.every((g) => g.factions.length === 4 && g.factions.some((f) => f.rank === 1))).toBe(true);
  });

  it('lets the admin correct a table: /tm undo takes its ended game back into play, and its end comes again', async () => {
    const season = await bot.league.season(fake.guildId, 'Spring');
    if (!season.ok) throw new Error('no season');
    const table = season.value.tables[0]!;
    const channelId = table.channelId!;
    const at = (userId: string): Caller => ({ userId, guildId: fake.guildId, channelId });
    const ended = await bot.service.getGame(at(admin.id), table.gameId!);
    if (!ended.ok) throw new Error('no game');
    const last = ended.value.moves.at(-1)!;
    const player = players.find((p) => p.id === last.userId)!;

    const asked = await settle(fake.slashCommand('/tm undo', { ...asAdmin(), channelId }));
    expect(asked.ephemeral).toBe(true);
    expect(asked.content).toContain('This game has ended: taking these moves back puts it back into play');
    expect(asked.content).toContain(`\`${last.text}\``);
    const sure = (asked.components as { components: { custom_id: string }[] }[])[0]!.components[0]!.custom_id;
    const done = await settle(fake.clickButton(sure, { ...asAdmin(), channelId, message: asked.message! }));
    expect(done.content).toContain(`<@${admin.id}> took back 1 move`);
    const reopened = await fake.waitFor(
      () => fake.channelMessages(channelId).find((m) => m.content.includes('The game is back in play')),
      { what: 'the post of the game taken back into play' },
    );
    // The player whose move went is pinged, with their buttons again.
    expect(reopened.content).toContain(`<@${player.id}>`);
    expect(customIdsOf(reopened).length).toBeGreaterThan(0);
    await fake.waitFor(() => fake.pinnedMessages(general()).find((m) => m.content.includes('3 of 4 tables finished')), {
      what: 'the standings without the table taken back',
    });
    const history = await settle(fake.slashCommand('/history', { user: players[0], options: { where: 'server' } }));
    expect(history.content!.split('\n').filter((l) => /^\d+\. <t:/.test(l))).toHaveLength(3);

    const finalsBefore = fake.channelMessages(channelId).filter((m) => m.content.includes('Final scores')).length;
    const moved = await settle(fake.slashCommand('/move', { user: player, channelId, options: { text: last.text } }));
    expect(moved.ephemeral).toBe(true);
    await fake.waitFor(
      () =>
        fake.channelMessages(channelId).filter((m) => m.content.includes('Final scores')).length > finalsBefore ||
        undefined,
      { what: 'the final scores again', timeoutMs: 30_000 },
    );
    await fake.waitFor(() => fake.pinnedMessages(general()).find((m) => m.content.includes('4 of 4 tables finished')), {
      what: 'the standings with the table again',
    });
    const again = await settle(fake.slashCommand('/history', { user: players[0], options: { where: 'server' } }));
    expect(again.content!.split('\n').filter((l) => /^\d+\. <t:/.test(l))).toHaveLength(4);
    expect(bot.errors).toEqual([]);
  }, 120_000);

  it('opens a season’s tables in channels of their own, seeded by the last season, and seats a substitute', async () => {
    const created = await settle(
      fake.slashCommand('/league create', {
        ...asAdmin(),
        options: {
          name: 'Autumn',
          'group-size': 3,
          tables: 'channel',
          seeding: 'last-season',
          previous: 'Spring',
          cap: 3,
        },
      }),
    );
    expect(created.content).toContain('Season **Autumn** is created');
    const signupId = customIdsOf(fake.newestPost()).find((id) => id.startsWith('tm:signup:'))!;
    for (const p of players.slice(0, 3)) await settle(fake.clickButton(signupId, { user: p }));
    // A fourth waits; a raised cap gives them a place, said in the season's channel with a ping; they withdraw.
    const fourth = players[3]!;
    expect((await settle(fake.clickButton(signupId, { user: fourth }))).content).toContain('waiting list');
    await settle(fake.slashCommand('/league edit', { ...asAdmin(), options: { season: 'Autumn', cap: 6 } }));
    const moved = fake.channelMessages().find((m) => m.content.includes('moves up from the waiting list'))!;
    expect(moved.content).toBe(`<@${fourth.id}> moves up from the waiting list and plays in **Autumn**.`);
    expect(moved.pingedUserIds).toEqual([fourth.id]);
    const signupPost = fake.channelMessages().find((m) => m.content.includes('**Autumn** · sign-up'))!;
    expect(signupPost.content).toContain('Signed up (4/6)');
    const withdrawId = customIdsOf(signupPost).find((id) => id.startsWith('tm:withdraw:'))!;
    expect((await settle(fake.clickButton(withdrawId, { user: fourth }))).content).toBe(
      'You withdrew from **Autumn**.',
    );
    const before = fake.createdChannels().length;
    const started = await settle(fake.slashCommand('/league start', { ...asAdmin(), options: { season: 'Autumn' } }));
    expect(started.content).toContain('The season has started');
    const [table] = fake.createdChannels().slice(before);
    expect(table).toMatchObject({ name: 'Autumn · D1 · T1', threadOf: null });
    const intro = fake.channelMessages(table!.id)[0]!;
    expect(new Set(intro.pingedUserIds)).toEqual(new Set(players.slice(0, 3).map((p) => p.id)));
    // The players pick their factions (from the menu, as the service takes a click).
    const autumn = await bot.league.season(fake.guildId, 'Autumn');
    const gameId = autumn.ok ? autumn.value.tables[0]!.gameId! : '';
    const at = (userId: string): Caller => ({ userId, guildId: fake.guildId, channelId: table!.id });
    let view = await bot.service.getGame(at(admin.id), gameId);
    while (view.ok && view.value.factionPick) {
      const { userId, available } = view.value.factionPick;
      view = await bot.service.chooseFaction(at(userId), view.value, available[0]!);
    }
    const refused = await settle(
      fake.slashCommand('/league substitute', {
        user: players[1],
        options: { season: 'Autumn', table: 1, player: players[0]!.id, substitute: players[5]!.id },
      }),
    );
    expect(refused.content).toContain('Only a member with Manage Server');
    const subbed = await settle(
      fake.slashCommand('/league substitute', {
        ...asAdmin(),
        options: { season: 'Autumn', table: 1, player: players[0]!.id, substitute: players[5]!.id },
      }),
    );
    expect(subbed.content).toBe(`<@${players[5]!.id}> plays <@${players[0]!.id}>’s seat at table 1 from now on.`);
    await fake.waitFor(
      () => fake.channelMessages(table!.id).find((m) => m.content.includes(`<@${players[5]!.id}> now plays the`)),
      { what: 'the replacement in the table channel' },
    );
    // Or the AI takes a seat (once AI seats play, it plays on at once); the admin names one of the two.
    const neither = await settle(
      fake.slashCommand('/league substitute', {
        ...asAdmin(),
        options: { season: 'Autumn', table: 1, player: players[1]!.id },
      }),
    );
    expect(neither.content).toBe('Name the substitute, or an AI level to hand the seat to the AI: one of the two.');
    const byAi = await settle(
      fake.slashCommand('/league substitute', {
        ...asAdmin(),
        options: { season: 'Autumn', table: 1, player: players[1]!.id, 'ai-level': 'easy' },
      }),
    );
    expect(byAi.content).toBe(`🤖 Ada plays <@${players[1]!.id}>’s seat at table 1 from now on.`);
    await fake.waitFor(
      () =>
        fake
          .channelMessages(table!.id)
          .find((m) => m.content.includes(`handed the seat of <@${players[1]!.id}>`) && m.content.includes('Ada')),
      { what: 'the AI taking the seat in the table channel' },
    );
    const standings = await settle(
      fake.slashCommand('/league standings', { user: players[4], options: { season: 'Autumn' } }),
    );
    expect(standings.content).toContain('0 of 1 tables finished');
    expect(bot.errors).toEqual([]);
  }, 60_000);
});
