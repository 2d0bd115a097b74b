/**
 * A special landscape placed as a player who never read the notation places it: faction picks and set-up by
 * clicking, then every other faction passes while the placer clicks Build and the line that names it.
 */
import { expect } from 'vitest';
import { parseCustomId } from '../../src/bot/custom-id.ts';
import { boardOf, type FactionId, type GameState } from '../../src/engine/index.ts';
import { buildingAnchor, hexRadius, landscapeLegendSlot, mapFrame, MAP_GEOMETRY } from '../../src/render/layout.ts';
import { decodePng, isColour } from '../../src/render/pixels.ts';
import { factionFill } from '../../src/render/theme.ts';
import { settle } from './bot-harness.ts';
import { controlsOf, type FakeUser } from './fake-discord.ts';
import type { SharedBot } from './shared-bot.ts';

type Shared = SharedBot<readonly string[]>;

/** The started game in the test channel, as the service holds it. */
export async function gameState(shared: Shared): Promise<GameState> {
  const { bot, fake, players } = shared;
  const found = await bot.service.findGameInChannel({
    userId: players[0].id,
    guildId: fake.guildId,
    channelId: fake.channelId,
  });
  if (!found.ok || !found.value?.state) throw new Error('no game in the channel');
  return found.value.state;
}

/**
 * Seats `picks` in order, answers set-up with the first line of each menu, passes the others, and has `placer`
 * click Build and the first line `line` matches. Returns that menu line (label in words, notation beneath).
 */
export async function clickToLandscape(
  shared: Shared,
  picks: readonly FactionId[],
  placer: FactionId,
  line: RegExp,
): Promise<{ label: string; description?: string }> {
  const { fake, players } = shared;
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
  for (let click = 0; click < 20; click++) {
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
    if ((await gameState(shared)).phase !== 'play') {
      await choose(user, (button('build') ?? button('pass'))!, () => true);
    } else if (faction === placer) {
      return choose(user, button('build')!, (label) => line.test(label));
    } else {
      await choose(user, button('pass')!, () => true);
    }
  }
  throw new Error(`${placer} never got to place their landscape`);
}

/** Whether a posted map shows `faction`'s colour inside the token on `hex`, left of its symbol. */
export async function tokenInColour(png: Buffer, state: GameState, hex: string, faction: FactionId) {
  const image = await decodePng(png);
  const board = boardOf(state.map);
  const cell = board.hexes.get(hex)!;
  const at = buildingAnchor(mapFrame(board.hexes.values()).centre(cell.row, cell.col));
  return isColour(image.rgbAt({ x: at.x - hexRadius() * 0.42 * 0.85, y: at.y }), factionFill(state, faction));
}

/**
 * Whether a posted map names the landscapes on it under its legend: the picture has the row, and the
 * `index`-th of `count` tokens there is in `faction`'s colour, left of its symbol.
 */
export async function legendTokenInColour(
  png: Buffer,
  state: GameState,
  index: number,
  count: number,
  faction: FactionId,
): Promise<boolean> {
  const image = await decodePng(png);
  const frame = mapFrame(boardOf(state.map).hexes.values(), MAP_GEOMETRY, true);
  if (image.height !== frame.height) return false;
  const slot = landscapeLegendSlot(frame, index, count);
  const at = { x: slot.token.x - slot.tokenRadius * 0.85, y: slot.token.y };
  return isColour(image.rgbAt(at), factionFill(state, faction));
}
