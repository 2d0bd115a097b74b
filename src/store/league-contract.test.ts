// One LeagueRepo contract (results, servers' league settings, seasons), run against the in-memory store,
// SQLite and PostgreSQL (TEST_POSTGRES_URL), and the results written by the game store as a game ends.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryGameRepo } from '../game/memory-repo.ts';
import { ChannelBusyError, type GameRepo } from '../game/repo.ts';
import type { GameResult } from '../game/result.ts';
import { MemoryLeagueRepo } from '../league/memory-repo.ts';
import { ratingGame } from '../league/ratings.ts';
import { type LeagueRepo, SeasonNameTakenError, SeasonNotFoundError, StaleSeasonError } from '../league/repo.ts';
import { SeasonConfigSchema } from '../league/season.ts';
import { PrismaLeagueRepo } from './prisma-league-repo.ts';
import { openStore } from './prisma-repo.ts';
import { SCRATCH_TARGETS } from './testing.ts';

interface Stores {
  games: GameRepo;
  league: LeagueRepo;
  drop(): Promise<void>;
}

const targets: { name: string; enabled: boolean; open(): Promise<Stores> }[] = [
  {
    name: 'memory',
    enabled: true,
    open: async () => {
      const games = new MemoryGameRepo();
      return { games, league: new MemoryLeagueRepo(games), drop: async () => {} };
    },
  },
  ...SCRATCH_TARGETS.map((t) => ({
    name: t.kind,
    enabled: t.enabled,
    open: async (): Promise<Stores> => {
      const db = await t.scratch();
      const { repo } = await openStore(db.url);
      return {
        games: repo,
        league: new PrismaLeagueRepo(repo),
        drop: async () => {
          await repo.close();
          await db.drop();
        },
      };
    },
  })),
];

let counter = 0;

/** A game in `guildId` finished with these seats (user, faction, vp), its result stored as the service does. */
async function finishedGame(
  games: GameRepo,
  guildId: string,
  seats: [string, string, number][],
  finishedAt: Date,
  channelId = `c${++counter}`,
): Promise<GameResult> {
  const game = await games.createGame({ guildId, channelId, creatorUserId: seats[0]![0], seed: 's', status: 'active' });
  const result: GameResult = {
    gameId: game.id,
    guildId,
    channelId,
    finishedAt,
    map: '126fe960806d587c78546b30f1a90853b1ada468',
    options: ['mini-expansion-1', 'shipping-bonus'],
    seats: seats.map(([userId, faction, vp], position) => ({
      position,
      userId,
      faction: faction as GameResult['seats'][number]['faction'],
      vp,
      rank: 1 + seats.filter((s) => s[2] > vp).length,
      dropped: position === 2,
      ai: false,
    })),
  };
  await games.updateGame(game.id, game.version, { status: 'finished', result });
  return result;
}

const config = SeasonConfigSchema.parse({ cap: 8 });

