import { Worker } from 'node:worker_threads';
import type { GameState } from '../engine/index.ts';
import type { RenderLabels } from './labels.ts';
import { type Picture, renderPictures } from './picture.ts';

export interface RenderJob {
  readonly id: number;
  readonly state: GameState;
  readonly labels: RenderLabels;
  readonly pictures: readonly Picture[];
}

export type RenderReply =
  | { readonly id: number; readonly pngs: Uint8Array[]; readonly error?: undefined }
  | { readonly id: number; readonly error: string };

export interface RenderPoolOptions {
  /** Render threads; 0 draws everything on the caller's thread. */
  readonly threads: number;
  /** Jobs that may wait for a busy thread; past that, the caller's thread draws the job itself. */
  readonly queue: number;
  /** Told when a thread could not start (every picture is then drawn on the caller's thread). */
  readonly onUnusable?: (error: unknown) => void;
  /**
   * Whether the caller's thread is too busy to draw a job the threads cannot take now. Such a job then
   * waits for a thread past `queue` instead; whoever admits work must stop while `full` and this hold (the
   * bot turns new interactions away as busy), or the wait grows without bound. By default never busy.
   */
  readonly callerBusy?: () => boolean;
}

/** What the pool has done since it started (for the health endpoint and the benches). */
export interface RenderPoolStats {
  /** Jobs drawn by a thread. */
  threaded: number;
  /** Jobs drawn on the caller's thread: the pool was full, had no threads, or a thread failed. */
  inline: number;
  /** Jobs that waited past the queue because the pool was full and the caller's thread busy. */
  overflowed: number;
  /**
   * The most jobs held at once (being drawn on threads plus waiting): at most threads + queue, plus the
   * jobs that overflowed while the caller's thread was busy.
   */
  mostHeld: number;
}

interface Pending {
  readonly job: RenderJob;
  readonly resolve: (pngs: Buffer[]) => void;
  readonly reject: (error: Error) => void;
}

interface Slot {
  worker: Worker | null;
  /** The thread has loaded the renderer and said so. */
  ready: boolean;
  /** The job this thread is drawing. */
  busy: Pending | null;
}

/**
 * Draws and encodes pictures on threads of their own, so that the main thread keeps answering
 * interactions, database replies and gateway events meanwhile (painting and PNG encoding were two fifths
 * of the bot's main-thread time under load, about 50 ms a move).
 *
 * Bounded: at most `threads` jobs are being drawn and `queue` more wait; a job beyond that is drawn on
 * the caller's thread at once. That slows the caller exactly as before the threads existed, which is the
 * backpressure: an earlier unbounded version let work pile up behind a thread faster than Discord took the
 * posts, and RSS grew from 0.6 to 5.7 GB in 80 s. But a caller's thread that is already at capacity
 * gains nothing by drawing too: under load the bot's main thread spent two fifths of its time on pictures
 * and saw interactions too late to answer them. With `callerBusy`, such a job waits for a thread and the
 * bound is kept at the door instead (new interactions are turned away while the pool is `full` and the
 * caller busy). Every job gets its pictures: while no thread is ready
 * (starting takes a while on a busy machine) the caller's thread draws; a thread that fails or exits
 * hands its job back to the caller's thread and is started again; one that failed before it was ready
 * is not tried again.
 */
export class RenderPool {
  private readonly slots: Slot[];
  private readonly waiting: Pending[] = [];
  /** No thread could start, or the pool was closed: every job is drawn on the caller's thread. */
  private unusable = false;
  private nextId = 0;
  private readonly counts: RenderPoolStats = { threaded: 0, inline: 0, overflowed: 0, mostHeld: 0 };
  private readonly readyWaiters: (() => void)[] = [];

  constructor(private readonly options: RenderPoolOptions) {
    this.slots = Array.from({ length: options.threads }, () => ({ worker: null, ready: false, busy: null }));
  }

  render(state: GameState, labels: RenderLabels, pictures: readonly Picture[]): Promise<Buffer[]> {
    if (this.unusable || this.slots.length === 0) return this.inline(state, labels, pictures);
    this.startThreads();
    // A thread takes a moment to start (TypeScript, canvas, fonts): until one has, pictures do not wait for it.
    const ready = this.slots.filter((slot) => slot.ready);
    const idle = ready.find((slot) => !slot.busy);
    if (ready.length === 0) return this.inline(state, labels, pictures);
    const overflow = !idle && this.waiting.length >= this.options.queue;
    // A full pool hands the job to the caller's thread, unless that thread is already busy: drawing there
    // would hold up every interaction and database reply behind the pictures.
    if (overflow && !this.options.callerBusy?.()) return this.inline(state, labels, pictures);
    return new Promise<Buffer[]>((resolve, reject) => {
      const pending: Pending = { job: { id: this.nextId++, state, labels, pictures }, resolve, reject };
      if (overflow) this.counts.overflowed++;
      if (idle) this.dispatch(idle, pending);
      else this.waiting.push(pending);
      this.counts.mostHeld = Math.max(this.counts.mostHeld, this.held);
    });
  }

