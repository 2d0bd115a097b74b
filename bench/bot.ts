import { pathToFileURL } from 'node:url';
import { StringSelectMenuBuilder } from 'discord.js';
import { decisionComponents } from '../src/bot/decisions.ts';
import { PROMPT_GROUPS, promptGroupSize, promptPage } from '../src/bot/turn-prompt.ts';
import { whoMustAct, type FactionId, type GameState } from '../src/engine/index.ts';
import { powerOffers, type GameView } from '../src/game/service.ts';
import { replayLog } from '../src/notation/replay.ts';
import { parseGameLog, type LogEntry } from '../src/notation/log.ts';
import { readCorpus } from '../test/corpus.ts';
import { settle, startBot } from '../test/support/bot-harness.ts';
import type { FakeDiscord, FakeUser } from '../test/support/fake-discord.ts';
import { type BenchSize, sized } from './size.ts';
import { fmt, median, percentile } from './stats.ts';

type Row = Extract<LogEntry, { kind: 'row' }>;

/**
 * A league game's table in `channelId` (the fake's own channel by default), started with the game's
 * factions in its turn order: its players, by faction, and the rows they typed, in order, to play on it.
 */
export async function leagueTable(
  fake: FakeDiscord,
  channelId?: string,
): Promise<{ rows: Row[]; users: Map<string, FakeUser> }> {
  const entries = parseGameLog(readCorpus('4pLeague_S60_D1L1_G1.txt'));
  const factions = entries.filter((e): e is Row => e.kind === 'row' && e.text === 'setup').map((e) => e.faction);
  const users = new Map(
    factions.map((f, i) => [f, i === 0 && !channelId ? fake.defaultUser : fake.createUser(`${channelId ?? ''}p${i}`)]),
  );
  const first = users.get(factions[0]!)!;
  await settle(
    fake.slashCommand('/tm create', {
      user: first,
      ...(channelId ? { channelId } : {}),
      options: {
        players: 4,
        factions: 'turn-order',
        seating: 'joined',
        tiles: 'SCORE5 SCORE8 SCORE4 SCORE9 SCORE6 SCORE2 -BON3 -BON4 -BON5',
      },
    }),
  );
  const at = channelId ? { channelId } : {};
  for (const f of factions.slice(1)) await settle(fake.slashCommand('/tm join', { user: users.get(f)!, ...at }));
  await settle(fake.slashCommand('/tm start', { user: first, ...at }));
  for (const f of factions) {
    const menu = fake
      .channelMessages(channelId)
      .filter((m) => !m.pinned)
      .at(-1)!
      .components.flatMap((r) => (r as { components: { custom_id: string }[] }).components)
      .find((c) => c.custom_id.startsWith('tm:faction:'))!;
    await settle(fake.selectMenu(menu.custom_id, [f], { user: users.get(f)!, ...at }));
  }
  const rows = entries.filter((e): e is Row => e.kind === 'row' && !e.engine && e.text !== 'setup');
  return { rows, users };
}

/**
 * Interaction to final reply for moves through the real discord.js client and the fake Discord: the
 * reply comes after the channel post with the map and cult board, so this is the player's wait.
 */
export async function benchBot(moves = 120): Promise<string[]> {
  const bot = await startBot();
  const fake = bot.fake;
  try {
    const { rows, users } = await leagueTable(fake);
    const times: number[] = [];
    for (const row of rows.slice(0, moves)) {
      const t = performance.now();
      await settle(fake.slashCommand('/move', { user: users.get(row.faction)!, options: { text: row.text } }));
      times.push(performance.now() - t);
    }
    return [
      `bot: interaction to reply with images through the fake Discord (${times.length} moves): median ${fmt(median(times))} ms, p95 ${fmt(percentile(times, 95))} ms`,
    ];
  } finally {
    await bot.close();
  }
}

