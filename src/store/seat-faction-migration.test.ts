// Migration 20261123075924_seat_faction_to_log: games stored before faction picks were log rows
// (the factions on the seats) come out of it as the same games, with their picks as `setup` rows.
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryGameRepo } from '../game/memory-repo.ts';
import type { GameRecord, MoveRecord } from '../game/repo.ts';
import { pickOf } from '../game/seats.ts';
import { GameService } from '../game/service.ts';
import { T0, caller, driveCorpus, playAs, startedGame, value } from '../game/test-helpers.ts';
import { type DatabaseTarget, resolveDatabaseUrl, sqliteFile } from './database.ts';
import { migrateDeploy, readMigrations } from './migrations.ts';
import { openStore } from './prisma-repo.ts';
import { openSqlite } from './sqlite/native.ts';
import { type ScratchDatabase, SCRATCH_TARGETS } from './testing.ts';

const MIGRATION = '20261123075924_seat_faction_to_log';
const FILE = '4pLeague_S60_D1L1_G1.txt';
const targets = SCRATCH_TARGETS;

/** Runs statements with `?` placeholders on a SQLite file or a PostgreSQL database. */
async function execute(target: DatabaseTarget, statements: [string, unknown[]][]): Promise<void> {
  if (target.kind === 'sqlite') {
    const db = openSqlite(sqliteFile(target));
    try {
      for (const [sql, params] of statements) db.prepare(sql).run(...params);
    } finally {
      db.close();
    }
    return;
  }
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  try {
    for (const [sql, params] of statements) {
      let n = 0;
      await client.query(
        sql.replaceAll('?', () => `$${++n}`),
        params,
      );
    }
  } finally {
    await client.end();
  }
}

