import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BackgroundLane } from './background-lane.ts';

describe('background lane', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts at most its budget a second, oldest first, and the rest in the next seconds', async () => {
    const lane = new BackgroundLane(10, () => expect.fail('no task fails'));
    const started: number[] = [];
    for (let i = 0; i < 25; i++) lane.schedule(`task:${i}`, async () => void started.push(i));
    expect(started).toEqual([...Array(10).keys()]);
    expect(lane.waiting).toBe(15);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(started).toHaveLength(20);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(started).toEqual([...Array(25).keys()]);
    expect(lane.waiting).toBe(0);
  });

  it('runs a key scheduled again before it started once, with its newest task', async () => {
    const lane = new BackgroundLane(1, () => expect.fail('no task fails'));
    const ran: string[] = [];
    lane.schedule('first', async () => void ran.push('first'));
    for (const n of [1, 2, 3]) lane.schedule('pin:g1', async () => void ran.push(`pin ${n}`));
    expect(lane.waiting).toBe(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(ran).toEqual(['first', 'pin 3']);
  });

  it('reports a failed task and goes on; stop drops what has not started', async () => {
    const failures: string[] = [];
    const lane = new BackgroundLane(1, (_, key) => failures.push(key));
    lane.schedule('broken', () => Promise.reject(new Error('Discord said no')));
    lane.schedule('later', async () => expect.fail('stopped before it started'));
    await vi.advanceTimersByTimeAsync(0);
    expect(failures).toEqual(['broken']);
    lane.stop();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(lane.waiting).toBe(0);
  });
});
