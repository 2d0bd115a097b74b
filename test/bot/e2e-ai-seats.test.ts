/**
 * AI seats through the fake Discord, as players meet them: a game of one person and two AI seats played to
 * its final scores by clicking (every AI move posted with the line that says why, only the person pinged,
 * nothing stuck); a seat handed to the AI in the middle of a game and taken back; a bot restarted while an
 * AI seat was deciding, which loses nothing and plays on.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { parseCustomId } from '../../src/bot/custom-id.ts';
import { checkMessage, type ComponentJson } from '../../src/bot/message-limits.ts';
import { legalMoves } from '../../src/engine/index.ts';
import type { GameService, GameView } from '../../src/game/service.ts';
import { formatCommands } from '../../src/notation/format.ts';
import type { Decider } from '../../src/seats/runner.ts';
import { settle, startBot, type BotHarness } from '../support/bot-harness.ts';
import { leaves, seeded } from '../support/clicking.ts';
import type { FakeMessage, FakeUser } from '../support/fake-discord.ts';

const MAX_CLICKS = 3000;

async function gameOf(service: GameService, user: FakeUser, fake: BotHarness['fake']): Promise<GameView> {
  const found = await service.findGameInChannel({ userId: user.id, guildId: fake.guildId, channelId: fake.channelId });
  if (!found.ok || !found.value) throw new Error('no game in the channel');
  return found.value;
}

/** Waits until the AI seats have played what they owe and their posts are out. */
async function aiDone(bot: BotHarness): Promise<void> {
  await bot.aiSeats().idle();
}

/**
 * One click of `user` on the newest post: the faction menu, a power offer, a tile menu or the turn prompt (a
 * button, then an option of its menus), chosen at random. Fails when the newest post offers them nothing.
 * `passWeight` 0 passes only when nothing else is offered: a game that must not reach its end too soon.
 */
async function clickOnce(bot: BotHarness, user: FakeUser, random: () => number, passWeight = 1): Promise<string> {
  const { fake } = bot;
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const message = fake.newestPost();
  expect(
    checkMessage({ content: message.content, components: message.components as ComponentJson[] }),
    message.id,
  ).toEqual([]);
  const view = await gameOf(bot.service, user, fake);
  const seat = view.game.seats.find((s) => s.userId === user.id)!;
  const mine = leaves(message.components).filter((c) => {
    const id = parseCustomId(c.custom_id ?? '');
    if (!id) return false;
    if (id.kind === 'faction') return Number(id.args[0]) === seat.position;
    return id.args[0] === seat.faction;
  });
  expect(mine.length, `the newest post offers ${user.username} something to do: ${message.content}`).toBeGreaterThan(0);
  const menu = mine.find((c) => c.custom_id!.startsWith('tm:faction:') || c.custom_id!.startsWith('tm:take:'));
  if (menu) {
    const option = pick(menu.options!);
    const reply = await settle(fake.selectMenu(menu.custom_id!, [option.value], { user }));
    expect(reply.content, option.label).not.toMatch(/refus|not your|cannot/i);
    return option.label;
  }
  const offers = mine.filter((c) => /^tm:(leech|decline):/.test(c.custom_id!));
  if (offers.length) {
    const button = pick(offers);
    const reply = await settle(fake.clickButton(button.custom_id!, { user }));
    expect(reply.content, button.label).toMatch(/^Done/);
    return button.label!;
  }
  const prompt = mine.filter((c) => c.custom_id!.startsWith('tm:turn:'));
  expect(prompt.length, message.content).toBeGreaterThan(0);
  // Mostly building, passing now and then: a game that gets somewhere.
  const weight = (c: ComponentJson) =>
    ({ build: 6, upgrade: 5, pass: passWeight, convert: 0.3 })[parseCustomId(c.custom_id!)!.args[1]!] ?? 1;
  let roll = random() * prompt.reduce((sum, c) => sum + weight(c), 0);
  const button = prompt.find((c) => (roll -= weight(c)) < 0) ?? prompt.at(-1)!;
  const menus = await settle(fake.clickButton(button.custom_id!, { user }));
  const selects = leaves(menus.components).filter((c) => c.options);
  expect(selects.length, menus.content).toBeGreaterThan(0);
  const option = pick(pick(selects).options!);
  const select = selects.find((s) => s.options!.includes(option))!;
  const played = await settle(fake.selectMenu(select.custom_id!, [option.value], { user, message: menus.message! }));
  expect(played.content, `${option.label} (${option.description})`).toMatch(/^Done/);
  return option.label;
}