/** Writes a game as the schema before the migration stored it: factions on the seats, picks not in the log. */
async function storeTheOldWay(target: DatabaseTarget, game: GameRecord, moves: readonly MoveRecord[]) {
  const time = (d: Date) =>
    target.kind === 'sqlite' ? d.toISOString().replace('Z', '+00:00') : d.toISOString().replace('Z', '');
  const picks = new Map(moves.flatMap((m) => (pickOf(m) && m.seat !== null ? [[m.seat, pickOf(m)!] as const] : [])));
  const played = moves.filter((m) => !pickOf(m));
  const statements: [string, unknown[]][] = [
    [
      `INSERT INTO "Game" ("id", "guildId", "channelId", "creatorUserId", "status", "activeChannelKey", "language",
        "options", "settings", "seed", "version", "moveCount", "createdAt", "updatedAt")
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        game.id,
        game.guildId,
        game.channelId,
        game.creatorUserId,
        game.status,
        game.status === 'active' ? `${game.guildId}:${game.channelId}` : null,
        game.language,
        JSON.stringify(game.options),
        JSON.stringify(game.settings),
        game.seed,
        game.version,
        played.length,
        time(game.createdAt),
        time(game.updatedAt),
      ],
    ],
    ...game.seats.map((s): [string, unknown[]] => [
      `INSERT INTO "Seat" ("gameId", "position", "userId", "faction", "leechRules", "joinedAt") VALUES (?, ?, ?, ?, ?, ?)`,
      [game.id, s.position, s.userId, picks.get(s.position) ?? null, JSON.stringify(s.leechRules), time(s.joinedAt)],
    ]),
    ...played.map((m, i): [string, unknown[]] => [
      `INSERT INTO "Move" ("gameId", "seq", "seat", "userId", "text", "createdAt") VALUES (?, ?, ?, ?, ?, ?)`,
      [game.id, i + 1, m.seat, m.userId, m.text, time(m.createdAt)],
    ]),
  ];
  await execute(target, statements);
}

for (const { kind, enabled, scratch } of targets) {
  describe.skipIf(!enabled)(`games stored with factions on their seats, migrated on ${kind}`, () => {
    let db: ScratchDatabase | undefined;
    let close: (() => Promise<void>) | undefined;
    afterEach(async () => {
      await close?.();
      await db?.drop();
    });

    /** The old schema holding the games `build` made on the memory store, then the store opened (migrating). */
    async function migrated(build: (service: GameService) => Promise<string[]>) {
      const memory = new MemoryGameRepo();
      const ids = await build(new GameService(memory));
      db = await scratch();
      const target = resolveDatabaseUrl(db.url);
      const all = await readMigrations(target.kind);
      const before = all.filter((m) => m.name < MIGRATION);
      await migrateDeploy(target, before);
      for (const id of ids) {
        const { game, moves } = (await memory.loadGame(id))!;
        await storeTheOldWay(target, game, moves);
      }
      const { repo, applied } = await openStore(db.url);
      close = () => repo.close();
      // This one, then those written after it.
      expect(applied).toEqual(all.filter((m) => m.name >= MIGRATION).map((m) => m.name));
      expect(applied[0]).toBe(MIGRATION);
      return { reference: new GameService(memory), migrated: new GameService(repo), memory, repo, ids };
    }

    it('loads a game in play with the same seats, log and state, exports it identically and plays on', async () => {
      let users = new Map<string, string>();
      const {
        reference,
        migrated: service,
        memory,
        repo,
        ids,
      } = await migrated(async (s) => {
        const run = await driveCorpus(s, FILE, 14);
        users = run.users;
        return [run.game.id];
      });
      const id = ids[0]!;
      const as = caller('user-1', 'corpus');
      const want = value(await reference.getGame(as, id));
      const got = value(await service.getGame(as, id));
      expect(got.game.seats.map((s) => [s.position, s.userId, s.faction])).toEqual(
        want.game.seats.map((s) => [s.position, s.userId, s.faction]),
      );
      const rows = (moves: readonly MoveRecord[]) => moves.map((m) => [m.seq, m.seat, m.text]);
      expect(rows(await repo.listMoves(id))).toEqual(rows(await memory.listMoves(id)));
      expect(got.game.moveCount).toBe(want.game.moveCount);
      expect(got.state).toEqual(want.state);
      expect(got.deadline).toEqual(want.deadline);
      expect(value(await service.exportMoveList(as, id))).toBe(value(await reference.exportMoveList(as, id)));
      // The next record move, on both.
      const nomads = users.get('nomads')!;
      const a = value(await playAs(reference, id, nomads, 'dig 1. build E3', 'corpus'));
      const b = value(await playAs(service, id, nomads, 'dig 1. build E3', 'corpus'));
      expect(b.state).toEqual(a.state);
      expect(b.newVersion).toBe(a.newVersion);
    });

    it('lets the seats of a game in the middle of picking go on picking, and take back a migrated pick', async () => {
      const { migrated: service, ids } = await migrated(async (s) => {
        const game = await startedGame(s, ['a', 'b', 'c']);
        value(await s.chooseFaction(caller('a'), game.id, 'witches'));
        return [game.id];
      });
      const id = ids[0]!;
      let view = value(await service.getGame(caller('a'), id));
      expect(view.game.seats.map((s) => s.faction)).toEqual(['witches', null, null]);
      expect(view.factionPick).toMatchObject({ position: 1, userId: 'b' });
      // The timer still counts from the start, as before the migration.
      expect(view.moves[0]).toMatchObject({ seq: 1, seat: 0, userId: null, text: 'setup witches', createdAt: T0 });
      value(await service.chooseFaction(caller('b'), id, 'nomads'));
      view = value(await service.getGame(caller('a'), id));
      expect(view.game.seats.map((s) => s.faction)).toEqual(['witches', 'nomads', null]);
      // The migrated row was typed by nobody here: the admin takes it back (with the pick after it).
      const undone = value(await service.undo(caller('a'), id, view.game.version, 0));
      expect(undone).toMatchObject({ kind: 'undone' });
      view = value(await service.getGame(caller('a'), id));
      expect(view.game.seats.map((s) => s.faction)).toEqual([null, null, null]);
      expect(view.factionPick).toMatchObject({ position: 0, userId: 'a' });
    });
  });
}
