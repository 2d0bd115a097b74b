// Reminder claims against the in-memory store, SQLite and PostgreSQL (TEST_POSTGRES_URL): each step of a
// wait is claimed by exactly one caller, even by two stores (two bot processes) on one database, a claim
// left by a crashed process is taken over when its lease ends, and what was sent survives a restart. And
// the games the pass must look at: due after each change, then at the time the pass set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryGameRepo } from '../game/memory-repo.ts';
import type { GameRepo, ReminderWait } from '../game/repo.ts';
import { openStore } from './prisma-repo.ts';
import { type ScratchDatabase, scratchPostgres, scratchSqlite } from './testing.ts';

const postgresUrl = process.env.TEST_POSTGRES_URL;
const T0 = new Date('2026-11-23T00:00:00Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

interface Backend {
  name: string;
  enabled: boolean;
  /** A store on the backend's database; a second call is a second process on the same database. */
  scratch(): Promise<{ open(): Promise<GameRepo>; drop(): Promise<void> }>;
}

const database = (make: () => Promise<ScratchDatabase>) => async () => {
  const db = await make();
  const opened: GameRepo[] = [];
  return {
    open: async () => {
      const { repo } = await openStore(db.url);
      opened.push(repo);
      return repo;
    },
    drop: async () => {
      for (const repo of opened) await repo.close();
      await db.drop();
    },
  };
};

const backends: Backend[] = [
  {
    name: 'memory',
    enabled: true,
    scratch: async () => {
      const repo = new MemoryGameRepo();
      return { open: async () => repo, drop: async () => {} };
    },
  },
  { name: 'sqlite', enabled: true, scratch: database(scratchSqlite) },
  { name: 'postgresql', enabled: postgresUrl !== undefined, scratch: database(() => scratchPostgres(postgresUrl!)) },
];

for (const backend of backends) {
  describe.skipIf(!backend.enabled)(`reminder claims: ${backend.name}`, () => {
    let scratch: Awaited<ReturnType<Backend['scratch']>>;
    let repo: GameRepo;
    let gameId: string;
    let channel = 0;
    const wait = (userId = 'u1', version = 1): ReminderWait => ({ gameId, version, userId });

    beforeAll(async () => {
      scratch = await backend.scratch();
      repo = await scratch.open();
    });
    afterAll(async () => scratch?.drop());

    const newGame = async () => {
      channel += 1;
      gameId = (await repo.createGame({ guildId: 'g', channelId: `c${channel}`, creatorUserId: 'u1', seed: 's' })).id;
    };

    it('gives each step to one claimer, and the next step after it was sent', async () => {
      await newGame();
      expect(await repo.claimReminder(wait(), 1, at(0), at(5))).toBe(true);
      expect(await repo.claimReminder(wait(), 1, at(1), at(6))).toBe(false);
      await repo.settleReminder(wait(), 1, true);
      expect(await repo.claimReminder(wait(), 1, at(2), at(7))).toBe(false);
      expect(await repo.claimReminder(wait('u2'), 1, at(2), at(7))).toBe(true);
      expect(await repo.claimReminder(wait(), 2, at(3), at(8))).toBe(true);
    });

    it('takes a claim over once its lease ended (the claimer crashed), and again after a release', async () => {
      await newGame();
      expect(await repo.claimReminder(wait(), 1, at(0), at(5))).toBe(true);
      expect(await repo.claimReminder(wait(), 1, at(4), at(9))).toBe(false);
      expect(await repo.claimReminder(wait(), 1, at(6), at(11))).toBe(true);
      await repo.settleReminder(wait(), 1, false);
      expect(await repo.claimReminder(wait(), 1, at(7), at(12))).toBe(true);
      // A late settle of the lost claim does not count the step as sent twice or release the new claim.
      await repo.settleReminder(wait(), 1, true);
      expect(await repo.claimReminder(wait(), 2, at(8), at(13))).toBe(true);
    });

    it('muted waits claim nothing; a new version is a new wait', async () => {
      await newGame();
      await repo.muteReminders(wait(), 3);
      for (const step of [1, 2, 3]) expect(await repo.claimReminder(wait(), step, at(0), at(5))).toBe(false);
      expect(await repo.claimReminder(wait('u1', 2), 1, at(0), at(5))).toBe(true);
    });

    it('two processes racing on the same steps: each step is claimed exactly once', async () => {
      await newGame();
      const other = await scratch.open();
      for (const step of [1, 2, 3]) {
        const claims = await Promise.all(
          Array.from({ length: 16 }, (_, i) =>
            (i % 2 ? other : repo).claimReminder(wait(), step, at(step), at(step + 5)),
          ),
        );
        expect(claims.filter(Boolean)).toHaveLength(1);
        await repo.settleReminder(wait(), step, true);
      }
    });

    it('lists the active games due by a time: each change makes one due at once, until its next time is set', async () => {
      await newGame();
      const due = async (when: Date) => (await repo.gamesDue(when, 100)).map((d) => d.gameId);
      // Open: not a game the pass looks at.
      expect(await due(at(100_000))).not.toContain(gameId);
      const open = (await repo.getGame(gameId))!;
      const active = await repo.updateGame(gameId, open.version, { status: 'active' });
      expect(await repo.gamesDue(new Date(), 100)).toContainEqual({ gameId, guildId: 'g' });
      await repo.setDueAt(gameId, active.version, at(60));
      expect(await due(at(59))).not.toContain(gameId);
      expect(await due(at(60))).toContain(gameId);
      // Set for another version: nothing changes.
      await repo.setDueAt(gameId, active.version - 1, null);
      expect(await due(at(60))).toContain(gameId);
      await repo.setDueAt(gameId, active.version, null);
      expect(await due(at(100_000))).not.toContain(gameId);
      // A move makes it due at once (at the time of the change), whatever was set before.
      const before = new Date();
      await repo.appendMoves(gameId, active.version, [{ seat: 0, userId: 'u1', text: 'pass' }]);
      expect(await due(new Date(before.getTime() - 1))).not.toContain(gameId);
      expect(await due(new Date())).toContain(gameId);
      // At any version: due again without waiting for a change.
      await repo.setDueAt(gameId, active.version + 1, null);
      await repo.setDueAt(gameId, null, new Date(0));
      expect(await due(at(0))).toContain(gameId);
    });

    it('what was sent survives a restart', async () => {
      await newGame();
      expect(await repo.claimReminder(wait(), 1, at(0), at(5))).toBe(true);
      await repo.settleReminder(wait(), 1, true);
      const restarted = await scratch.open();
      expect(await restarted.claimReminder(wait(), 1, at(60), at(65))).toBe(false);
      expect(await restarted.claimReminder(wait(), 2, at(60), at(65))).toBe(true);
    });
  });
}
