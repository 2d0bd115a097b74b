// The move timer acting by itself (no caller): by default it answers for the seats it runs out on as
// little as the rules allow, so their factions play on; a game whose admin chose so drops them, and a
// faction that left comes back with a new player while nobody has moved since.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Announcement } from './announcements.ts';
import { MemoryGameRepo } from './memory-repo.ts';
import { GameService } from './service.ts';
import { caller, errorOf, playAs, s60AfterFourteenMoves, startedGame, value } from './test-helpers.ts';

const HOUR = 3_600_000;
const later = (hours: number) => new Date(Date.now() + hours * HOUR);

async function timedGame(hours: number, onTimeout?: 'pass' | 'drop') {
  const run = await s60AfterFourteenMoves();
  value(await run.service.setMoveTimer(run.as('darklings'), run.gameId, hours, onTimeout));
  const said = async () => (await run.service.outbox(run.gameId))!.pending.map((p) => p.announcement);
  const moves = async () => run.repo.listMoves(run.gameId);
  return { ...run, said, moves };
}

describe('the move timer', () => {
  it('does nothing before the deadline, then passes the turn for the seat it ran out on, which plays on', async () => {
    const { service, gameId, as, said, moves } = await timedGame(12);
    expect((await said()).at(-1)).toEqual({ kind: 'timerSet', by: 'user-1', hours: 12, onTimeout: 'pass' });
    const { deadline } = value(await service.getGame(as('nomads'), gameId));
    expect(value(await service.timeOut(gameId, new Date(deadline!.getTime() - 1))).done).toEqual([]);
    const at = deadline!;
    const { done, view } = value(await service.timeOut(gameId, at));
    expect(done).toEqual([
      { faction: 'nomads', userId: 'user-2', action: 'pass', text: expect.stringMatching(/^pass BON\d+$/) },
    ]);
    // The row is the timer's own: the nomads' seat, no user.
    const last = (await moves()).at(-1)!;
    expect(last).toMatchObject({ seat: 1, userId: null, text: done[0]!.text });
    expect(view!.state!.factions.nomads!.passed).toBe(true);
    expect(view!.state!.factions.nomads!.dropped).toBe(false);
    const told = (await said()).at(-1) as Extract<Announcement, { kind: 'timedOut' }>;
    expect(told).toMatchObject({ kind: 'timedOut', userId: 'user-2', faction: 'nomads', text: done[0]!.text });
    // The next to move begins to wait, and is pinged.
    expect(told.ping).toEqual([view!.waitingFor[0]!.userId]);
    // The deadline now runs from the timer's row: nothing more to do at the same moment.
    expect(value(await service.timeOut(gameId, at)).done).toEqual([]);
    // The nomads' player is still seated and plays the next round.
    expect(view!.game.seats.find((s) => s.faction === 'nomads')!.userId).toBe('user-2');
  });

  it('declines an offer, then passes the turn, of a seat that owed both', async () => {
    const { service, gameId, as, version } = await timedGame(12);
    // The nomads build next to the mermaids, who move next and may take 1 power first.
    value(await service.play(as('nomads'), gameId, await version(), 'dig 1. build E3'));
    const { done } = value(await service.timeOut(gameId, later(13)));
    expect(done.map((d) => [d.faction, d.text])).toEqual([
      ['mermaids', 'decline 1 from nomads'],
      ['mermaids', expect.stringMatching(/^pass BON\d+$/)],
    ]);
  });

  it('plays one turn only when the faction moves again right after (a second starting dwelling in snake order)', async () => {
    const service = new GameService(new MemoryGameRepo());
    const game = await startedGame(service, ['alice', 'bob'], {
      factionMode: 'random',
      moveTimerHours: 12,
      seed: 'timer',
    });
    const waited = async () => value(await service.getGame(caller('alice'), game.id)).waitingFor;
    const [first] = await waited();
    const build = value(await service.legalMoves(caller(first!.userId), game.id)).find((m) => m.kind === 'build')!;
    value(await playAs(service, game.id, first!.userId, build.text));
    // The second player places both of their dwellings in a row; the timer runs out on the first.
    const [second] = await waited();
    const { done, view } = value(await service.timeOut(game.id, later(13)));
    expect(done).toEqual([
      { faction: second!.faction, userId: second!.userId, action: 'pass', text: expect.stringMatching(/^build /) },
    ]);
    expect(view!.waitingFor).toEqual([second]);
    expect(view!.state!.factions[second!.faction]!.buildings.D).toBe(1);
    // Their second dwelling has a timer of its own, running from the timer's row (stored now).
    expect(value(await service.timeOut(game.id, later(11))).done).toEqual([]);
  });

  it('drops the faction when the admin chose so, and brings it back with a new player while nobody moved since', async () => {
    const { service, gameId, as, said, version } = await timedGame(24, 'drop');
    const { done, view } = value(await service.timeOut(gameId, later(25)));
    expect(done).toEqual([{ faction: 'nomads', userId: 'user-2', action: 'drop', text: 'drop-faction nomads' }]);
    expect(view!.state!.factions.nomads!.dropped).toBe(true);
    expect((await said()).at(-1)).toMatchObject({ kind: 'dropped', by: null, faction: 'nomads' });
    // Someone else takes the seat: the nomads are back, waited for, and their new player is pinged.
    const seat = view!.game.seats.find((s) => s.faction === 'nomads')!;
    value(await service.replacePlayer(as('darklings'), gameId, await version(), seat.position, 'erin'));
    const back = value(await service.getGame(as('darklings'), gameId));
    expect(back.state!.factions.nomads!.dropped).toBe(false);
    expect(back.waitingFor).toEqual([{ faction: 'nomads', position: seat.position, userId: 'erin' }]);
    expect((await said()).at(-1)).toMatchObject({ kind: 'replaced', userId: 'erin', comeback: true, ping: ['erin'] });
  });

  it('refuses to bring a faction back once a player has moved since it left, saying why', async () => {
    const { service, gameId, as, version } = await timedGame(24, 'drop');
    const { view } = value(await service.timeOut(gameId, later(25)));
    const next = view!.waitingFor[0]!;
    const line = value(await service.legalMoves({ ...as('darklings'), userId: next.userId }, gameId)).find(
      (m) => m.kind === 'pass',
    )!.text;
    value(await service.play({ ...as('darklings'), userId: next.userId }, gameId, await version(), line));
    const seat = view!.game.seats.find((s) => s.faction === 'nomads')!;
    expect(
      errorOf(await service.replacePlayer(as('darklings'), gameId, await version(), seat.position, 'erin')),
    ).toEqual({
      code: 'faction_left_long_ago',
      params: { faction: 'nomads', moves: 1 },
    });
  });

  it('is set by the game admin only, within its bounds', async () => {
    const { service, gameId, as } = await s60AfterFourteenMoves();
    expect(errorOf(await service.setMoveTimer(as('nomads'), gameId, 24)).code).toBe('admin_only');
    expect(errorOf(await service.setMoveTimer(as('darklings'), gameId, 11)).code).toBe('bad_move_timer');
    const set = value(await service.setMoveTimer(as('darklings'), gameId, 48, 'drop'));
    expect(set.settings).toMatchObject({ moveTimerHours: 48, timeoutAction: 'drop' });
  });
});

