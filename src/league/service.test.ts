import { describe, expect, it } from 'vitest';
import { MemoryGameRepo } from '../game/memory-repo.ts';
import { type Caller, GameService, type GameView, isAiId } from '../game/service.ts';
import { playThroughService } from '../selfplay/service-game.ts';
import { MemoryLeagueRepo } from './memory-repo.ts';
import { placementPoints } from './points.ts';
import { type LeagueCaller, LeagueService } from './service.ts';

const GUILD = 'guild-1';
const NOW = new Date('2026-03-01T12:00:00Z');
const FJORDS = '2afadc63f4d81e850b7c16fb21a1dcd29658c392';

function setUp() {
  const games = new MemoryGameRepo();
  const service = new GameService(games);
  const league = new LeagueService(new MemoryLeagueRepo(games), service);
  return { games, service, league };
}

const member = (userId: string, extra: Partial<LeagueCaller> = {}): LeagueCaller => ({
  userId,
  guildId: GUILD,
  channelId: 'lobby',
  manageServer: false,
  roles: [],
  ...extra,
});
const admin = member('admin', { manageServer: true });

function value<T>(r: { ok: true; value: T } | { ok: false; error: unknown }): T {
  if (!r.ok) throw new Error(`expected success, got ${JSON.stringify(r.error)}`);
  return r.value;
}

/** The points a seat earns by the season's default rules (10/6/3/1, a drop scores 0), from the final state. */
function expectedPoints(view: GameView): Map<string, number> {
  const seats = view.game.seats.map((s) => {
    const f = view.state!.factions[s.faction!]!;
    return { userId: s.userId, vp: f.VP, dropped: f.dropped };
  });
  const scale = placementPoints([10, 6, 3, 1], seats.length);
  const playing = seats.filter((s) => !s.dropped).sort((a, b) => b.vp - a.vp);
  return new Map(
    seats.map((s) => {
      if (s.dropped) return [s.userId, 0];
      const first = playing.findIndex((p) => p.vp === s.vp);
      const tied = playing.filter((p) => p.vp === s.vp).length;
      const share = scale.slice(first, first + tied).reduce((a, b) => a + b, 0) / tied;
      return [s.userId, share];
    }),
  );
}

describe('a season of 64 players over 16 tables, played by self-play through the game service', () => {
  it('seeds four divisions, opens every table, and ends with standings that add up', async () => {
    const { service, league } = setUp();
    const season = value(
      await league.createSeason(
        admin,
        { name: 'Season 1', config: { divisionSize: 16, promote: 2, relegate: 2 } },
        NOW,
      ),
    );
    const players = Array.from({ length: 64 }, (_, i) => `player-${String(i + 1).padStart(2, '0')}`);
    for (const [i, p] of players.entries())
      value(await league.signUp(member(p), season.season.id, new Date(NOW.getTime() + i * 1000)));
    const started = value(await league.startSeason(admin, season.season.id));
    expect(started.season.status).toBe('running');
    expect(started.tables).toHaveLength(16);
    expect(new Set(started.tables.flatMap((t) => t.seats.map((s) => s.userId))).size).toBe(64);
    expect(started.tables.map((t) => t.division)).toEqual([1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4]);

    const expected = new Map<string, number>();
    let last = null;
    for (const table of started.tables) {
      const channelId = `table-${table.number}`;
      const gameId = value(await league.openTable(season.season.id, table.number, channelId, NOW));
      // Opening it again (a second process, a restart) finds the same game.
      expect(value(await league.openTable(season.season.id, table.number, channelId, NOW))).toBe(gameId);
      const at = (userId: string): Caller => ({ userId, guildId: GUILD, channelId });
      const view = value(await service.getGame(at('admin'), gameId));
      expect(view.game.seats.map((s) => s.userId)).toEqual(table.seats.map((s) => s.userId));
      expect(view.game.status).toBe('active');
      const end = await playThroughService(service, view, {
        seed: `league-${table.number}`,
        callerOf: at,
        admin: { ...at('admin'), isServerManager: true },
        dropChance: 0.15,
      });
      for (const [u, p] of expectedPoints(end)) expected.set(u, p);
      last = value(await league.resultChanged(gameId));
      expect(last!.completed).toBe(table.number === 16);
    }
    const { standings, season: done } = last!;
    expect(done.season.status).toBe('finished');
    expect(standings).toMatchObject({ finishedTables: 16, tables: 16, complete: true });
    expect(standings.divisions).toHaveLength(4);
    for (const d of standings.divisions) {
      expect(d.rows).toHaveLength(16);
      for (const row of d.rows) {
        expect(row.points, row.userId).toBeCloseTo(expected.get(row.userId)!, 9);
        expect(row).toMatchObject({ played: 1, tables: 1 });
      }
      // Points decide, then the tie-breaks: VP, then wins.
      for (let i = 1; i < d.rows.length; i++) {
        const [a, b] = [d.rows[i - 1]!, d.rows[i]!];
        expect(a.points > b.points || (a.points === b.points && a.vp >= b.vp)).toBe(true);
      }
      const marks = d.rows.map((r) => r.mark);
      expect(marks.filter((m) => m === 'up')).toHaveLength(d.division === 1 ? 0 : 2);
      expect(marks.filter((m) => m === 'down')).toHaveLength(d.division === 4 ? 0 : 2);
    }
    expect(standings.divisions.flatMap((d) => d.rows).some((r) => r.drops > 0)).toBe(true);
  }, 120_000);
});

