// Interaction claims against the in-memory store, SQLite and PostgreSQL (TEST_POSTGRES_URL): of two bot
// processes that both received an interaction (a rolling deploy's overlap, a process started without
// SHARD_IDS), exactly one claims it and answers, and its own retried claim is still its own; claims are
// forgotten once Discord takes no answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryGameRepo } from '../game/memory-repo.ts';
import { type GameRepo, INTERACTION_CLAIM_MS } from '../game/repo.ts';
import { openStore } from './prisma-repo.ts';
import { type ScratchDatabase, scratchPostgres, scratchSqlite } from './testing.ts';

const postgresUrl = process.env.TEST_POSTGRES_URL;
const T0 = new Date('2026-11-27T00:00:00Z');
const later = (ms: number) => new Date(T0.getTime() + ms);

interface Backend {
  name: string;
  enabled: boolean;
  /** Two stores on one database: two bot processes. */
  pair(): Promise<{ one: GameRepo; other: GameRepo; drop(): Promise<void> }>;
}

/** Each process claims under its own name, as `botRoutes` does with a name drawn when it starts. */
type Claim = (interactionId: string, now: Date) => Promise<boolean>;

const database = (make: () => Promise<ScratchDatabase>) => async () => {
  const db = await make();
  const { repo: one } = await openStore(db.url);
  const { repo: other } = await openStore(db.url);
  return {
    one,
    other,
    drop: async () => {
      await one.close();
      await other.close();
      await db.drop();
    },
  };
};

const shared: Backend[] = [
  {
    name: 'memory',
    enabled: true,
    pair: async () => {
      const repo = new MemoryGameRepo();
      return { one: repo, other: repo, drop: async () => {} };
    },
  },
  { name: 'postgresql', enabled: postgresUrl !== undefined, pair: database(() => scratchPostgres(postgresUrl!)) },
];

for (const backend of shared) {
  describe.skipIf(!backend.enabled)(`interaction claims: ${backend.name}`, () => {
    let stores: Awaited<ReturnType<Backend['pair']>>;
    let one: Claim;
    let other: Claim;
    beforeAll(async () => {
      stores = await backend.pair();
      one = (id, now) => stores.one.claimInteraction(id, 'one', now);
      other = (id, now) => stores.other.claimInteraction(id, 'other', now);
    });
    afterAll(async () => stores?.drop());

    it('two processes racing for the same interactions: each is claimed by exactly one', async () => {
      for (let n = 0; n < 20; n++) {
        const claims = await Promise.all(Array.from({ length: 6 }, (_, i) => (i % 2 ? other : one)(`race-${n}`, T0)));
        const ones = claims.filter((_, i) => i % 2 === 0);
        const others = claims.filter((_, i) => i % 2 === 1);
        // Every attempt of the winner says it is its own, every attempt of the other says it is not.
        expect(new Set(ones).size).toBe(1);
        expect(new Set(others).size).toBe(1);
        expect(ones[0]).not.toBe(others[0]);
      }
    });

    it('a process retrying a claim that went through (its reply lost) is told the claim is its own', async () => {
      expect(await one('lost-reply', T0)).toBe(true);
      expect(await one('lost-reply', later(50))).toBe(true);
      expect(await other('lost-reply', later(60))).toBe(false);
    });

    it('forgets a claim once Discord takes no answer to it, so the claims stay few', async () => {
      expect(await one('old', later(0))).toBe(true);
      expect(await other('old', later(INTERACTION_CLAIM_MS - 1_000))).toBe(false);
      // Another interaction a while later clears the claims Discord no longer takes answers to.
      expect(await one('newer', later(INTERACTION_CLAIM_MS + 120_000))).toBe(true);
      expect(await other('old', later(INTERACTION_CLAIM_MS + 120_000))).toBe(true);
      expect(await other('newer', later(INTERACTION_CLAIM_MS + 120_000))).toBe(false);
    });
  });
}

describe('interaction claims: sqlite', () => {
  it('every interaction is the one process’s own: SQLite serves one bot process (src/store/sqlite/owner.ts)', async () => {
    const db = await scratchSqlite();
    const { repo } = await openStore(db.url);
    try {
      for (const id of ['a', 'a', 'b']) expect(await repo.claimInteraction(id, 'one', T0)).toBe(true);
    } finally {
      await repo.close();
      await db.drop();
    }
  });
});