describe('the move timer after a change that begins the wait anew', () => {
  afterEach(() => vi.useRealTimers());

  /** 4pLeague_S60_D1L1_G1 after 14 moves, all played at `t`; then the clock moves on 30 hours. */
  async function idleFor30Hours() {
    vi.useFakeTimers({ toFake: ['Date'] });
    const t = Date.now();
    const run = await s60AfterFourteenMoves();
    vi.setSystemTime(t + 30 * HOUR);
    const deadline = async () => value(await run.service.getGame(run.as('nomads'), run.gameId)).deadline;
    return { ...run, t, deadline };
  }

  it('gives the seat waited on its whole time when the timer is set on a game idle for longer', async () => {
    const { service, gameId, as, t, deadline } = await idleFor30Hours();
    value(await service.setMoveTimer(as('darklings'), gameId, 12));
    expect(await deadline()).toEqual(new Date(t + 42 * HOUR));
    expect(value(await service.timeOut(gameId, new Date(t + 41 * HOUR))).done).toEqual([]);
    expect(value(await service.timeOut(gameId, new Date(t + 42 * HOUR))).done.map((d) => d.faction)).toEqual([
      'nomads',
    ]);
  });

  it('counts from an undo back to an older position, not from the older row the log ends with', async () => {
    const { service, gameId, as, version, t, deadline } = await idleFor30Hours();
    value(await service.setMoveTimer(as('darklings'), gameId, 12));
    vi.setSystemTime(t + 40 * HOUR);
    const undone = value(await service.undo(as('darklings'), gameId, await version(), 13));
    expect(undone.kind).toBe('undone');
    expect(await deadline()).toEqual(new Date(t + 52 * HOUR));
    expect(value(await service.timeOut(gameId, new Date(t + 51 * HOUR))).done).toEqual([]);
  });

  it('gives a new player in the seat waited on the whole time', async () => {
    const { service, gameId, as, version, t, deadline } = await idleFor30Hours();
    value(await service.setMoveTimer(as('darklings'), gameId, 36));
    vi.setSystemTime(t + 35 * HOUR);
    value(await service.replacePlayer(as('darklings'), gameId, await version(), 1, 'newcomer'));
    expect(await deadline()).toEqual(new Date(t + 71 * HOUR));
  });
});
