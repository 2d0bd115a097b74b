/**
 * What one interaction may cost, with adversarial sizes, through the fake Discord: whatever a player sends,
 * the bot answers it within a bound and every other player is answered meanwhile.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ECHO_MAX } from '../../src/bot/present/errors.ts';
import { codePointLength } from '../../src/bot/text.ts';
import { readCorpus } from '../corpus.ts';
import { settle, startBot, type BotHarness } from '../support/bot-harness.ts';
import type { FakeDiscord, FakeUser } from '../support/fake-discord.ts';
import { LogServer } from '../support/log-server.ts';

describe('bounded work per interaction', () => {
  let bot: BotHarness;
  let fake: FakeDiscord;
  let files: LogServer;
  let bob: FakeUser;
  const record = readCorpus('4pLeague_S60_D1L1_G1.txt');

  beforeAll(async () => {
    files = await LogServer.start();
    bot = await startBot();
    fake = bot.fake;
    bob = fake.createUser('bob');
  });

  afterAll(async () => {
    await bot?.close();
    files?.close();
  });

  /** A started two-player game in a fresh channel: alice and bob. */
  const startedGame = async (name: string) => {
    const channelId = fake.addChannel(name);
    await settle(fake.slashCommand('/tm create', { channelId, options: { players: 2, seating: 'joined' } }));
    await settle(fake.slashCommand('/tm join', { channelId, user: bob }));
    await settle(fake.slashCommand('/tm start', { channelId }));
    return channelId;
  };

  it('refuses a record with a 100 KB row at once, echoing only its start, while others are answered', async () => {
    // The row that does not parse was echoed whole through escapeMarkdown, quadratic in its length: a
    // 100 KB row held the event loop for minutes, and every server's interactions failed meanwhile.
    const lines = record.split('\n');
    const at = lines.findIndex((l) => /\tbuild \w+$/i.test(l));
    const huge = `${lines[at]!.replace(/build \w+$/i, 'build ')}${'Q'.repeat(100_000)}`;
    const url = files.serve('/huge-row.txt', [...lines.slice(0, at), huge, ...lines.slice(at + 1)].join('\n'));
    const players = [fake.defaultUser, bob, fake.createUser('carol'), fake.createUser('dave')];
    const channelId = fake.addChannel('huge-row');
    const other = await startedGame('elsewhere');

    const importing = fake.slashCommand('/tm import', {
      channelId,
      options: { file: url, players: players.map((p) => `<@${p.id}>`).join(' ') },
    });
    const meanwhile = await settle(fake.slashCommand('/tm status', { channelId: other, user: bob }));
    expect(meanwhile.content).not.toMatch(/went wrong|busy|try again/i);
    const refused = await settle(importing);
    expect(refused.content).toMatch(/^The log could not be imported \(line \d+\): .*QQQQ/);
    expect(codePointLength(refused.content!)).toBeLessThan(ECHO_MAX + 200);
    expect(refused.content).toContain('…');
    expect(bot.errors).toEqual([]);
  });

  it('refuses a 10 MB upload without reading it, while players elsewhere are answered', async () => {
    // The attachment was fetched whole, with no size limit or timeout, and parsed on the main thread: a
    // 10 MB record held every server for 3-9 s.
    const lines = record.split('\n');
    const rows = lines.filter((l) => /^\w+\t/.test(l));
    let big = record;
    while (big.length < 10 * 1024 * 1024) big += `\n${rows.join('\n')}`;
    const url = files.serve('/ten-megabytes.txt', big);
    const channelId = fake.addChannel('upload');
    const other = await startedGame('other-server');
    const importing = fake.slashCommand('/tm import', {
      channelId,
      options: { file: url, players: `<@${fake.defaultUser.id}> <@${bob.id}>` },
    });
    const meanwhile = await settle(fake.slashCommand('/tm status', { channelId: other, user: bob }));
    expect(meanwhile.content).not.toMatch(/went wrong|busy|try again/i);
    const refused = await settle(importing);
    expect(refused.content).toBe(
      'That file is larger than 512 KB, and a whole game record is about 35 KB: is it the right file? Nothing was imported.',
    );
    expect(bot.errors).toEqual([]);
  });

  it('refuses a record with more rows than any game before replaying it', async () => {
    const lines = record.split('\n');
    const row = lines.find((l) => /^\w+\t/.test(l))!;
    const url = files.serve('/many-rows.txt', [...lines, ...Array.from({ length: 3_000 }, () => row)].join('\n'));
    expect(url.length).toBeGreaterThan(0);
    const refused = await settle(
      fake.slashCommand('/tm import', {
        channelId: fake.addChannel('many-rows'),
        options: { file: url, players: `<@${fake.defaultUser.id}> <@${bob.id}>` },
      }),
    );
    expect(refused.content).toMatch(
      /^The log has 3\d{3} rows; a whole game has far fewer, so I import at most 3000\. Is it the right file\?$/,
    );
    expect(bot.errors).toEqual([]);
  });

  it('refuses /tm board with a faction that is not one, saying so', async () => {
    const channelId = await startedGame('board');
    for (const faction of ['not-a-faction', 'x'.repeat(6_000), '**bold** @everyone']) {
      const reply = await settle(fake.slashCommand('/tm board', { channelId, options: { faction } }));
      expect(reply.ephemeral).toBe(true);
      expect(reply.content).toMatch(/^'.+' is not a faction in this game\.$/s);
      expect(codePointLength(reply.content!)).toBeLessThanOrEqual(ECHO_MAX + 60);
      expect(reply.content).not.toContain('@everyone');
    }
    expect(bot.errors).toEqual([]);
  });
});
