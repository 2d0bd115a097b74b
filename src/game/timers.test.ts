import { describe, expect, it } from 'vitest';
import { MemoryGameRepo } from './memory-repo.ts';
import type { GameRecord, MoveRecord } from './repo.ts';
import { GameService } from './service.ts';
import { T0, caller, startedGame, value } from './test-helpers.ts';
import { deadlineOf, deadlinesPassed } from './timers.ts';

const HOUR = 3_600_000;

function record(overrides: Partial<GameRecord> = {}): GameRecord {
  return {
    id: 'g',
    guildId: 'guild-1',
    channelId: 'chan-1',
    creatorUserId: 'a',
    status: 'active',
    language: 'en',
    options: {},
    settings: { moveTimerHours: 24, reminderHours: null, startedAt: T0.toISOString() },
    seed: 's',
    version: 3,
    moveCount: 0,
    seats: [],
    createdAt: T0,
    updatedAt: T0,
    ...overrides,
  };
}

const waiting = [{ faction: 'witches', position: 0, userId: 'a' }] as const;
const move = (at: Date): MoveRecord => ({ seq: 1, seat: 0, userId: 'a', text: 'build E5', createdAt: at });

describe('move deadlines', () => {
  it('run from the start, then from the last move', () => {
    expect(deadlineOf(record(), [])).toEqual(new Date(T0.getTime() + 24 * HOUR));
    const later = new Date(T0.getTime() + 5 * HOUR);
    expect(deadlineOf(record(), [move(later)])).toEqual(new Date(later.getTime() + 24 * HOUR));
  });

  it('report every seat waited on once the deadline is reached, not before', () => {
    const game = record();
    expect(deadlinesPassed(game, [], [...waiting], new Date(T0.getTime() + 24 * HOUR - 1))).toEqual([]);
    expect(deadlinesPassed(game, [], [...waiting], new Date(T0.getTime() + 24 * HOUR))).toEqual([
      { gameId: 'g', faction: 'witches', position: 0, userId: 'a', deadline: new Date(T0.getTime() + 24 * HOUR) },
    ]);
  });

  it('report nothing without a timer or for a game that is not being played', () => {
    const late = new Date(T0.getTime() + 1000 * HOUR);
    expect(
      deadlinesPassed(
        record({ settings: { moveTimerHours: null, reminderHours: null, startedAt: T0.toISOString() } }),
        [],
        [...waiting],
        late,
      ),
    ).toEqual([]);
    expect(deadlinesPassed(record({ status: 'finished' }), [], [...waiting], late)).toEqual([]);
  });

  it('are found across the active games by the service', async () => {
    const service = new GameService(new MemoryGameRepo());
    const timed = await startedGame(service, ['a', 'b'], { factionMode: 'recommended', moveTimerHours: 12 });
    await startedGame(service, ['c', 'd'], { factionMode: 'recommended' }, 'chan-2');
    const view = value(await service.getGame(caller('a'), timed.id));
    expect(view.deadline).toEqual(new Date(T0.getTime() + 12 * HOUR));
    expect(await service.deadlinesPassed(new Date(T0.getTime() + 11 * HOUR))).toEqual([]);
    const passed = await service.deadlinesPassed(new Date(T0.getTime() + 12 * HOUR), 'guild-1');
    expect(passed).toEqual([
      { gameId: timed.id, faction: view.waitingFor[0]!.faction, position: 0, userId: 'a', deadline: view.deadline },
    ]);
  });
});
