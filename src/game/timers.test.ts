import { describe, expect, it } from 'vitest';
import { MemoryGameRepo } from './memory-repo.ts';
import type { GameRecord, MoveRecord } from './repo.ts';
import { GameService } from './service.ts';
import { T0, caller, startedGame, value } from './test-helpers.ts';
import { deadlineOf } from './timers.ts';

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
    waitRestartedAt: null,
    threadId: null,
    ...overrides,
  };
}

const move = (at: Date): MoveRecord => ({ seq: 1, seat: 0, userId: 'a', text: 'build E5', createdAt: at });

describe('move deadlines', () => {
  it('run from the start, then from the last move', () => {
    expect(deadlineOf(record(), [])).toEqual(new Date(T0.getTime() + 24 * HOUR));
    const later = new Date(T0.getTime() + 5 * HOUR);
    expect(deadlineOf(record(), [move(later)])).toEqual(new Date(later.getTime() + 24 * HOUR));
  });

  it('is none without a timer or before the start', () => {
    expect(
      deadlineOf(record({ settings: { moveTimerHours: null, reminderHours: null, startedAt: T0.toISOString() } }), []),
    ).toBeNull();
    expect(
      deadlineOf(record({ settings: { moveTimerHours: 24, reminderHours: null, startedAt: null } }), []),
    ).toBeNull();
  });

  it('comes with the game as the service shows it', async () => {
    const service = new GameService(new MemoryGameRepo());
    const timed = await startedGame(service, ['a', 'b'], { factionMode: 'recommended', moveTimerHours: 12 });
    const view = value(await service.getGame(caller('a'), timed.id));
    expect(view.deadline).toEqual(new Date(T0.getTime() + 12 * HOUR));
    expect(view.waitingSince).toEqual(T0);
  });
});