const AI_NAME = /🤖 (Ada|Alan)/;

/** Posts of AI moves: "**Witches** (🤖 Ada): …" then the line that says why. */
const aiMovePosts = (fake: BotHarness['fake']) =>
  fake.channelMessages().filter((m) => /^\*\*[^*]+\*\* \(🤖 (Ada|Alan)\): /m.test(m.content));

const outDir = 'out/e2e-ai-seats';
/** Keeps a post's pictures for a person to look at (`out/` is not committed). */
async function keepPictures(message: FakeMessage, name: string): Promise<void> {
  mkdirSync(outDir, { recursive: true });
  for (const a of message.attachments) writeFileSync(`${outDir}/${name}-${a.filename}`, a.bytes);
}

describe('a game of one person and two AI seats, by clicking', () => {
  let bot: BotHarness;
  afterAll(async () => bot?.close());

  it('is played to its final scores: every AI move posted with why, only the person pinged, nothing stuck', async () => {
    bot = await startBot({ ai: { threads: 1 } });
    const { fake } = bot;
    const alice = fake.defaultUser;
    const created = await settle(
      fake.slashCommand('/tm create', {
        user: alice,
        options: { players: 3, ai: 2, 'ai-level': 'easy', seating: 'joined' },
      }),
    );
    expect(created.content).not.toMatch(/refus|cannot/i);
    const createdPost = fake.channelMessages().find((m) => m.content.includes('AI players:'))!;
    expect(createdPost.content).toContain('🤖 Ada (AI, easy), 🤖 Alan (AI, easy)');
    expect(createdPost.content).toContain('not rated');
    const started = await settle(fake.slashCommand('/tm start', { user: alice }));
    expect(started.content).not.toMatch(/refus|cannot/i);
    const gameId = (await gameOf(bot.service, alice, fake)).game.id;
    const random = seeded(27);
    let clicks = 0;
    /** Times the AI seats handed the game back to alice after her move, and she was pinged for it. */
    let handedBack = 0;
    await aiDone(bot);
    for (; clicks < MAX_CLICKS; clicks++) {
      if (fake.newestPost().content.includes('Final scores')) break;
      const before = fake.channelMessages().length;
      await clickOnce(bot, alice, random);
      await aiDone(bot);
      // Her move's post, then the AI's. When her move left her waiting for nothing and the AI's moves
      // make the game wait for her again, one of their posts pings her: she is told it is her turn.
      const [own, ...after] = fake.channelMessages().slice(before);
      const next = (m: FakeMessage) => /^Next: .*$/m.exec(m.content)?.[0] ?? '';
      const waitsNow = (await bot.service.currentView(gameId)).ok && fake.newestPost().components.length > 0;
      if (own && after.length > 0 && !next(own).includes(`<@${alice.id}>`) && waitsNow) {
        expect(
          after.some((m) => (m.history[0] ?? m).pingedUserIds.includes(alice.id)),
          after.map((m) => m.content).join('\n---\n'),
        ).toBe(true);
        handedBack++;
      }
    }
    expect(handedBack).toBeGreaterThan(10);
    expect(clicks).toBeLessThan(MAX_CLICKS);
    expect(bot.errors).toEqual([]);
    const current = await bot.service.currentView(gameId);
    if (!current.ok) throw new Error('the game no longer reads');
    const view = current.value;
    expect(view.state!.finished).toBe(true);
    // The AI seats picked their factions and played their whole game; every move of theirs says why.
    const aiPosts = aiMovePosts(fake);
    const aiRows = view.moves.filter((m) => m.userId?.startsWith('ai:') && !m.text.startsWith('setup'));
    expect(aiPosts.length).toBe(aiRows.length);
    for (const post of aiPosts) expect(post.content, post.content).toMatch(/^_Why \(easy\):_ .+\.$/m);
    expect(aiPosts.filter((p) => /VP from the round's \w+/.test(p.content)).length).toBeGreaterThan(0);
    // Pings: only the person, never an AI.
    const posts = fake.channelMessages();
    for (const m of posts)
      expect(
        (m.history[0] ?? m).pingedUserIds.every((u) => u === alice.id),
        m.content,
      ).toBe(true);
    // The boards show the AI's moves, their factions marked as the AI's.
    const built = aiPosts.find(
      (p) => p.attachments.some((a) => a.filename === 'map.png') && /Dwelling at/.test(p.content),
    );
    expect(built).toBeDefined();
    await keepPictures(built!, 'ai-move');
    writeFileSync(`${outDir}/channel.txt`, posts.map((m) => m.content).join('\n\n'));
    const final = fake.newestPost();
    expect(final.content).toMatch(AI_NAME);
    expect(final.content).toContain('not rated');
    const result = await bot.service.recomputedResult(view.game.id);
    expect(result.ok && result.value.seats.map((s) => s.ai)).toEqual(view.game.seats.map((s) => s.ai !== null));
  }, 1_800_000);
});

describe('a seat handed to the AI in the middle of a game, and taken back', () => {
  let bot: BotHarness;
  afterAll(async () => bot?.close());

  it('the AI plays the seat at once, its player cannot meanwhile, and takes it back to be pinged again', async () => {
    bot = await startBot({ ai: { threads: 1 } });
    const { fake } = bot;
    const alice = fake.defaultUser;
    const bob = fake.createUser('bob');
    await settle(
      fake.slashCommand('/tm create', { user: alice, options: { players: 2, seating: 'joined', factions: 'random' } }),
    );
    await settle(fake.slashCommand('/tm join', { user: bob }));
    await settle(fake.slashCommand('/tm start', { user: alice }));
    const random = seeded(5);
    let view = await gameOf(bot.service, alice, fake);
    const bobs = view.game.seats.find((s) => s.userId === bob.id)!;
    // Set-up and a few turns by clicking, whoever the game waits for. Nobody passes while they can do
    // anything else: the game must still be going when bob takes his seat back (an AI that passes early
    // and a player who passes often reached the last round's end in CI).
    for (let i = 0; i < 12; i++) {
      view = await gameOf(bot.service, alice, fake);
      const who = view.waitingFor[0]!.userId === bob.id ? bob : alice;
      await clickOnce(bot, who, random, 0);
    }
    // bob hands his seat to the AI himself.
    const faction = bobs.faction!;
    const handed = await settle(
      fake.slashCommand('/tm replace', { user: bob, options: { faction, 'ai-level': 'easy' } }),
    );
    expect(handed.content).toMatch(/^Done: 🤖 Ada \(AI, easy\) plays the/);
    await aiDone(bot);
    const post = fake.channelMessages().find((m) => m.content.includes('handed their seat'))!;
    expect(post.content).toContain(`<@${bob.id}> handed their seat`);
    // Whenever the game waits for the seat, the AI plays it; bob's buttons are no longer his. The seat may
    // have passed for the round before bob handed it over (the game's factions are drawn at random): then
    // alice plays on alone until the next round gives the seat a turn.
    const aiMoves = () => view.moves.filter((m) => m.userId === 'ai:ada').length;
    view = await gameOf(bot.service, alice, fake);
    for (let i = 0; i < 60 && (i < 10 || aiMoves() === 0); i++) {
      expect(
        view.waitingFor.every((w) => w.userId === alice.id),
        view.waitingFor.map((w) => w.userId).join(),
      ).toBe(true);
      await clickOnce(bot, alice, random, 0);
      await aiDone(bot);
      view = await gameOf(bot.service, alice, fake);
    }
    expect(aiMoves(), view.moves.map((m) => `${m.userId}: ${m.text}`).join('\n')).toBeGreaterThan(0);
    const w = view.waitingFor[0]!;
    const line = formatCommands(legalMoves(view.state!, w.faction)[0]!.commands);
    const typed = await settle(fake.slashCommand('/move', { user: bob, options: { text: line } }));
    expect(typed.content).toMatch(/not (playing|seated)|not your turn|You are not/i);
    // bob takes his seat back: the game waits for him again and pings him.
    const back = await settle(fake.slashCommand('/tm replace', { user: bob, options: { faction } }));
    expect(back.content).toMatch(/^Done: you play the/);
    view = await gameOf(bot.service, alice, fake);
    expect(view.game.seats.find((s) => s.position === bobs.position)).toMatchObject({ userId: bob.id, ai: null });
    for (let i = 0; i < 40 && !view.waitingFor.some((x) => x.userId === bob.id); i++) {
      await clickOnce(bot, alice, random, 0);
      await aiDone(bot);
      view = await gameOf(bot.service, alice, fake);
    }
    expect(view.waitingFor.some((x) => x.userId === bob.id)).toBe(true);
    expect(fake.newestPost().pingedUserIds).toContain(bob.id);
    await clickOnce(bot, bob, random);
    expect(bot.errors).toEqual([]);
  }, 600_000);
});

describe('a restart while an AI seat is deciding', () => {
  let bot: BotHarness;
  afterAll(async () => bot?.close());

  it('loses nothing: the next process finds the game at start-up and the AI plays on, each post once', async () => {
    // The first process never finishes its decision (a search under way when it is stopped); the next decides.
    const hanging: Decider = { decide: () => new Promise(() => {}) };
    bot = await startBot({ ai: { decider: (process) => (process === 0 ? hanging : undefined) } });
    const { fake } = bot;
    const alice = fake.defaultUser;
    await settle(
      fake.slashCommand('/tm create', {
        user: alice,
        options: { players: 2, ai: 1, seating: 'joined', factions: 'random' },
      }),
    );
    await settle(fake.slashCommand('/tm start', { user: alice }));
    const random = seeded(3);
    // The factions are random: alice places dwellings until the AI's turn comes (none if the AI's goes
    // first, two in a row when the AI's faction places after everyone's, as the Chaos Magicians' does).
    // The game then waits on the AI seat, whose decision hangs.
    const waitsOnAi = async () =>
      (await gameOf(bot.service, alice, fake)).waitingFor.some((w) => w.userId === 'ai:ada');
    for (let i = 0; i < 3 && !(await waitsOnAi()); i++) await clickOnce(bot, alice, random);
    let view = await gameOf(bot.service, alice, fake);
    expect(view.waitingFor.map((w) => w.userId)).toEqual(['ai:ada']);
    const before = { version: view.game.version, posts: fake.channelMessages().length };
    await new Promise((r) => setTimeout(r, 200));
    expect((await gameOf(bot.service, alice, fake)).game.version).toBe(before.version);
    await bot.restart();
    await new Promise((r) => setTimeout(r, 200));
    await aiDone(bot);
    view = await gameOf(bot.service, alice, fake);
    expect(view.game.version).toBeGreaterThan(before.version);
    expect(view.waitingFor.map((w) => w.userId)).toEqual([alice.id]);
    const posts = fake.channelMessages();
    expect(posts.length).toBeGreaterThan(before.posts);
    // Each stored change was posted once, in order: the AI's moves since the restart, then alice's turn.
    const nonces = posts.map((m) => m.nonce).filter(Boolean);
    expect(new Set(nonces).size).toBe(nonces.length);
    expect(aiMovePosts(fake).length).toBe(
      view.moves.filter((m) => m.userId === 'ai:ada' && !m.text.startsWith('setup')).length,
    );
    expect(fake.newestPost().pingedUserIds).toEqual([alice.id]);
    await clickOnce(bot, alice, random);
    await aiDone(bot);
    expect(bot.errors).toEqual([]);
  }, 300_000);
});
