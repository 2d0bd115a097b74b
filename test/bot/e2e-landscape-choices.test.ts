/**
 * The special landscapes' choices played as a player would, through the fake Discord: self-play games with
 * the option, imported up to the moment the Nomads may answer an offer with the Trading Camp's coin
 * (SL-NOM-1) and the Witches owe a town's Raven's Folly choice (SL-WIT-1), the buttons and menus in words,
 * and the clicks.
 */
import { describe, expect, it } from 'vitest';
import type { FactionId } from '../../src/engine/index.ts';
import { selfPlay } from '../../src/selfplay/game.ts';
import { rawLog } from '../../src/selfplay/raw-log.ts';
import { settle } from '../support/bot-harness.ts';
import { controlsOf, optionOfLine } from '../support/fake-discord.ts';
import { useBot } from '../support/shared-bot.ts';

/** A self-play game's log up to (not including) row `rows`: the seeds below were found to reach each choice. */
function logUpTo(seed: string, players: number, include: FactionId, rows: number): string {
  const game = selfPlay({ seed, players, options: ['special-landscapes'], include });
  return rawLog({ ...game, rows: game.rows.slice(0, rows) });
}

describe("special landscapes' choices in Discord", () => {
  const shared = useBot({ logs: true });

  it("shows the Trading Camp's coin as a third answer to a power offer, and plays it", async () => {
    const { fake, logs } = shared;
    const channelId = fake.addChannel('camp');
    const users = await logs.importInto(fake, channelId, logUpTo('e2e-nomads-2-7', 2, 'nomads', 28));
    const nomads = users.get('nomads')!;
    const post = fake.newestPost(channelId);
    const answers = controlsOf(post).filter((c) => /^tm:(leech|decline|coin):/.test(c.custom_id ?? ''));
    expect(answers.map((c) => c.label)).toEqual([
      expect.stringMatching(/^Nomads: Take \d power/),
      'Nomads: Decline',
      'Nomads: 1 coin instead (no VP lost)',
    ]);
    const before = post.content;
    const clicked = await settle(fake.clickButton(answers[2]!.custom_id!, { user: nomads, channelId }));
    expect(clicked.content).toMatch(/^Done/);
    const after = fake.newestPost(channelId);
    expect(after.content).not.toBe(before);
    expect(controlsOf(after).some((c) => c.custom_id?.startsWith('tm:coin:'))).toBe(false);
    // Said in words; the board did not change, so no new map.
    expect(after.content).toContain('Take the coin instead of power from Dwarves (Trading Camp)');
    expect(after.content).toContain('Nomads: +1 C');
  });

  it("asks the Witches for a town's 5 VP or 3 cult steps in words, and plays the pick", async () => {
    const { fake, logs } = shared;
    const channelId = fake.addChannel('raven');
    const users = await logs.importInto(fake, channelId, logUpTo('e2e-nomads-3-2', 3, 'nomads', 129));
    const witches = users.get('witches')!;
    const post = fake.newestPost(channelId);
    expect(post.content).toContain(`<@${witches.id}>`);
    const menu = controlsOf(post).find((c) => c.placeholder?.includes("Raven's Folly"));
    expect(menu, "the Raven's Folly menu").toBeDefined();
    expect(menu!.options!.map((o) => o.description)).toEqual(['+5VP', '+3FIRE', '+3WATER', '+3EARTH', '+3AIR']);
    expect(menu!.options![0]!.label).toBe('Take 5 VP');
    const picked = await settle(
      fake.selectMenu(menu!.custom_id!, [optionOfLine(menu!, '+3WATER')], { user: witches, channelId }),
    );
    expect(picked.content).toMatch(/^Done/);
    const after = fake.newestPost(channelId);
    expect(controlsOf(after).some((c) => c.placeholder?.includes("Raven's Folly"))).toBe(false);
  });
});
