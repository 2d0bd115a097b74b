/**
 * A whole game played by people who have never seen the notation: after `/tm create`, `/tm join` and
 * `/tm start`, every decision is a click on what the bot posted (the faction menu, the turn prompt's
 * buttons and its menus of moves in words, power offers, tile menus), through the real discord.js
 * client against the fake Discord, until the final scores. The players choose at random (seeded), so
 * the game goes where a fixed record would not. A second game does the same with the Fire & Ice factions
 * on the Fire & Ice map with a final-scoring tile.
 */
import { describe, expect, it, vi } from 'vitest';
import { parseCustomId } from '../../src/bot/custom-id.ts';
import { factionName } from '../../src/bot/present/names.ts';
import { checkMessage, type ComponentJson } from '../../src/bot/message-limits.ts';
import { FACTIONS, type FactionId } from '../../src/engine/index.ts';
import { settle, type BotHarness } from '../support/bot-harness.ts';
import type { FakeMessage, FakeUser } from '../support/fake-discord.ts';
import { useBot } from '../support/shared-bot.ts';

const MAX_CLICKS = 4000;

/** mulberry32: the players' choices, the same every run. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/** How much a player likes to press each prompt button: mostly building, passing now and then. */
const TASTE: Record<string, number> = {
  build: 6,
  upgrade: 5,
  transform: 2,
  send: 2,
  advance: 1,
  action: 2,
  special: 2,
  convert: 0.3,
  pass: 1,
  other: 1,
};

const leaves = (rows: readonly unknown[]): ComponentJson[] =>
  (rows as ComponentJson[]).flatMap((row) => [...(row.components ?? [])]);

const within = (body: { content?: string | undefined; components: unknown[] }, where: string) =>
  expect(checkMessage({ content: body.content ?? '', components: body.components as ComponentJson[] }), where).toEqual(
    [],
  );

interface Played {
  /** How often each kind of button was pressed. */
  readonly pressed: Map<string, number>;
  /** The menu lines chosen, in words. */
  readonly labels: string[];
  readonly userByFaction: Map<string, FakeUser>;
  readonly clicks: number;
}

/**
 * Creates a game with `/tm create` options, seats every player, starts it, then clicks what the bot posts
 * (choosing at random, seeded) until the final scores; each refusal or message without anything to do
 * fails the test where it happens.
 */