describe('who may run a season', () => {
  it('is a member with Manage Server or the server’s league role; anyone else is refused with the reason', async () => {
    const { league } = setUp();
    const refused = await league.createSeason(member('u1'), { name: 'S', config: {} }, NOW);
    expect(refused).toEqual({ ok: false, error: { code: 'admin_only', params: { role: null } } });
    // Only Manage Server names the league role.
    expect(await league.setAdminRole(member('u1'), 'role-1')).toMatchObject({ error: { code: 'manage_server_only' } });
    value(await league.setAdminRole(admin, 'role-1'));
    expect(await league.createSeason(member('u1'), { name: 'S', config: {} }, NOW)).toMatchObject({
      error: { code: 'admin_only', params: { role: 'role-1' } },
    });
    const byRole = value(
      await league.createSeason(member('u1', { roles: ['role-1'] }), { name: 'S', config: {} }, NOW),
    );
    for (const act of [
      () => league.startSeason(member('u2'), byRole.season.id),
      () => league.cancelSeason(member('u2'), byRole.season.id),
      () => league.substitute(member('u2'), byRole.season.id, 1, 'a', { userId: 'b' }),
    ])
      expect(await act()).toMatchObject({ ok: false, error: { code: 'admin_only' } });
    expect(value(await league.cancelSeason(member('u3', { roles: ['role-1'] }), byRole.season.id)).season.status).toBe(
      'cancelled',
    );
  });

  it('refuses a season whose rules cannot be played, saying which setting', async () => {
    const { league } = setUp();
    expect(await league.createSeason(admin, { name: 'S', config: { divisionSize: 10 } }, NOW)).toMatchObject({
      error: { code: 'bad_season', params: { setting: 'division-size' } },
    });
    expect(await league.createSeason(admin, { name: 'S', config: { groupSize: 7 } }, NOW)).toMatchObject({
      error: { code: 'bad_season', params: { setting: 'groupSize' } },
    });
    value(await league.createSeason(admin, { name: 'S', config: {} }, NOW));
    expect(await league.createSeason(admin, { name: 'S', config: {} }, NOW)).toMatchObject({
      error: { code: 'season_name_taken' },
    });
  });
});

