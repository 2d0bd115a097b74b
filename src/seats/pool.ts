/**
 * AI decisions on threads of their own, so that the bot's event loop (every server's interactions, the
 * store, the gateway) and every other game never wait on a search. At most `threads` decisions run at
 * once; the others wait their turn in order (each game asks for one decision at a time, so the queue is
 * bounded by the games waiting on an AI). A decision not made within its time is given up: its thread is
 * ended (a search cannot be interrupted otherwise) and started again for the next one. A decision's time
 * counts from when a started thread takes it up. With no threads, or when a thread cannot start at all,
 * decisions are made on the caller's thread.
 */
import { Worker } from 'node:worker_threads';
import { type DecisionJob, type DecisionReply, decideJob } from './decision.ts';

export interface DecisionPoolOptions {
  /** Decision threads; 0 decides on the caller's thread (no time limit then). */
  readonly threads: number;
  /** Told when a thread could not start: decisions are then made on the caller's thread. */
  readonly onUnusable?: (error: unknown) => void;
}

/** A thread's message: its answer to job `id`, or why it could not decide. */
export type ThreadReply =
  | { readonly id: number; readonly reply: DecisionReply }
  | { readonly id: number; readonly error: string }
  | { readonly ready: true };

/** A decision given up: not made within its time, or its thread failed. */
export class DecisionFailed extends Error {
  constructor(
    readonly reason: 'timeout' | 'failed' | 'closed',
    message: string,
  ) {
    super(message);
    this.name = 'DecisionFailed';
  }
}

interface Job {
  readonly id: number;
  readonly job: DecisionJob;
  readonly timeoutMs: number;
  readonly resolve: (reply: DecisionReply) => void;
  readonly reject: (error: Error) => void;
}

interface Slot {
  worker: Worker | null;
  /** The thread has loaded the AI and said so: a decision's time counts from then. */
  ready: boolean;
  busy: Job | null;
  timer: NodeJS.Timeout | null;
}

/** What the pool has done since it started (tests and the logs). */
export interface DecisionPoolStats {
  decided: number;
  timedOut: number;
  failed: number;
}

export class DecisionPool {
  private readonly slots: Slot[];
  private readonly waiting: Job[] = [];
  private nextId = 0;
  private closed = false;
  /** A thread could not start: every decision is made on the caller's thread. */
  private unusable = false;
  private readonly counts: DecisionPoolStats = { decided: 0, timedOut: 0, failed: 0 };

  constructor(private readonly options: DecisionPoolOptions) {
    this.slots = Array.from({ length: options.threads }, () => ({
      worker: null,
      ready: false,
      busy: null,
      timer: null,
    }));
  }

  /** The decision, or a DecisionFailed once `timeoutMs` passed (counted from when a thread takes it up). */
  decide(job: DecisionJob, timeoutMs: number): Promise<DecisionReply> {
    if (this.closed) return Promise.reject(new DecisionFailed('closed', 'the decision pool is closed'));
    if (this.slots.length === 0 || this.unusable) return this.inline(job);
    return new Promise<DecisionReply>((resolve, reject) => {
      this.waiting.push({ id: this.nextId++, job, timeoutMs, resolve, reject });
      this.next();
    });
  }

  get stats(): Readonly<DecisionPoolStats> {
    return { ...this.counts };
  }

  /** Decisions being made or waiting for a thread. */
  get held(): number {
    return this.waiting.length + this.slots.filter((s) => s.busy).length;
  }

  /** Ends the threads; decisions under way or waiting fail as `closed`. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.waiting.splice(0)) job.reject(new DecisionFailed('closed', 'the decision pool closed'));
    await Promise.all(
      this.slots.map((slot) => this.stop(slot, new DecisionFailed('closed', 'the decision pool closed'))),
    );
  }

  /** On the caller's thread: no threads, or none could start. */
  private inline(job: DecisionJob): Promise<DecisionReply> {
    try {
      const reply = decideJob(job);
      this.counts.decided++;
      return Promise.resolve(reply);
    } catch (error) {
      this.counts.failed++;
      return Promise.reject(new DecisionFailed('failed', (error as Error).message));
    }
  }

  private next(): void {
    for (const slot of this.slots) {
      if (slot.busy || this.waiting.length === 0 || this.closed) continue;
      // A thread starting (TypeScript, the engine, the AI) takes a while: the decision waits for it.
      if (!slot.worker) slot.worker = this.start(slot);
      if (!slot.ready) continue;
      const job = this.waiting.shift()!;
      slot.busy = job;
      const worker = slot.worker;
      worker.ref();
      slot.timer = setTimeout(() => {
        this.counts.timedOut++;
        void this.stop(slot, new DecisionFailed('timeout', `no decision within ${job.timeoutMs} ms`)).then(() =>
          this.next(),
        );
      }, job.timeoutMs);
      worker.postMessage({ id: job.id, job: job.job });
    }
  }

  private start(slot: Slot): Worker {
    const worker = new Worker(new URL('./thread-boot.mjs', import.meta.url), { execArgv: [] });
    slot.ready = false;
    // Starting, it keeps the process alive: decisions are waiting for it.
    worker.ref();
    worker.on('message', (message: ThreadReply) => {
      if ('ready' in message) {
        slot.ready = true;
        this.next();
        if (!slot.busy) worker.unref();
        return;
      }
      const job = slot.busy;
      if (!job || job.id !== message.id || slot.worker !== worker) return;
      this.settle(slot);
      worker.unref();
      if ('reply' in message) {
        this.counts.decided++;
        job.resolve(message.reply);
      } else {
        this.counts.failed++;
        job.reject(new DecisionFailed('failed', message.error));
      }
      this.next();
    });
    const lost = (error?: Error) => {
      if (slot.worker !== worker) return;
      const started = slot.ready;
      slot.worker = null;
      slot.ready = false;
      const job = slot.busy;
      this.settle(slot);
      if (job) {
        this.counts.failed++;
        job.reject(new DecisionFailed('failed', error?.message ?? 'the decision thread exited'));
      }
      // A thread that cannot even start will not start next time either: decide here rather than never.
      if (!started) {
        this.unusable = true;
        this.options.onUnusable?.(error ?? new Error('the decision thread exited before it was ready'));
        for (const waiting of this.waiting.splice(0)) this.inline(waiting.job).then(waiting.resolve, waiting.reject);
        return;
      }
      this.next();
    };
    worker.on('error', lost);
    worker.on('exit', () => lost());
    return worker;
  }

  private settle(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.busy = null;
  }

  /** Ends the slot's thread; its decision, if any, fails with `error`. */
  private async stop(slot: Slot, error: DecisionFailed): Promise<void> {
    const worker = slot.worker;
    const job = slot.busy;
    slot.worker = null;
    slot.ready = false;
    this.settle(slot);
    job?.reject(error);
    if (worker) await worker.terminate();
  }
}
