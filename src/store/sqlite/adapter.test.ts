import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PrismaClient } from '../../generated/sqlite/client.ts';
import { resolveDatabaseUrl, sqliteFile } from '../database.ts';
import { migrateDeploy } from '../migrations.ts';
import { scratchSqlite, type ScratchDatabase } from '../testing.ts';
import { SqliteAdapterFactory } from './adapter.ts';
import { openSqlite, sqlitePackageFor } from './native.ts';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('SQLite adapter', () => {
  let db: ScratchDatabase;
  let file: string;
  let client: PrismaClient;

  beforeEach(async () => {
    db = await scratchSqlite();
    const target = resolveDatabaseUrl(db.url);
    await migrateDeploy(target);
    file = sqliteFile(target);
    client = new PrismaClient({ adapter: new SqliteAdapterFactory({ file, timeout: 100 }) });
  });

  afterEach(async () => {
    await client.$disconnect();
    await db.drop();
  });

  /** What another connection (another process) reads: only committed rows. */
  function committed<T>(sql: string): T[] {
    const other = openSqlite(file, { readonly: true });
    try {
      return other.prepare(sql).all() as T[];
    } finally {
      other.close();
    }
  }

  const game = (id: string) => ({
    id,
    guildId: 'g',
    channelId: id,
    creatorUserId: 'u',
    status: 'open',
    options: '{}',
    settings: '{}',
    seed: 's',
  });

  it("keeps writes made while another call's transaction is open when that transaction rolls back", async () => {
    await client.game.createMany({ data: Array.from({ length: 10 }, (_, i) => game(`kept-${i}`)) });
    for (let i = 0; i < 10; i++) {
      let write: Promise<unknown> | undefined;
      const rolledBack = client.$transaction(async (tx) => {
        await tx.game.create({ data: game(`doomed-${i}`) });
        // Another game's single-statement write, issued while this transaction is open (the store
        // queues work per game only). Not awaited, since it must wait for this transaction; then()
        // starts it, as a Prisma query only runs once something asks for its result.
        write = client.game.updateMany({ where: { id: `kept-${i}` }, data: { snapshotVersion: i } }).then((r) => r);
        await pause(20);
        throw new Error('version conflict');
      });
      await expect(rolledBack).rejects.toThrow('version conflict');
      await write;
    }
    expect(committed('SELECT id, snapshotVersion FROM "Game" ORDER BY snapshotVersion')).toEqual(
      Array.from({ length: 10 }, (_, i) => ({ id: `kept-${i}`, snapshotVersion: i })),
    );
  });

  it('ends a transaction whose COMMIT failed, so the next write is not swallowed by it', async () => {
    // A deferred foreign key makes SQLite refuse the COMMIT and stay inside the transaction.
    const failing = client.$transaction(async (tx) => {
      await tx.$executeRawUnsafe('PRAGMA defer_foreign_keys = ON');
      await tx.seat.create({ data: { gameId: 'no-such-game', position: 0, userId: 'u' } });
    });
    await expect(failing).rejects.toThrow(/ForeignKeyConstraintViolation/);

    await client.playerPreference.create({ data: { userId: 'after', data: '{}' } });
    expect(committed('SELECT userId FROM "PlayerPreference"')).toEqual([{ userId: 'after' }]);
    expect(committed('SELECT gameId FROM "Seat"')).toEqual([]);
  });

  it('reads back what it wrote: timestamps, integers, counts and unique-key refusals', async () => {
    const createdAt = new Date('2026-11-23T04:05:06.789Z');
    await client.game.create({ data: { ...game('a'), createdAt, moveCount: 2 ** 31 - 1 } });
    const row = await client.game.findUniqueOrThrow({ where: { id: 'a' } });
    expect(row.createdAt).toEqual(createdAt);
    expect(row.moveCount).toBe(2 ** 31 - 1);
    expect(row.snapshotVersion).toBeNull();
    // The text Prisma's own SQLite adapters write, so databases written by either read the same.
    expect(committed('SELECT createdAt FROM "Game"')).toEqual([{ createdAt: '2026-11-23T04:05:06.789+00:00' }]);
    expect(await client.game.count()).toBe(1);
    await expect(client.game.create({ data: game('a') })).rejects.toMatchObject({ code: 'P2002' });
  });

  it('picks the better-sqlite3 major the runtime can load', () => {
    expect(sqlitePackageFor(9)).toBe('better-sqlite3-node20');
    expect(sqlitePackageFor(10)).toBe('better-sqlite3');
    const memory = openSqlite(':memory:');
    expect(memory.prepare('SELECT sqlite_version() AS v').get()).toMatchObject({ v: expect.stringMatching(/^3\./) });
    memory.close();
  });
});
