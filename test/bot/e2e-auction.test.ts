/**
 * The faction auction through the real discord.js client against the fake Discord (docs/rulings.md §3):
 * `/tm create` offers it in words; the channel shows the bids so far, pings the seat to bid and offers menus
 * of factions with what each does; a bid out of turn is refused privately; a typed `/move bid …` works too;
 * the last bid posts who plays what with how many VP, and the board.
 */
import { describe, expect, it } from 'vitest';
import { settle } from '../support/bot-harness.ts';
import { controlsOf, optionOfLine, type FakeComponent } from '../support/fake-discord.ts';
import { useBot } from '../support/shared-bot.ts';

describe('a game whose factions are bought at auction', () => {
  const shared = useBot({ players: ['bidder2'] });

  const newest = () => shared.fake.newestPost();
  const menus = () => controlsOf(newest());
  const menu = (kind: 'name' | 'raise') =>
    menus().find((c) => c.custom_id?.startsWith('tm:bid:') && c.custom_id.endsWith(`:${kind}`));

  it('takes bids from menus and typed notation, then seats the factions', async () => {
    const {
      fake,
      players: [first, second],
    } = shared;
    await shared.startGame({ factions: 'auction', 'starting-vp': '2017' });

    // Nobody has named a faction: the first seat is pinged with a menu of factions, each with what it does.
    expect(newest().content).toContain('no faction named yet');
    expect(newest().pingedUserIds).toEqual([first.id]);
    const names = menu('name')!;
    expect(names.placeholder).toBe('Name a faction (bid 0 VP)');
    expect(names.options).toHaveLength(14);
    const fakirs = names.options!.find((o) => o.value === 'bid fakirs 0')!;
    expect(fakirs.label).toBe('Fakirs · 33 VP');
    expect(fakirs.description).toContain('Carpet flight');
    expect(menu('raise')).toBeUndefined();

    // Only the seat to bid may answer.
    const wrong = await settle(fake.selectMenu(names.custom_id!, ['bid fakirs 0'], { user: second }));
    expect(wrong.ephemeral).toBe(true);
    expect(wrong.content).toContain('is for');
    const named = await settle(fake.selectMenu(names.custom_id!, ['bid fakirs 0'], { user: first }));
    expect(named.content).toContain('names the Fakirs (0 VP)');
    expect(newest().content).toContain(`names the Fakirs (0 VP)`);
    expect(newest().content).toContain(`Fakirs 0 VP (<@${first.id}>)`);
    expect(newest().pingedUserIds).toEqual([second.id]);
    const status = await settle(fake.slashCommand('/tm status', { user: second }));
    expect(status.content).toContain(`Fakirs 0 VP (<@${first.id}>)`);
    expect(status.content).toContain(`<@${second.id}>, your bid`);

    // The second seat outbids: the Fakirs' 33 raises do not fit one menu, so the faction opens them privately.
    const raises = menu('raise')!;
    expect(raises.options!.map((o) => o.value)).toEqual(['lot fakirs']);
    const amounts = await settle(fake.selectMenu(raises.custom_id!, ['lot fakirs'], { user: second }));
    const bid6 = controlsOf({ components: amounts.components ?? [] }).find((c) =>
      c.options?.some((o) => o.value === 'bid fakirs 6'),
    )!;
    await settle(fake.selectMenu(bid6.custom_id!, ['bid fakirs 6'], { user: second, message: amounts.message! }));
    expect(newest().content).toContain(`<@${second.id}> bids 6 VP on the Fakirs.`);
    expect(newest().pingedUserIds).toEqual([first.id]);

    // A typed bid too low is refused with the numbers; a typed bid that fits is taken.
    const low = await settle(fake.slashCommand('/move', { user: first, options: { text: 'bid fakirs 6' } }));
    expect(low.content).toContain('at least 7 VP');
    await settle(fake.slashCommand('/move', { user: first, options: { text: 'bid fakirs 12' } }));
    expect(newest().pingedUserIds).toEqual([second.id]);

    // The second seat names another faction: every seat holds one, the auction is over.
    await settle(fake.selectMenu(menu('name')!.custom_id!, ['bid darklings 0'], { user: second }));
    const done = newest();
    expect(done.content).toContain(`<@${first.id}> plays the Fakirs, starting with 21 VP.`);
    expect(done.content).toContain(`<@${second.id}> plays the Darklings, starting with 15 VP.`);
    expect(done.attachments.map((a) => a.filename)).toContain('map.png');
    // The Fakirs, named first, place the first dwelling.
    expect(done.pingedUserIds).toEqual([first.id]);
    expect(menus().some((c) => c.custom_id?.startsWith('tm:bid:'))).toBe(false);

    const log = await settle(fake.slashCommand('/tm log', { user: first }));
    expect(log.content).toContain('bid fakirs 12');
  }, 120_000);
});

