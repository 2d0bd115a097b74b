import { type EventLoopUtilization, performance } from 'node:perf_hooks';

/**
 * How busy this thread's event loop has been lately: the share of the last window it spent running
 * code rather than waiting for I/O. A loop near 1 answers every new event late; the bot uses it to turn
 * work away (or to keep pictures off this thread) before interactions time out unanswered.
 */
export class EventLoopLoad {
  private last: EventLoopUtilization = performance.eventLoopUtilization();
  private share = 0;
  private readonly timer: NodeJS.Timeout;

  constructor(
    /** How long each measured window is. */
    windowMs = 500,
    /** The share of a window above which the loop counts as busy. */
    private readonly threshold = 0.8,
  ) {
    this.timer = setInterval(() => this.sample(), windowMs);
    this.timer.unref();
  }

  /** The busy share of the last complete window, 0 to 1. */
  get utilization(): number {
    return this.share;
  }

  busy(): boolean {
    return this.share >= this.threshold;
  }

  stop(): void {
    clearInterval(this.timer);
  }

  private sample(): void {
    const now = performance.eventLoopUtilization();
    this.share = performance.eventLoopUtilization(now, this.last).utilization;
    this.last = now;
  }
}
