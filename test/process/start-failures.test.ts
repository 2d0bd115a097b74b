// A start that cannot log in or register its commands ends with a non-zero status and one line saying
// why, after a bounded number of tries of what may pass, so that a supervisor (systemd Restart=on-failure,
// Docker on-failure) sees the failure and tries again. Before, the bot kept a process with nothing
// connected for ~45 s and exited 0.
import { closeSync, openSync, writeSync } from 'node:fs';
import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore } from '../../src/store/prisma-repo.ts';
import { openSqlite } from '../../src/store/sqlite/native.ts';
import { scratchSqlite, type ScratchDatabase } from '../../src/store/testing.ts';
import { runUntilExit } from '../support/bot-process.ts';
import { FakeDiscord } from '../support/fake-discord.ts';

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The fatal lines the process wrote: what an operator reads. */
const fatal = (logs: Record<string, unknown>[]) => logs.filter((l) => l.level === 60).map((l) => String(l.msg));

describe('a start that cannot reach Discord', () => {
  let fake: FakeDiscord | undefined;
  let db: ScratchDatabase | undefined;

  afterEach(async () => {
    await fake?.close();
    await db?.drop();
    fake = undefined;
  });

  const env = async (apiUrl: string, applicationId: string, token = 'fake-token') => {
    db = await scratchSqlite();
    return {
      DISCORD_TOKEN: token,
      DISCORD_APPLICATION_ID: applicationId,
      DISCORD_API_URL: apiUrl,
      DATABASE_URL: db.url,
    };
  };

  it('exits 1 at once, with the guided message, when Discord refuses the token', async () => {
    fake = await FakeDiscord.start({ token: 'fake-token' });
    const run = await runUntilExit(await env(fake.apiUrl, fake.applicationId, 'wrong-token'), 60_000);
    expect(run.code).toBe(1);
    expect(fatal(run.logs)).toEqual([
      expect.stringMatching(/^Discord refused DISCORD_TOKEN: it is wrong, or was reset/),
    ]);
    // Refused for good: not tried again, and no commands registered with it.
    expect(fake.registeredCommands()).toEqual([]);
    expect(run.ms).toBeLessThan(20_000);
  }, 90_000);

  it('exits 1 after a few tries when Discord cannot be reached', async () => {
    const apiUrl = `http://127.0.0.1:${await closedPort()}/api`;
    const run = await runUntilExit(await env(apiUrl, '123456789012345678'), 90_000);
    expect(run.code).toBe(1);
    expect(fatal(run.logs)).toEqual([
      expect.stringMatching(/^cannot start: Discord cannot be reached at .*ECONNREFUSED.* after 4 tries/),
    ]);
    expect(run.logs.filter((l) => /will try again/.test(String(l.msg)))).toHaveLength(3);
  }, 120_000);

  it('exits 1 after a few tries when Discord keeps refusing the command registration', async () => {
    fake = await FakeDiscord.start({ token: 'fake-token' });
    const refusal = fake.injectFault({ method: 'PUT', path: /^\/applications\/\d+\/commands$/, status: 500 });
    const run = await runUntilExit(await env(fake.apiUrl, fake.applicationId), 90_000);
    expect(run.code).toBe(1);
    expect(fatal(run.logs)).toEqual([
      expect.stringMatching(/^cannot start: Discord refused the command registration \(HTTP 500.*\) after 4 tries/),
    ]);
    // Logged in first: the token is good, so the failure is the registration's.
    expect(fake.identifies.length).toBeGreaterThan(0);
    // discord.js tries each call four times; the bot tries the registration four times.
    expect(refusal.hits).toBe(16);
  }, 120_000);

  it('exits 1 at once when Discord refuses the registration for good (400)', async () => {
    fake = await FakeDiscord.start({ token: 'fake-token' });
    fake.injectFault({
      method: 'PUT',
      path: /^\/applications\/\d+\/commands$/,
      status: 400,
      json: { message: 'Invalid Form Body', code: 50035 },
    });
    const run = await runUntilExit(await env(fake.apiUrl, fake.applicationId), 60_000);
    expect(run.code).toBe(1);
    expect(fatal(run.logs)).toEqual([
      expect.stringMatching(/^cannot start: Discord refused the command registration \(HTTP 400, Invalid Form Body\)$/),
    ]);
  }, 90_000);
});

describe('a start on a database it cannot trust', () => {
  let fake: FakeDiscord | undefined;
  let db: ScratchDatabase | undefined;

  afterEach(async () => {
    await fake?.close();
    await db?.drop();
  });

  /** A SQLite file with games in it, closed (its WAL checkpointed into the file). */
  const storeWithGames = async () => {
    db = await scratchSqlite();
    const { repo } = await openStore(db.url);
    for (let i = 0; i < 200; i++)
      await repo.createGame({ guildId: 'g', channelId: `c${i}`, creatorUserId: 'u', seed: 'x'.repeat(200) });
    await repo.close();
    return db.url.slice('file:'.length);
  };

  const start = async () => {
    fake = await FakeDiscord.start({ token: 'fake-token' });
    return runUntilExit(
      {
        DISCORD_TOKEN: 'fake-token',
        DISCORD_APPLICATION_ID: fake.applicationId,
        DISCORD_API_URL: fake.apiUrl,
        DATABASE_URL: db!.url,
      },
      60_000,
    );
  };

  it('refuses a damaged SQLite file before it logs in, saying what to do', async () => {
    const file = await storeWithGames();
    const check = openSqlite(file);
    const { root } = check.prepare(`SELECT rootpage AS root FROM sqlite_master WHERE name = 'Game'`).get() as {
      root: number;
    };
    const pageSize = (check.prepare('PRAGMA page_size').get() as { page_size: number }).page_size;
    check.close();
    // The games table's root page overwritten, as a failing disk or a copy taken mid-write leaves it.
    const fd = openSync(file, 'r+');
    writeSync(fd, Buffer.alloc(pageSize, 0x5a), 0, pageSize, (root - 1) * pageSize);
    closeSync(fd);
    const run = await start();
    expect(run.code).toBe(1);
    expect(fatal(run.logs)).toEqual([
      expect.stringMatching(
        /^the SQLite database .*tm\.db is damaged \(PRAGMA quick_check: .+\).*Restore it from a backup/,
      ),
    ]);
    expect(fake!.identifies).toEqual([]);
  }, 90_000);

  it('refuses a database a newer version migrated', async () => {
    const file = await storeWithGames();
    const history = openSqlite(file);
    history
      .prepare(
        `INSERT INTO _prisma_migrations (id, checksum, finished_at, migration_name, started_at, applied_steps_count) VALUES (?, ?, ?, ?, ?, 1)`,
      )
      .run(
        'f0f0f0f0-0000-4000-8000-000000000000',
        'x'.repeat(64),
        Date.now(),
        '29991231000000_from_the_future',
        Date.now(),
      );
    history.close();
    const run = await start();
    expect(run.code).toBe(1);
    expect(fatal(run.logs)).toEqual([
      expect.stringMatching(
        /^the database was migrated by a newer version of tm-bot: 29991231000000_from_the_future is not among this version's migrations/,
      ),
    ]);
    expect(fake!.identifies).toEqual([]);
  }, 90_000);
});