async function playByClicking(
  bot: BotHarness,
  users: readonly FakeUser[],
  game: {
    readonly seed: number;
    readonly create: Record<string, string | number>;
    readonly prefer?: (faction: string) => boolean;
  },
): Promise<Played> {
  const fake = bot.fake;
  const random = seeded(game.seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const newest = (): FakeMessage => fake.newestPost();
  const userByFaction = new Map<string, FakeUser>();
  await settle(
    fake.slashCommand('/tm create', {
      user: users[0]!,
      options: { players: users.length, seating: 'joined', ...game.create },
    }),
  );
  for (const u of users.slice(1)) await settle(fake.slashCommand('/tm join', { user: u }));
  const started = await settle(fake.slashCommand('/tm start', { user: users[0]! }));
  expect(started.content).not.toMatch(/refus|cannot|not /i);

  const pressed = new Map<string, number>();
  const labels: string[] = [];
  let clicks = 0;
  for (; clicks < MAX_CLICKS; clicks++) {
    const message = newest();
    if (message.content.includes('Final scores')) break;
    within(message, `channel message ${message.id}`);
    const components = leaves(message.components);
    expect(components.length, `the newest message offers something to do: ${message.content}`).toBeGreaterThan(0);
    const ids = components.map((c) => parseCustomId(c.custom_id ?? '')!);
    const factionMenu = components.find((c) => c.custom_id?.startsWith('tm:faction:'));
    if (factionMenu) {
      const position = Number(parseCustomId(factionMenu.custom_id!)!.args[0]);
      const seat = await bot.service.findGameInChannel({
        userId: users[0]!.id,
        guildId: fake.guildId,
        channelId: fake.channelId,
      });
      expect(seat.ok).toBe(true);
      const userId = seat.ok ? seat.value!.game.seats.find((s) => s.position === position)!.userId : '';
      const user = users.find((u) => u.id === userId)!;
      const preferred = factionMenu.options!.filter((o) => game.prefer?.(o.value) ?? true);
      const faction = pick(preferred.length > 0 ? preferred : factionMenu.options!).value;
      userByFaction.set(faction, user);
      const reply = await settle(fake.selectMenu(factionMenu.custom_id!, [faction], { user }));
      expect(reply.content).toMatch(/plays the/);
      continue;
    }
    // Power offers and tile choices come first: the game waits on them.
    const offer = ids.filter((id) => id.kind === 'leech' || id.kind === 'decline');
    const take = components.find((c) => c.custom_id?.startsWith('tm:take:'));
    if (offer.length > 0) {
      const id = pick(offer);
      const button = components[ids.indexOf(id)]!;
      const reply = await settle(fake.clickButton(button.custom_id!, { user: userByFaction.get(id.args[0]!)! }));
      expect(reply.content, button.label).toMatch(/^Done/);
      pressed.set(id.kind, (pressed.get(id.kind) ?? 0) + 1);
      continue;
    }
    if (take) {
      const id = parseCustomId(take.custom_id!)!;
      const option = pick(take.options!);
      labels.push(option.label);
      const reply = await settle(
        fake.selectMenu(take.custom_id!, [option.value], { user: userByFaction.get(id.args[0]!)! }),
      );
      expect(reply.content, option.label).toMatch(/^Done/);
      pressed.set('take', (pressed.get('take') ?? 0) + 1);
      continue;
    }
    const prompt = ids.filter((id) => id.kind === 'turn');
    expect(prompt.length, message.content).toBeGreaterThan(0);
    const total = prompt.reduce((sum, id) => sum + (TASTE[id.args[1]!] ?? 1), 0);
    let roll = random() * total;
    const chosen = prompt.find((id) => (roll -= TASTE[id.args[1]!] ?? 1) < 0) ?? prompt.at(-1)!;
    const user = userByFaction.get(chosen.args[0]!)!;
    const button = components[ids.indexOf(chosen)]!;
    const menus = await settle(fake.clickButton(button.custom_id!, { user }));
    expect(menus.ephemeral).toBe(true);
    within(menus, `menus of ${button.label}`);
    const selects = leaves(menus.components).filter((c) => c.options);
    expect(selects.length, menus.content).toBeGreaterThan(0);
    const select = pick(selects);
    const option = pick(select.options!);
    labels.push(option.label);
    const played = await settle(fake.selectMenu(select.custom_id!, [option.value], { user, message: menus.message! }));
    expect(played.content, `${option.label} (${option.description})`).toMatch(/^Done/);
    pressed.set(chosen.args[1]!, (pressed.get(chosen.args[1]!) ?? 0) + 1);
  }
  expect(clicks).toBeLessThan(MAX_CLICKS);
  expect(bot.errors).toEqual([]);
  // Nobody typed a move: the only commands were create, join and start.
  const typed = fake.interactions.filter((i) => (i.payload as { type: number }).type === 2);
  expect(typed.length).toBe(2 + users.length - 1);
  return { pressed, labels, userByFaction, clicks };
}

describe('a whole game by clicking only', () => {
  const shared = useBot({ players: ['player2', 'player3', 'player4'] });

  it('sets up with commands, then plays to the final scores with buttons and menus only', async () => {
    const { bot, fake, players } = shared;
    const newest = (): FakeMessage => fake.newestPost();
    const { pressed, labels, userByFaction } = await playByClicking(bot, players, {
      seed: 14,
      create: { tiles: 'SCORE5 SCORE8 SCORE4 SCORE9 SCORE6 SCORE2 -BON3 -BON4 -BON5' },
    });
    // The game was really played: buildings, upgrades, passes, power offers, all in words.
    for (const kind of ['build', 'upgrade', 'pass']) expect(pressed.get(kind) ?? 0, kind).toBeGreaterThan(3);
    expect((pressed.get('leech') ?? 0) + (pressed.get('decline') ?? 0)).toBeGreaterThan(0);
    expect(labels.some((l) => /^Dwelling at [A-I]\d+/.test(l))).toBe(true);
    expect(labels.some((l) => /^(Trading house|Temple|Stronghold|Sanctuary) at [A-I]\d+/.test(l))).toBe(true);
    expect(labels.some((l) => /^Pass, take BON\d+ · /.test(l))).toBe(true);
    // Set-up is not blind: the start and the end of the faction picks show the map and the tiles.
    const files = (m: FakeMessage) => m.attachments.map((a) => a.filename).sort();
    const startPost = fake.channelMessages().find((m) => m.content.includes('The game has started'))!;
    expect(files(startPost)).toEqual(['cults.png', 'map.png', 'round.png']);
    const picks = fake.channelMessages().filter((m) => / plays the /.test(m.content));
    expect(picks.map(files)).toEqual([...picks.slice(1).map(() => []), ['cults.png', 'map.png', 'round.png']]);
    // A free action (a conversion, a burn) does not ping its own player, who is still to move (as posted:
    // taking the buttons off later edits the message).
    const again = fake.channelMessages().filter((m) => {
      const mover = /^\*\*[^*]+\*\* \(<@(\d+)>\)/.exec(m.content)?.[1];
      return (
        mover !== undefined && m.content.includes(`Next: <@${mover}> (`) && /· `(convert|burn) [^`]*`$/m.test(m.content)
      );
    });
    expect(again.length).toBeGreaterThan(3);
    for (const m of again)
      expect((m.history[0] ?? m).pingedUserIds, m.content).not.toContain(/<@(\d+)>/.exec(m.content)![1]);
    // Nor does it post pictures: it changed nothing on the map or the cult tracks.
    for (const m of again) expect(m.attachments, m.content).toEqual([]);
    // The channel reads as a story in words: a header with each round's scoring tile, moves in words.
    const posts = fake.channelMessages().map((m) => m.content);
    expect(posts.filter((c) => /^\*\*— Round [1-6] —\*\* scoring: SCORE\d · /m.test(c))).toHaveLength(6);
    // Each round's end says where the VP came from (rounds 1 to 5; the game's end has its final scores).
    expect(posts.filter((c) => /^\*\*End of round [1-5]\*\* — VP so far:$/m.test(c))).toHaveLength(5);
    expect(posts.some((c) => /^• \w[\w ]* \d+ VP: start \+20/m.test(c))).toBe(true);
    expect(posts.some((c) => /: Dwelling at [A-I]\d+ · `build [A-I]\d+`$/m.test(c))).toBe(true);
    // Only the live prompt keeps buttons: every older one lost them, and the game over leaves none. The
    // buttons come off in the background at 15 edits a second, behind a game clicked faster than that.
    await vi.waitFor(
      () => expect(fake.channelMessages().filter((m) => !m.pinned && m.components.length > 0)).toEqual([]),
      { timeout: 10_000 },
    );
    expect(fake.channelMessages().filter((m) => m.history.some((h) => h.components.length > 0)).length).toBeGreaterThan(
      100,
    );
    const final = newest().content;
    expect(final).toContain('Final scores');
    // The finished game's status message stays in the channel but leaves the pins.
    expect(fake.channelMessages().some((m) => m.embeds.length > 0)).toBe(true);
    await vi.waitFor(() => expect(fake.pinnedMessages()).toEqual([]));
    for (const faction of userByFaction.keys())
      expect(final).toMatch(new RegExp(`\\*\\*${factionName('en', faction)}\\*\\* \\(<@\\d+>\\): \\d+ VP`));
  }, 900_000);
});

const FIRE_AND_ICE_SIDE_2 = 'fire-and-ice-2';
const isFireAndIce = (faction: string) =>
  FACTIONS[faction as FactionId]?.option?.startsWith('fire-and-ice-factions/') === true;

describe('a whole Fire & Ice game by clicking only', () => {
  const shared = useBot({ players: ['player2', 'player3'] });

  it('plays the expansion factions on the Fire & Ice map with its final-scoring tile, to the final scores', async () => {
    const { bot, fake, players } = shared;
    const { pressed, userByFaction } = await playByClicking(bot, players, {
      seed: 7,
      create: { expansion: 'fire-and-ice', map: FIRE_AND_ICE_SIDE_2, 'final-scoring': 'fire-and-ice' },
      prefer: isFireAndIce,
    });
    const factions = [...userByFaction.keys()];
    expect(factions.filter(isFireAndIce)).toHaveLength(players.length);
    for (const kind of ['build', 'upgrade', 'pass']) expect(pressed.get(kind) ?? 0, kind).toBeGreaterThan(3);
    const posts = fake.channelMessages().map((m) => m.content);
    expect(posts.some((c) => /^Final scoring: \*\*[^*]+\*\*, /m.test(c))).toBe(true);
    const final = fake.newestPost().content;
    for (const faction of factions)
      expect(final).toMatch(new RegExp(`\\*\\*${factionName('en', faction)}\\*\\* \\(<@\\d+>\\): \\d+ VP`));
  }, 900_000);
});