describe('sign-up', () => {
  it('keeps a waiting list past the cap, moves it up on a withdrawal, and closes with its window', async () => {
    const { league } = setUp();
    const { season } = value(
      await league.createSeason(
        admin,
        { name: 'Capped', config: { cap: 4, signupRoleId: 'tm' }, signupHours: 24 },
        NOW,
      ),
    );
    const tm = (u: string) => member(u, { roles: ['tm'] });
    expect(await league.signUp(member('norole'), season.id, NOW)).toMatchObject({
      error: { code: 'role_required', params: { role: 'tm' } },
    });
    const statuses = [];
    for (const u of ['a', 'b', 'c', 'd', 'e', 'f'])
      statuses.push(value(await league.signUp(tm(u), season.id, NOW)).status);
    expect(statuses).toEqual(['player', 'player', 'player', 'player', 'waiting', 'waiting']);
    expect(await league.signUp(tm('a'), season.id, NOW)).toMatchObject({ error: { code: 'already_signed_up' } });
    const out = value(await league.withdraw(tm('b'), season.id));
    expect(out.promoted).toBe('e');
    expect(out.season.entries.map((e) => [e.userId, e.status])).toEqual([
      ['a', 'player'],
      ['c', 'player'],
      ['d', 'player'],
      ['e', 'player'],
      ['f', 'waiting'],
    ]);
    const late = new Date(NOW.getTime() + 25 * 3_600_000);
    expect(await league.signUp(tm('g'), season.id, late)).toMatchObject({ error: { code: 'signup_closed' } });
  });

  it('lets an admin change maps, timer, cap and window while it signs up: a raised cap seats the waiting in order', async () => {
    const { league } = setUp();
    const { season } = value(await league.createSeason(admin, { name: 'Edited', config: { cap: 5 } }, NOW));
    const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);
    for (const [i, u] of ['a', 'b', 'c', 'd', 'e', 'f', 'g'].entries())
      value(await league.signUp(member(u), season.id, at(i)));
    const edit = { config: { cap: 6, moveTimerHours: 24, onTimeout: 'drop' as const, maps: [FJORDS] } };
    expect(await league.editSeason(member('a'), season.id, edit, NOW)).toMatchObject({
      error: { code: 'admin_only' },
    });
    expect(await league.editSeason(admin, season.id, { config: { cap: 4 } }, NOW)).toMatchObject({
      error: { code: 'cap_below_players', params: { cap: 4, count: 5 } },
    });
    expect(await league.editSeason(admin, season.id, { config: { maps: ['nowhere'] } }, NOW)).toMatchObject({
      error: { code: 'bad_season', params: { setting: 'maps.0' } },
    });
    const later = at(60);
    const edited = value(await league.editSeason(admin, season.id, { ...edit, signupHours: 2 }, later));
    expect(edited.promoted).toEqual(['f']);
    expect(edited.season.entries.filter((e) => e.status === 'waiting').map((e) => e.userId)).toEqual(['g']);
    expect(edited.season.season.config).toMatchObject({
      cap: 6,
      moveTimerHours: 24,
      onTimeout: 'drop',
      maps: [FJORDS],
      groupSize: 4,
    });
    expect(edited.season.season.signupClosesAt).toEqual(new Date(later.getTime() + 2 * 3_600_000));
    // Unnamed settings stay; the window can be opened until the start again.
    const reopened = value(await league.editSeason(admin, season.id, { config: {}, signupHours: null }, later));
    expect(reopened.season.season.signupClosesAt).toBeNull();
    expect(reopened.season.season.config.cap).toBe(6);
    expect(reopened.promoted).toEqual([]);
    // Once the tables are drawn, their games hold the settings: no edit.
    value(await league.startSeason(admin, season.id));
    expect(await league.editSeason(admin, season.id, { config: { cap: 8 } }, later)).toMatchObject({
      error: { code: 'not_signing_up' },
    });
  });
});

