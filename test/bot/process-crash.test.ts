/**
 * The bot as a real process: killed with SIGKILL at random moments while players move, and started again,
 * it announces every stored move exactly once, in order, and pings the player the game waits for; a
 * malformed gateway payload does not bring it down.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GameService } from '../../src/game/service.ts';
import { openStore, type PrismaGameRepo } from '../../src/store/prisma-repo.ts';
import { scratchSqlite, type ScratchDatabase } from '../../src/store/testing.ts';
import { settle } from '../support/bot-harness.ts';
import { spawnBot, type BotProcess } from '../support/bot-process.ts';
import { FakeDiscord, type FakeUser } from '../support/fake-discord.ts';

const TOKEN = 'fake-token';
/** Kills per run; `KILLS=30 npx vitest run test/bot/process-crash.test.ts` for the figure. */
const KILLS = Number(process.env.KILLS ?? 5);
/** A channel post with a played line: "**Witches** (<@123>): Dwelling at E5 · `build E5`". */
const MOVE_LINE = /^\*\*[^*]+\*\* \(<@(\d+)>\): .* · `([^`]+)`$/m;

describe('the bot process', () => {
  let fake: FakeDiscord;
  let db: ScratchDatabase;
  let repo: PrismaGameRepo;
  let service: GameService;
  let bot: BotProcess;

  beforeAll(async () => {
    fake = await FakeDiscord.start({ token: TOKEN, timeoutMs: 20_000 });
    db = await scratchSqlite();
    bot = await spawnBot(fake, db.url, TOKEN);
    // The test reads the same database as the bot, to know what was stored.
    ({ repo } = await openStore(db.url));
    service = new GameService(repo);
  }, 120_000);

  afterAll(async () => {
    bot?.kill('SIGKILL');
    await bot?.exited;
    await repo?.close();
    await fake?.close();
    await db?.drop();
  });

  it('keeps serving after malformed gateway payloads', async () => {
    const id = fake.applicationId;
    for (const payload of [
      null,
      'garbage',
      { type: 2, data: null },
      { id: '1', type: 2, token: 'x', application_id: id, data: { name: 'tm' } },
      { id: '2', type: 3, token: 'y', application_id: id, data: { custom_id: 5 } },
      { id: '3', type: 4, token: 'z', application_id: id },
    ])
      fake.dispatch('INTERACTION_CREATE', payload);
    fake.dispatch('GUILD_CREATE', { id: null });
    const help = await settle(fake.slashCommand('/tm help'));
    expect(help.content).toMatch(/^\*\*Terra Mystica\*\*/);
    expect(bot.logs.some((l) => l.msg === 'unhandled rejection; still serving')).toBe(true);
    const exitedEarly = await Promise.race([bot.exited, new Promise((r) => setTimeout(() => r('alive'), 200))]);
    expect(exitedEarly).toBe('alive');
  });

  it(`announces every stored move exactly once across ${KILLS} SIGKILLs at random moments`, async () => {
    const players: FakeUser[] = [fake.defaultUser, fake.createUser('bob'), fake.createUser('carol')];
    const caller = (u: FakeUser) => ({ userId: u.id, guildId: fake.guildId, channelId: fake.channelId });
    await settle(fake.slashCommand('/tm create', { options: { players: 3, factions: 'random', seating: 'joined' } }));
    for (const p of players.slice(1)) await settle(fake.slashCommand('/tm join', { user: p }));
    await settle(fake.slashCommand('/tm start'));

    /** The waiting player and one of their legal lines, from what the database holds now. */
    const nextMove = async () => {
      const found = await service.findGameInChannel(caller(players[0]!));
      if (!found.ok || !found.value?.state || found.value.state.finished) return null;
      const userId = found.value.waitingFor[0]!.userId;
      const user = players.find((p) => p.id === userId)!;
      const legal = await service.legalMoves(caller(user), found.value.game.id);
      if (!legal.ok || legal.value.length === 0) return null;
      // Prefer moves that change the board over passing, so the game lasts.
      const lines = legal.value.filter((l) => l.kind !== 'pass');
      const pick = (lines.length ? lines : legal.value)[
        Math.floor(Math.random() * (lines.length || legal.value.length))
      ]!;
      return { user, text: pick.text };
    };

    let recoveredAtStart = 0;
    for (let kill = 0; kill < KILLS; kill++) {
      // A few moves in calm, then one with a kill somewhere between its arrival and its post.
      const calm = 1 + Math.floor(Math.random() * 3);
      for (let i = 0; i < calm; i++) {
        const move = await nextMove();
        if (!move) break;
        await settle(fake.slashCommand('/move', { user: move.user, options: { text: move.text } }));
      }
      const move = await nextMove();
      if (!move) break;
      fake.slashCommand('/move', { user: move.user, options: { text: move.text } });
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 120));
      bot.kill('SIGKILL');
      await bot.exited;
      const gameId = (await service.listGames({ limit: 1 }))[0]!.id;
      if (((await service.outbox(gameId))?.pending.length ?? 0) > 0) recoveredAtStart++;
      bot = await spawnBot(fake, db.url, TOKEN);
    }

    // Everything the last start found pending is delivered; then the channel is compared with the log.
    const gameId = (await service.listGames({ limit: 1 }))[0]!.id;
    await fake.waitFor(() => undefined, { timeoutMs: 1, what: 'nothing' }).catch(() => null);
    for (let i = 0; i < 200 && ((await service.outbox(gameId))?.pending.length ?? 1) > 0; i++)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await service.outbox(gameId))?.pending).toEqual([]);

    const { moves } = (await repo.loadGame(gameId))!;
    const typed = moves.filter((m) => m.userId !== null).map((m) => `${m.userId} ${m.text}`);
    const posted = fake.channelMessages().flatMap((m) => {
      const line = MOVE_LINE.exec(m.content);
      return line ? [`${line[1]} ${line[2]}`] : [];
    });
    // Every stored move appears once, in the order of the log: none lost, none twice.
    expect(posted).toEqual(typed);
    const nonces = fake.channelMessages().flatMap((m) => (m.nonce ? [m.nonce] : []));
    expect(new Set(nonces).size).toBe(nonces.length);
    // The channel's last word pings who the game waits for.
    const view = await service.currentView(gameId);
    const waiting = view.ok ? view.value.waitingFor.map((w) => w.userId) : [];
    const lastPost = fake.newestPost();
    // (but the player of a free action, a conversion or a burn, who is still to move: they are here).
    const freeAction = /· `(convert|burn) [^`]*`$/m.test(lastPost.content);
    const mover = MOVE_LINE.exec(lastPost.content)?.[1];
    const expected = [...new Set(waiting)].filter((u) => !(freeAction && u === mover));
    if (waiting.length > 0) expect(lastPost.pingedUserIds).toEqual(expected);
    console.log(
      `kill-and-restart: ${KILLS} SIGKILLs, ${typed.length} moves stored and posted once each; ` +
        `${recoveredAtStart} restarts found a stored move not yet posted`,
    );
  }, 600_000);
});
