// Store faults injected for real: SQLite made read-only on the store's own connection or locked by
// another connection; PostgreSQL refusing connections or writes. Each call fails at once with
// StoreUnavailableError (nothing changed), the operator gets one error line, and the store serves
// again without a restart once the fault is gone.
import { Writable } from 'node:stream';
import { openSqlite } from './sqlite/native.ts';
import { describe, expect, it } from 'vitest';
import { StaleVersionError, StoreUnavailableError } from '../game/repo.ts';
import { createLogger } from '../log.ts';
import { openStore, type PrismaGameRepo } from './prisma-repo.ts';
import { dropConnections, postgresAdmin, scratchPostgres, scratchSqlite } from './testing.ts';

const postgresUrl = process.env.TEST_POSTGRES_URL;
const NEW_GAME = { guildId: 'g', channelId: 'c', creatorUserId: 'u', seed: 's' };

function capturedLog() {
  const lines: { level: number; msg: string; fault?: string }[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n')) if (line) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: createLogger({ level: 'debug', destination }), lines };
}

/** Runs `call` expecting the given fault; returns how long the store took to say so. */
async function expectUnavailable(call: () => Promise<unknown>, fault: string): Promise<number> {
  const start = Date.now();
  const error = await call().then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(StoreUnavailableError);
  expect((error as StoreUnavailableError).fault).toBe(fault);
  return Date.now() - start;
}

describe('SQLite store faults', () => {
  it('a read-only database: refused at once, reported, served again when writable', async () => {
    const db = await scratchSqlite();
    const { logger, lines } = capturedLog();
    const { repo } = await openStore(db.url, { logger });
    try {
      const game = await repo.createGame(NEW_GAME);
      await repo.client.$executeRawUnsafe('PRAGMA query_only=ON');
      expect(
        await expectUnavailable(
          () => repo.appendMoves(game.id, 1, [{ seat: 0, userId: 'u', text: 'pass' }]),
          'read_only',
        ),
      ).toBeLessThan(1_000);
      await expectUnavailable(() => repo.createGame({ ...NEW_GAME, channelId: 'c2' }), 'read_only');
      expect(lines.filter((l) => l.level === 50)).toHaveLength(1);
      expect(lines[0]).toMatchObject({ fault: 'read_only', msg: expect.stringMatching(/unavailable/) });
      expect(await repo.getGame(game.id)).toMatchObject({ version: 1, moveCount: 0 });

      await repo.client.$executeRawUnsafe('PRAGMA query_only=OFF');
      expect((await repo.appendMoves(game.id, 1, [{ seat: 0, userId: 'u', text: 'pass' }])).version).toBe(2);
      expect(lines.at(-1)).toMatchObject({ level: 30, msg: 'game store available again' });
    } finally {
      await repo.close();
      await db.drop();
    }
  });

  it('a database another process keeps locked: refused within seconds, served again once released', async () => {
    const db = await scratchSqlite();
    const { logger, lines } = capturedLog();
    const { repo } = await openStore(db.url, { logger });
    const other = openSqlite(db.url.slice('file:'.length));
    try {
      const game = await repo.createGame(NEW_GAME);
      other.exec('BEGIN IMMEDIATE');
      const waited = await expectUnavailable(
        () => repo.appendMoves(game.id, 1, [{ seat: 0, userId: 'u', text: 'pass' }]),
        'busy',
      );
      expect(waited).toBeGreaterThanOrEqual(2_500);
      expect(waited).toBeLessThan(6_000);
      expect(lines.filter((l) => l.level === 50).map((l) => l.fault)).toEqual(['busy']);
      other.exec('COMMIT');
      expect((await repo.appendMoves(game.id, 1, [{ seat: 0, userId: 'u', text: 'pass' }])).version).toBe(2);
      expect(lines.at(-1)?.msg).toBe('game store available again');
    } finally {
      other.close();
      await repo.close();
      await db.drop();
    }
  });
});

describe.skipIf(postgresUrl === undefined)('PostgreSQL store faults', () => {
  const admin = (sql: string) => postgresAdmin(postgresUrl!, sql);

  async function withStore(
    work: (repo: PrismaGameRepo, name: string, lines: { level: number; msg: string }[]) => Promise<void>,
  ) {
    const db = await scratchPostgres(postgresUrl!);
    const name = new URL(db.url).pathname.slice(1);
    const { logger, lines } = capturedLog();
    const { repo } = await openStore(db.url, { logger });
    try {
      await work(repo, name, lines);
    } finally {
      await repo.close();
      await admin(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS true`);
      await db.drop();
    }
  }

  it('a server that refuses connections: refused at once, served again when it accepts them', () =>
    withStore(async (repo, name, lines) => {
      const game = await repo.createGame(NEW_GAME);
      await admin(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS false`);
      await dropConnections(postgresUrl!, name);
      expect(await expectUnavailable(() => repo.getGame(game.id), 'unreachable')).toBeLessThan(2_000);
      expect(lines.filter((l) => l.level === 50)).toHaveLength(1);
      await admin(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS true`);
      expect(await repo.getGame(game.id)).toMatchObject({ id: game.id });
      expect(lines.at(-1)?.msg).toBe('game store available again');
    }));

  it('a read-only database: writes refused at once, served again when writable', () =>
    withStore(async (repo, name) => {
      const game = await repo.createGame(NEW_GAME);
      const append = () => repo.appendMoves(game.id, 1, [{ seat: 0, userId: 'u', text: 'pass' }]);
      await admin(`ALTER DATABASE "${name}" SET default_transaction_read_only = on`);
      await dropConnections(postgresUrl!, name);
      // A pooled connection the server just closed may answer first: that call is refused as unreachable.
      const faults: string[] = [];
      for (let i = 0; i < 3 && faults.at(-1) !== 'read_only'; i++) {
        const error = await append().then(
          () => null,
          (e: unknown) => e,
        );
        expect(error).toBeInstanceOf(StoreUnavailableError);
        faults.push((error as StoreUnavailableError).fault);
      }
      expect(faults.at(-1)).toBe('read_only');
      expect(faults.slice(0, -1).every((f) => f === 'unreachable')).toBe(true);
      expect(await repo.getGame(game.id)).toMatchObject({ version: 1 });
      await admin(`ALTER DATABASE "${name}" RESET default_transaction_read_only`);
      await dropConnections(postgresUrl!, name);
      let appended = await append().catch((e: unknown) => e);
      if (appended instanceof StoreUnavailableError && appended.fault === 'unreachable') appended = await append();
      expect(appended).toMatchObject({ version: 2 });
    }));

  it('a server restart (every connection dropped while calls run): each failed call is the store being away', () =>
    withStore(async (repo, name) => {
      const game = await repo.createGame(NEW_GAME);
      const failures: unknown[] = [];
      let dropped = 0;
      for (let round = 0; round < 10; round++) {
        // Reads and transactions on every pooled connection, the connections dropped under them, then calls
        // on what the pool kept.
        const version = (await repo.getGame(game.id))!.version;
        const calls = Array.from({ length: 10 }, (_, i) =>
          (i % 2
            ? repo.getGame(game.id)
            : repo.appendMoves(game.id, version, [{ seat: 0, userId: 'u', text: 'pass' }])
          ).catch((e: unknown) => failures.push(e)),
        );
        await new Promise((resolve) => setTimeout(resolve, round * 3));
        dropped += await dropConnections(postgresUrl!, name);
        await Promise.all(calls);
        await Promise.all(Array.from({ length: 10 }, () => repo.listGames({}).catch((e: unknown) => failures.push(e))));
      }
      // pg's "Client has encountered a connection error and is not queryable" was not recognised: the
      // player whose move met it read "Something went wrong" instead of "nothing changed, try again".
      const refusals = (e: unknown) => e instanceof StoreUnavailableError || e instanceof StaleVersionError;
      expect(dropped).toBeGreaterThan(0);
      expect(failures.filter((e) => !refusals(e))).toEqual([]);
      expect(await repo.getGame(game.id)).toMatchObject({ id: game.id });
    }));
});
