/**
 * Special landscapes as a player meets them, through the fake Discord and the real discord.js client: a
 * game created with the option in words, the start post that says what it adds, faction picks and set-up
 * by clicking, then the witches place their Raven's Folly by clicking Build and the menu line that names
 * it; the map posted after the move shows its token on that hex in the witches' colour.
 */
import { describe, expect, it } from 'vitest';
import { parseCustomId } from '../../src/bot/custom-id.ts';
import { boardOf, type FactionId } from '../../src/engine/index.ts';
import { buildingAnchor, hexRadius, mapFrame } from '../../src/render/layout.ts';
import { decodePng, isColour } from '../../src/render/pixels.ts';
import { factionFill } from '../../src/render/theme.ts';
import { settle } from '../support/bot-harness.ts';
import { controlsOf, type FakeUser } from '../support/fake-discord.ts';
import { useBot } from '../support/shared-bot.ts';

describe('special landscapes in Discord', () => {
  const shared = useBot({ players: ['player2'] });

  it('are chosen at /tm create, announced at the start, and placed by clicking', async () => {
    const { bot, fake, players } = shared;
    // Offered in words, in every language of the catalogue.
    const create = [...fake.registeredCommands(), ...fake.registeredCommands(fake.guildId)]
      .find((c) => c.name === 'tm')!
      .options!.find((o) => o.name === 'create')!;
    const option = create.options!.find((o) => o.name === 'special-landscapes') as
      { choices: { name: string; value: string }[]; name_localizations: Record<string, string> } | undefined;
    expect(option!.choices.map((c) => c.value)).toEqual(['off', 'on']);
    expect(option!.choices[1]!.name).toMatch(
      /^With them: each faction places its own once, instead of the terrain tile/,
    );
    expect(option!.name_localizations).toMatchObject({ 'es-ES': 'paisajes-especiales', it: 'paesaggi-speciali' });

    const created = await shared.startGame({ 'special-landscapes': 'on' });
    expect(created.content).not.toMatch(/refus|cannot/i);
    const startPost = fake.channelMessages().find((m) => m.content.includes('The game has started'))!;
    expect(startPost.content).toContain('Special landscapes: each base-game faction places its own once');

    const stateNow = async () => {
      const found = await bot.service.findGameInChannel({
        userId: players[0].id,
        guildId: fake.guildId,
        channelId: fake.channelId,
      });
      if (!found.ok || !found.value?.state) throw new Error('no game in the channel');
      return found.value.state;
    };
    const picks: readonly FactionId[] = ['witches', 'giants'];
    const userOf = new Map<string, FakeUser>();
    const choose = async (user: FakeUser, button: string, option: (label: string) => boolean) => {
      const menus = await settle(fake.clickButton(button, { user }));
      const options = controlsOf(menus).flatMap((c) => (c.options ?? []).map((o) => ({ menu: c.custom_id!, ...o })));
      const chosen = options.find((o) => option(o.label));
      expect(chosen, options.map((o) => o.label).join('\n')).toBeDefined();
      const played = await settle(fake.selectMenu(chosen!.menu, [chosen!.value], { user, message: menus.message! }));
      expect(played.content, chosen!.label).toMatch(/^Done/);
      return chosen!;
    };

    // Faction picks, starting dwellings and bonus cards, then round 1 until the witches place theirs.
    let placed: { label: string; description?: string } | undefined;
    for (let click = 0; click < 20 && !placed; click++) {
      const controls = controlsOf(fake.newestPost());
      const factionMenu = controls.find((c) => c.custom_id?.startsWith('tm:faction:'));
      if (factionMenu) {
        const position = Number(parseCustomId(factionMenu.custom_id!)!.args[0]);
        userOf.set(picks[position]!, players[position]!);
        await settle(fake.selectMenu(factionMenu.custom_id!, [picks[position]!], { user: players[position]! }));
        continue;
      }
      const turn = controls.map((c) => parseCustomId(c.custom_id ?? '')).filter((id) => id?.kind === 'turn');
      expect(turn.length, fake.newestPost().content).toBeGreaterThan(0);
      const faction = turn[0]!.args[0]!;
      const user = userOf.get(faction)!;
      const button = (group: string) => controls.find((c) => c.custom_id?.includes(`:${faction}:${group}:`))?.custom_id;
      const state = await stateNow();
      if (state.phase !== 'play') {
        await choose(user, (button('build') ?? button('pass'))!, () => true);
      } else if (faction === 'witches') {
        // A player who never read the notation: the Build button, then the line that names the landscape.
        placed = await choose(user, button('build')!, (label) => / → Raven's Folly at [A-I]\d+ · /.test(label));
      } else {
        await choose(user, button('pass')!, () => true);
      }
    }
    expect(placed, 'the witches placed their landscape').toBeDefined();
    expect(placed!.label).toMatch(
      /^Dig 1 spade → Transform [A-I]\d+ to forest → Raven's Folly at [A-I]\d+ · (\+\d+ VP · )?−3 W/,
    );
    const hex = /Raven's Folly at ([A-I]\d+)/.exec(placed!.label)![1]!;
    expect(placed!.description).toBe(`dig 1. transform ${hex} to green. landscape ${hex}`);

    const state = await stateNow();
    expect(state.hexes[hex]).toMatchObject({ owner: 'witches', landscape: 'raven', terrain: 'green' });
    // The channel hears of it in words, with the map.
    const post = fake
      .channelMessages()
      .filter((m) => m.content.includes(`Raven's Folly at ${hex}`))
      .at(-1)!;
    expect(post, 'the move posted').toBeDefined();
    const map = post.attachments.find((a) => a.filename === 'map.png')!;
    expect(map, 'the map posted with the move').toBeDefined();
    const image = await decodePng(map.bytes);
    const board = boardOf(state.map);
    const cell = board.hexes.get(hex)!;
    const at = buildingAnchor(mapFrame(board.hexes.values()).centre(cell.row, cell.col));
    // Inside the token, left of its raven, the witches' colour.
    expect(isColour(image.rgbAt({ x: at.x - hexRadius() * 0.42 * 0.85, y: at.y }), factionFill(state, 'witches'))).toBe(
      true,
    );
  }, 120_000);
});
