/**
 * The volcano factions played as a player would, through the fake Discord: an imported game where the
 * Acolytes move, a volcano typed without its payment, the bot's menu of the cult tracks that can pay it
 * in words, the pick, and the map it posts after (volcano hexes and the Acolytes' pieces).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseGameLog } from '../../src/notation/log.ts';
import { settle, startBot, type BotHarness } from '../support/bot-harness.ts';
import type { FakeDiscord, FakeMessage } from '../support/fake-discord.ts';

const LOG = join(import.meta.dirname, '..', 'fixtures', 'volcano', 'acolytes-volcano-stronghold.log');

type Component = { custom_id?: string; placeholder?: string; options?: { label: string; value: string }[] };
const componentsOf = (m: FakeMessage) =>
  m.components.flatMap((row) => (row as { components?: Component[] }).components ?? []);

describe('acolytes in Discord', () => {
  let bot: BotHarness;
  let fake: FakeDiscord;
  let files: Server;
  let base = '';
  const served = new Map<string, string>();

  beforeAll(async () => {
    files = createServer((req, res) => res.end(served.get(req.url ?? '') ?? '')).listen(0, '127.0.0.1');
    await new Promise((r) => files.once('listening', r));
    base = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
    bot = await startBot();
    fake = bot.fake;
  });

  afterAll(async () => {
    await bot?.close();
    files?.close();
  });

  it('asks on which cult track a volcano is paid, in words, and plays the pick', async () => {
    // Up to the Acolytes' second turn of round 1 (before their volcano on E6).
    const lines = readFileSync(LOG, 'utf8').trim().split('\n');
    const text = lines.slice(0, lines.indexOf('acolytes: dig 1. build E6. -3FIRE')).join('\n');
    served.set('/acolytes.txt', text);
    const channelId = fake.addChannel('volcano');
    const factions = [...new Set(parseGameLog(text).flatMap((e) => (e.kind === 'row' ? [e.faction] : [])))];
    const users = new Map(factions.map((f) => [f, fake.createUser(`${f}-volcano`)]));
    const imported = await settle(
      fake.slashCommand('/tm import', {
        channelId,
        options: {
          file: `${base}/acolytes.txt`,
          players: [...users.values()].map((u) => `<@${u.id}>`).join(' '),
        },
      }),
    );
    expect(imported.content).toContain('Imported a snellman game');
    const acolytes = users.get('acolytes')!;
    expect(fake.newestPost(channelId).content).toContain(`<@${acolytes.id}>`);

    const built = await settle(
      fake.slashCommand('/move', { user: acolytes, channelId, options: { text: 'dig 1. build E6' } }),
    );
    expect(built.content).toMatch(/^Done/);
    const post = fake.newestPost(channelId);
    expect(post.content).toContain(`<@${acolytes.id}>`);
    const menu = componentsOf(post).find((c) => c.placeholder?.includes('The volcano costs cult steps'));
    expect(menu, 'the cult-step menu').toBeDefined();
    // Every track has the 3 steps (water 4, after BON1's step).
    expect(menu!.options!.map((o) => o.value)).toEqual(['-3FIRE', '-3WATER', '-3EARTH', '-3AIR']);
    expect(menu!.options![0]!.label).toContain('−3 Fire (volcano)');

    const paid = await settle(fake.selectMenu(menu!.custom_id!, ['-3FIRE'], { user: acolytes, channelId }));
    expect(paid.content).toMatch(/^Done/);
    const after = fake.newestPost(channelId);
    expect(componentsOf(after).some((c) => c.placeholder?.includes('The volcano costs cult steps'))).toBe(false);
    const map = after.attachments.find((a) => a.filename === 'map.png');
    expect(map, 'the map picture').toBeDefined();
    writeFileSync('/tmp/e2e-acolytes-map.png', map!.bytes);
  });
});