for (const target of targets) {
  describe.skipIf(!target.enabled)(`LeagueRepo contract: ${target.name}`, () => {
    let stores: Stores;
    beforeAll(async () => {
      stores = await target.open();
    });
    afterAll(async () => stores?.drop());

    describe('results', () => {
      it('are stored with the game’s finishing write and read back by server, channel, player and game', async () => {
        const { games, league } = stores;
        const t0 = Date.parse('2025-01-01T00:00:00Z');
        const a = await finishedGame(
          games,
          'r1',
          [
            ['u1', 'witches', 120],
            ['u2', 'nomads', 99],
            ['u3', 'giants', 99],
          ],
          new Date(t0 + 2000),
          'chan-a',
        );
        const b = await finishedGame(
          games,
          'r1',
          [
            ['u2', 'darklings', 80],
            ['u4', 'cultists', 90],
            ['u5', 'engineers', 85],
          ],
          new Date(t0 + 1000),
        );
        await finishedGame(
          games,
          'other',
          [
            ['u1', 'witches', 1],
            ['u2', 'nomads', 2],
            ['u3', 'giants', 3],
          ],
          new Date(t0),
        );
        expect(await league.listResults({ guildId: 'r1' })).toEqual([b, a]);
        expect(await league.listResults({ guildId: 'r1', newestFirst: true, limit: 1 })).toEqual([a]);
        expect(await league.listResults({ guildId: 'r1', channelId: 'chan-a' })).toEqual([a]);
        expect(await league.listResults({ guildId: 'r1', userId: 'u4' })).toEqual([b]);
        expect(await league.listResults({ guildId: 'r1', gameIds: [a.gameId] })).toEqual([a]);
        expect(a.seats.map((s) => s.rank)).toEqual([1, 2, 2]);
        // The ratings' own read: the same games, oldest first, seats in seat order, nothing else.
        expect(await league.listRatingGames('r1', false)).toEqual([b, a].map(ratingGame));
        expect(await league.listRatingGames('r1', true)).toEqual([]);
      });

      it('go when a finished game is taken back into play, which its channel must be free for', async () => {
        const { games, league } = stores;
        const created = await games.createGame({
          guildId: 'r3',
          channelId: 'reopen',
          creatorUserId: 'u1',
          seed: 's',
          status: 'active',
        });
        const { version } = await games.appendMoves(created.id, created.version, [
          { seat: 0, userId: 'u1', text: 'pass' },
          { seat: 1, userId: 'u2', text: 'pass' },
        ]);
        const result: GameResult = {
          gameId: created.id,
          guildId: 'r3',
          channelId: 'reopen',
          finishedAt: new Date(),
          map: '126fe960806d587c78546b30f1a90853b1ada468',
          options: [],
          seats: [
            { position: 0, userId: 'u1', faction: 'witches', vp: 100, rank: 1, dropped: false, ai: false },
            { position: 1, userId: 'u2', faction: 'nomads', vp: 90, rank: 2, dropped: false, ai: false },
          ],
        };
        const finished = await games.updateGame(created.id, version, { status: 'finished', result });
        const next = await games.createGame({
          guildId: 'r3',
          channelId: 'reopen',
          creatorUserId: 'u3',
          seed: 's',
        });
        const undo = { keepThroughSeq: 1, requestedBy: 'u1' };
        await expect(games.truncateMoves(created.id, finished.version, undo)).rejects.toBeInstanceOf(ChannelBusyError);
        expect(await games.getGame(created.id)).toMatchObject({ status: 'finished', moveCount: 2 });
        expect(await league.listResults({ guildId: 'r3' })).toEqual([result]);

        await games.updateGame(next.id, next.version, { status: 'abandoned' });
        await games.truncateMoves(created.id, finished.version, undo, { kind: 'undone' });
        expect(await games.getGame(created.id)).toMatchObject({ status: 'active', moveCount: 1 });
        expect((await games.findActiveGameByChannel('r3', 'reopen'))?.id).toBe(created.id);
        expect(await league.listResults({ guildId: 'r3' })).toEqual([]);
        expect(await league.finishedWithoutResult(100)).not.toContain(created.id);
      });

      it('are replaced when recomputed, and finished games without one are found', async () => {
        const { games, league } = stores;
        const r = await finishedGame(
          games,
          'r2',
          [
            ['u1', 'witches', 100],
            ['u2', 'nomads', 90],
            ['u3', 'giants', 80],
          ],
          new Date(),
        );
        const corrected = { ...r, seats: r.seats.map((s) => (s.position === 0 ? { ...s, vp: 70, rank: 3 } : s)) };
        await league.saveResult(corrected);
        expect(await league.listResults({ guildId: 'r2' })).toEqual([corrected]);
        const bare = await games.createGame({
          guildId: 'r2',
          channelId: 'bare',
          creatorUserId: 'u1',
          seed: 's',
          status: 'active',
        });
        await games.updateGame(bare.id, bare.version, { status: 'finished' });
        expect(await league.finishedWithoutResult(100)).toEqual([bare.id]);
      });
    });

    describe('server settings', () => {
      it('rate nothing until the server opts in, and keep the admin role', async () => {
        const { league } = stores;
        expect(await league.guildLeague('s1')).toEqual({ guildId: 's1', ratings: 'off', adminRoleId: null });
        await league.setGuildLeague('s1', { ratings: 'league' });
        expect(await league.setGuildLeague('s1', { adminRoleId: 'role-9' })).toEqual({
          guildId: 's1',
          ratings: 'league',
          adminRoleId: 'role-9',
        });
        expect(await league.guildLeague('s1')).toEqual({ guildId: 's1', ratings: 'league', adminRoleId: 'role-9' });
      });
    });

    describe('seasons', () => {
      it('are created signing up, one name per server, and read back by id and by name', async () => {
        const { league } = stores;
        const closes = new Date('2025-02-01T00:00:00Z');
        const created = await league.createSeason({
          guildId: 'g1',
          channelId: 'lobby',
          name: 'Spring',
          config,
          signupClosesAt: closes,
          createdBy: 'admin',
        });
        expect(created).toMatchObject({ entries: [], tables: [] });
        expect(created.season).toMatchObject({
          name: 'Spring',
          status: 'signup',
          version: 1,
          config,
          signupClosesAt: closes,
        });
        await expect(
          league.createSeason({
            guildId: 'g1',
            channelId: 'x',
            name: 'Spring',
            config,
            signupClosesAt: null,
            createdBy: 'a',
          }),
        ).rejects.toBeInstanceOf(SeasonNameTakenError);
        await league.createSeason({
          guildId: 'g2',
          channelId: 'x',
          name: 'Spring',
          config,
          signupClosesAt: null,
          createdBy: 'a',
        });
        expect(await league.loadSeason(created.season.id)).toEqual(created);
        expect(await league.findSeason('g1', 'Spring')).toEqual(created);
        expect((await league.listSeasons('g1')).map((s) => s.name)).toEqual(['Spring']);
        expect(await league.listSeasons('g1', ['running'])).toEqual([]);
      });

      it('change one version at a time: entries, settings, tables, substitutes, status; a stale change writes nothing', async () => {
        const { league } = stores;
        const { season } = await league.createSeason({
          guildId: 'g3',
          channelId: 'lobby',
          name: 'Summer',
          config,
          signupClosesAt: null,
          createdBy: 'admin',
        });
        const at = (s: number) => new Date(Date.parse('2025-03-01T00:00:00Z') + s * 1000);
        const entry = (userId: string, s: number, status: 'player' | 'waiting' = 'player') => ({
          userId,
          status,
          signedUpAt: at(s),
          division: null,
          seed: null,
        });
        const v2 = await league.changeSeason(season.id, 1, {
          entries: [entry('b', 2), entry('a', 1), entry('c', 3, 'waiting')],
        });
        expect(v2.entries.map((e) => e.userId)).toEqual(['a', 'b', 'c']);
        await expect(league.changeSeason(season.id, 1, { removeEntries: ['a'] })).rejects.toBeInstanceOf(
          StaleSeasonError,
        );
        await expect(league.changeSeason('nope', 1, {})).rejects.toBeInstanceOf(SeasonNotFoundError);
        const edited = { ...config, cap: 9, moveTimerHours: 24 };
        const v3 = await league.changeSeason(season.id, 2, {
          removeEntries: ['a'],
          entries: [entry('c', 3)],
          config: edited,
          signupClosesAt: at(100),
        });
        expect(v3.entries).toEqual([entry('b', 2), entry('c', 3)]);
        expect(v3.season).toMatchObject({ config: edited, signupClosesAt: at(100) });
        expect((await league.loadSeason(season.id))!.season.config).toEqual(edited);
        const seats = ['b', 'c', 'd'].map((userId, position) => ({ position, userId }));
        const v4 = await league.changeSeason(season.id, 3, {
          status: 'running',
          entries: [{ ...entry('b', 2), division: 1, seed: 1 }],
          tables: [{ number: 1, division: 1, group: 1, seats }],
        });
        expect(v4.season).toMatchObject({ status: 'running', version: 4 });
        expect(v4.entries[0]).toEqual({ ...entry('b', 2), division: 1, seed: 1 });
        expect(v4.tables).toEqual([
          {
            number: 1,
            division: 1,
            group: 1,
            channelId: null,
            gameId: null,
            seats: seats.map((s) => ({ ...s, substituteId: null })),
          },
        ]);
        const v5 = await league.changeSeason(season.id, 4, {
          substitutes: [{ table: 1, position: 2, substituteId: 'e' }],
        });
        expect(v5.tables[0]!.seats[2]).toEqual({ position: 2, userId: 'd', substituteId: 'e' });
      });

      it('record a table’s place and game once, its season’s messages, and find the table of a game', async () => {
        const { games, league } = stores;
        const { season } = await league.createSeason({
          guildId: 'g4',
          channelId: 'lobby',
          name: 'Autumn',
          config,
          signupClosesAt: null,
          createdBy: 'admin',
        });
        await league.changeSeason(season.id, 1, {
          tables: [{ number: 1, division: 1, group: 1, seats: [{ position: 0, userId: 'a' }] }],
        });
        expect(await league.setTableChannel(season.id, 1, 'thread-1')).toBe(true);
        expect(await league.setTableChannel(season.id, 1, 'thread-2')).toBe(false);
        const game = await games.createGame({ guildId: 'g4', channelId: 'thread-1', creatorUserId: 'a', seed: 's' });
        expect(await league.setTableGame(season.id, 1, game.id)).toBe(true);
        expect(await league.setTableGame(season.id, 1, 'another')).toBe(false);
        expect(await league.tableOfGame(game.id)).toEqual({ seasonId: season.id, table: 1 });
        expect(await league.tableOfGame('unknown')).toBeNull();
        await league.setSeasonMessage(season.id, 'standings', 'm-1');
        await league.setSeasonMessage(season.id, 'signup', 'm-0');
        const loaded = await league.loadSeason(season.id);
        expect(loaded!.season).toMatchObject({ standingsMessageId: 'm-1', signupMessageId: 'm-0', version: 2 });
        expect(loaded!.tables[0]).toMatchObject({ channelId: 'thread-1', gameId: game.id });
        // League games only: the table's game once finished, nothing else of the server.
        const result = await finishedGame(
          games,
          'g4',
          [
            ['x', 'witches', 1],
            ['y', 'nomads', 2],
            ['z', 'giants', 3],
          ],
          new Date(),
        );
        expect(await league.listResults({ guildId: 'g4', leagueOnly: true })).toEqual([]);
        expect((await league.listResults({ guildId: 'g4' })).map((r) => r.gameId)).toEqual([result.gameId]);
        expect(await league.listRatingGames('g4', true)).toEqual([]);
        expect((await league.listRatingGames('g4', false)).map((r) => r.id)).toEqual([result.gameId]);
      });
    });
  });
}
