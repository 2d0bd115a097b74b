/**
 * The Fire & Ice factions chosen from Discord: `/tm create` takes them in words, the faction menu offers
 * them, and an Ice Maidens player picks the land colour and favour tile their faction asks for from the
 * menus the bot posts, before the next seat picks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settle, startBot, type BotHarness } from '../support/bot-harness.ts';
import { controlsOf, type FakeComponent, type FakeDiscord, type FakeUser } from '../support/fake-discord.ts';

describe('Fire & Ice factions picked in Discord', () => {
  let bot: BotHarness;
  let fake: FakeDiscord;
  let first: FakeUser;
  let second: FakeUser;

  beforeAll(async () => {
    bot = await startBot();
    fake = bot.fake;
    first = fake.defaultUser;
    second = fake.createUser('player2');
  });

  afterAll(async () => {
    await bot?.close();
  });

  it('offers them when asked for, and asks the Ice Maidens for their colour and favour tile', async () => {
    await settle(
      fake.slashCommand('/tm create', {
        user: first,
        options: { players: 2, seating: 'joined', expansion: 'fire-and-ice' },
      }),
    );
    await settle(fake.slashCommand('/tm join', { user: second }));
    await settle(fake.slashCommand('/tm start', { user: first }));
    const factionMenu = controlsOf(fake.newestPost()).find((c) => c.custom_id?.startsWith('tm:faction:'));
    const offered = factionMenu!.options!.map((o) => o.value);
    expect(offered).toEqual(
      expect.arrayContaining(['icemaidens', 'yetis', 'acolytes', 'dragonlords', 'riverwalkers', 'shapeshifters']),
    );
    await settle(fake.selectMenu(factionMenu!.custom_id!, ['icemaidens'], { user: first }));

    // Their favour tile from the menu under the post that pings them.
    const asked = fake.newestPost();
    expect(asked.pingedUserIds).toEqual([first.id]);
    const tiles = controlsOf(asked).find((c) => c.placeholder?.includes('Choose a tile'));
    expect(tiles!.options!.find((o) => o.value === '+FAV11')!.label).toBe(
      'Take FAV11 · +1 Earth · 2 VP per dwelling built',
    );
    expect((await settle(fake.selectMenu(tiles!.custom_id!, ['+FAV11'], { user: first }))).content).toMatch(/^Done/);

    // Their land colour, in words, from the prompt's buttons; the second seat is not asked yet.
    const prompt = fake.newestPost();
    expect(prompt.pingedUserIds).toEqual([first.id]);
    let colour: NonNullable<FakeComponent['options']>[number] | undefined;
    let chooser: FakeComponent | undefined;
    let menus: Awaited<ReturnType<typeof settle>> | undefined;
    for (const button of controlsOf(prompt).filter((c) => c.custom_id?.startsWith('tm:turn:'))) {
      menus = await settle(fake.clickButton(button.custom_id!, { user: first }));
      for (const select of controlsOf({ components: menus.components ?? [] }))
        for (const o of select.options ?? [])
          if (o.description?.startsWith('pick-color')) [colour, chooser] = [colour ?? o, chooser ?? select];
      if (colour) break;
    }
    expect(colour, 'a colour pick in the prompt').toBeDefined();
    expect(colour!.label).toMatch(/^Pick [a-z]+ as your colour$/);
    const picked = await settle(
      fake.selectMenu(chooser!.custom_id!, [colour!.value], { user: first, message: menus!.message! }),
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
