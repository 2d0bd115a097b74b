// One GameRepo contract, run against the in-memory store, SQLite and PostgreSQL (TEST_POSTGRES_URL).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryGameRepo } from '../game/memory-repo.ts';
import {
  ChannelBusyError,
  GameNotFoundError,
  type GameRepo,
  type NewGame,
  StaleVersionError,
  UndoRangeError,
} from '../game/repo.ts';
import { openStore } from './prisma-repo.ts';
import { type ScratchDatabase, scratchPostgres, scratchSqlite } from './testing.ts';

interface StoreUnderTest {
  name: string;
  enabled: boolean;
  open(): Promise<{ repo: GameRepo; drop(): Promise<void> }>;
}

const postgresUrl = process.env.TEST_POSTGRES_URL;

async function openScratch(db: ScratchDatabase) {
  const { repo } = await openStore(db.url);
  return {
    repo,
    drop: async () => {
      await repo.close();
      await db.drop();
    },
  };
}

const stores: StoreUnderTest[] = [
  { name: 'memory', enabled: true, open: async () => ({ repo: new MemoryGameRepo(), drop: async () => {} }) },
  { name: 'sqlite', enabled: true, open: async () => openScratch(await scratchSqlite()) },
  {
    name: 'postgresql',
    enabled: postgresUrl !== undefined,
    open: async () => openScratch(await scratchPostgres(postgresUrl!)),
  },
];

let channelCounter = 0;
function newGame(overrides: Partial<NewGame> = {}): NewGame {
  channelCounter += 1;
  return { guildId: 'g1', channelId: `c${channelCounter}`, creatorUserId: 'u1', seed: 'seed-1', ...overrides };
}

const move = (text: string, seat: number | null = 0, userId: string | null = 'u1') => ({ seat, userId, text });

