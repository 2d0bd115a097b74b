/**
 * A game on another map, created and played through the real discord.js client against the fake Discord:
 * `/tm create` takes the map and the Fire & Ice final-scoring tile, autocomplete offers the hexes of that
 * map (Fire & Ice side 1 has rows B to J), and the posted board is that map.
 */
import { loadImage } from '@napi-rs/canvas';
import { describe, expect, it, vi } from 'vitest';
import { settle } from '../support/bot-harness.ts';
import { customIdsOf } from '../support/fake-discord.ts';
import { useBot } from '../support/shared-bot.ts';

const FI_SIDE_1 = 'fire-and-ice-1';

describe('a game on the Fire & Ice side 1 map', () => {
  const shared = useBot({ players: ['player2'] });

  const newest = () => shared.fake.newestPost();
  const componentIds = () => customIdsOf(newest());

  it('is created with the map and the final-scoring tile chosen in words, and plays on that map', async () => {
    const {
      fake,
      players: [first, second],
    } = shared;
    const created = await shared.startGame({ map: FI_SIDE_1, 'final-scoring': 'fire-and-ice' });
    expect(created.ephemeral).toBe(true);
    // The drawn final-scoring tile is told in words from the start, and stays in the pinned status.
    const finalScoring =
      /^Final scoring: \*\*(Edge of the map|Clusters|Distance|Stronghold to sanctuary)\*\*, .+ \(18\/12\/6 VP\)$/m;
    expect(newest().content).toMatch(finalScoring);
    await vi.waitFor(
      () => expect((fake.pinnedMessages()[0]?.embeds[0] as { description?: string }).description).toMatch(finalScoring),
      { timeout: 10_000 },
    );
    for (const [user, faction] of [
      [first, 'witches'],
      [second, 'engineers'],
    ] as const) {
      const id = componentIds().find((c) => c.startsWith('tm:faction:'))!;
      await settle(fake.selectMenu(id, [faction], { user }));
    }

    // The witches' first dwelling: autocomplete offers forest hexes of this map only (no row A, a row J).
    const offered = await fake
      .autocomplete('/build', { user: first, focused: 'choice', options: { choice: '' } })
      .nextReply();
    const values = offered.choices!.map((c) => String(c.value));
    expect(values).toContain('build J2');
    expect(values.some((v) => /^build A\d/.test(v))).toBe(false);
    const reply = await settle(fake.slashCommand('/build', { user: first, options: { choice: 'build J2' } }));
    expect(reply.ephemeral).toBe(true);

    const posted = fake.channelMessages().filter((m) => m.attachments.some((a) => a.filename === 'map.png'));
    const map = posted.at(-1)!.attachments.find((a) => a.filename === 'map.png')!;
    expect((await loadImage(map.bytes)).width).toBeGreaterThanOrEqual(1200);
    expect(posted.at(-1)!.content).toContain('J2');
  }, 120_000);
});
