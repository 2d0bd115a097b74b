// A store that stops accepting writes, seen by a player: a private answer at once that nothing changed,
// no handler error, and the same command works once the store is writable again (no restart).
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GameService } from '../../src/game/service.ts';
import { createLogger } from '../../src/log.ts';
import { openStore, type PrismaGameRepo } from '../../src/store/prisma-repo.ts';
import { scratchPostgres, scratchSqlite, type ScratchDatabase } from '../../src/store/testing.ts';
import { settle, startBot, type BotHarness } from '../support/bot-harness.ts';

describe('a read-only store, through the bot', () => {
  let db: ScratchDatabase;
  let repo: PrismaGameRepo;
  let bot: BotHarness;

  beforeAll(async () => {
    db = await scratchSqlite();
    // The operator's error line is checked in src/store/availability.test.ts; here it would only be noise.
    repo = (await openStore(db.url, { logger: createLogger({ level: 'silent' }) })).repo;
    bot = await startBot({ service: new GameService(repo) });
  });

  afterAll(async () => {
    await bot?.close();
    await repo?.close();
    await db?.drop();
  });

  it('tells the player privately, at once, and works again when the store does', async () => {
    await repo.client.$executeRawUnsafe('PRAGMA query_only=ON');
    const start = Date.now();
    const refused = await settle(bot.fake.slashCommand('/tm create', { options: { players: 2 } }));
    expect(Date.now() - start).toBeLessThan(2_000);
    expect(refused.ephemeral).toBe(true);
    expect(refused.content).toMatch(/cannot reach the game records right now, so nothing was changed/);
    expect(bot.errors).toEqual([]);
    expect(await repo.listGames({})).toEqual([]);

    await repo.client.$executeRawUnsafe('PRAGMA query_only=OFF');
    const created = await settle(bot.fake.slashCommand('/tm create', { options: { players: 2 } }));
    expect(created.content).not.toMatch(/cannot reach/);
    expect(await repo.listGames({})).toHaveLength(1);
  });
});

describe.skipIf(process.env.TEST_POSTGRES_URL === undefined)('a PostgreSQL statement timeout, through the bot', () => {
  let db: ScratchDatabase;
  let repo: PrismaGameRepo;
  let bot: BotHarness;
  let locker: pg.Client;

  beforeAll(async () => {
    db = await scratchPostgres(process.env.TEST_POSTGRES_URL!);
    const name = new URL(db.url).pathname.slice(1);
    const admin = new pg.Client({ connectionString: db.url });
    await admin.connect();
    await admin.query(`ALTER DATABASE "${name}" SET statement_timeout = '300ms'`);
    await admin.end();
    repo = (await openStore(db.url, { logger: createLogger({ level: 'silent' }) })).repo;
    bot = await startBot({ service: new GameService(repo) });
    locker = new pg.Client({ connectionString: db.url });
    await locker.connect();
  });

  afterAll(async () => {
    await locker?.end();
    await bot?.close();
    await repo?.close();
    await db?.drop();
  });

  it('is the store being away: the player is told nothing changed, and it works once the lock is gone', async () => {
    // Another session holds the games table (a migration, a long report): the server cancels the bot's
    // statements at the timeout with SQLSTATE 57014.
    await locker.query('SET statement_timeout = 0');
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE "Game" IN ACCESS EXCLUSIVE MODE');
    const refused = await settle(bot.fake.slashCommand('/tm create', { options: { players: 2 } }));
    expect(refused.ephemeral).toBe(true);
    expect(refused.content).toMatch(/cannot reach the game records right now, so nothing was changed/);
    expect(bot.errors).toEqual([]);
    await locker.query('ROLLBACK');
    const created = await settle(bot.fake.slashCommand('/tm create', { options: { players: 2 } }));
    expect(created.content).not.toMatch(/cannot reach|went wrong/);
    expect(await repo.listGames({})).toHaveLength(1);
  });
});
