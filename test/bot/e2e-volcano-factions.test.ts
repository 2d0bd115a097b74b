/**
 * The volcano factions played as a player would, through the fake Discord: an imported game where the
 * Acolytes move, a volcano typed without its payment, the bot's menu of the cult tracks that can pay it
 * in words, the pick, and the map it posts after (volcano hexes and the Acolytes' pieces).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { settle } from '../support/bot-harness.ts';
import { controlsOf, optionOfLine } from '../support/fake-discord.ts';
import { useBot } from '../support/shared-bot.ts';

const LOG = join(import.meta.dirname, '..', 'fixtures', 'volcano', 'acolytes-volcano-stronghold.log');

describe('acolytes in Discord', () => {
  const shared = useBot({ logs: true });

  it('asks on which cult track a volcano is paid, in words, and plays the pick', async () => {
    const { fake, logs } = shared;
    // Up to the Acolytes' second turn of round 1 (before their volcano on E6).
    const lines = readFileSync(LOG, 'utf8').trim().split('\n');
    const text = lines.slice(0, lines.indexOf('acolytes: dig 1. build E6. -3FIRE')).join('\n');
    const channelId = fake.addChannel('volcano');
    const users = await logs.importInto(fake, channelId, text);
    const acolytes = users.get('acolytes')!;
    expect(fake.newestPost(channelId).content).toContain(`<@${acolytes.id}>`);

    const built = await settle(
      fake.slashCommand('/move', { user: acolytes, channelId, options: { text: 'dig 1. build E6' } }),
    );
    expect(built.content).toMatch(/^Done/);
    const post = fake.newestPost(channelId);
    expect(post.content).toContain(`<@${acolytes.id}>`);
    const menu = controlsOf(post).find((c) => c.placeholder?.includes('The volcano costs cult steps'));
    expect(menu, 'the cult-step menu').toBeDefined();
    // Every track has the 3 steps (water 4, after BON1's step).
    expect(menu!.options!.map((o) => o.description)).toEqual(['-3FIRE', '-3WATER', '-3EARTH', '-3AIR']);
    expect(menu!.options![0]!.label).toContain('−3 Fire (volcano)');

    const paid = await settle(
      fake.selectMenu(menu!.custom_id!, [optionOfLine(menu!, '-3FIRE')], { user: acolytes, channelId }),
    );
    expect(paid.content).toMatch(/^Done/);
    const after = fake.newestPost(channelId);
    expect(controlsOf(after).some((c) => c.placeholder?.includes('The volcano costs cult steps'))).toBe(false);
    // The steps paid leave the cult board, which is posted; the map did not change with the payment.
    expect(after.attachments.map((a) => a.filename)).toEqual(['cults.png']);
  });
});