describe('ratings', () => {
  it('are off until the server opts in, then rate all games or league tables only', async () => {
    const { service, league } = setUp();
    expect(await league.ratings(GUILD)).toEqual({ ok: false, error: { code: 'ratings_off', params: {} } });
    expect(await league.setRatings(member('u'), 'all')).toMatchObject({ error: { code: 'manage_server_only' } });
    // A friendly game of three, then a league table of three.
    const friendly = { userId: 'x', guildId: GUILD, channelId: 'friendly' };
    const created = value(
      await service.createGame(friendly, { players: ['x', 'y', 'z'], factionMode: 'random', seed: 'f' }),
    );
    value(await service.start(friendly, created.id, NOW));
    const at = (userId: string): Caller => ({ ...friendly, userId });
    await playThroughService(service, value(await service.getGame(friendly, created.id)), {
      seed: 'f',
      callerOf: at,
      admin: friendly,
    });
    const { season } = value(await league.createSeason(admin, { name: 'Trio', config: { groupSize: 3 } }, NOW));
    for (const u of ['x', 'q', 'r']) value(await league.signUp(member(u), season.id, NOW));
    const started = value(await league.startSeason(admin, season.id));
    const gameId = value(await league.openTable(season.id, 1, 'trio-1', NOW));
    const atTable = (userId: string): Caller => ({ userId, guildId: GUILD, channelId: 'trio-1' });
    await playThroughService(service, value(await service.getGame(atTable('admin'), gameId)), {
      seed: 't',
      callerOf: atTable,
      admin: { ...atTable('admin'), isServerManager: true },
    });
    expect(started.tables[0]!.seats).toHaveLength(3);
    value(await league.setRatings(admin, 'all'));
    const all = value(await league.ratings(GUILD));
    expect(all.scope).toBe('all');
    expect([...all.ratings.players.keys()].sort()).toEqual(['q', 'r', 'x', 'y', 'z']);
    expect(all.ratings.players.get('x')).toMatchObject({ games: 2, provisional: true });
    value(await league.setRatings(admin, 'league'));
    const leagueOnly = value(await league.ratings(GUILD));
    expect([...leagueOnly.ratings.players.keys()].sort()).toEqual(['q', 'r', 'x']);
    expect(leagueOnly.ratings.players.get('x')!.games).toBe(1);
  }, 60_000);
});

