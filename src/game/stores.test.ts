// The service on the database stores, not just the in-memory one: a game from its set-up to its
// recorded end (opening played here, ending after an import), the concurrency guarantee, undo with
// automatic answers, export/import, and the snapshot cache.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headerFinalVp, readCorpus } from '../../test/corpus.ts';
import { parseGameLog } from '../notation/log.ts';
import { openStore } from '../store/prisma-repo.ts';
import { type ScratchDatabase, SCRATCH_TARGETS } from '../store/testing.ts';
import { readRecord } from './record.ts';
import { replay } from './replay.ts';
import { withPicks } from './seats.ts';
import { fromSnapshot } from './snapshot.ts';
import type { GameRepo } from './repo.ts';
import { GameService } from './service.ts';
import { T0, caller, driveCorpus, errorOf, playAs, value } from './test-helpers.ts';
import { typedLines } from '../notation/parse.ts';

const FILE = '4pLeague_S60_D1L1_G1.txt';
const targets = SCRATCH_TARGETS;

for (const { kind, enabled, scratch } of targets) {
  describe.skipIf(!enabled)(`the game service on ${kind}`, () => {
    let db: ScratchDatabase;
    let repo: GameRepo;
    let service: GameService;
    beforeAll(async () => {
      db = await scratch();
      repo = (await openStore(db.url)).repo;
      service = new GameService(repo);
    });
    afterAll(async () => {
      await repo?.close();
      await db?.drop();
    });

    it('sets a game up and plays its opening, its cached snapshot equal to the replayed log', async () => {
      const { game } = await driveCorpus(service, FILE, 30, 'opening');
      const loaded = (await repo.loadGame(game.id))!;
      expect(loaded.game.status).toBe('active');
      expect(withPicks(loaded.game, loaded.moves).seats.map((s) => s.faction)).toEqual([
        'darklings',
        'nomads',
        'mermaids',
        'engineers',
      ]);
      expect(loaded.snapshot?.version).toBe(loaded.game.version);
      expect(fromSnapshot(loaded.snapshot!.state)).toEqual(
        JSON.parse(JSON.stringify(replay(loaded.game, loaded.moves))),
      );
    });

    it('continues an imported game to its recorded end', async () => {
      const text = readCorpus(FILE);
      const record = readRecord(parseGameLog(text));
      const rows = parseGameLog(text).filter((e) => e.kind === 'row' && !e.engine && e.text.toLowerCase() !== 'setup');
      const left = 30;
      const cut = text
        .split('\n')
        .slice(0, rows[rows.length - left]!.line - 1)
        .join('\n');
      const players = Object.fromEntries(record.factions.map((f, i) => [f, `user-${i + 1}`]));
      const game = value(await service.importGame(caller('user-1', 'ending'), { text: cut, players }, T0));
      let version = (await repo.getGame(game.id))!.version;
      for (const m of record.moves.slice(-left))
        version = value(
          await service.play(caller(players[m.faction!]!, 'ending'), game.id, version, m.text),
        ).newVersion;
      const loaded = (await repo.loadGame(game.id))!;
      expect(loaded.game.status).toBe('finished');
      const replayed = replay(loaded.game, loaded.moves);
      expect(fromSnapshot(loaded.snapshot!.state)).toEqual(JSON.parse(JSON.stringify(replayed)));
      expect(new Map(Object.values(replayed.factions).map((f) => [f!.name as string, f!.VP]))).toEqual(
        headerFinalVp(text),
      );
    });

    it('lets one of 50 concurrent plays on a version through and tells the others', async () => {
      const { game, users } = await driveCorpus(service, FILE, 14, 'race');
      const nomads = caller(users.get('nomads')!, 'race');
      const { version, moveCount } = (await repo.getGame(game.id))!;
      const results = await Promise.all(
        Array.from({ length: 50 }, () => service.play(nomads, game.id, version, 'dig 1. build E3')),
      );
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      for (const r of results.filter((x) => !x.ok))
        expect(errorOf(r)).toEqual({ code: 'stale_version', params: { expected: version, actual: version + 1 } });
      expect((await repo.getGame(game.id))!.moveCount).toBe(moveCount + 1);
    });

    it('two processes racing on one game: each move once, none lost or doubled', async () => {
      // A second store on the same database is a second bot process: only the database's version check
      // stands between the two, not the in-process queue.
      const other = (await openStore(db.url)).repo;
      try {
        const services = [service, new GameService(other)];
        const { game, users, remaining } = await driveCorpus(service, FILE, 14, 'two-processes');
        const moves = remaining.slice(0, 20);
        expect(moves.every((m) => m.faction !== null)).toBe(true);
        for (const m of moves)
          for (const line of typedLines(m.text)) {
            const { version, moveCount } = (await repo.getGame(game.id))!;
            const as = caller(users.get(m.faction!)!, 'two-processes');
            const results = await Promise.all(
              Array.from({ length: 6 }, (_, i) => services[i % 2]!.play(as, game.id, version, line)),
            );
            expect(results.filter((r) => r.ok)).toHaveLength(1);
            const after = (await other.getGame(game.id))!;
            expect(after.version).toBe(version + 1);
            expect(after.moveCount).toBeGreaterThan(moveCount);
          }
        const log = await repo.listMoves(game.id);
        expect(log.map((m) => m.seq)).toEqual(log.map((_, i) => i + 1));
      } finally {
        await other.close();
      }
    });

    it('undoes a line with its automatic answers, and round-trips the log through export and import', async () => {
      const { game, users } = await driveCorpus(service, FILE, 14, 'undo');
      const as = (f: string) => caller(users.get(f)!, 'undo');
      value(await service.setLeechRules(as('mermaids'), game.id, [{ kind: 'accept', upTo: 1, maxVpCost: 0 }]));
      const before = await repo.listMoves(game.id);
      const played = value(await playAs(service, game.id, as('nomads').userId, 'dig 1. build E3', 'undo'));
      expect(played.autoAnswers).toHaveLength(1);
      const undone = value(await service.undo(as('nomads'), game.id, played.newVersion));
      expect(undone.kind).toBe('undone');
      expect((await repo.listMoves(game.id)).map((m) => m.text)).toEqual(before.map((m) => m.text));
      const exported = value(await service.exportMoveList(as('nomads'), game.id));
      const copy = value(
        await service.importGame(
          caller('user-1', 'undo-copy'),
          { text: exported, players: Object.fromEntries(users) },
          T0,
        ),
      );
      const [a, b] = [
        value(await service.getGame(as('nomads'), game.id)),
        value(await service.getGame(caller('user-1', 'undo-copy'), copy.id)),
      ];
      expect(b.state).toEqual(a.state);
    });

    it('reaches a game from its thread while it is live, and keeps a second game out of the thread', async () => {
      const game = value(await service.createGame(caller('t-1', 'thread-host'), { threadId: 'thread-1' }, T0));
      expect(game.threadId).toBe('thread-1');
      expect((await repo.loadGameInChannel('guild-1', 'thread-1'))?.game.id).toBe(game.id);
      expect((await repo.findActiveGameByChannel('guild-1', 'thread-1'))?.id).toBe(game.id);
      expect(value(await service.findGameInChannel(caller('t-2', 'thread-1')))?.game.id).toBe(game.id);
      expect(errorOf(await service.createGame(caller('t-2', 'thread-1'), {}, T0)).code).toBe('channel_busy');
      expect(await repo.loadGameInChannel('other-guild', 'thread-1')).toBeNull();
      value(await service.abandon(caller('t-1', 'thread-host'), game.id));
      expect(await repo.loadGameInChannel('guild-1', 'thread-1')).toBeNull();
    });
  });
}
