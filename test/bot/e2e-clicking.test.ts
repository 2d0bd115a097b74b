/**
 * A whole game played by people who have never seen the notation: after `/tm create`, `/tm join` and
 * `/tm start`, every decision is a click on what the bot posted (the faction menu, the turn prompt's
 * buttons and its menus of moves in words, power offers, tile menus), through the real discord.js
 * client against the fake Discord, until the final scores. The players choose at random (seeded), so
 * the game goes where a fixed record would not. A second game does the same with the Fire & Ice factions
 * on the Fire & Ice map with a final-scoring tile.
 */
import { describe, expect, it, vi } from 'vitest';
import { factionName } from '../../src/bot/present/names.ts';
import { FACTIONS, type FactionId } from '../../src/engine/index.ts';
import { settle, type BotHarness } from '../support/bot-harness.ts';
import { clickNext, clickingTable } from '../support/clicking.ts';
import type { FakeMessage, FakeUser } from '../support/fake-discord.ts';
import { useBot } from '../support/shared-bot.ts';

const MAX_CLICKS = 4000;

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
  await settle(
    fake.slashCommand('/tm create', {
      user: users[0]!,
      options: { players: users.length, seating: 'joined', ...game.create },
    }),
  );
  for (const u of users.slice(1)) await settle(fake.slashCommand('/tm join', { user: u }));
  const started = await settle(fake.slashCommand('/tm start', { user: users[0]! }));
  expect(started.content).not.toMatch(/refus|cannot|not /i);

  const table = clickingTable(bot, users, game.seed, game.prefer ? { prefer: game.prefer } : {});
  let clicks = 0;
  while (clicks < MAX_CLICKS && (await clickNext(table))) clicks++;
  expect(clicks).toBeLessThan(MAX_CLICKS);
  expect(bot.errors).toEqual([]);
  // Nobody typed a move: the only commands were create, join and start.
  const typed = fake.interactions.filter((i) => (i.payload as { type: number }).type === 2);
  expect(typed.length).toBe(2 + users.length - 1);
  return { pressed: table.pressed, labels: table.labels, userByFaction: table.userByFaction, clicks };
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
