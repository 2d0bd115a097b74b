/**
 * The Fire & Ice factions chosen from Discord: `/tm create` takes them in words, the faction menu offers
 * them, and an Ice Maidens player picks the land colour and favour tile their faction asks for from the
 * menus the bot posts, before the next seat picks.
 */
import { describe, expect, it } from 'vitest';
import { settle } from '../support/bot-harness.ts';
import { controlsOf, optionOfLine, type FakeComponent } from '../support/fake-discord.ts';
import { useBot } from '../support/shared-bot.ts';

describe('Fire & Ice factions picked in Discord', () => {
  const shared = useBot({ players: ['player2'] });

  it('offers them when asked for, and asks the Ice Maidens for their colour and favour tile', async () => {
    const {
      bot,
      fake,
      players: [first, second],
    } = shared;
    await shared.startGame({ expansion: 'fire-and-ice' });
    const factionMenu = controlsOf(fake.newestPost()).find((c) => c.custom_id?.startsWith('tm:faction:'));
    const offered = factionMenu!.options!.map((o) => o.value);
    expect(offered).toEqual(
      expect.arrayContaining(['icemaidens', 'yetis', 'acolytes', 'dragonlords', 'riverwalkers', 'shapeshifters']),
    );
    await settle(fake.selectMenu(factionMenu!.custom_id!, ['icemaidens'], { user: first }));

    // Their favour tile from the menu under the post that names them; the picker just acted, so the
    // post tells them in words what they still owe without pinging them again (one ping per wait).
    const asked = fake.newestPost();
    expect(asked.pingedUserIds).toEqual([]);
    expect(asked.content).toContain(
      `Next: <@${first.id}> (Ice Maidens) must finish their turn: 1. choose the starting favor tile, 2. pick a colour.`,
    );
    const tiles = controlsOf(asked).find((c) => c.placeholder?.includes('Choose your starting favor tile'));
    expect(tiles!.options!.find((o) => o.description === '+FAV11')!.label).toBe(
      'Take FAV11 · +1 Earth · 2 VP per dwelling built',
    );
    expect(
      (await settle(fake.selectMenu(tiles!.custom_id!, [optionOfLine(tiles!, '+FAV11')], { user: first }))).content,
    ).toMatch(/^Done/);

    // Their land colour, in words, from the prompt's own button for it; the second seat is not asked yet.
    const prompt = fake.newestPost();
    expect(prompt.pingedUserIds).toEqual([]);
    expect(prompt.content).toContain(`Next: <@${first.id}> (Ice Maidens) must finish their turn: pick a colour.`);
    const buttons = controlsOf(prompt).filter((c) => c.custom_id?.startsWith('tm:turn:'));
    expect(buttons.map((b) => b.label)).toEqual(['Pick colour']);
    const menus = await settle(fake.clickButton(buttons[0]!.custom_id!, { user: first }));
    const chooser: FakeComponent = controlsOf({ components: menus.components ?? [] }).find((c) => c.options)!;
    expect(chooser.options!.every((o) => o.description?.startsWith('pick-color'))).toBe(true);
    const colour = chooser.options![0]!;
    expect(colour.label).toMatch(/^Pick [a-z]+ as your colour$/);
    const picked = await settle(
      fake.selectMenu(chooser.custom_id!, [colour.value], { user: first, message: menus.message! }),
    );
    expect(picked.content).toMatch(/^Done/);

    // Now the second seat picks, from a menu without the other ice faction.
    const next = fake.newestPost();
    expect(next.pingedUserIds).toEqual([second.id]);
    const secondMenu = controlsOf(next).find((c) => c.custom_id?.startsWith('tm:faction:'));
    expect(secondMenu!.options!.map((o) => o.value)).not.toContain('yetis');
    expect(bot.errors).toEqual([]);
  });
});