describe('seeding and formats', () => {
  /** A finished three-player game in the server with these VP (a seat per user, in order). */
  async function friendly(service: GameService, users: string[], seed: string) {
    const at = (userId: string): Caller => ({ userId, guildId: GUILD, channelId: `friendly-${seed}` });
    const game = value(await service.createGame(at(users[0]!), { players: users, factionMode: 'random', seed }));
    value(await service.start(at(users[0]!), game.id, NOW));
    await playThroughService(service, value(await service.getGame(at(users[0]!), game.id)), {
      seed,
      callerOf: at,
      admin: at(users[0]!),
    });
  }

  it('seeds by rating: the strongest first, into the first division', async () => {
    const { service, league } = setUp();
    for (let i = 0; i < 3; i++) await friendly(service, ['p1', 'p2', 'p3', 'p4'], `warm-${i}`);
    value(await league.setRatings(admin, 'all'));
    const ratings = value(await league.ratings(GUILD)).ratings;
    const strongest = [...ratings.players].sort(([, a], [, b]) => b.rating - a.rating).map(([u]) => u);
    const { season } = value(
      await league.createSeason(admin, { name: 'Seeded', config: { groupSize: 3, divisionSize: 3 } }, NOW),
    );
    for (const u of ['newcomer', 'p1', 'p2', 'p3', 'p4', 'other'])
      value(await league.signUp(member(u), season.id, NOW));
    const started = value(await league.startSeason(admin, season.id));
    const seeded = [...started.entries].filter((e) => e.seed !== null).sort((a, b) => a.seed! - b.seed!);
    // The rated players in rating order, then the two without a game at 1000 (in sign-up order) where 1000 falls.
    const expected = [...strongest, 'newcomer', 'other'].sort(
      (a, b) => (ratings.players.get(b)?.rating ?? 1000) - (ratings.players.get(a)?.rating ?? 1000),
    );
    expect(seeded.map((e) => e.userId)).toEqual(expected);
    expect(seeded.map((e) => e.division)).toEqual([1, 1, 1, 2, 2, 2]);
  }, 60_000);

  it('seeds by the last season’s finish: promoted up, relegated down, newcomers last', async () => {
    const { service, league } = setUp();
    const { season: first } = value(
      await league.createSeason(
        admin,
        { name: 'One', config: { groupSize: 3, divisionSize: 3, promote: 1, relegate: 1, seeding: 'signup' } },
        NOW,
      ),
    );
    const six = ['a', 'b', 'c', 'd', 'e', 'f'];
    for (const [i, u] of six.entries()) value(await league.signUp(member(u), first.id, new Date(NOW.getTime() + i)));
    const started = value(await league.startSeason(admin, first.id));
    for (const table of started.tables) {
      const channelId = `one-${table.number}`;
      const gameId = value(await league.openTable(first.id, table.number, channelId, NOW));
      const at = (userId: string): Caller => ({ userId, guildId: GUILD, channelId });
      await playThroughService(service, value(await service.getGame(at('admin'), gameId)), {
        seed: `one-${table.number}`,
        callerOf: at,
        admin: { ...at('admin'), isServerManager: true },
      });
      value(await league.resultChanged(gameId));
    }
    const final = value(await league.standings(first.id)).standings;
    const [top, bottom] = final.divisions.map((d) => d.rows.map((r) => r.userId)) as [string[], string[]];
    const { season: third } = value(
      await league.createSeason(
        admin,
        {
          name: 'Three',
          config: { groupSize: 3, divisionSize: 3, seeding: 'last-season', previousSeasonId: first.id },
        },
        NOW,
      ),
    );
    for (const u of [...six, 'g', 'h', 'newcomer']) value(await league.signUp(member(u), third.id, NOW));
    const drawn = value(await league.startSeason(admin, third.id));
    const order = drawn.entries
      .filter((e) => e.seed !== null)
      .sort((a, b) => a.seed! - b.seed!)
      .map((e) => e.userId);
    // Division 1 keeps its first two, gains division 2's winner; the relegated leads division 2.
    expect(order.slice(0, 3)).toEqual([top[0], top[1], bottom[0]]);
    expect(order.slice(3, 6)).toEqual([top[2], bottom[1], bottom[2]]);
    expect(order.slice(6).sort()).toEqual(['g', 'h', 'newcomer']);
  }, 120_000);

  it('draws BPA groups of seven: seven tables of four, each player at four, once in each seat', async () => {
    const { league } = setUp();
    const { season } = value(await league.createSeason(admin, { name: 'BPA', config: { format: 'bpa' } }, NOW));
    const users = Array.from({ length: 15 }, (_, i) => `u${i}`);
    for (const [i, u] of users.entries()) value(await league.signUp(member(u), season.id, new Date(NOW.getTime() + i)));
    const started = value(await league.startSeason(admin, season.id));
    expect(started.tables).toHaveLength(14);
    expect(started.entries.find((e) => e.userId === 'u14')!.status).toBe('waiting');
    for (const group of [1, 2]) {
      const tables = started.tables.filter((t) => t.group === group);
      const players = new Set(tables.flatMap((t) => t.seats.map((s) => s.userId)));
      expect(players.size).toBe(7);
      for (const p of players)
        expect([0, 1, 2, 3].map((seat) => tables.filter((t) => t.seats[seat]!.userId === p).length)).toEqual([
          1, 1, 1, 1,
        ]);
    }
  });
});