for (const store of stores) {
  describe.skipIf(!store.enabled)(`GameRepo contract: ${store.name}`, () => {
    let repo: GameRepo;
    let drop: () => Promise<void>;
    beforeAll(async () => {
      ({ repo, drop } = await store.open());
    });
    afterAll(async () => drop?.());

    describe('games', () => {
      it('creates a game with defaults and reads it back', async () => {
        const input = newGame({
          options: { variant: 'standard', players: 3 },
          settings: { moveTimerHours: 24 },
          seats: [
            { position: 1, userId: 'u2', leechRules: [{ kind: 'accept', upTo: 1, maxVpCost: 0 }] },
            { position: 0, userId: 'u1' },
          ],
        });
        const game = await repo.createGame(input);
        expect(game).toMatchObject({
          guildId: 'g1',
          channelId: input.channelId,
          creatorUserId: 'u1',
          status: 'open',
          language: 'en',
          options: { variant: 'standard', players: 3 },
          settings: { moveTimerHours: 24, reminderHours: null },
          seed: 'seed-1',
          version: 1,
          moveCount: 0,
        });
        expect(game.seats.map((s) => [s.position, s.userId])).toEqual([
          [0, 'u1'],
          [1, 'u2'],
        ]);
        expect(game.seats[1]!.leechRules).toEqual([{ kind: 'accept', upTo: 1, maxVpCost: 0 }]);
        expect(game.createdAt).toBeInstanceOf(Date);
        expect(await repo.getGame(game.id)).toEqual(game);
        expect(await repo.findActiveGameByChannel('g1', input.channelId)).toEqual(game);
        expect(await repo.getGame('no-such-game')).toBeNull();
      });

      it('rejects invalid stored JSON before writing anything', async () => {
        const input = newGame({ settings: { moveTimerHours: 2 } });
        await expect(repo.createGame(input)).rejects.toThrow();
        expect(await repo.findActiveGameByChannel('g1', input.channelId)).toBeNull();
        await expect(
          repo.createGame(
            newGame({
              seats: [
                { position: 0, userId: 'a' },
                { position: 0, userId: 'b' },
              ],
            }),
          ),
        ).rejects.toThrow(RangeError);
      });

      it('allows one open or active game per channel', async () => {
        const input = newGame();
        const first = await repo.createGame(input);
        const busy = await repo.createGame({ ...input, creatorUserId: 'u9' }).catch((e: unknown) => e);
        expect(busy).toBeInstanceOf(ChannelBusyError);
        expect(busy).toMatchObject({ code: 'channel_busy', existingGameId: first.id, channelId: input.channelId });
        // The same channel id in another guild is another channel.
        await expect(repo.createGame({ ...input, guildId: 'g2' })).resolves.toMatchObject({ guildId: 'g2' });

        const active = await repo.updateGame(first.id, 1, { status: 'active' });
        await expect(repo.createGame(input)).rejects.toBeInstanceOf(ChannelBusyError);
        await repo.updateGame(first.id, active.version, { status: 'finished' });
        expect(await repo.findActiveGameByChannel('g1', input.channelId)).toBeNull();

        const second = await repo.createGame({ ...input, status: 'active' });
        expect(await repo.findActiveGameByChannel('g1', input.channelId)).toMatchObject({ id: second.id });
        // Reviving the finished game would make two live games in the channel.
        const revived = await repo.updateGame(first.id, 3, { status: 'open' }).catch((e: unknown) => e);
        expect(revived).toBeInstanceOf(ChannelBusyError);
        expect(revived).toMatchObject({ existingGameId: second.id });
        expect(await repo.getGame(first.id)).toMatchObject({ status: 'finished', version: 3 });
      });

      it('updates fields and seats with a version check', async () => {
        const game = await repo.createGame(
          newGame({ seats: [{ position: 0, userId: 'u1' }], settings: { reminderHours: 6 } }),
        );
        const joined = game.seats[0]!.joinedAt;
        const updated = await repo.updateGame(game.id, 1, {
          status: 'active',
          language: 'it',
          settings: { moveTimerHours: 48 },
          seats: [
            { position: 0, userId: 'u3' },
            { position: 1, userId: 'u1' },
          ],
        });
        expect(updated).toMatchObject({
          status: 'active',
          language: 'it',
          version: 2,
          settings: { moveTimerHours: 48, reminderHours: 6 },
        });
        expect(updated.seats.map((s) => [s.position, s.userId])).toEqual([
          [0, 'u3'],
          [1, 'u1'],
        ]);
        // A user who keeps a seat keeps the time they joined.
        expect(updated.seats[1]!.joinedAt.getTime()).toBe(joined.getTime());
        expect(updated.updatedAt.getTime()).toBeGreaterThanOrEqual(game.updatedAt.getTime());
        expect(await repo.getGame(game.id)).toEqual(updated);

        const stale = await repo.updateGame(game.id, 1, { language: 'es' }).catch((e: unknown) => e);
        expect(stale).toBeInstanceOf(StaleVersionError);
        expect(stale).toMatchObject({ code: 'stale_version', expectedVersion: 1, actualVersion: 2 });
        await expect(repo.updateGame(game.id, 2, { settings: { moveTimerHours: 1000 } })).rejects.toThrow();
        await expect(repo.updateGame('nope', 1, { language: 'es' })).rejects.toBeInstanceOf(GameNotFoundError);
        expect(await repo.getGame(game.id)).toEqual(updated);

        // Only a change that says so begins the wait anew, at its own time.
        expect(updated.waitRestartedAt).toBeNull();
        const restarted = await repo.updateGame(game.id, 2, { settings: { moveTimerHours: 24 }, restartWait: true });
        expect(restarted.waitRestartedAt).toEqual(restarted.updatedAt);
        const kept = await repo.updateGame(game.id, 3, { language: 'en' });
        expect(kept.waitRestartedAt).toEqual(restarted.updatedAt);
        expect(await repo.getGame(game.id)).toEqual(kept);
      });

      it('lists games by guild, channel, status and seated user, most recently changed first', async () => {
        const a = await repo.createGame(newGame({ guildId: 'list', seats: [{ position: 0, userId: 'alice' }] }));
        const b = await repo.createGame(newGame({ guildId: 'list', seats: [{ position: 0, userId: 'bob' }] }));
        const c = await repo.createGame(newGame({ guildId: 'list', seats: [{ position: 0, userId: 'alice' }] }));
        await new Promise((r) => setTimeout(r, 5));
        await repo.updateGame(a.id, 1, { status: 'abandoned' });
        expect((await repo.listGames({ guildId: 'list' })).map((g) => g.id)).toEqual([
          a.id,
          ...(await order(repo, [b.id, c.id])),
        ]);
        expect((await repo.listGames({ guildId: 'list', status: ['open'] })).map((g) => g.id).sort()).toEqual(
          [b.id, c.id].sort(),
        );
        expect((await repo.listGames({ guildId: 'list', userId: 'alice' })).map((g) => g.id).sort()).toEqual(
          [a.id, c.id].sort(),
        );
        expect((await repo.listGames({ guildId: 'list', channelId: b.channelId })).map((g) => g.id)).toEqual([b.id]);
        // A game played in a thread is found by the thread too.
        const d = await repo.createGame(newGame({ guildId: 'list-thread', threadId: 'thread-d' }));
        expect((await repo.listGames({ channelId: 'thread-d' })).map((g) => g.id)).toEqual([d.id]);
        expect((await repo.listGames({ channelId: d.channelId })).map((g) => g.id)).toEqual([d.id]);
        expect(await repo.listGames({ guildId: 'list', limit: 1 })).toHaveLength(1);
        expect(await repo.listGames({ guildId: 'nobody' })).toEqual([]);
      });

      it('keeps which seats the AI plays, and lists the games that have any', async () => {
        const people = await repo.createGame(newGame({ guildId: 'ai', seats: [{ position: 0, userId: 'alice' }] }));
        const mixed = await repo.createGame(
          newGame({
            guildId: 'ai',
            seats: [
              { position: 0, userId: 'alice' },
              { position: 1, userId: 'ai:ada', ai: { level: 'hard', standsInFor: null } },
            ],
          }),
        );
        expect(people.seats[0]!.ai).toBeNull();
        expect(mixed.seats.map((s) => s.ai)).toEqual([null, { level: 'hard', standsInFor: null }]);
        expect((await repo.listGames({ guildId: 'ai', withAiSeats: true })).map((g) => g.id)).toEqual([mixed.id]);
        expect(await repo.listGames({ guildId: 'ai', userId: 'bob', withAiSeats: true })).toEqual([]);
        // Handed over: the seat remembers whom the AI stands in for; handed back, it is a person's again.
        const handed = await repo.updateGame(people.id, 1, {
          seats: [{ position: 0, userId: 'ai:alan', ai: { level: 'easy', standsInFor: 'alice' } }],
        });
        expect(handed.seats[0]).toMatchObject({ userId: 'ai:alan', ai: { level: 'easy', standsInFor: 'alice' } });
        expect((await repo.loadGame(people.id))!.game).toEqual(handed);
        const back = await repo.updateGame(people.id, 2, { seats: [{ position: 0, userId: 'alice' }] });
        expect(back.seats[0]!.ai).toBeNull();
        expect((await repo.listGames({ guildId: 'ai', withAiSeats: true })).map((g) => g.id)).toEqual([mixed.id]);
        await expect(
          repo.updateGame(people.id, 3, {
            seats: [{ position: 0, userId: 'ai:x', ai: { level: 'genius' as 'hard', standsInFor: null } }],
          }),
        ).rejects.toThrow();
      });

      it('counts the open and active games of each server', async () => {
        await repo.createGame(newGame({ guildId: 'count-a' }));
        await repo.createGame(newGame({ guildId: 'count-a', status: 'active' }));
        const ended = await repo.createGame(newGame({ guildId: 'count-a' }));
        await repo.updateGame(ended.id, 1, { status: 'abandoned' });
        await repo.createGame(newGame({ guildId: 'count-b', status: 'active' }));
        const done = await repo.createGame(newGame({ guildId: 'count-c', status: 'active' }));
        await repo.updateGame(done.id, 1, { status: 'finished' });
        const counts = (await repo.liveGamesPerGuild()).filter((c) => c.guildId.startsWith('count-'));
        expect(counts.sort((x, y) => x.guildId.localeCompare(y.guildId))).toEqual([
          { guildId: 'count-a', games: 2 },
          { guildId: 'count-b', games: 1 },
        ]);
      });

      it('counts the games a user and a server created since a time, whatever became of them', async () => {
        const before = new Date(Date.now() - 1_000);
        await repo.createGame(newGame({ guildId: 'made-a', creatorUserId: 'maker' }));
        const ended = await repo.createGame(newGame({ guildId: 'made-a', creatorUserId: 'maker' }));
        await repo.updateGame(ended.id, 1, { status: 'abandoned' });
        await repo.createGame(newGame({ guildId: 'made-b', creatorUserId: 'maker' }));
        await repo.createGame(newGame({ guildId: 'made-a', creatorUserId: 'other' }));
        expect(await repo.countGamesCreated(before, { creatorUserId: 'maker' })).toBe(3);
        expect(await repo.countGamesCreated(before, { guildId: 'made-a' })).toBe(3);
        expect(await repo.countGamesCreated(new Date(Date.now() + 60_000), { guildId: 'made-a' })).toBe(0);
      });

      it('records the pinned status message without changing the version', async () => {
        const game = await repo.createGame(newGame());
        expect(await repo.statusMessageOf(game.id)).toBeNull();
        await repo.setStatusMessage(game.id, '1234');
        expect(await repo.statusMessageOf(game.id)).toBe('1234');
        expect(await repo.getGame(game.id)).toEqual(game);
        await repo.setStatusMessage(game.id, null);
        expect(await repo.statusMessageOf(game.id)).toBeNull();
        await repo.setStatusMessage('nope', '1');
        expect(await repo.statusMessageOf('nope')).toBeNull();
      });

      it('returns copies that do not alias stored state', async () => {
        const game = await repo.createGame(newGame({ options: { x: [1] }, seats: [{ position: 0, userId: 'u1' }] }));
        game.seats.push({ position: 9, userId: 'x', leechRules: [], joinedAt: new Date(), ai: null });
        (game.options.x as number[]).push(2);
        const again = await repo.getGame(game.id);
        expect(again!.seats).toHaveLength(1);
        expect(again!.options).toEqual({ x: [1] });
      });
    });

    describe('moves', () => {
      it('appends moves with contiguous seqs, one version per call', async () => {
        const game = await repo.createGame(newGame());
        const first = await repo.appendMoves(game.id, 1, [move('build E5'), move('build F3', 1, 'u2')]);
        expect(first.version).toBe(2);
        expect(first.moves.map((m) => [m.seq, m.seat, m.userId, m.text])).toEqual([
          [1, 0, 'u1', 'build E5'],
          [2, 1, 'u2', 'build F3'],
        ]);
        const second = await repo.appendMoves(game.id, 2, [move('setup row', null, null)]);
        expect(second.moves[0]).toMatchObject({ seq: 3, seat: null, userId: null });
        expect(await repo.getGame(game.id)).toMatchObject({ version: 3, moveCount: 3 });
        expect((await repo.listMoves(game.id)).map((m) => m.text)).toEqual(['build E5', 'build F3', 'setup row']);
        expect((await repo.listMoves(game.id, 2)).map((m) => m.seq)).toEqual([3]);
        expect(await repo.listMoves('nope')).toEqual([]);
      });

      it('appends the rows of a field update in its transaction, after the log, with one version', async () => {
        const game = await repo.createGame(newGame());
        await repo.appendMoves(game.id, 1, [move('build E5')]);
        const updated = await repo.updateGame(game.id, 2, {
          status: 'active',
          moves: [move('setup witches', 0, null), move('setup nomads', 1, null)],
        });
        expect(updated).toMatchObject({ status: 'active', version: 3, moveCount: 3 });
        expect((await repo.listMoves(game.id)).map((m) => [m.seq, m.seat, m.userId, m.text])).toEqual([
          [1, 0, 'u1', 'build E5'],
          [2, 0, null, 'setup witches'],
          [3, 1, null, 'setup nomads'],
        ]);
        await expect(repo.updateGame(game.id, 2, { moves: [move('x')] })).rejects.toBeInstanceOf(StaleVersionError);
        await expect(repo.updateGame(game.id, 3, { status: 'finished', moves: [move(' ')] })).rejects.toBeInstanceOf(
          RangeError,
        );
        expect(await repo.getGame(game.id)).toMatchObject({ status: 'active', version: 3, moveCount: 3 });
      });

      it('rejects a stale version or unknown game and writes nothing', async () => {
        const game = await repo.createGame(newGame());
        await repo.appendMoves(game.id, 1, [move('pass BON1')]);
        const stale = await repo.appendMoves(game.id, 1, [move('pass BON2')]).catch((e: unknown) => e);
        expect(stale).toBeInstanceOf(StaleVersionError);
        expect(stale).toMatchObject({ gameId: game.id, expectedVersion: 1, actualVersion: 2 });
        await expect(repo.appendMoves(game.id, 3, [move('x')])).rejects.toBeInstanceOf(StaleVersionError);
        await expect(repo.appendMoves('nope', 1, [move('x')])).rejects.toBeInstanceOf(GameNotFoundError);
        await expect(repo.appendMoves(game.id, 2, [])).rejects.toBeInstanceOf(RangeError);
        await expect(repo.appendMoves(game.id, 2, [move('  ')])).rejects.toBeInstanceOf(RangeError);
        expect((await repo.listMoves(game.id)).map((m) => m.text)).toEqual(['pass BON1']);
        expect(await repo.getGame(game.id)).toMatchObject({ version: 2, moveCount: 1 });
      });

      it('loads game, log and snapshot together', async () => {
        const game = await repo.createGame(newGame());
        const { version } = await repo.appendMoves(game.id, 1, [move('a'), move('b')]);
        expect(await repo.loadGame(game.id)).toMatchObject({
          game: { id: game.id, version, moveCount: 2 },
          snapshot: null,
        });
        const loaded = await repo.loadGame(game.id);
        expect(loaded!.moves.map((m) => m.seq)).toEqual([1, 2]);
        expect(await repo.loadGame('nope')).toBeNull();
      });

      it("loads a channel's live game by its channel, with its log, snapshot and outbox", async () => {
        const game = await repo.createGame(newGame({ announce: { kind: 'created' } }));
        const { version } = await repo.appendMoves(game.id, 1, [move('a')], { kind: 'moved' });
        await repo.saveSnapshot(game.id, version, { at: version });
        await repo.markAnnounced(game.id, 1);
        const loaded = await repo.loadGameInChannel(game.guildId, game.channelId);
        expect(loaded).toMatchObject({
          game: { id: game.id, version, moveCount: 1 },
          snapshot: { version, state: { at: version } },
          pending: [{ version, payload: { kind: 'moved' } }],
        });
        expect(loaded!.moves.map((m) => m.text)).toEqual(['a']);
        expect(await repo.loadGame(game.id)).toEqual(loaded);
        expect(await repo.loadGameInChannel(game.guildId, 'elsewhere')).toBeNull();
        await repo.updateGame(game.id, version, { status: 'finished' });
        expect(await repo.loadGameInChannel(game.guildId, game.channelId)).toBeNull();
      });

      it('truncates the log for an undo and records it', async () => {
        const game = await repo.createGame(newGame());
        await repo.appendMoves(game.id, 1, [move('a'), move('b')]);
        await repo.appendMoves(game.id, 2, [move('c', 1, 'u2')]);
        const { version, undo } = await repo.truncateMoves(game.id, 3, {
          keepThroughSeq: 1,
          requestedBy: 'u2',
          approvedBy: ['u1'],
          reason: 'misclick',
        });
        expect(version).toBe(4);
        expect(undo).toMatchObject({
          gameId: game.id,
          fromSeq: 2,
          toSeq: 3,
          requestedBy: 'u2',
          approvedBy: ['u1'],
          reason: 'misclick',
        });
        expect(undo.moves.map((m) => [m.seq, m.text, m.userId])).toEqual([
          [2, 'b', 'u1'],
          [3, 'c', 'u2'],
        ]);
        expect(undo.moves[0]!.createdAt).toBeInstanceOf(Date);
        expect((await repo.listMoves(game.id)).map((m) => m.text)).toEqual(['a']);
        // The wait begins anew with the undo: a move timer counts from it.
        expect(await repo.getGame(game.id)).toMatchObject({
          version: 4,
          moveCount: 1,
          waitRestartedAt: undo.createdAt,
        });
        expect(await repo.listUndoRecords(game.id)).toEqual([undo]);

        // The log continues after the kept move.
        const next = await repo.appendMoves(game.id, 4, [move('d')]);
        expect(next.moves[0]!.seq).toBe(2);
        await repo.truncateMoves(game.id, 5, { keepThroughSeq: 0, requestedBy: 'admin' });
        expect(await repo.listMoves(game.id)).toEqual([]);
        expect((await repo.listUndoRecords(game.id)).map((u) => [u.fromSeq, u.toSeq, u.approvedBy, u.reason])).toEqual([
          [2, 3, ['u1'], 'misclick'],
          [1, 2, [], ''],
        ]);
      });

      it('rejects undo ranges outside the log and stale versions, writing nothing', async () => {
        const game = await repo.createGame(newGame());
        await repo.appendMoves(game.id, 1, [move('a')]);
        for (const keepThroughSeq of [1, 5, -1, 0.5]) {
          const e = await repo
            .truncateMoves(game.id, 2, { keepThroughSeq, requestedBy: 'u1' })
            .catch((x: unknown) => x);
          expect(e).toBeInstanceOf(UndoRangeError);
        }
        await expect(repo.truncateMoves(game.id, 1, { keepThroughSeq: 0, requestedBy: 'u1' })).rejects.toBeInstanceOf(
          StaleVersionError,
        );
        await expect(repo.truncateMoves('nope', 1, { keepThroughSeq: 0, requestedBy: 'u1' })).rejects.toBeInstanceOf(
          GameNotFoundError,
        );
        await expect(
          repo.truncateMoves(game.id, 2, { keepThroughSeq: 0, requestedBy: 'u1', approvedBy: [''] }),
        ).rejects.toThrow();
        expect((await repo.listMoves(game.id)).map((m) => m.text)).toEqual(['a']);
        expect(await repo.getGame(game.id)).toMatchObject({ version: 2, moveCount: 1 });
        expect(await repo.listUndoRecords(game.id)).toEqual([]);
      });
    });

    describe('snapshots', () => {
      it('stores a snapshot only for the current version and never bumps it', async () => {
        const game = await repo.createGame(newGame());
        const state = {
          round: 1,
          factions: { witches: { vp: 20, buildings: ['E5'] } },
          pending: [],
          done: false,
          x: null,
        };
        expect(await repo.saveSnapshot(game.id, 1, state)).toBe(true);
        const loaded = await repo.loadGame(game.id);
        expect(loaded!.snapshot).toEqual({ version: 1, state });
        expect(loaded!.game.version).toBe(1);
        expect(loaded!.game.updatedAt.getTime()).toBe(game.updatedAt.getTime());

        await repo.appendMoves(game.id, 1, [move('a')]);
        expect(await repo.saveSnapshot(game.id, 1, { stale: true })).toBe(false);
        // The old snapshot stays, labelled with its version, so the service can tell it is stale.
        expect((await repo.loadGame(game.id))!.snapshot).toEqual({ version: 1, state });
        expect(await repo.saveSnapshot(game.id, 2, [1, 'two'])).toBe(true);
        expect((await repo.loadGame(game.id))!.snapshot).toEqual({ version: 2, state: [1, 'two'] });
        expect(await repo.saveSnapshot('nope', 1, {})).toBe(false);
      });

      it('stores the snapshot given with an append at the version the append creates, or nothing if refused', async () => {
        const game = await repo.createGame(newGame());
        await repo.appendMoves(game.id, 1, [move('a')], undefined, { after: 'a' });
        expect((await repo.loadGame(game.id))!.snapshot).toEqual({ version: 2, state: { after: 'a' } });
        await repo.appendMoves(game.id, 2, [move('b')]);
        expect((await repo.loadGame(game.id))!.snapshot).toEqual({ version: 2, state: { after: 'a' } });
        await expect(repo.appendMoves(game.id, 2, [move('c')], undefined, { after: 'c' })).rejects.toBeInstanceOf(
          StaleVersionError,
        );
        const loaded = (await repo.loadGame(game.id))!;
        expect(loaded.snapshot).toEqual({ version: 2, state: { after: 'a' } });
        expect(loaded.game.version).toBe(3);
      });
    });

    describe('announcements (the outbox)', () => {
      const said = async (gameId: string) =>
        (await repo.listAnnouncements(gameId)).map((a) => [a.version, a.payload] as const);

      it('records each with its change, at the version the change created, and keeps it until delivered', async () => {
        const game = await repo.createGame(newGame({ announce: { kind: 'created', n: 1 } }));
        await repo.updateGame(game.id, 1, { seats: [{ position: 0, userId: 'u1' }], announce: { kind: 'joined' } });
        await repo.updateGame(game.id, 2, { settings: { moveTimerHours: 24 } });
        await repo.appendMoves(game.id, 3, [move('a'), move('b', null, null)], { kind: 'moved', text: 'a' });
        await repo.truncateMoves(game.id, 4, { keepThroughSeq: 1, requestedBy: 'u1' }, { kind: 'undone' });
        expect(await said(game.id)).toEqual([
          [1, { kind: 'created', n: 1 }],
          [2, { kind: 'joined' }],
          [4, { kind: 'moved', text: 'a' }],
          [5, { kind: 'undone' }],
        ]);
        expect(await repo.gamesToAnnounce()).toContain(game.id);

        await repo.markAnnounced(game.id, 2);
        expect((await said(game.id)).map(([v]) => v)).toEqual([4, 5]);
        await repo.markAnnounced(game.id, 2);
        await repo.markAnnounced(game.id, 5);
        expect(await said(game.id)).toEqual([]);
        expect(await repo.gamesToAnnounce()).not.toContain(game.id);
      });

      it('records nothing when the change is refused', async () => {
        const game = await repo.createGame(newGame());
        await expect(repo.appendMoves(game.id, 7, [move('a')], { kind: 'lost' })).rejects.toThrow(StaleVersionError);
        await expect(repo.updateGame(game.id, 7, { announce: { kind: 'lost' } })).rejects.toThrow(StaleVersionError);
        await expect(
          repo.truncateMoves(game.id, 1, { keepThroughSeq: 0, requestedBy: 'u1' }, { kind: 'lost' }),
        ).rejects.toThrow(UndoRangeError);
        await repo.createGame(newGame({ guildId: game.guildId, channelId: game.channelId })).catch(() => null);
        expect(await said(game.id)).toEqual([]);
        expect(await repo.gamesToAnnounce()).not.toContain(game.id);
      });
    });

    describe('preferences', () => {
      it('keeps global and per-guild preferences apart', async () => {
        expect(await repo.getPreference('p1', null)).toBeNull();
        const global = await repo.setPreference('p1', null, {
          language: 'it',
          leechRules: [{ kind: 'declineAfterFinalPass' }],
        });
        expect(global).toMatchObject({
          userId: 'p1',
          guildId: null,
          data: { language: 'it', leechRules: [{ kind: 'declineAfterFinalPass' }] },
        });
        await repo.setPreference('p1', 'g1', { language: 'es', theme: 'dark' });
        expect((await repo.getPreference('p1', null))!.data).toEqual({
          language: 'it',
          leechRules: [{ kind: 'declineAfterFinalPass' }],
        });
        expect((await repo.getPreference('p1', 'g1'))!.data).toEqual({ language: 'es', theme: 'dark' });
        const replaced = await repo.setPreference('p1', 'g1', { language: 'en' });
        expect((await repo.getPreference('p1', 'g1'))!).toEqual(replaced);
        await expect(
          repo.setPreference('p1', null, { leechRules: [{ kind: 'accept', upTo: 0, maxVpCost: 0 }] }),
        ).rejects.toThrow();
        expect((await repo.getPreference('p1', null))!.data.language).toBe('it');
      });

      it('lists the players whose preference for every server turns the daily digest on', async () => {
        await repo.setPreference('d1', null, { language: 'it', digest: true });
        await repo.setPreference('d2', null, { digest: false });
        // A digest key in one server's preferences, or in another key's text, is not the choice.
        await repo.setPreference('d3', 'g1', { digest: true });
        await repo.setPreference('d4', null, { note: '"digest":true' });
        await repo.setPreference('d5', null, { digest: true, digestSentAt: '2026-11-27T01:00:00.000Z' });
        expect((await repo.digestUsers()).sort()).toEqual(['d1', 'd5']);
        await repo.setPreference('d1', null, { digest: false });
        expect(await repo.digestUsers()).toEqual(['d5']);
      });
    });

    describe('interactions in flight', () => {
      it('keeps each until it ends, and lists those begun before a time, oldest first', async () => {
        const entry = (id: string, startedAt: Date, guildId: string | null = 'g1') => ({
          id,
          token: `token-${id}`,
          applicationId: 'app',
          userId: 'u1',
          guildId,
          channelId: 'c1',
          gameId: id === 'i1' ? 'game-1' : null,
          what: id === 'i1' ? '/move build E5' : '',
          locale: 'es-ES',
          startedAt,
        });
        const t0 = new Date('2026-11-27T01:00:00.000Z');
        const later = new Date(t0.getTime() + 5_000);
        await repo.beginInteraction(entry('i2', later, null));
        await repo.beginInteraction(entry('i1', t0));
        await repo.beginInteraction(entry('i3', new Date(t0.getTime() + 60_000)));
        expect(await repo.interactionsBefore(new Date(t0.getTime() + 10_000))).toEqual([
          entry('i1', t0),
          entry('i2', later, null),
        ]);
        await repo.endInteraction('i1');
        await repo.endInteraction('i1');
        await repo.endInteraction('never-begun');
        expect((await repo.interactionsBefore(new Date(t0.getTime() + 120_000))).map((e) => e.id)).toEqual([
          'i2',
          'i3',
        ]);
      });
    });

    describe('concurrency', () => {
      it('lets exactly one of 50 concurrent appends with the same version through', async () => {
        const game = await repo.createGame(newGame());
        const results = await Promise.allSettled(
          Array.from({ length: 50 }, (_, i) => repo.appendMoves(game.id, 1, [move(`m${i}`)])),
        );
        const ok = results.filter((r) => r.status === 'fulfilled');
        const rejected = results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
        expect(ok).toHaveLength(1);
        expect(rejected).toHaveLength(49);
        for (const e of rejected) expect(e).toBeInstanceOf(StaleVersionError);
        expect(await repo.listMoves(game.id)).toHaveLength(1);
        expect(await repo.getGame(game.id)).toMatchObject({ version: 2, moveCount: 1 });
      });

      it('serializes 50 concurrent players retrying on stale versions with no lost update', async () => {
        const game = await repo.createGame(newGame());
        let staleRejections = 0;
        const player = async (i: number) => {
          for (;;) {
            const { version } = (await repo.getGame(game.id))!;
            try {
              return await repo.appendMoves(game.id, version, [move(`p${i} a`), move(`p${i} b`)]);
            } catch (e) {
              if (!(e instanceof StaleVersionError)) throw e;
              staleRejections += 1;
            }
          }
        };
        const results = await Promise.all(Array.from({ length: 50 }, (_, i) => player(i)));
        const moves = await repo.listMoves(game.id);
        expect(moves.map((m) => m.seq)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
        // Each player's two moves landed exactly once, next to each other.
        for (let i = 0; i < 50; i++) {
          const at = moves.findIndex((m) => m.text === `p${i} a`);
          expect(moves[at + 1]!.text).toBe(`p${i} b`);
          expect(moves.filter((m) => m.text.startsWith(`p${i} `))).toHaveLength(2);
        }
        expect(results.map((r) => r.version).sort((a, b) => a - b)).toEqual(
          Array.from({ length: 50 }, (_, i) => i + 2),
        );
        expect(await repo.getGame(game.id)).toMatchObject({ version: 51, moveCount: 100 });
        expect(staleRejections).toBeGreaterThan(0);
      });

      it('runs different games side by side', async () => {
        const games = await Promise.all(Array.from({ length: 10 }, () => repo.createGame(newGame())));
        await Promise.all(
          games.map(async (g) => {
            for (let v = 1; v <= 5; v++) await repo.appendMoves(g.id, v, [move(`${g.id} ${v}`)]);
          }),
        );
        for (const g of games) {
          expect(await repo.getGame(g.id)).toMatchObject({ version: 6, moveCount: 5 });
          expect((await repo.listMoves(g.id)).map((m) => m.text)).toEqual([1, 2, 3, 4, 5].map((v) => `${g.id} ${v}`));
        }
      });
    });
  });
}

/** Ids ordered as listGames orders games: most recently updated first, ties by id. */
async function order(repo: GameRepo, ids: string[]): Promise<string[]> {
  const games = await Promise.all(ids.map(async (id) => (await repo.getGame(id))!));
  return games
    .sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime() || a.id.localeCompare(b.id))
    .map((g) => g.id);
}
