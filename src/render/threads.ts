import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { GameState } from '../engine/index.ts';
import type { RenderLabels } from './labels.ts';
import { type Picture, renderPicture } from './picture.ts';

export interface RenderJob {
  readonly id: number;
  readonly state: GameState;
  readonly labels: RenderLabels;
  readonly pictures: readonly Picture[];
}

export type RenderReply =
  | { readonly id: number; readonly pngs: Uint8Array[]; readonly error?: undefined }
  | { readonly id: number; readonly error: string };

interface Pending {
  readonly job: RenderJob;
  readonly resolve: (pngs: Buffer[]) => void;
  readonly reject: (error: Error) => void;
}

/**
 * Draws and encodes pictures on a thread of their own. Under load, painting and PNG encoding were two
 * fifths of the bot's main-thread time (CPU profile of the load bench, ~50 ms a move), during which no
 * other interaction, database answer or gateway event could be handled; on a thread they overlap with
 * that work. A thread that fails or exits hands its unfinished pictures back to the main thread, which
 * draws them itself, and is replaced at the next picture; one that could not start at all (it never
 * answered) is not tried again, and every picture is drawn on the main thread.
 */
export class RenderThreads {
  private worker: Worker | null = null;
  private unusable = false;
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;

  render(state: GameState, labels: RenderLabels, pictures: readonly Picture[]): Promise<Buffer[]> {
    if (this.unusable) return Promise.all(pictures.map((p) => renderPicture(state, labels, p)));
    const job: RenderJob = { id: this.nextId++, state, labels, pictures };
    return new Promise<Buffer[]>((resolve, reject) => {
      this.pending.set(job.id, { job, resolve, reject });
      const worker = this.ensureWorker();
      worker.ref();
      worker.postMessage(job);
    });
  }

  /** Stops the thread; pictures still being drawn are finished on the main thread. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
    this.takeBack();
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    // On Node 20 a worker does not get the TypeScript loader from `--import tsx` (nor from a test runner):
    // the thread registers tsx itself before it loads its entry.
    const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api')).href;
    const entry = new URL('./thread.ts', import.meta.url).href;
    const boot = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(entry)}); });`;
    const worker = new Worker(boot, { eval: true, execArgv: [] });
    let answered = false;
    worker.on('message', (reply: RenderReply) => {
      answered = true;
      const entry = this.pending.get(reply.id);
      if (!entry) return;
      this.pending.delete(reply.id);
      if (this.pending.size === 0) worker.unref();
      if (reply.error !== undefined) entry.reject(new Error(`render thread: ${reply.error}`));
      else entry.resolve(reply.pngs.map((png) => Buffer.from(png.buffer, png.byteOffset, png.byteLength)));
    });
    const lost = () => {
      if (this.worker !== worker) return;
      this.worker = null;
      if (!answered) this.unusable = true;
      this.takeBack();
    };
    worker.on('error', lost);
    worker.on('exit', lost);
    this.worker = worker;
    return worker;
  }

  /** Draws on the main thread every picture a lost thread did not deliver. */
  private takeBack(): void {
    const left = [...this.pending.values()];
    this.pending.clear();
    for (const { job, resolve, reject } of left)
      Promise.all(job.pictures.map((p) => renderPicture(job.state, job.labels, p))).then(resolve, reject);
  }
}
