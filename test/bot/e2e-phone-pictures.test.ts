/**
 * Pictures for a phone, where Discord shows them about 400 px wide: through the fake Discord, a move posts
 * only the pictures it can have changed (a dwelling the map, a priest the cult board), the map's hex labels
 * stay legible at that width, and `/tm board` gives each faction a board picture of its own, with its
 * player's name, instead of one wide picture of all of them.
 */
import { describe, expect, it } from 'vitest';
import { renderLabels } from '../../src/bot/images.ts';
import { boardOf, type FactionId, type GameState } from '../../src/engine/index.ts';
import { renderPlayerBoard } from '../../src/render/board.ts';
import { hexRadius, mapFrame } from '../../src/render/layout.ts';
import { decodePng } from '../../src/render/pixels.ts';
import { hexToRgb, TERRAIN_FILL } from '../../src/render/theme.ts';
import { settle } from '../support/bot-harness.ts';
import { controlsOf, type FakeMessage, type FakeUser } from '../support/fake-discord.ts';
import { gameState } from '../support/landscape-clicks.ts';
import { useBot } from '../support/shared-bot.ts';

const PHONE_WIDTH = 400;

const shared = useBot({ players: ['second'] });

const files = (m: FakeMessage) => m.attachments.map((a) => a.filename);

const state = () => gameState(shared);

/** Presses the mover's button of `group` and plays the first line under it. */
async function play(user: FakeUser, group: string): Promise<FakeMessage> {
  const { fake } = shared;
  const button = controlsOf(fake.newestPost()).find(
    (c) => c.custom_id?.startsWith('tm:turn:') && c.custom_id.includes(`:${group}:`),
  );
  expect(
    button,
    `${group} among ${controlsOf(fake.newestPost())
      .map((c) => c.label)
      .join(', ')}`,
  ).toBeDefined();
  const menus = await settle(fake.clickButton(button!.custom_id!, { user }));
  const menu = controlsOf({ components: menus.components ?? [] }).find((c) => c.options?.length)!;
  const played = await settle(
    fake.selectMenu(menu.custom_id!, [menu.options![0]!.value], { user, message: menus.message! }),
  );
  expect(played.content).toMatch(/^Done/);
  return fake.newestPost();
}

/**
 * How tall, in pixels of a phone's 400 px wide view, a hex's label is drawn: the rows of the hex's middle
 * column that hold anything but its terrain's fill.
 */
async function labelHeightOnPhone(png: Buffer, s: GameState, hex: string): Promise<number> {
  const image = await decodePng(png);
  const board = boardOf(s.map);
  const cell = board.hexes.get(hex)!;
  const c = mapFrame(board.hexes.values()).centre(cell.row, cell.col);
  const fill = hexToRgb(TERRAIN_FILL[s.hexes[hex]!.terrain!]);
  const r = hexRadius();
  const rows: number[] = [];
  for (let y = Math.round(c.y - 0.45 * r); y <= c.y + 0.9 * r; y++)
    for (let x = c.x - 20; x <= c.x + 20; x++)
      if (image.rgbAt({ x, y }).some((v, i) => Math.abs(v - fill[i]!) > 40)) {
        rows.push(y);
        break;
      }
  const height = rows.length ? Math.max(...rows) - Math.min(...rows) + 1 : 0;
  return (height * PHONE_WIDTH) / image.width;
}

describe('pictures on a phone', () => {
  it('posts only the pictures a move changed, with hex labels legible 400 px wide', async () => {
    const {
      fake,
      players: [first, second],
    } = shared;
    await shared.startGame();
    for (const [user, faction] of [
      [first, 'darklings'],
      [second, 'witches'],
    ] as const) {
      const menu = controlsOf(fake.newestPost()).find((c) => c.custom_id?.startsWith('tm:faction:'))!;
      await settle(fake.selectMenu(menu.custom_id!, [faction], { user }));
    }
    const userOf = { darklings: first, witches: second };
    // Dwellings change the map, not the cult board.
    for (const faction of ['darklings', 'witches', 'witches', 'darklings'] as const) {
      const post = await play(userOf[faction], 'build');
      expect(files(post), post.content).toEqual(['map.png']);
    }
    // The map's labels: an empty hex's is about 9 px high on a phone (it was 3 to 4).
    const s = await state();
    const map = fake.newestPost().attachments[0]!.bytes;
    const empty = boardOf(s.map).landIds.filter((h) => !s.hexes[h]!.building);
    for (const hex of empty.slice(0, 5)) expect(await labelHeightOnPhone(map, s, hex), hex).toBeGreaterThan(6);
    // The starting bonus cards change neither: said in words.
    for (const faction of ['witches', 'darklings'] as const) {
      const post = await play(userOf[faction], 'pass');
      expect(files(post), post.content).toEqual([]);
    }
    // A priest sent: the cult board only.
    const sent = await play(first, 'send');
    expect(sent.content).toContain('Priest to');
    expect(files(sent)).toEqual(['cults.png']);
  });

  it('shows each faction its own board, with its player’s name, under /tm board', async () => {
    const {
      fake,
      players: [first, second],
    } = shared;
    const boards = await settle(fake.slashCommand('/tm board', { user: second }));
    expect(boards.files.map((f) => f.filename)).toEqual(['darklings.png', 'witches.png']);
    const s = await state();
    const labels = renderLabels('en');
    for (const [faction, user] of [
      ['darklings', first],
      ['witches', second],
    ] as [FactionId, FakeUser][]) {
      const posted = boards.files.find((f) => f.filename === `${faction}.png`)!.bytes;
      const image = await decodePng(posted);
      // 800 px wide: halved on a phone, its words stay readable.
      expect(image.width).toBe(800);
      expect(posted.equals(await renderPlayerBoard(s, faction, { labels, player: user.username }))).toBe(true);
      expect(posted.equals(await renderPlayerBoard(s, faction, { labels }))).toBe(false);
    }
    // One faction asked for: its board alone.
    const one = await settle(fake.slashCommand('/tm board', { user: first, options: { faction: 'witches' } }));
    expect(one.files.map((f) => f.filename)).toEqual(['witches.png']);
  });
});
