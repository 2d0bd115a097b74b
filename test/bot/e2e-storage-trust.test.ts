/**
 * The snapshot is a cache of the log: one the store cannot vouch for is never shown to players. A cell that
 * is not JSON, or one whose numbers were changed (a damaged page, a hand edit), is replayed from the log as
 * docs/persistence.md promises, seen from a restarted bot on the same SQLite file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GameService } from '../../src/game/service.ts';
import { parseGameLog } from '../../src/notation/log.ts';
import { createLogger } from '../../src/log.ts';
import { openStore, type PrismaGameRepo } from '../../src/store/prisma-repo.ts';
import { scratchSqlite, type ScratchDatabase } from '../../src/store/testing.ts';
import { readCorpus } from '../corpus.ts';
import { settle, startBot, TOKEN, type BotHarness } from '../support/bot-harness.ts';
import { FakeDiscord } from '../support/fake-discord.ts';
import { LogServer } from '../support/log-server.ts';

describe('snapshots the store cannot vouch for', () => {
  let db: ScratchDatabase;
  let fake: FakeDiscord;
  let files: LogServer;
  const open: { repo: PrismaGameRepo; bot: BotHarness }[] = [];

  /** A bot process on the SQLite file: its own store, so nothing is held from an earlier one. */
  const boot = async () => {
    const { repo } = await openStore(db.url, { logger: createLogger({ level: 'silent' }) });
    const bot = await startBot({ fake, service: new GameService(repo) });
    open.push({ repo, bot });
    return { repo, bot };
  };
  const stop = async () => {
    for (const { repo, bot } of open.splice(0)) {
      await bot.close();
      await repo.close();
    }
  };

  beforeAll(async () => {
    db = await scratchSqlite();
    fake = await FakeDiscord.start({ token: TOKEN });
    files = await LogServer.start();
  });

  afterAll(async () => {
    await stop();
    await fake?.close();
    files?.close();
    await db?.drop();
  });

  /** A record imported into a fresh channel; the status its players see. */
  const importedGame = async (name: string) => {
    const record = readCorpus('4pLeague_S60_D1L1_G1.txt');
    const lines = record.split('\n');
    const partial = lines.slice(0, lines.indexOf('Round 3, turn 1')).join('\n');
    const channelId = fake.addChannel(name);
    await files.importInto(fake, channelId, partial);
    expect(parseGameLog(partial).length).toBeGreaterThan(100);
    const status = await settle(fake.slashCommand('/tm status', { channelId }));
    expect(status.content).toMatch(/Scores: /);
    return { channelId, status: status.content! };
  };

  it('replays a game whose snapshot cell is not JSON, instead of failing every interaction', async () => {
    const { repo } = await boot();
    const { channelId, status } = await importedGame('not-json');
    await repo.client.$executeRawUnsafe(`UPDATE "Game" SET "snapshot" = '{"engineVersion": 1, "state": {tr'`);
    await stop();
    const { bot } = await boot();
    const again = await settle(fake.slashCommand('/tm status', { channelId }));
    expect(again.content).toBe(status);
    expect(bot.errors).toEqual([]);
    await stop();
  });

  it('replays a game whose snapshot has the right shape and changed numbers, instead of showing them', async () => {
    const { repo } = await boot();
    const { channelId, status } = await importedGame('changed-numbers');
    const [row] = await repo.client.$queryRawUnsafe<{ id: string; snapshot: string }[]>(
      `SELECT "id", "snapshot" FROM "Game" WHERE "channelId" = '${channelId}'`,
    );
    const snapshot = JSON.parse(row!.snapshot) as { state: { factions: Record<string, { VP: number }> } };
    for (const faction of Object.values(snapshot.state.factions)) faction.VP = 999;
    await repo.client.$executeRawUnsafe(
      `UPDATE "Game" SET "snapshot" = '${JSON.stringify(snapshot).replaceAll("'", "''")}' WHERE "id" = '${row!.id}'`,
    );
    await stop();
    const { bot } = await boot();
    const again = await settle(fake.slashCommand('/tm status', { channelId }));
    // A whole number 999, not those digits inside a user id's mention.
    expect(again.content).not.toMatch(/\b999\b/);
    expect(again.content).toBe(status);
    expect(bot.errors).toEqual([]);
  });
});