describe('an AI substitute', () => {
  it('takes a seat in the table’s game at the admin’s word; the seated player scores a drop, the game is unrated', async () => {
    const { service, league } = setUp();
    value(await league.setRatings(admin, 'all'));
    const { season } = value(
      await league.createSeason(
        admin,
        { name: 'Trio', config: { groupSize: 3, moveTimerHours: 48, onTimeout: 'ai' } },
        NOW,
      ),
    );
    for (const u of ['a', 'b', 'c']) value(await league.signUp(member(u), season.id, NOW));
    value(await league.startSeason(admin, season.id));
    // No game yet: there is nothing to seat an AI in.
    expect(await league.substitute(admin, season.id, 1, 'a', { aiLevel: 'easy' })).toMatchObject({
      ok: false,
      error: { code: 'table_not_open', params: { table: 1 } },
    });
    const gameId = value(await league.openTable(season.id, 1, 'table-1', NOW));
    const at = (userId: string): Caller => ({
      userId,
      guildId: GUILD,
      channelId: 'table-1',
      ...(isAiId(userId) ? { actor: 'ai' as const } : {}),
    });
    const opened = value(await service.getGame(at('admin'), gameId));
    // The season's timer and what it does when time runs out reach the table's game.
    expect(opened.game.settings).toMatchObject({ moveTimerHours: 48, timeoutAction: 'ai' });
    const seat = opened.game.seats.find((s) => s.userId === 'a')!;
    expect(await league.substitute(member('b'), season.id, 1, 'a', { aiLevel: 'easy' })).toMatchObject({
      error: { code: 'admin_only' },
    });
    const subbed = value(await league.substitute(admin, season.id, 1, 'a', { aiLevel: 'easy' }));
    const { substituteId } = subbed;
    expect(subbed.season.tables[0]!.seats.find((s) => s.userId === 'a')!.substituteId).toBe(substituteId);
    expect(isAiId(substituteId)).toBe(true);
    const handed = value(await service.getGame(at('admin'), gameId));
    expect(handed.game.seats.find((s) => s.position === seat.position)).toMatchObject({
      userId: substituteId,
      ai: { level: 'easy', standsInFor: 'a' },
    });
    // The seat is the AI's now: naming its player again finds it no more.
    expect(await league.substitute(admin, season.id, 1, 'a', { aiLevel: 'hard' })).toMatchObject({
      error: { code: 'seat_not_found' },
    });
    await playThroughService(service, handed, {
      seed: 'ai-substitute',
      callerOf: at,
      admin: { ...at('admin'), isServerManager: true },
    });
    const { standings, completed } = value(await league.resultChanged(gameId))!;
    expect(completed).toBe(true);
    const rows = standings.divisions[0]!.rows;
    expect(rows.find((r) => r.userId === 'a')).toMatchObject({ points: 0, drops: 1, played: 1 });
    // The dropped seat ranks last whatever its AI scored; the others score their places by final VP,
    // sharing the points of places they tie for.
    const ended = value(await service.getGame(at('admin'), gameId));
    const vpOf = (userId: string) =>
      ended.state!.factions[ended.game.seats.find((s) => s.userId === userId)!.faction!]!.VP;
    const table = placementPoints([10, 6, 3, 1], 3);
    const placed = (userId: string) => {
      const vps = rows.filter((r) => r.userId !== 'a').map((r) => vpOf(r.userId));
      const vp = vpOf(userId);
      const above = vps.filter((v) => v > vp).length;
      const tied = table.slice(above, above + vps.filter((v) => v === vp).length);
      return tied.reduce((sum, p) => sum + p, 0) / tied.length;
    };
    const others = rows.filter((r) => r.userId !== 'a');
    expect(others).toHaveLength(2);
    expect(others.map((r) => r.points)).toEqual(others.map((r) => placed(r.userId)));
    // A game with an AI seat is not rated: nobody has a rated game.
    expect(value(await league.ratings(GUILD)).ratings.players.size).toBe(0);
  }, 60_000);
});
