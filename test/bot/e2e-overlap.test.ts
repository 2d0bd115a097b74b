/**
 * Two bot processes answering one server at once, as in a rolling deploy's overlap or with a process
 * started without SHARD_IDS: every interaction reaches both. Each player gets one answer, the one that is
 * true, and every stored move reaches the channel once, also when the database restarts under them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { t } from '../../src/i18n/index.ts';
import { GameService } from '../../src/game/service.ts';
import { MemoryGameRepo } from '../../src/game/memory-repo.ts';
import { openStore, type PrismaGameRepo } from '../../src/store/prisma-repo.ts';
import { dropConnections, scratchPostgres, scratchSqlite, type ScratchDatabase } from '../../src/store/testing.ts';
import { settle, startBot, TOKEN } from '../support/bot-harness.ts';
import { spawnBot, type BotProcess } from '../support/bot-process.ts';
import { FakeDiscord, type FakeUser } from '../support/fake-discord.ts';
import type { FakeInteraction, InteractionReply } from '../support/fake-discord/replies.ts';

const postgresUrl = process.env.TEST_POSTGRES_URL;
/** A channel post with a played line: "**Witches** (<@123>): Dwelling at E5 · `build E5`". */
const MOVE_LINE = /^\*\*[^*]+\*\* \(<@(\d+)>\): .* · `([^`]+)`$/m;
const MOVES = Number(process.env.OVERLAP_MOVES ?? 18);

/** Every answer the interaction got once both processes are done with it (placeholders left out). */
async function answersTo(fake: FakeDiscord, i: FakeInteraction): Promise<InteractionReply[]> {
  const answers = () => i.replies.filter((r) => r.kind !== 'defer' && r.kind !== 'deleteReply');
  await fake.waitFor(() => (answers().length > 0 ? true : undefined), { timeoutMs: 30_000, what: 'an answer' });
  // The other process's answer, if it sends one, comes within a moment of the first.
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  return answers();
}

/** The one answer an interaction gets from the processes serving it together. */
async function one(fake: FakeDiscord, i: FakeInteraction): Promise<string> {
  const answers = await answersTo(fake, i);
  expect(answers.map((a) => a.content)).toHaveLength(1);
  return answers[0]!.content ?? '';
}

describe.skipIf(!postgresUrl)('two bot processes on one PostgreSQL database, both serving the server', () => {
  let fake: FakeDiscord;
  let db: ScratchDatabase;
  let repo: PrismaGameRepo;
  let service: GameService;
  const bots: BotProcess[] = [];

  /** As a database restart looks to its clients: every connection to the database is closed under them. */
  const restartDatabase = () => dropConnections(postgresUrl!, new URL(db.url).pathname.slice(1));
  /** A read by the test itself, which the restarts hit too. */
  const retried = async <T>(read: () => Promise<T>): Promise<T> => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await read();
      } catch (error) {
        if (attempt === 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
  };

  beforeAll(async () => {
    fake = await FakeDiscord.start({ token: TOKEN, timeoutMs: 30_000 });
    db = await scratchPostgres(postgresUrl!);
    // The second starts while the first serves: what a rolling deploy does.
    bots.push(await spawnBot(fake, db.url, TOKEN));
    bots.push(await spawnBot(fake, db.url, TOKEN));
    ({ repo } = await openStore(db.url));
    service = new GameService(repo);
  }, 180_000);

  afterAll(async () => {
    for (const bot of bots) bot.kill('SIGKILL');
    await Promise.all(bots.map((b) => b.exited));
    await repo?.close();
    await fake?.close();
    await db?.drop();
  });

  it('answers each interaction once and truly, and posts each stored move once, across database restarts', async () => {
    const players: FakeUser[] = [fake.defaultUser, fake.createUser('bob')];
    const caller = (u: FakeUser) => ({ userId: u.id, guildId: fake.guildId, channelId: fake.channelId });
    expect(
      await one(
        fake,
        fake.slashCommand('/tm create', { options: { players: 2, factions: 'random', seating: 'joined' } }),
      ),
    ).toContain('Your game is created');
    expect(await one(fake, fake.slashCommand('/tm join', { user: players[1] }))).toBe(t('en', 'reply.joinedPrivately'));
    expect(await one(fake, fake.slashCommand('/tm start'))).toContain('The game has started');

    const gameId = (await service.listGames({ limit: 1 }))[0]!.id;
    const typedLog = async () =>
      (await retried(() => repo.listMoves(gameId))).filter((m) => m.userId !== null).map((m) => m.text);
    const seen = { stored: 0, refused: 0, uncertain: 0 };
    for (let n = 0; n < MOVES; n++) {
      const view = await retried(async () => {
        const found = await service.findGameInChannel(caller(players[0]!));
        if (!found.ok) throw new Error(found.error.code);
        return found.value!;
      });
      if (!view.state || view.state.finished) break;
      const user = players.find((p) => p.id === view.waitingFor[0]!.userId)!;
      const legal = await retried(async () => {
        const r = await service.legalMoves(caller(user), gameId);
        if (!r.ok) throw new Error(r.error.code);
        return r.value;
      });
      const lines = legal.filter((l) => l.kind !== 'pass');
      const pick = (lines.length ? lines : legal)[Math.floor(Math.random() * (lines.length || legal.length))]!;
      const before = (await typedLog()).length;
      const move = fake.slashCommand('/move', { user, options: { text: pick.text } });
      // Every third move, the database restarts at a random moment of it.
      if (n % 3 === 2) {
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 150));
        await restartDatabase();
      }
      const answer = await one(fake, move);
      const log = await typedLog();
      const stored = log.length === before + 1 && log.at(-1) === pick.text;
      expect(log.length - before, `${pick.text}: ${answer}`).toBe(stored ? 1 : 0);
      // One answer, and a true one: "Done" for a stored move, "nothing changed" for one that was not, or
      // "cannot tell yet" while the database does not answer; never "the game moved on" or a failure.
      if (answer === t('en', 'gameError.store_uncertain')) seen.uncertain++;
      else if (stored) {
        expect(answer).toContain(t('en', 'reply.played', { move: pick.text }));
        seen.stored++;
      } else {
        expect(answer).toBe(t('en', 'gameError.store_unavailable'));
        seen.refused++;
      }
    }
    expect(seen.stored).toBeGreaterThan(MOVES / 2);
    // The process that left the interactions to the other says so to whoever runs them.
    const overlapWarnings = bots.flatMap((b) => b.logs).filter((l) => String(l.msg).startsWith('another bot process'));
    expect(overlapWarnings.length).toBeGreaterThan(0);

    // Every stored move appears in the channel once, in the order of the log: none lost, none twice.
    for (let i = 0; i < 600 && ((await retried(() => service.outbox(gameId)))?.pending.length ?? 1) > 0; i++)
      await new Promise((resolve) => setTimeout(resolve, 100));
    const posted = fake.channelMessages().flatMap((m) => {
      const line = MOVE_LINE.exec(m.content);
      return line ? [line[2]] : [];
    });
    expect(posted).toEqual(await typedLog());
    const nonces = fake.channelMessages().flatMap((m) => (m.nonce ? [m.nonce] : []));
    expect(new Set(nonces).size).toBe(nonces.length);
    console.log(
      `two processes: ${seen.stored} moves stored and answered once, ${seen.refused} refused while the database ` +
        `restarted, ${seen.uncertain} told it could not tell yet; ${posted.length} posts`,
    );
  }, 600_000);
});

describe('a process that is stopping while another serves', () => {
  it('leaves new interactions to the one that serves: the player reads its answer, not "restarting"', async () => {
    const service = new GameService(new MemoryGameRepo());
    const stopping = await startBot({ service });
    const serving = await startBot({ service, fake: stopping.fake });
    const { fake } = stopping;
    try {
      const second = fake.createUser('second');
      await settle(fake.slashCommand('/tm create', { options: { players: 2 } }));
      await settle(fake.slashCommand('/tm join', { user: second }));
      await stopping.drain();
      const started = fake.slashCommand('/tm start');
      const answers = await answersTo(fake, started);
      expect(answers.map((a) => a.content)).toHaveLength(1);
      expect(answers[0]!.content).toContain('The game has started');
      expect([...stopping.errors, ...serving.errors]).toEqual([]);
    } finally {
      await serving.close();
      await stopping.close();
    }
  });
});

describe('two bot processes on one SQLite file', () => {
  it('the second says it waits for the first, which serves alone until it stops; then the second serves', async () => {
    const fake = await FakeDiscord.start({ token: TOKEN, timeoutMs: 30_000 });
    const db = await scratchSqlite();
    const bots: BotProcess[] = [];
    try {
      bots.push(await spawnBot(fake, db.url, TOKEN));
      let waiting!: () => void;
      const waited = new Promise<void>((resolve) => (waiting = resolve));
      const second = spawnBot(fake, db.url, TOKEN, {}, (entry) => {
        if (String(entry.msg).startsWith(`another bot process uses the SQLite file ${db.url.slice(5)}`)) waiting();
      });
      await waited;
      expect(
        await one(fake, fake.slashCommand('/tm create', { options: { players: 2, seating: 'joined' } })),
      ).toContain('Your game is created');
      bots[0]!.kill('SIGTERM');
      expect(await bots[0]!.exited).toBe(0);
      bots.push(await second);
      expect(await one(fake, fake.slashCommand('/tm join', { user: fake.createUser('bob') }))).toBe(
        t('en', 'reply.joinedPrivately'),
      );
    } finally {
      for (const bot of bots) bot.kill('SIGKILL');
      await Promise.all(bots.map((b) => b.exited));
      await fake.close();
      await db.drop();
    }
  }, 180_000);
});
