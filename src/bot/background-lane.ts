/**
 * Discord calls nobody waits for (editing the pinned status, taking the buttons off an old prompt), at
 * most `perSecond` a second. discord.js holds every request of a process to 50 a second; a busy process
 * spent most of that on these edits, and the channel posts players wait for queued behind them. Here they
 * yield: what is due runs at the budget, oldest first, and a task scheduled again under the same key
 * before it ran runs once (a game's pin needs only its newest content).
 */
export class BackgroundLane {
  private readonly queue = new Map<string, () => Promise<void>>();
  private timer: NodeJS.Timeout | null = null;
  private windowStart = 0;
  private startedInWindow = 0;

  constructor(
    private readonly perSecond: number,
    private readonly onError: (error: unknown, key: string) => void,
  ) {}

  /** Runs `task` once the budget allows; replaces a task under the same key that has not started. */
  schedule(key: string, task: () => Promise<void>): void {
    this.queue.delete(key);
    this.queue.set(key, task);
    this.pump();
  }

  /** Tasks waiting to run. */
  get waiting(): number {
    return this.queue.size;
  }

  /** Drops what has not started (on shutdown). */
  stop(): void {
    this.queue.clear();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private pump(): void {
    if (this.timer) return;
    while (this.queue.size > 0) {
      const now = Date.now();
      if (now - this.windowStart >= 1_000) {
        this.windowStart = now;
        this.startedInWindow = 0;
      }
      if (this.startedInWindow >= this.perSecond) {
        this.timer = setTimeout(
          () => {
            this.timer = null;
            this.pump();
          },
          this.windowStart + 1_000 - now,
        );
        this.timer.unref();
        return;
      }
      const [key, task] = this.queue.entries().next().value!;
      this.queue.delete(key);
      this.startedInWindow++;
      void task().catch((error: unknown) => this.onError(error, key));
    }
  }
}
