import { beforeAll, describe, expect, it } from 'vitest';
import { playThroughService } from '../selfplay/service-game.ts';
import { MemoryGameRepo } from './memory-repo.ts';
import { resultOf } from './result.ts';
import { type Caller, GameService } from './service.ts';
import { T0, value } from './test-helpers.ts';

async function finished() {
  const repo = new MemoryGameRepo();
  const service = new GameService(repo);
  const at = (userId: string): Caller => ({ userId, guildId: 'g', channelId: 'played-here' });
  const game = value(await service.createGame(at('a'), { players: ['a', 'b', 'c'], factionMode: 'random', seed: 'h' }));
  value(await service.start(at('a'), game.id, T0));
  const end = await playThroughService(service, value(await service.getGame(at('a'), game.id)), {
    seed: 'history',
    callerOf: at,
    admin: at('a'),
  });
  return { repo, service, end };
}

describe('a finished game', () => {
  let played: Awaited<ReturnType<typeof finished>>;
  beforeAll(async () => {
    played = await finished();
  });

  it('stores its result with the write that finishes it', async () => {
    const { repo, end } = played;
    expect(end.game.status).toBe('finished');
    expect(repo.storedResults()).toEqual([resultOf(end.game, end.moves, end.state!)]);
  });

  it('opens from any channel of its server, at its end or at any row of its log', async () => {
    const { service, end } = played;
    const elsewhere: Caller = { userId: 'z', guildId: 'g', channelId: 'history-channel' };
    const view = value(await service.finishedGame(elsewhere, end.game.id));
    expect(view.state).toEqual(end.state);
    expect(await service.finishedGame({ ...elsewhere, guildId: 'other' }, end.game.id)).toMatchObject({
      ok: false,
      error: { code: 'game_not_found' },
    });
    const start = value(service.positionAt(view, 0));
    expect(start.round).toBe(0);
    expect(Object.keys(start.factions)).toHaveLength(0);
    expect(value(service.positionAt(view, view.moves.length))).toEqual(end.state);
    const middle = value(service.positionAt(view, 100));
    expect(middle.round).toBeGreaterThan(0);
    expect(middle.finished).toBe(false);
    expect(service.positionAt(view, view.moves.length + 1)).toEqual({
      ok: false,
      error: { code: 'no_such_row', params: { row: view.moves.length + 1, rows: view.moves.length } },
    });
  });

  it('gives every faction’s VP after every row, rounds rising to the end', async () => {
    const { service, end } = played;
    const timeline = service.vpTimeline(end);
    expect(timeline.points).toHaveLength(end.moves.length);
    expect(timeline.factions).toEqual(end.state!.factionOrder);
    const last = timeline.points.at(-1)!;
    for (const f of timeline.factions) expect(last.vp[f]).toBe(end.state!.factions[f]!.VP);
    const rounds = timeline.points.map((p) => p.round);
    expect(rounds.every((r, i) => i === 0 || r >= rounds[i - 1]!)).toBe(true);
    expect(rounds.at(-1)).toBe(6);
    expect(new Set(rounds)).toEqual(new Set([0, 1, 2, 3, 4, 5, 6]));
  });
});
