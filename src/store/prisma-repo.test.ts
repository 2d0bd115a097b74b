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