/**
 * Building the turn prompt on late-game positions (the second half of a corpus game, where move lists are
 * longest): the turn message's buttons; one button's first menu page (up to 100 moves in words, each
 * cost measured on a copy), each from a freshly loaded game as an interaction has; and all of it at once
 * (the message, then every page of every group's menus). Each position is first built as a new game
 * version (nothing computed yet: cold), then once more from another fresh load of the same version, as the
 * click after the turn message finds it (warm: the bot keeps a version's moves and words). On a machine
 * others share, one build per position mostly measures them: the whole cold prompt is also built five
 * times per position, each as a new version, and the fastest kept (what the position itself costs).
 */
export function benchPrompt(size: BenchSize = 'full'): string[] {
  const step = sized(size, 3, 40);
  const builds5 = sized(size, 5, 1);
  const entries = parseGameLog(readCorpus('4pLeague_S60_D1L1_G1.txt'));
  const rows = entries.filter((e): e is Row => e.kind === 'row');
  const load = (n: number) => replayLog(entries.slice(0, entries.indexOf(rows[n]!) + 1)).state;
  let builds = 0;
  const viewOf = (state: GameState, n: number, id: string) =>
    ({
      game: { id, version: n },
      positionVersion: n,
      moves: [],
      state,
      waitingFor: whoMustAct(state).map((faction, position) => ({ faction, position, userId: String(position) })),
      offers: powerOffers(state),
      factionPick: null,
      deadline: null,
    }) as unknown as GameView;
  const message: number[] = [];
  const page: number[] = [];
  const all: number[] = [];
  const warmPage: number[] = [];
  const warmAll: number[] = [];
  const fastestAll: number[] = [];
  let most = 0;
  const whole = (view: GameView, state: GameState, mover: FactionId) => {
    let options = 0;
    decisionComponents('en', view);
    for (const group of PROMPT_GROUPS) {
      for (let p = 0; p * 100 < promptGroupSize(view, state, mover, group); p++) {
        for (const row of promptPage('en', view, state, mover, group, p).components) {
          const menu = row.components[0];
          if (menu instanceof StringSelectMenuBuilder) options += menu.options.length;
        }
      }
    }
    return options;
  };
  for (let n = Math.floor(rows.length / 2); n < rows.length; n += step) {
    const probe = load(n);
    if (!probe?.active || probe.finished) continue;
    const mover = probe.active;
    const probeView = viewOf(probe, n, `probe-${builds++}`);
    const biggest = PROMPT_GROUPS.reduce((a, b) =>
      promptGroupSize(probeView, probe, mover, a) >= promptGroupSize(probeView, probe, mover, b) ? a : b,
    );
    const messageState = load(n)!;
    let t = performance.now();
    decisionComponents('en', viewOf(messageState, n, `message-${builds++}`));
    message.push(performance.now() - t);
    const fresh = load(n)!;
    const pageView = viewOf(fresh, n, `page-${builds++}`);
    t = performance.now();
    promptPage('en', pageView, fresh, mover, biggest, 0);
    page.push(performance.now() - t);
    const again = load(n)!;
    t = performance.now();
    promptPage('en', viewOf(again, n, pageView.game.id), again, mover, biggest, 0);
    warmPage.push(performance.now() - t);
    const cold = load(n)!;
    const wholeView = viewOf(cold, n, `whole-${builds++}`);
    t = performance.now();
    most = Math.max(most, whole(wholeView, cold, mover));
    all.push(performance.now() - t);
    const warm = load(n)!;
    t = performance.now();
    whole(viewOf(warm, n, wholeView.game.id), warm, mover);
    warmAll.push(performance.now() - t);
    let fastest = Infinity;
    for (let k = 0; k < builds5; k++) {
      const again = load(n)!;
      const view = viewOf(again, n, `fastest-${builds++}`);
      t = performance.now();
      whole(view, again, mover);
      fastest = Math.min(fastest, performance.now() - t);
    }
    fastestAll.push(fastest);
  }
  const line = (what: string, times: number[]) =>
    `bot: ${what}, ${times.length} late-game positions: median ${fmt(median(times))} ms, p95 ${fmt(percentile(times, 95))} ms, max ${fmt(Math.max(...times))} ms`;
  return [
    line('turn message buttons (legal moves included)', message),
    line("one button's first menu page in words with costs (legal moves included), cold", page),
    line("one button's first menu page, warm (its version's moves and words kept)", warmPage),
    line(`whole turn prompt, every page of every menu (up to ${most} moves), cold`, all),
    line('whole turn prompt, warm', warmAll),
    line(`whole turn prompt, cold, the fastest of ${builds5} builds per position`, fastestAll),
  ];
}

