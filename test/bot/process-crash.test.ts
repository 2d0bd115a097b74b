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
import { controlsOf, FakeDiscord, type FakeInteraction, type FakeUser } from '../support/fake-discord.ts';

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

    /**
     * The player's own buttons (`/tm turn`), the first of them opened, and its first choice sent, unanswered:
     * the interaction a kill is to cut off, with the words of what was chosen.
     */
    const lastClickOf = async (user: FakeUser): Promise<{ cut: FakeInteraction; label: string } | null> => {
      const mine = await settle(fake.slashCommand('/tm turn', { user }));
      let controls = controlsOf(mine);
      let on = mine;
      const prompt = controls.find((c) => c.custom_id?.startsWith('tm:turn:'));
      if (prompt) {
        on = await settle(fake.clickButton(prompt.custom_id!, { user, message: mine.message! }));
        controls = controlsOf(on);
      }
      const menu = controls.find((c) => c.options?.length);
      if (menu) {
        const option = menu.options![0]!;
        return {
          cut: fake.selectMenu(menu.custom_id!, [option.value], { user, message: on.message! }),
          label: option.label,
        };
      }
      const button = controls.find((c) => c.custom_id && c.label);
      return button
        ? { cut: fake.clickButton(button.custom_id!, { user, message: on.message! }), label: button.label! }
        : null;
    };

    let recoveredAtStart = 0;
    let told = 0;
    let toldStored = 0;
    let toldClicks = 0;
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
      // Every other kill cuts off a click (a move chosen from the player's own menus), the others a typed move.
      const click = kill % 2 === 1 ? await lastClickOf(move.user) : null;
      const cut = click?.cut ?? fake.slashCommand('/move', { user: move.user, options: { text: move.text } });
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 120));
      bot.kill('SIGKILL');
      await bot.exited;
      const killedAt = Date.now();
      const gameId = (await service.listGames({ limit: 1 }))[0]!.id;
      if (((await service.outbox(gameId))?.pending.length ?? 0) > 0) recoveredAtStart++;
      // Was the move cut off while the bot handled it? Its record is still in the store.
      const recorded = (await repo.interactionsBefore(new Date())).some((r) => r.id === cut.id);
      const acknowledged = cut.replies.length > 0;
      bot = await spawnBot(fake, db.url, TOKEN);
      if (!recorded) {
        // Not received, or answered and done with: an answer the player saw, or none at all (Discord then
        // tells them the interaction failed). Never a "thinking…" left without an answer.
        if (acknowledged) expect(cut.replies.some((r) => r.kind !== 'defer')).toBe(true);
        continue;
      }
      // The player whose move was cut off hears what became of it: on their own interaction when it was
      // acknowledged, else in the channel.
      const heard = await fake.waitFor(
        () => {
          const replies = cut.replies.map((r) => r.content ?? '');
          const posts = fake
            .channelMessages()
            .filter((m) => m.createdAt.getTime() >= killedAt && m.content.startsWith(`<@${move.user.id}> `))
            .map((m) => m.content);
          return [...replies, ...posts].find((c) => c.includes('I restarted while answering'));
        },
        { timeoutMs: 45_000, what: 'the player of the move cut off told what became of it' },
      );
      const stored = (await repo.loadGame(gameId))!.moves.some(
        (m) => m.userId === move.user.id && m.createdAt.getTime() >= cut.dispatchedAt - 1_000,
      );
      expect(heard, move.text).toContain(stored ? 'was stored' : 'it was not played');
      // They are told which of their moves it was: the command as typed, or the words of what they chose.
      expect(heard).toContain(click ? `your choice “${click.label}”` : `\`/move ${move.text}\``);
      told++;
      if (stored) toldStored++;
      if (click) toldClicks++;
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
    // The channel's last word names who the game waits for, and pings none but them: not the player who just
    // moved (they are here), nor one already waiting (pinged when their wait began).
    const view = await service.currentView(gameId);
    const waiting = view.ok ? view.value.waitingFor.map((w) => w.userId) : [];
    const lastPost = fake
      .channelMessages()
      .filter((m) => !m.pinned && !m.content.includes('I restarted while answering'))
      .at(-1)!;
    const mover = MOVE_LINE.exec(lastPost.content)?.[1];
    for (const userId of waiting) expect(lastPost.content).toContain(`<@${userId}>`);
    for (const userId of lastPost.pingedUserIds) expect(waiting).toContain(userId);
    if (mover) expect(lastPost.pingedUserIds).not.toContain(mover);
    console.log(
      `kill-and-restart: ${KILLS} SIGKILLs, ${typed.length} moves stored and posted once each; ` +
        `${recoveredAtStart} restarts found a stored move not yet posted; ${told} players told what became of ` +
        `their cut-off move (${toldStored} stored, ${told - toldStored} not; ${toldClicks} of them clicks)`,
    );
  }, 600_000);

  it('tells a player whose move was stored but never answered, and one whose /tm create was cut off', async () => {
    const [dana, eve] = [fake.createUser('dana'), fake.createUser('eve')];
    const table = fake.addChannel('tm-cut');
    const at = (user: FakeUser) => ({ user, channelId: table });
    await settle(fake.slashCommand('/tm create', { ...at(dana), options: { players: 2, factions: 'random' } }));
    await settle(fake.slashCommand('/tm join', at(eve)));
    await settle(fake.slashCommand('/tm start', at(dana)));
    const found = await service.findGameInChannel({ userId: dana.id, guildId: fake.guildId, channelId: table });
    const view = found.ok ? found.value! : null;
    const mover = [dana, eve].find((u) => u.id === view!.waitingFor[0]!.userId)!;
    const legal = await service.legalMoves(
      { userId: mover.id, guildId: fake.guildId, channelId: table },
      view!.game.id,
    );
    const text = legal.ok ? legal.value[0]!.text : '';

    // Discord holds the channel's posts back: the move is stored, its player sees "thinking…", then the kill.
    const held = fake.injectFault({
      method: 'POST',
      path: new RegExp(`^/channels/${table}/messages$`),
      status: 429,
      retryAfter: 60,
    });
    const move = fake.slashCommand('/move', { ...at(mover), options: { text } });
    await fake.waitFor(() => move.replies.find((r) => r.kind === 'defer'), { timeoutMs: 10_000, what: 'thinking…' });
    let stored = false;
    for (let i = 0; i < 100 && !stored; i++) {
      stored = (await repo.loadGame(view!.game.id))!.moves.some((m) => m.userId === mover.id);
      if (!stored) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(stored).toBe(true);
    bot.kill('SIGKILL');
    await bot.exited;
    held.clear();
    expect(move.replies.map((r) => r.kind)).toEqual(['defer']);

    // A /tm create stuck on opening its thread, cut off before it stored anything.
    const lobby = fake.addChannel('tm-cut-create');
    bot = await spawnBot(fake, db.url, TOKEN);
    const heardMove = await fake.waitFor(() => move.replies.find((r) => r.content?.includes('I restarted')), {
      timeoutMs: 45_000,
      what: 'the player of the stored move told',
    });
    expect(heardMove.content).toContain(`I restarted while answering \`/move ${text}\`: \`${text}\` was stored`);
    expect(heardMove.ephemeral).toBe(true);
    expect(controlsOf(heardMove).map((c) => c.label)).toEqual(['Show my turn']);
    const shown = await settle(
      fake.clickButton(controlsOf(heardMove)[0]!.custom_id!, { ...at(mover), message: heardMove.message! }),
    );
    expect(shown.ephemeral).toBe(true);
    expect(shown.content).toContain(`https://discord.com/channels/${fake.guildId}/${table}`);
    // The channel got the post, once.
    await fake.waitFor(() => fake.channelMessages(table).find((m) => m.content.includes(`\`${text}\``)), {
      timeoutMs: 20_000,
      what: 'the stored move posted',
    });

    const opening = fake.injectFault({
      method: 'POST',
      path: new RegExp(`^/channels/${lobby}/threads$`),
      status: 429,
      retryAfter: 60,
    });
    const create = fake.slashCommand('/tm create', {
      user: dana,
      channelId: lobby,
      options: { players: 2, thread: true },
    });
    await fake.waitFor(() => (opening.hits > 0 && create.replies.length > 0 ? true : undefined), {
      timeoutMs: 10_000,
      what: 'the thread asked for',
    });
    bot.kill('SIGKILL');
    await bot.exited;
    opening.clear();
    bot = await spawnBot(fake, db.url, TOKEN);
    const heardCreate = await fake.waitFor(() => create.replies.find((r) => r.content?.includes('I restarted')), {
      timeoutMs: 45_000,
      what: 'the player of the cut-off /tm create told',
    });
    expect(heardCreate.content).toMatch(/^I restarted while answering `\/tm create [^`]*`: please try again\.$/);
    expect(await service.findGameInChannel({ userId: dana.id, guildId: fake.guildId, channelId: lobby })).toEqual({
      ok: true,
      value: null,
    });
  }, 300_000);
});
