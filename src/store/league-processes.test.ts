// Standings and ratings live in the database: a season played through one bot process is read the same
// by a second process on the same database and after a restart (SQLite, and PostgreSQL with TEST_POSTGRES_URL).
import { describe, expect, it } from 'vitest';
import { type Caller, GameService } from '../game/service.ts';
import { type LeagueCaller, LeagueService } from '../league/service.ts';
import { playThroughService } from '../selfplay/service-game.ts';
import { PrismaLeagueRepo } from './prisma-league-repo.ts';
import { openStore } from './prisma-repo.ts';
import { SCRATCH_TARGETS } from './testing.ts';

const NOW = new Date('2026-04-01T10:00:00Z');
const admin: LeagueCaller = { userId: 'admin', guildId: 'g', channelId: 'lobby', manageServer: true, roles: [] };

async function botProcess(url: string) {
  const { repo } = await openStore(url);
  const games = new GameService(repo);
  return { repo, games, league: new LeagueService(new PrismaLeagueRepo(repo), games) };
}

function value<T>(r: { ok: true; value: T } | { ok: false; error: unknown }): T {
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value;
}

for (const target of SCRATCH_TARGETS) {
  describe.skipIf(!target.enabled)(`a season on ${target.kind}`, () => {
    it('is read the same by a second process and after a restart', async () => {
      const db = await target.scratch();
      const first = await botProcess(db.url);
      const second = await botProcess(db.url);
      try {
        value(await first.league.setRatings(admin, 'league'));
        const { season } = value(
          await first.league.createSeason(admin, { name: 'Trio', config: { groupSize: 3 } }, NOW),
        );
        for (const u of ['a', 'b', 'c'])
          value(await second.league.signUp({ ...admin, userId: u, manageServer: false }, season.id, NOW));
        value(await first.league.startSeason(admin, season.id));
        const gameId = value(await second.league.openTable(season.id, 1, 'table-1', NOW));
        const at = (userId: string): Caller => ({ userId, guildId: 'g', channelId: 'table-1' });
        await playThroughService(first.games, value(await first.games.getGame(at('admin'), gameId)), {
          seed: 'processes',
          callerOf: at,
          admin: { ...at('admin'), isServerManager: true },
        });
        // The other process hears of the end (its announcer delivers the last post) and closes the season.
        const ended = value(await second.league.resultChanged(gameId));
        expect(ended).toMatchObject({ completed: true, standings: { complete: true } });
        expect(value(await first.league.standings(season.id)).standings).toEqual(ended!.standings);
        const ratings = value(await first.league.ratings('g'));
        expect(value(await second.league.ratings('g'))).toEqual(ratings);
        expect([...ratings.ratings.players.keys()].sort()).toEqual(['a', 'b', 'c']);
        await first.repo.close();
        await second.repo.close();
        const restarted = await botProcess(db.url);
        try {
          const after = value(await restarted.league.standings(season.id));
          expect(after.season.season.status).toBe('finished');
          expect(after.standings).toEqual(ended!.standings);
          expect(value(await restarted.league.ratings('g'))).toEqual(ratings);
        } finally {
          await restarted.repo.close();
        }
      } finally {
        await first.repo.close().catch(() => {});
        await second.repo.close().catch(() => {});
        await db.drop();
      }
    }, 120_000);
  });
}
