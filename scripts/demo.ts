/**
 * `npm run demo`: what the bot looks like, without a Discord application. The real bot logs into the
 * bundled fake Discord (test/support/fake-discord.ts), players on one keyboard create, join and start a
 * game and pick their factions from the menu, then play its set-up and first round, each move chosen by the
 * AI (src/ai) and sent as a player sends it; the channel is then written as a web page (its posts, their
 * buttons and menus, the pictures) to open in a browser.
 *
 *   npm run demo [-- --players 2..5] [--rounds N] [--moves N] [--seed S] [--out DIR]
 *
 * `--rounds` (default 2) plays until that round has ended, `--moves` stops after that many moves, whichever
 * comes first. The page is DIR/index.html (default out/demo).
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { decide, decideSeat } from '../src/ai/index.ts';
import type { Caller } from '../src/game/access.ts';
import { formatCommands } from '../src/notation/format.ts';
import { settle, startBot } from '../test/support/bot-harness.ts';
import { controlsOf, type FakeUser } from '../test/support/fake-discord.ts';
import { channelPage } from './demo/channel-page.ts';

const { values } = parseArgs({
  options: {
    players: { type: 'string', default: '2' },
    rounds: { type: 'string', default: '2' },
    moves: { type: 'string', default: '400' },
    seed: { type: 'string', default: 'demo' },
    out: { type: 'string', default: 'out/demo' },
  },
});
const players = Number(values.players);
const rounds = Number(values.rounds);
const maxMoves = Number(values.moves);
const out = path.resolve(values.out);
if (!(players >= 2 && players <= 5) || !(rounds >= 1) || !(maxMoves >= 0)) {
  console.error('usage: npm run demo -- [--players 2..5] [--rounds N] [--moves N] [--seed S] [--out DIR]');
  process.exit(2);
}

const NAMES = ['Ada', 'Bruno', 'Chiara', 'Dmitri', 'Esther'];
const bot = await startBot();
const { fake, service } = bot;
try {
  const users: FakeUser[] = [fake.defaultUser, ...NAMES.slice(1, players).map((name) => fake.createUser(name))];
  const names = new Map(users.map((u, i) => [u.id, NAMES[i]!]));
  const at = (user: FakeUser): Caller => ({ userId: user.id, guildId: fake.guildId, channelId: fake.channelId });
  const view = async () => {
    const found = await service.findGameInChannel(at(users[0]!));
    if (!found.ok || !found.value) throw new Error('demo: the game is gone');
    return found.value;
  };
  const userOf = (id: string) => users.find((u) => u.id === id)!;

  console.log(`demo: ${players} players create, join and start a game`);
  await settle(fake.slashCommand('/tm create', { options: { players, seating: 'joined' } }));
  for (const user of users.slice(1)) await settle(fake.slashCommand('/tm join', { user }));
  await settle(fake.slashCommand('/tm start'));

  // Factions from the menu under the newest post, as each player picks in turn (the AI's choice).
  for (let v = await view(); v.factionPick; v = await view()) {
    const seat = decideSeat(v.state!, v.factionPick.position, { level: 'normal', seed: values.seed });
    if (seat?.kind !== 'pick-faction') throw new Error('demo: the AI picked no faction');
    const menu = fake
      .channelMessages()
      .flatMap((m) => controlsOf(m))
      .filter((c) => c.custom_id?.startsWith('tm:faction:'))
      .at(-1);
    if (!menu?.custom_id) throw new Error('demo: no faction menu in the channel');
    await settle(fake.selectMenu(menu.custom_id, [seat.faction], { user: userOf(v.factionPick.userId) }));
  }

  let moves = 0;
  for (let v = await view(); moves < maxMoves; v = await view(), moves++) {
    const state = v.state!;
    const waiting = v.waitingFor[0];
    if (state.finished || !waiting || state.round > rounds) break;
    const decision = decide(state, waiting.faction, { level: 'normal', seed: `${values.seed}/${moves}` });
    const text = formatCommands(decision.move.commands);
    console.log(`demo: ${names.get(waiting.userId)} (${waiting.faction}): ${text}`);
    const reply = await settle(fake.slashCommand('/move', { user: userOf(waiting.userId), options: { text } }));
    if ((await view()).game.version === v.game.version)
      throw new Error(`demo: the bot refused ${text}: ${reply.content ?? ''}`);
  }
  // Every post out, and the pinned status's last edit (it goes through a slower lane) done.
  await bot.announcer().deliverWithin((await view()).game.id, 10_000);
  await new Promise((resolve) => setTimeout(resolve, 2_000));

  await rm(out, { recursive: true, force: true });
  await mkdir(path.join(out, 'files'), { recursive: true });
  const page = channelPage(fake.channelMessages(), {
    title: 'tm-bot demo: #terra-mystica',
    userName: (id) => names.get(id) ?? (id === fake.botUser.id ? fake.botUser.username : 'someone'),
    file: (message, attachment) => `files/${message.id}-${attachment.filename}`,
  });
  for (const [name, bytes] of page.files) await writeFile(path.join(out, name), bytes);
  await writeFile(path.join(out, 'index.html'), page.html);
  console.log(`demo: ${moves} moves played; open ${path.join(out, 'index.html')} in a browser`);
} finally {
  await bot.close();
}
