/**
 * A whole real game (corpus 4pLeague_S60_D1L1_G1, four seats) played through the real discord.js client
 * against the fake Discord, driven only by interactions: slash commands, autocomplete requests, button
 * clicks and select menus. The bot is restarted mid-game; strangers and illegal moves are refused.
 */
import { loadImage } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseCustomId } from '../../src/bot/custom-id.ts';
import { parseGameLog, type LogEntry } from '../../src/notation/log.ts';
import { headerFinalVp, readCorpus } from '../corpus.ts';
import { settle, startBot, type BotHarness } from '../support/bot-harness.ts';
import { customIdsOf, type FakeDiscord, type FakeInteraction, type FakeUser } from '../support/fake-discord.ts';

const GAME = '4pLeague_S60_D1L1_G1.txt';
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47]);

type Row = Extract<LogEntry, { kind: 'row' }>;

describe('a whole game in a Discord channel', () => {
  let bot: BotHarness;
  let fake: FakeDiscord;
  const text = readCorpus(GAME);
  const entries = parseGameLog(text);
  const factions = entries.filter((e): e is Row => e.kind === 'row' && e.text === 'setup').map((e) => e.faction);
  const users = new Map<string, FakeUser>();
  let stranger: FakeUser;

  beforeAll(async () => {
    bot = await startBot();
    fake = bot.fake;
    factions.forEach((f, i) => users.set(f, i === 0 ? fake.defaultUser : fake.createUser(`player${i + 1}`)));
    stranger = fake.createUser('stranger');
  });

  afterAll(async () => {
    await bot?.close();
  });

  /** The newest game message (the pinned status is edited in place, not reposted). */
  const newest = () => fake.newestPost();
  const componentIds = () => customIdsOf(newest());

  it('creates the game, seats four players and lets each pick a faction from a menu', async () => {
    const creator = users.get(factions[0]!)!;
    const created = await settle(
      fake.slashCommand('/tm create', {
        user: creator,
        options: {
          players: 4,
          factions: 'turn-order',
          seating: 'joined',
          rules: 'standard',
          tiles: 'SCORE5 SCORE8 SCORE4 SCORE9 SCORE6 SCORE2 -BON3 -BON4 -BON5',
        },
      }),
    );
    expect(created.ephemeral).toBe(true);
    expect(newest().content).toContain('created a Terra Mystica game');
    for (const f of factions.slice(1)) {
      const r = await settle(fake.slashCommand('/tm join', { user: users.get(f)! }));
      expect(r.ephemeral).toBe(true);
    }
    const refused = await settle(fake.slashCommand('/tm start', { user: users.get(factions[1]!)! }));
    expect(refused.content).toContain('Only the game admin');
    await settle(fake.slashCommand('/tm start', { user: creator }));
    for (const f of factions) {
      const id = componentIds().find((c) => c.startsWith('tm:faction:'))!;
      expect(id).toBeDefined();
      expect(newest().pingedUserIds).toEqual([users.get(f)!.id]);
      // Someone else's pick is refused privately.
      const other = factions.find((x) => x !== f)!;
      const wrong = await settle(fake.selectMenu(id, [f], { user: users.get(other)! }));
      expect(wrong.content).toContain('not for you');
      const picked = await settle(fake.selectMenu(id, [f], { user: users.get(f)! }));
      expect(picked.ephemeral).toBe(true);
    }
    expect(fake.pinnedMessages()).toHaveLength(1);
  }, 60_000);

  it('refuses a stranger and an illegal move privately, changing nothing', async () => {
    const before = fake.channelMessages().length;
    const stranger_ = await settle(fake.slashCommand('/move', { user: stranger, options: { text: 'build E7' } }));
    expect(stranger_).toMatchObject({ ephemeral: true });
    expect(stranger_.content).toContain('not playing in this game');
    const first = users.get(factions[0]!)!;
    const illegal = await settle(fake.slashCommand('/move', { user: first, options: { text: 'build A1' } }));
    expect(illegal.ephemeral).toBe(true);
    expect(illegal.content).toMatch(/Not allowed|not your turn/i);
    const outOfTurn = await settle(
      fake.slashCommand('/move', { user: users.get(factions[1]!)!, options: { text: 'build F3' } }),
    );
    expect(outOfTurn.content).toContain('not your turn');
    expect(fake.channelMessages().length).toBe(before);
  });

  it('plays every move of the record through commands, autocomplete and buttons, surviving a restart', async () => {
    const rows = entries.filter((e): e is Row => e.kind === 'row' && !e.engine && e.text !== 'setup');
    let restarted = false;
    let viaButtons = 0;
    let leechRows = 0;
    let viaAutocomplete = 0;
    for (const [n, row] of rows.entries()) {
      const user = users.get(row.faction)!;
      const leech = row.text.match(/^(leech|decline) (\d+) from (\w+)$/i);
      if (leech) leechRows++;
      let interaction: FakeInteraction;
      const button =
        leech &&
        componentIds().find((id) => {
          const c = parseCustomId(id);
          return (
            c &&
            c.kind === leech[1]!.toLowerCase() &&
            c.args[0] === row.faction &&
            c.args[1] === leech[2] &&
            c.args[2] === leech[3]!.toLowerCase()
          );
        });
      const simple = row.text.match(/^(build|upgrade) (\w+)(?: to (\w+))?$/i);
      if (button) {
        interaction = fake.clickButton(button, { user });
        viaButtons++;
      } else if (simple) {
        const command = simple[1]!.toLowerCase();
        const hex = simple[2]!.toUpperCase();
        const offered = await fake
          .autocomplete(`/${command}`, { user, focused: 'choice', options: { choice: hex } })
          .nextReply();
        const wanted = command === 'build' ? `build ${hex}` : `upgrade ${hex} to ${simple[3]!.toUpperCase()}`;
        const choice = offered.choices!.find((c) => c.value === wanted);
        expect(choice, `${row.text} (line ${row.line}) among ${JSON.stringify(offered.choices)}`).toBeDefined();
        interaction = fake.slashCommand(`/${command}`, { user, options: { choice: choice!.value as string } });
        viaAutocomplete++;
      } else {
        interaction = fake.slashCommand('/move', { user, options: { text: row.text } });
      }
      const reply = await settle(interaction);
      expect(reply.ephemeral, `line ${row.line}`).toBe(true);
      expect(reply.content, `line ${row.line}: ${row.text}`).toMatch(/^Done/);
      if (!restarted && n > rows.length / 2) {
        await bot.restart();
        restarted = true;
      }
    }
    expect(bot.errors).toEqual([]);
    // Every power decision of the record was taken with the button offered to that player.
    expect(viaButtons).toBe(leechRows);
    expect(viaAutocomplete).toBeGreaterThan(30);
  }, 600_000);

  it('posts the pictures each move changed, pings who must act, and ends with the recorded final scores', async () => {
    const messages = fake.channelMessages();
    const files = (m: (typeof messages)[number]) => m.attachments.map((a) => a.filename);
    const withImages = messages.filter((m) => files(m).includes('map.png'));
    // Every building on the map shows on the map posted with it; a priest sent only moves the cult board.
    const builds = messages.filter((m) => /· `[^`]*\b(build|upgrade) [A-I]\d+[^`]*`$/m.test(m.content));
    expect(builds.length).toBeGreaterThan(90);
    for (const m of builds) expect(files(m), m.content).toContain('map.png');
    const priests = messages.filter((m) => /· `send p to \w+( for \d)?`$/m.test(m.content));
    expect(priests.length).toBeGreaterThan(5);
    for (const m of priests) expect(files(m), m.content).toEqual(['cults.png']);
    // A one-token answer to a power offer, or a pass, changes nothing drawn: its post has no pictures.
    const answers = messages.filter((m) => /· `(leech|decline) \d+ from \w+`$/m.test(m.content));
    expect(answers.length).toBeGreaterThan(20);
    for (const m of answers) expect(m.attachments, m.content).toEqual([]);
    const passes = messages.filter((m) => /· `pass( BON\d+)?`$/m.test(m.content) && !m.content.includes('Final'));
    for (const m of passes.slice(0, -1)) expect(m.attachments, m.content).toEqual([]);
    const last = withImages.at(-1)!;
    const map = last.attachments.find((a) => a.filename === 'map.png')!;
    expect(map.bytes.subarray(0, 4)).toEqual(PNG);
    const image = await loadImage(map.bytes);
    expect(image.width).toBeGreaterThanOrEqual(1200);
    const final = messages.at(-1)!.content;
    expect(final).toContain('Final scores');
    for (const [faction, vp] of headerFinalVp(text)) {
      const name = faction[0]!.toUpperCase() + faction.slice(1);
      expect(final).toContain(`**${name}**`);
      expect(final).toMatch(new RegExp(`\\*\\*${name}\\*\\* \\(<@\\d+>\\): ${vp} VP`));
    }
    // A mid-game move pings exactly the players the game then waits for.
    const pinging = messages.filter((m) => m.pingedUserIds.length > 0);
    expect(pinging.length).toBeGreaterThan(200);
    // The status was pinned while the game ran; the finished game's leaves the pins.
    expect(messages.some((m) => m.embeds.length > 0)).toBe(true);
    // Unpinning goes through the background lane (15 Discord edits a second), after the last post.
    await vi.waitFor(() => expect(fake.pinnedMessages()).toEqual([]), { timeout: 10_000 });
  });
});
