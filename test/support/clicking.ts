/**
 * Players who never type a move: each call clicks what the bot's newest post in a channel offers (the faction
 * menu, a power offer, a tile menu, or one of the turn prompt's buttons and then one of its menus of moves in
 * words), as the player whose control it is, choosing at random with a seeded generator. Every refusal or
 * post with nothing to do fails the test where it happens. Used by the whole-game tests that click only.
 */
import { expect } from 'vitest';
import { parseCustomId } from '../../src/bot/custom-id.ts';
import { checkMessage, type ComponentJson } from '../../src/bot/message-limits.ts';
import { settle, type BotHarness } from './bot-harness.ts';
import type { FakeMessage, FakeUser } from './fake-discord.ts';

/** mulberry32: the players' choices, the same every run. */
export function seeded(seed: number): () => number {
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

/** The buttons and menus of a message's rows. */
export const leaves = (rows: readonly unknown[]): ComponentJson[] =>
  (rows as ComponentJson[]).flatMap((row) => [...(row.components ?? [])]);

/** The message fits Discord's limits. */
export const within = (body: { content?: string | undefined; components: unknown[] }, where: string) =>
  expect(checkMessage({ content: body.content ?? '', components: body.components as ComponentJson[] }), where).toEqual(
    [],
  );

/** A table of clicking players and what they did so far. */
export interface ClickingTable {
  readonly bot: BotHarness;
  /** The game's channel (the fake Discord's default one when absent). */
  readonly channelId?: string;
  /** Everyone who may be seated: whoever the faction menu names picks from it. */
  readonly users: readonly FakeUser[];
  readonly random: () => number;
  /** Who plays each faction: filled as factions are picked; a test changes it when a seat changes hands. */
  readonly userByFaction: Map<string, FakeUser>;
  /** How often each kind of button was pressed. */
  readonly pressed: Map<string, number>;
  /** The menu lines chosen, in words. */
  readonly labels: string[];
  /** Which factions the faction menu prefers (all by default). */
  readonly prefer?: (faction: string) => boolean;
}

export function clickingTable(
  bot: BotHarness,
  users: readonly FakeUser[],
  seed: number,
  more: { channelId?: string; prefer?: (faction: string) => boolean } = {},
): ClickingTable {
  return {
    bot,
    users,
    random: seeded(seed),
    userByFaction: new Map(),
    pressed: new Map(),
    labels: [],
    ...more,
  };
}

/**
 * One decision: clicks what the newest post offers, as the player it is for. False once the final scores are
 * posted (nothing is clicked then).
 */
export async function clickNext(table: ClickingTable): Promise<boolean> {
  const { bot, random, userByFaction, pressed, labels } = table;
  const fake = bot.fake;
  const channelId = table.channelId ?? fake.channelId;
  const at = { channelId };
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const message: FakeMessage = fake.newestPost(channelId);
  if (message.content.includes('Final scores')) return false;
  within(message, `channel message ${message.id}`);
  const components = leaves(message.components);
  expect(components.length, `the newest message offers something to do: ${message.content}`).toBeGreaterThan(0);
  const ids = components.map((c) => parseCustomId(c.custom_id ?? '')!);
  const factionMenu = components.find((c) => c.custom_id?.startsWith('tm:faction:'));
  if (factionMenu) {
    const position = Number(parseCustomId(factionMenu.custom_id!)!.args[0]);
    const seat = await bot.service.findGameInChannel({
      userId: table.users[0]!.id,
      guildId: fake.guildOfChannel(channelId),
      channelId,
    });
    expect(seat.ok).toBe(true);
    const userId = seat.ok ? seat.value!.game.seats.find((s) => s.position === position)!.userId : '';
    const user = table.users.find((u) => u.id === userId)!;
    const preferred = factionMenu.options!.filter((o) => table.prefer?.(o.value) ?? true);
    const faction = pick(preferred.length > 0 ? preferred : factionMenu.options!).value;
    userByFaction.set(faction, user);
    const reply = await settle(fake.selectMenu(factionMenu.custom_id!, [faction], { user, ...at }));
    expect(reply.content).toMatch(/plays the/);
    return true;
  }
  // Power offers and tile choices come first: the game waits on them.
  const offer = ids.filter((id) => id.kind === 'leech' || id.kind === 'decline');
  const take = components.find((c) => c.custom_id?.startsWith('tm:take:'));
  if (offer.length > 0) {
    const id = pick(offer);
    const button = components[ids.indexOf(id)]!;
    const reply = await settle(fake.clickButton(button.custom_id!, { user: userByFaction.get(id.args[0]!)!, ...at }));
    expect(reply.content, button.label).toMatch(/^Done/);
    pressed.set(id.kind, (pressed.get(id.kind) ?? 0) + 1);
    return true;
  }
  if (take) {
    const id = parseCustomId(take.custom_id!)!;
    const option = pick(take.options!);
    labels.push(option.label);
    const reply = await settle(
      fake.selectMenu(take.custom_id!, [option.value], { user: userByFaction.get(id.args[0]!)!, ...at }),
    );
    expect(reply.content, option.label).toMatch(/^Done/);
    pressed.set('take', (pressed.get('take') ?? 0) + 1);
    return true;
  }
  const prompt = ids.filter((id) => id.kind === 'turn');
  expect(prompt.length, message.content).toBeGreaterThan(0);
  const total = prompt.reduce((sum, id) => sum + (TASTE[id.args[1]!] ?? 1), 0);
  let roll = random() * total;
  const chosen = prompt.find((id) => (roll -= TASTE[id.args[1]!] ?? 1) < 0) ?? prompt.at(-1)!;
  const user = userByFaction.get(chosen.args[0]!)!;
  const button = components[ids.indexOf(chosen)]!;
  const menus = await settle(fake.clickButton(button.custom_id!, { user, ...at }));
  expect(menus.ephemeral).toBe(true);
  within(menus, `menus of ${button.label}`);
  const selects = leaves(menus.components).filter((c) => c.options);
  expect(selects.length, menus.content).toBeGreaterThan(0);
  const select = pick(selects);
  const option = pick(select.options!);
  labels.push(option.label);
  const played = await settle(
    fake.selectMenu(select.custom_id!, [option.value], { user, ...at, message: menus.message! }),
  );
  expect(played.content, `${option.label} (${option.description})`).toMatch(/^Done/);
  pressed.set(chosen.args[1]!, (pressed.get(chosen.args[1]!) ?? 0) + 1);
  return true;
}