  /** Starts the threads; resolves once each is ready to draw, or none can be used. */
  ready(): Promise<void> {
    this.startThreads();
    return new Promise<void>((resolve) => {
      this.readyWaiters.push(resolve);
      this.checkReady();
    });
  }

  /**
   * Every thread is drawing and the queue is full, or the pool has no thread to draw with: a new job would
   * be drawn on the caller's thread, or wait past the queue while that thread is busy. Not while threads
   * are starting: jobs are then drawn on the caller's thread anyway, and a process that has just started
   * (busy loading) must not turn its first interactions away.
   */
  get full(): boolean {
    if (this.unusable || this.slots.length === 0) return true;
    return this.slots.every((slot) => slot.ready && slot.busy !== null) && this.waiting.length >= this.options.queue;
  }

  /** Jobs being drawn on threads or waiting for one. */
  get held(): number {
    return this.waiting.length + this.slots.filter((slot) => slot.busy).length;
  }

  get stats(): Readonly<RenderPoolStats> {
    return { ...this.counts };
  }

  /** Stops the threads; jobs they were drawing or that waited are drawn on the caller's thread. */
  async close(): Promise<void> {
    this.unusable = true;
    const workers = this.slots.map((slot) => slot.worker).filter((w): w is Worker => w !== null);
    for (const slot of this.slots) slot.worker = null;
    await Promise.all(workers.map((worker) => worker.terminate()));
    for (const slot of this.slots) this.takeBack(slot);
    this.drainInline();
    this.checkReady();
  }

  private inline(state: GameState, labels: RenderLabels, pictures: readonly Picture[]): Promise<Buffer[]> {
    this.counts.inline++;
    return renderPictures(state, labels, pictures);
  }

  private startThreads(): void {
    if (this.unusable) return;
    for (const slot of this.slots) if (!slot.worker) this.start(slot);
  }

  private checkReady(): void {
    if (!this.unusable && !this.slots.every((slot) => slot.ready)) return;
    for (const resolve of this.readyWaiters.splice(0)) resolve();
  }

  private dispatch(slot: Slot, pending: Pending): void {
    slot.busy = pending;
    slot.worker!.ref();
    slot.worker!.postMessage(pending.job);
  }

  private start(slot: Slot): void {
    const worker = new Worker(new URL('./thread-boot.mjs', import.meta.url), { execArgv: [] });
    // A thread that is starting or idle does not keep the process alive; one drawing does.
    worker.unref();
    slot.worker = worker;
    slot.ready = false;
    worker.on('message', (reply: RenderReply | { readonly ready: true }) => {
      if ('ready' in reply) {
        slot.ready = true;
        this.checkReady();
        return this.next(slot, worker);
      }
      const pending = slot.busy;
      if (!pending || pending.job.id !== reply.id) return;
      slot.busy = null;
      this.counts.threaded++;
      if (reply.error !== undefined) pending.reject(new Error(`render thread: ${reply.error}`));
      else pending.resolve(reply.pngs.map((png) => Buffer.from(png.buffer, png.byteOffset, png.byteLength)));
      this.next(slot, worker);
    });
    const lost = (error?: unknown) => {
      if (slot.worker !== worker) return;
      slot.worker = null;
      if (!slot.ready && !this.unusable) {
        this.unusable = true;
        this.options.onUnusable?.(error ?? new Error('the render thread exited before it was ready'));
      }
      slot.ready = false;
      this.takeBack(slot);
      // Another thread may take what waited; with none ready, the caller's thread draws it.
      if (this.unusable || !this.slots.some((s) => s.ready)) this.drainInline();
      this.checkReady();
    };
    worker.on('error', lost);
    worker.on('exit', () => lost());
  }

  private next(slot: Slot, worker: Worker): void {
    const pending = this.waiting.shift();
    if (pending) this.dispatch(slot, pending);
    else worker.unref();
  }

  /** The job a lost thread was drawing, drawn on the caller's thread. */
  private takeBack(slot: Slot): void {
    const pending = slot.busy;
    slot.busy = null;
    if (pending) this.settleInline(pending);
  }

  private drainInline(): void {
    for (const pending of this.waiting.splice(0)) this.settleInline(pending);
  }

  private settleInline({ job, resolve, reject }: Pending): void {
    this.inline(job.state, job.labels, job.pictures).then(resolve, reject);
  }
}
