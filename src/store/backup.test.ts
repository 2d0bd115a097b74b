// A backup taken while the bot plays, and put back after a disaster, as docs/operations.md tells an
// operator to: the games come back exactly as they were when the backup was taken, and play on.
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GameRepo } from '../game/repo.ts';
import { BackupError, backupDatabase, restoreDatabase } from './backup.ts';
import { resolveDatabaseUrl } from './database.ts';
import { openStore } from './prisma-repo.ts';
import { SCRATCH_TARGETS, type ScratchDatabase } from './testing.ts';

const pgToolsHere = spawnSync('pg_dump', ['--version']).status === 0;

/** A game with `moves` moves, and its id. */
async function gameWithMoves(repo: GameRepo, channelId: string, moves: number): Promise<string> {
  const game = await repo.createGame({ guildId: 'g', channelId, creatorUserId: 'u', seed: 's' });
  let version = game.version;
  for (let i = 0; i < moves; i++)
    ({ version } = await repo.appendMoves(game.id, version, [{ seat: i % 2, userId: 'u', text: `move ${i}` }]));
  return game.id;
}

for (const { kind, enabled, scratch } of SCRATCH_TARGETS) {
  // In CI both run: .ci/run installs PostgreSQL, its client tools included.
  describe.skipIf(!enabled || (kind === 'postgresql' && !pgToolsHere))(`a backup of ${kind}`, () => {
    let dir: string;
    const dbs: ScratchDatabase[] = [];
    const fresh = async () => {
      const db = await scratch();
      dbs.push(db);
      return db;
    };
    beforeEach(async () => {
      dir = await mkdtemp(path.join(tmpdir(), 'tm-backup-'));
    });
    afterEach(async () => {
      for (const db of dbs.splice(0)) await db.drop();
      await rm(dir, { recursive: true, force: true });
    });

    /** A store in play: one game of 5 moves backed up, then 2 more moves and a second game. */
    const backedUpInPlay = async () => {
      const db = await fresh();
      const target = resolveDatabaseUrl(db.url);
      const file = path.join(dir, kind === 'sqlite' ? 'tm-backup.db' : 'tm-backup.dump');
      const { repo } = await openStore(db.url);
      try {
        const kept = await gameWithMoves(repo, 'kept', 5);
        // Taken with the bot's store open and its last writes still in SQLite's WAL.
        await backupDatabase(target, file);
        const game = (await repo.getGame(kept))!;
        await repo.appendMoves(kept, game.version, [{ seat: 1, userId: 'u', text: 'after the backup' }]);
        const later = await gameWithMoves(repo, 'later', 2);
        return { db, target, file, kept, later, keptVersion: game.version };
      } finally {
        await repo.close();
      }
    };

    const expectAsBackedUp = async (url: string, kept: string, later: string, keptVersion: number) => {
      const { repo, applied } = await openStore(url);
      try {
        expect(applied).toEqual([]);
        expect(await repo.getGame(later)).toBeNull();
        const game = (await repo.getGame(kept))!;
        expect(game).toMatchObject({ version: keptVersion, moveCount: 5 });
        expect((await repo.listMoves(kept)).map((m) => m.text)).toEqual([0, 1, 2, 3, 4].map((i) => `move ${i}`));
        // And play goes on from there.
        await repo.appendMoves(kept, game.version, [{ seat: 1, userId: 'u', text: 'move 5' }]);
        expect(await repo.getGame(kept)).toMatchObject({ moveCount: 6 });
      } finally {
        await repo.close();
      }
    };

    it('taken while playing, put back in place of the damaged database', async () => {
      const { db, target, file, kept, later, keptVersion } = await backedUpInPlay();
      await restoreDatabase(target, file);
      await expectAsBackedUp(db.url, kept, later, keptVersion);
    });

    it('put back on a new, empty database', async () => {
      const { file, kept, later, keptVersion } = await backedUpInPlay();
      const other = await fresh();
      await restoreDatabase(resolveDatabaseUrl(other.url), file);
      await expectAsBackedUp(other.url, kept, later, keptVersion);
    });

    it('refuses to overwrite a file, and to restore what is not there', async () => {
      const { target, file } = await backedUpInPlay();
      await expect(backupDatabase(target, file)).rejects.toThrow(BackupError);
      await expect(restoreDatabase(target, path.join(dir, 'missing'))).rejects.toThrow(/does not exist/);
    });
  });
}
