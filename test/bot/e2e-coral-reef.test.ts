/**
 * The Coral Reef as a player meets it, through the fake Discord and the real discord.js client: faction picks
 * and set-up by clicking, then the mermaids place their Reef by clicking Build and the menu line that says
 * "on the river by" the land around it; the map posted after the move shows its token on that river space in their colour.
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

describe('the Coral Reef in Discord', () => {
  const shared = useBot({ players: ['player2'] });

  it('is placed on a river space by clicking, said in words, and drawn on the river', async () => {
    const { bot, fake, players } = shared;
    await shared.startGame({ 'special-landscapes': 'on' });
    const stateNow = async () => {
      const found = await bot.service.findGameInChannel({
        userId: players[0].id,
        guildId: fake.guildId,
        channelId: fake.channelId,
      });
      if (!found.ok || !found.value?.state) throw new Error('no game in the channel');
      return found.value.state;
    };
    const picks: readonly FactionId[] = ['mermaids', 'giants'];
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
      } else if (faction === 'mermaids') {
        placed = await choose(user, button('build')!, (label) => /^Coral Reef on the river by [A-I]\d+/.test(label));
      } else {
        await choose(user, button('pass')!, () => true);
      }
    }
    expect(placed, 'the mermaids placed their Reef').toBeDefined();
    const hex = /^landscape (r\d+)$/.exec(placed!.description ?? '')?.[1];
    expect(hex, placed!.description).toBeDefined();
    // The words name the land around the river space, which the map prints (it prints no river names).
    const words = /^Coral Reef on the river by [A-I]\d+(?:, [A-I]\d+)*/.exec(placed!.label)![0];

    const state = await stateNow();
    expect(state.hexes[hex!]).toMatchObject({ owner: 'mermaids', landscape: 'reef', terrain: null });
    const post = fake
      .channelMessages()
      .filter((m) => m.content.includes(words))
      .at(-1)!;
    expect(post, 'the move posted').toBeDefined();
    const map = post.attachments.find((a) => a.filename === 'map.png')!;
    expect(map, 'the map posted with the move').toBeDefined();
    const image = await decodePng(map.bytes);
    const board = boardOf(state.map);
    const banks = words.replace('Coral Reef on the river by ', '').split(', ');
    expect(banks).toEqual(board.landIds.filter((land) => board.adjacent.get(hex!)?.has(land)));
    const cell = board.hexes.get(hex!)!;
    const at = buildingAnchor(mapFrame(board.hexes.values()).centre(cell.row, cell.col));
    expect(
      isColour(image.rgbAt({ x: at.x - hexRadius() * 0.42 * 0.85, y: at.y }), factionFill(state, 'mermaids')),
    ).toBe(true);
  }, 120_000);
});