type Leaf = { custom_id?: string; options?: { value: string }[] };
const leavesOf = (rows: unknown[]): Leaf[] => (rows as { components?: Leaf[] }[]).flatMap((r) => r.components ?? []);

/**
 * A player's wait when clicking: a prompt button to its private menus, and a menu option to the "Done"
 * that comes after the channel post with the pictures and the next prompt. Four players choose the
 * first option of the first button (offers and tiles first), `clicks` times.
 */
export async function benchClicks(clicks = 80): Promise<string[]> {
  const bot = await startBot();
  const fake = bot.fake;
  try {
    const users = [fake.defaultUser, fake.createUser('p2'), fake.createUser('p3'), fake.createUser('p4')];
    const byFaction = new Map<string, (typeof users)[number]>();
    await settle(
      fake.slashCommand('/tm create', {
        options: {
          players: 4,
          seating: 'joined',
          tiles: 'SCORE5 SCORE8 SCORE4 SCORE9 SCORE6 SCORE2 -BON3 -BON4 -BON5',
        },
      }),
    );
    for (const u of users.slice(1)) await settle(fake.slashCommand('/tm join', { user: u }));
    await settle(fake.slashCommand('/tm start'));
    const button: number[] = [];
    const select: number[] = [];
    for (let n = 0; n < clicks + 12; n++) {
      const newest = fake
        .channelMessages()
        .filter((m) => !m.pinned)
        .at(-1)!;
      const comps = leavesOf(newest.components);
      const picker = comps.find((c) => c.custom_id?.startsWith('tm:faction:'));
      if (picker) {
        const user = users[byFaction.size]!;
        byFaction.set(picker.options![0]!.value, user);
        await settle(fake.selectMenu(picker.custom_id!, [picker.options![0]!.value], { user }));
        continue;
      }
      const offer = comps.find((c) => /^tm:(leech|take):/.test(c.custom_id ?? ''));
      if (offer) {
        const faction = offer.custom_id!.split(':')[4]!;
        const user = byFaction.get(faction)!;
        await settle(
          offer.options
            ? fake.selectMenu(offer.custom_id!, [offer.options[0]!.value], { user })
            : fake.clickButton(offer.custom_id!, { user }),
        );
        continue;
      }
      const turn = comps.find((c) => c.custom_id?.startsWith('tm:turn:'));
      if (!turn) break;
      const user = byFaction.get(turn.custom_id!.split(':')[4]!)!;
      let t = performance.now();
      const menus = await settle(fake.clickButton(turn.custom_id!, { user }));
      button.push(performance.now() - t);
      const menu = leavesOf(menus.components).find((c) => c.options)!;
      t = performance.now();
      await settle(fake.selectMenu(menu.custom_id!, [menu.options![0]!.value], { user, message: menus.message! }));
      select.push(performance.now() - t);
    }
    const line = (what: string, times: number[]) =>
      `bot: ${what} through the fake Discord (${times.length} clicks): median ${fmt(median(times))} ms, p95 ${fmt(percentile(times, 95))} ms`;
    return [
      line('prompt button to its menus in words', button),
      line('menu option to "Done" after the post with images and the next prompt', select),
    ];
  } finally {
    await bot.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const line of [...benchPrompt(), ...(await benchBot()), ...(await benchClicks())]) console.log(line);
}
