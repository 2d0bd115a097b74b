// Behaviour specific to the database stores: what holds across processes, not just inside one.
import { describe, expect, it } from 'vitest';
import { StaleVersionError } from '../game/repo.ts';
import { openStore } from './prisma-repo.ts';
import { SCRATCH_TARGETS } from './testing.ts';

const targets = SCRATCH_TARGETS;

for (const { kind, enabled, scratch } of targets) {
  describe.skipIf(!enabled)(`database store on ${kind}`, () => {
    it('rejects stale writers through the database when two stores (processes) share it', async () => {
      const db = await scratch();
      const a = (await openStore(db.url)).repo;
      const b = (await openStore(db.url)).repo;
      try {
        const game = await a.createGame({ guildId: 'g', channelId: 'c', creatorUserId: 'u', seed: 's' });
        // The in-process queues of a and b know nothing of each other: only the database decides.
        const results = await Promise.allSettled(
          Array.from({ length: 20 }, (_, i) =>
            (i % 2 ? a : b).appendMoves(game.id, 1, [{ seat: 0, userId: 'u', text: `m${i}` }]),
          ),
        );
        expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
        for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(StaleVersionError);
        expect(await b.listMoves(game.id)).toHaveLength(1);
        expect(await a.getGame(game.id)).toMatchObject({ version: 2, moveCount: 1 });
      } finally {
        await a.close();
        await b.close();
        await db.drop();
      }
    });

    it('loads a game it holds as a fresh read would, and reads it again once another store changed it', async () => {
      const db = await scratch();
      const a = (await openStore(db.url)).repo;
      const b = (await openStore(db.url)).repo;
      try {
        const game = await a.createGame({
          guildId: 'g',
          channelId: 'c',
          creatorUserId: 'u',
          seed: 's',
          status: 'active',
        });
        const move = (text: string) => [{ seat: 0, userId: 'u', text }];
        await a.loadGame(game.id);
        // a holds the game and writes on top of what it holds; b reads everything from the database.
        await a.appendMoves(game.id, 1, move('m1'), { n: 1 });
        await a.saveSnapshot(game.id, 2, { at: 2 });
        await a.appendMoves(game.id, 2, move('m2'), { n: 2 });
        expect(await a.loadGameInChannel('g', 'c')).toEqual(await b.loadGame(game.id));

        // Changes a did not make: another move, a delivered announcement, a newer snapshot.
        await b.appendMoves(game.id, 3, move('m3'), { n: 3 });
        await b.markAnnounced(game.id, 2);
        await b.saveSnapshot(game.id, 4, { at: 4 });
        const seen = (await a.loadGame(game.id))!;
        expect(seen).toEqual(await b.loadGame(game.id));
        expect(seen.moves.map((m) => m.text)).toEqual(['m1', 'm2', 'm3']);
        expect(seen.pending.map((p) => p.payload)).toEqual([{ n: 2 }, { n: 3 }]);
        expect(seen.snapshot).toEqual({ version: 4, state: { at: 4 } });
        // Delivered without a new version: the outbox shrinks in what a holds too.
        await b.markAnnounced(game.id, 4);
        expect((await a.loadGame(game.id))!.pending).toEqual([]);

        // What a read is a copy: changing it changes nothing a holds.
        seen.moves.push({ seq: 9, seat: 0, userId: 'x', text: 'x', createdAt: new Date() });
        seen.game.seats.push({ position: 9, userId: 'x', leechRules: [], joinedAt: new Date(), ai: null });
        expect(await a.loadGame(game.id)).toEqual(await b.loadGame(game.id));
        await expect(a.appendMoves(game.id, 3, move('late'))).rejects.toBeInstanceOf(StaleVersionError);
      } finally {
        await a.close();
        await b.close();
        await db.drop();
      }
    });

    it('keeps the channel reservation in the database', async () => {
      const db = await scratch();
      const a = (await openStore(db.url)).repo;
      const b = (await openStore(db.url)).repo;
      try {
        const input = { guildId: 'g', channelId: 'c', creatorUserId: 'u', seed: 's' };
        const results = await Promise.allSettled([
          a.createGame(input),
          b.createGame(input),
          a.createGame(input),
          b.createGame(input),
        ]);
        expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
        expect(await a.listGames({ guildId: 'g' })).toHaveLength(1);
      } finally {
        await a.close();
        await b.close();
        await db.drop();
      }
    });
  });
}
