/**
 * How many Discord calls a move costs. discord.js holds a process to 50 requests a second, so every call a
 * move makes divides the moves a process can serve: a move used to cost six (a "thinking…" acknowledgement,
 * the channel post, reading the pins, editing the pinned status, taking the old prompt's buttons off, the
 * answer edited in).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseGameLog, type LogEntry } from '../../src/notation/log.ts';
import { readCorpus } from '../corpus.ts';
import { settle, startBot, type BotHarness } from '../support/bot-harness.ts';
import { customIdsOf, type FakeDiscord, type FakeUser } from '../support/fake-discord.ts';

type Row = Extract<LogEntry, { kind: 'row' }>;

const entries = parseGameLog(readCorpus('4pLeague_S60_D1L1_G1.txt'));
const factions = entries.filter((e): e is Row => e.kind === 'row' && e.text === 'setup').map((e) => e.faction);
/** The record's first moves after set-up: round 1 and the start of round 2. */
const moves = entries.filter((e): e is Row => e.kind === 'row' && !e.engine && e.text !== 'setup').slice(0, 40);

describe('Discord calls per move', () => {
  let bot: BotHarness;
  let fake: FakeDiscord;
  const users = new Map<string, FakeUser>();

  beforeAll(async () => {
    // The pin's timed refresh is pushed past the test: a loaded machine may take over 30 s for the moves, and
    // the count below is of the edits a title change makes.
    bot = await startBot({ outbox: { pinRefreshMs: 60 * 60_000 } });
    fake = bot.fake;
    factions.forEach((f, i) => users.set(f, i === 0 ? fake.defaultUser : fake.createUser(`p${i}`)));
    await settle(
      fake.slashCommand('/tm create', {
        options: {
          players: 4,
          factions: 'turn-order',
          seating: 'joined',
          tiles: 'SCORE5 SCORE8 SCORE4 SCORE9 SCORE6 SCORE2 -BON3 -BON4 -BON5',
        },
      }),
    );
    for (const f of factions.slice(1)) await settle(fake.slashCommand('/tm join', { user: users.get(f)! }));
    await settle(fake.slashCommand('/tm start'));
    for (const f of factions) {
      const id = customIdsOf(fake.newestPost()).find((c) => c.startsWith('tm:faction:'))!;
      await settle(fake.selectMenu(id, [f], { user: users.get(f)! }));
    }
    // The pin ("setting up" until round 1) is posted through the background lane; that call is not the moves'.
    await vi.waitFor(() => expect(fake.pinnedMessages()[0]?.embeds).toHaveLength(1), { timeout: 10_000 });
  });

  afterAll(() => bot?.close());

  it('answers a move in its first response and posts it once; old buttons and the pin go in the background, the pin only when its title changes or every 30 s', async () => {
    const start = fake.restCalls.length;
    const postedBefore = fake.channelMessages().length;
    // A move not answered within a second (a machine loaded by other work) is acknowledged first, and its
    // answer is then an edit: one call more, counted apart.
    let slow = 0;
    for (const row of moves) {
      const answer = await settle(
        fake.slashCommand('/move', { user: users.get(row.faction)!, options: { text: row.text } }),
      );
      expect(['reply', 'editReply']).toContain(answer.kind);
      if (answer.kind === 'editReply') slow++;
      expect(answer.content).toContain('Done');
    }
    const rounds = fake
      .channelMessages()
      .slice(postedBefore)
      .filter((m) => /— Round \d+ —/.test(m.content)).length;
    const isPinEdit = (c: (typeof fake.restCalls)[number]) =>
      c.method === 'PATCH' &&
      /^\/channels\/\d+\/messages\/\d+$/.test(c.path) &&
      !!(c.body as { embeds?: unknown[] }).embeds;
    // The background edits run at their budget (slower on a loaded machine): wait for the pin's, then let
    // the old prompts' last button edits go out.
    await vi.waitFor(() => expect(fake.restCalls.slice(start).filter(isPinEdit).length).toBe(rounds), {
      timeout: 15_000,
    });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const made = fake.restCalls.slice(start);
    const calls = made.map((c) => `${c.method} ${c.path.replace(/\d{17,20}/g, ':id')}`);
    const count = (pattern: RegExp) => calls.filter((c) => pattern.test(c)).length;
    const callbacks = count(/^POST \/interactions\/:id\/[^/]+\/callback$/);
    const posts = count(/^POST \/channels\/:id\/messages$/);
    const edits = made.filter((c) => c.method === 'PATCH' && /^\/channels\/\d+\/messages\/\d+$/.test(c.path));
    const pinEdits = edits.filter(isPinEdit).length;
    const retired = edits.length - pinEdits;
    expect(callbacks).toBe(moves.length);
    expect(count(/^PATCH \/webhooks\//)).toBe(slow);
    expect(slow).toBeLessThan(moves.length);
    expect(count(/pins/)).toBe(0);
    // Power offers and their answers add posts; each post but the newest loses its buttons once.
    expect(posts).toBeGreaterThanOrEqual(moves.length);
    expect(retired).toBeLessThanOrEqual(posts);
    // The pin's title changes at each new round, and only then is it edited here (the timed refresh is off).
    expect(rounds).toBeGreaterThan(0);
    expect(pinEdits).toBe(rounds);
    expect(calls.length).toBe(callbacks + posts + edits.length + slow);
    // Before: six calls a move. Now about three: the answer, the post, the old prompt's buttons.
    expect((calls.length - slow) / moves.length).toBeLessThan(3.5);
  });

  it('edits the pinned status by its recorded id after a restart, without reading the channel pins', async () => {
    await bot.restart();
    const start = fake.restCalls.length;
    const pinned = fake.pinnedMessages();
    const row = entries.filter((e): e is Row => e.kind === 'row' && !e.engine && e.text !== 'setup')[moves.length]!;
    const answer = await settle(
      fake.slashCommand('/move', { user: users.get(row.faction)!, options: { text: row.text } }),
    );
    expect(answer.content).toContain('Done');
    // A process that has just started edits the pin once at its first delivery (it has not shown a title yet).
    await vi.waitFor(
      () =>
        expect(fake.restCalls.slice(start).some((c) => c.method === 'PATCH' && c.path.endsWith(pinned[0]!.id))).toBe(
          true,
        ),
      { timeout: 10_000 },
    );
    expect(fake.restCalls.slice(start).filter((c) => /pins/.test(c.path))).toEqual([]);
    expect(fake.pinnedMessages().map((m) => m.id)).toEqual(pinned.map((m) => m.id));
  });
});