describe('an auction in Spanish', () => {
  const shared = useBot({ players: ['postor2'] });

  it('speaks the game’s language in the channel and the bidder’s in private', async () => {
    const {
      fake,
      players: [first, second],
    } = shared;
    await settle(
      fake.slashCommand('/tm create', {
        user: first,
        locale: 'es-ES',
        options: { players: 2, seating: 'joined', factions: 'auction', language: 'es' },
      }),
    );
    await settle(fake.slashCommand('/tm join', { user: second, locale: 'it' }));
    await settle(fake.slashCommand('/tm start', { user: first, locale: 'es-ES' }));
    expect(fake.newestPost().content).toContain('aún no se ha nombrado ninguna');
    const menus = () => controlsOf(fake.newestPost());
    const names = menus().find((c) => c.custom_id?.endsWith(':name'))!;
    expect(names.placeholder).toBe('Nombra una facción (puja de 0 PV)');
    expect(names.options!.find((o) => o.value === 'bid witches 0')!.label).toBe('Brujas · 20 PV');
    await settle(fake.selectMenu(names.custom_id!, ['bid witches 0'], { user: first, locale: 'es-ES' }));
    expect(fake.newestPost().content).toContain('nombra la facción Brujas (0 PV)');
    const low = await settle(
      fake.slashCommand('/move', { user: second, locale: 'it', options: { text: 'bid witches 0' } }),
    );
    expect(low.content).toContain('almeno 1 PV');
  }, 120_000);
});

describe('an auction with the Fire & Ice factions (AU-9)', () => {
  const shared = useBot({ players: ['bidder2'] });

  it('seats the factions with the last bid, then asks the Ice Maidens for their favour tile and colour in words', async () => {
    const {
      bot,
      fake,
      players: [first, second],
    } = shared;
    await shared.startGame({ factions: 'auction', expansion: 'fire-and-ice' });
    const names = () => controlsOf(fake.newestPost()).find((c) => c.custom_id?.endsWith(':name'))!;
    const offered = names().options!.map((o) => o.value);
    expect(offered).toEqual(expect.arrayContaining(['bid icemaidens 0', 'bid shapeshifters 0', 'bid acolytes 0']));
    await settle(fake.selectMenu(names().custom_id!, ['bid icemaidens 0'], { user: first }));
    await settle(fake.selectMenu(names().custom_id!, ['bid witches 0'], { user: second }));

    // Every seat holds a faction: the Ice Maidens' player is pinged for the favour tile their faction brings.
    const asked = fake.newestPost();
    expect(asked.content).toContain(`<@${first.id}> plays the Ice Maidens`);
    expect(asked.pingedUserIds).toEqual([first.id]);
    const tiles = controlsOf(asked).find((c) => c.placeholder?.includes('Choose your starting favor tile'))!;
    expect(
      (await settle(fake.selectMenu(tiles.custom_id!, [optionOfLine(tiles, '+FAV11')], { user: first }))).content,
    ).toMatch(/^Done/);

    // Their colour in words from the prompt; the witches' forest is not among the colours offered.
    let colours: NonNullable<FakeComponent['options']> = [];
    let chooser: FakeComponent | undefined;
    let menus: Awaited<ReturnType<typeof settle>> | undefined;
    for (const button of controlsOf(fake.newestPost()).filter((c) => c.custom_id?.startsWith('tm:turn:'))) {
      menus = await settle(fake.clickButton(button.custom_id!, { user: first }));
      for (const select of controlsOf({ components: menus.components ?? [] })) {
        const picks = (select.options ?? []).filter((o) => o.description?.startsWith('pick-color'));
        if (picks.length) [colours, chooser] = [picks, select];
      }
      if (chooser) break;
    }
    expect(colours.map((o) => o.label)).toContain('Pick wasteland as your colour');
    expect(colours.map((o) => o.label)).not.toContain('Pick forest as your colour');
    const red = colours.find((o) => o.label === 'Pick wasteland as your colour')!;
    const picked = await settle(
      fake.selectMenu(chooser!.custom_id!, [red.value], { user: first, message: menus!.message! }),
    );
    expect(picked.content).toMatch(/^Done/);

    // Set-up is over: the Ice Maidens, named first, place the first dwelling. Their player has been waited on
    // since the last bid and has just clicked: they are told in words, not pinged again.
    expect(fake.newestPost().content).toContain(`Next: <@${first.id}> (Ice Maidens) to place their first dwelling.`);
    expect(fake.newestPost().pingedUserIds).toEqual([]);
    const log = await settle(fake.slashCommand('/tm log', { user: first }));
    expect(log.content).toContain('setup witches');
    expect(log.content).toContain('pick-color red');
    expect(bot.errors).toEqual([]);
  }, 120_000);
});
