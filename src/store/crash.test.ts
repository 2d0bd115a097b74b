// Kills a process in the middle of appending moves, several times, and checks nothing was lost,
// duplicated or half-written (bench/store-crash.ts runs the same for hundreds of kills).
import { expect, it } from 'vitest';
import { checkCrashedStore, runCrashTrials } from './crash-check.ts';
import { openStore } from './prisma-repo.ts';
import { scratchSqlite } from './testing.ts';

it('survives SIGKILL at random moments while appending moves to SQLite', async () => {
  const db = await scratchSqlite();
  try {
    const result = await runCrashTrials({ url: db.url, trials: 5 });
    expect(result.problems).toEqual([]);
    expect(result.games).toBe(4);
    // Every child was killed after at least one commit, while it kept writing.
    expect(result.acknowledgedAppends).toBeGreaterThanOrEqual(5);
    expect(result.moves).toBeGreaterThanOrEqual(result.acknowledgedAppends);
  } finally {
    await db.drop();
  }
}, 120_000);

it('notices a damaged log', async () => {
  const db = await scratchSqlite();
  const { repo } = await openStore(db.url);
  try {
    const game = await repo.createGame({ guildId: 'g', channelId: 'c', creatorUserId: 'u', seed: 's' });
    await repo.appendMoves(game.id, 1, [{ seat: 0, userId: 'u', text: 'crash v2 1/2' }]);
    await repo.appendMoves(game.id, 2, [{ seat: 0, userId: 'u', text: 'crash v4 1/1' }]);
    const check = await checkCrashedStore(repo, new Map([[game.id, 5]]));
    expect(check.problems).toEqual([
      `${game.id}: append v2 stops after 1 of 2 moves`,
      `${game.id}: append v4 at seq 2, expected v3`,
      `${game.id}: append v5 was acknowledged but the game is at version 3`,
    ]);
  } finally {
    await repo.close();
    await db.drop();
  }
});
