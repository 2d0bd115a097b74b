import { afterEach, describe, expect, it, vi } from 'vitest';
import { EventLoopLoad } from './event-loop.ts';

/** Keeps this thread running code, never waiting, for `ms`. */
function spin(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

describe('event loop load', () => {
  const loads: EventLoopLoad[] = [];
  afterEach(() => loads.splice(0).forEach((l) => l.stop()));

  it('is busy after a window spent running code, and not after one spent waiting', async () => {
    const load = new EventLoopLoad(100, 0.8);
    loads.push(load);
    // A window blocked from end to end, then the timer's turn to measure it.
    spin(250);
    await new Promise((resolve) => setTimeout(resolve, 0));
    await vi.waitFor(() => expect(load.utilization).toBeGreaterThan(0.8), { timeout: 2000 });
    expect(load.busy()).toBe(true);
    // Idle windows: the loop only waits for the timers.
    await vi.waitFor(() => expect(load.busy()).toBe(false), { timeout: 5000, interval: 50 });
    expect(load.utilization).toBeLessThan(0.8);
  });
});
