/**
 * Importing a snellman record into a channel and continuing it: the record is uploaded as an attachment
 * (served from 127.0.0.1), every faction starts with the importer, seats are handed on with /tm replace,
 * and the next recorded move is then played by its new owner. Export gives the log back.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseGameLog } from '../../src/notation/log.ts';
import { readCorpus } from '../corpus.ts';
import { settle, startBot, type BotHarness } from '../support/bot-harness.ts';
import type { FakeDiscord } from '../support/fake-discord.ts';

describe('importing a snellman game', () => {
  let bot: BotHarness;
  let fake: FakeDiscord;
  let files: Server;
  let url = '';
  const full = readCorpus('4pLeague_S60_D1L1_G1.txt');
  const lines = full.split('\n');
  // Cut the record in round 2, just before a player answers the round's first power offer.
  const round2 = lines.indexOf('Round 2, turn 1') + 1;
  const cutLine = parseGameLog(full).find(
    (e) => e.kind === 'row' && !e.engine && e.line > round2 && /^leech/i.test(e.text),
  )!;
  const partial = lines.slice(0, cutLine.line - 1).join('\n');

  beforeAll(async () => {
    files = createServer((_, res) => res.end(partial)).listen(0, '127.0.0.1');
    await new Promise((r) => files.once('listening', r));
    url = `http://127.0.0.1:${(files.address() as AddressInfo).port}/S60_G1_partial.txt`;
    bot = await startBot();
    fake = bot.fake;
  });

  afterAll(async () => {
    await bot?.close();
    files?.close();
  });

  it('continues the record where it stopped, with seats handed to their players', async () => {
    const factions = [...new Set(parseGameLog(partial).flatMap((e) => (e.kind === 'row' ? [e.faction] : [])))];
    const players = factions.map((f, i) => (i === 0 ? fake.defaultUser : fake.createUser(f)));
    const imported = await settle(
      fake.slashCommand('/tm import', { options: { file: url, players: players.map((p) => `<@${p.id}>`).join(' ') } }),
    );
    expect(imported.content).toContain('Imported a snellman game at round 2');
    const posted = fake.newestPost();
    expect(posted.attachments.map((a) => a.filename)).toEqual(['map.png', 'cults.png']);

    const row = cutLine as Extract<typeof cutLine, { kind: 'row' }>;
    const player = fake.createUser('newcomer');
    const replaced = await settle(
      fake.slashCommand('/tm replace', { options: { faction: row.faction, user: player.id } }),
    );
    expect(replaced.content).toContain(`<@${player.id}>`);
    const played = await settle(fake.slashCommand('/move', { user: player, options: { text: row.text } }));
    expect(played.content).toMatch(/^Done/);

    // A long log: /tm log keeps the newest moves, the one just played last, and drops from the oldest end.
    const logged = (await settle(fake.slashCommand('/tm log', { options: { count: 50 } }))).content!;
    expect(logged.length).toBeLessThanOrEqual(2000);
    const seqs = logged.split('\n').map((l) => Number(/^(\d+)\. /.exec(l)![1]));
    expect(logged.split('\n').at(-1)).toMatch(new RegExp(`: \`${row.text}\`$`, 'i'));
    expect(seqs).toEqual(seqs.map((_, i) => seqs[0]! + i));
    expect(seqs.length).toBeGreaterThan(20);

    const exported = await settle(fake.slashCommand('/tm export'));
    const text = exported.files[0]!.bytes.toString('utf8');
    expect(text).toContain(`${row.faction}: ${row.text.toLowerCase().split('.')[0]}`);
  });

  it('says an imported finished game is over instead of asking to continue it', async () => {
    const asked = await settle(fake.slashCommand('/tm abandon'));
    expect(asked.content).toContain('cannot be taken back');
    const sure = (asked.components as { components: { custom_id: string }[] }[])[0]!.components[0]!.custom_id;
    expect(fake.pinnedMessages()).toHaveLength(1);
    expect((await settle(fake.clickButton(sure, { message: asked.message! }))).content).toContain('abandoned by');
    // An abandoned game's status leaves the pins.
    await vi.waitFor(() => expect(fake.pinnedMessages()).toEqual([]), { timeout: 5_000 });
    await new Promise<void>((resolve) => files.close(() => resolve()));
    files = createServer((_, res) => res.end(full)).listen(0, '127.0.0.1');
    await new Promise((r) => files.once('listening', r));
    const whole = `http://127.0.0.1:${(files.address() as AddressInfo).port}/S60_G1.txt`;
    const factions = [...new Set(parseGameLog(full).flatMap((e) => (e.kind === 'row' ? [e.faction] : [])))];
    const players = factions.map((f) => fake.createUser(`${f}-2`));
    const imported = await settle(
      fake.slashCommand('/tm import', {
        options: { file: whole, players: players.map((p) => `<@${p.id}>`).join(' ') },
      }),
    );
    expect(imported.content).toContain('Imported a finished snellman game');
    expect(imported.content).not.toContain('Continue from here');
  });
});
