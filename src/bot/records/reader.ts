/**
 * Reads imported records off the main thread: parsing and replaying a long record twice took the main
 * thread for seconds, and every server waited. At most `threads` records are read at once, each on a
 * thread with a bounded heap; a record past that is turned away (so an importer cannot queue up work for
 * everyone else), and a thread that has not answered within the time limit is ended. A thread that has
 * read a record stays for `idleMs` for the next one (starting one loads the engine: about a second), then
 * ends, so a process that imports nothing holds none.
 */
import { Worker } from 'node:worker_threads';
import type { PreparedImport, Result } from '../../game/service.ts';

export type RecordReading =
  | { readonly kind: 'read'; readonly result: Result<PreparedImport> }
  /** `threads` records are being read already. */
  | { readonly kind: 'busy' }
  /** Not read within the time limit; its thread was ended. */
  | { readonly kind: 'tooSlow' };

export interface RecordReaderOptions {
  readonly threads: number;
  readonly timeoutMs: number;
  /** A reader thread's heap, in MB: a record within the size cap needs a few. */
  readonly heapMb: number;
  readonly idleMs: number;
}

export const DEFAULT_RECORD_READER: RecordReaderOptions = {
  threads: 2,
  timeoutMs: 20_000,
  heapMb: 128,
  idleMs: 60_000,
};

type Reply = { readonly result: Result<PreparedImport> } | { readonly crashed: string };

interface Thread {
  readonly worker: Worker;
  idle: NodeJS.Timeout | null;
}

export class RecordReader {
  private busy = 0;
  private readonly idle: Thread[] = [];

  constructor(private readonly options: RecordReaderOptions = DEFAULT_RECORD_READER) {}

  async read(text: string): Promise<RecordReading> {
    if (this.busy >= this.options.threads) return { kind: 'busy' };
    this.busy++;
    const thread = this.idle.pop() ?? this.start();
    if (thread.idle) clearTimeout(thread.idle);
    thread.idle = null;
    try {
      const outcome = await this.ask(thread, text);
      if (outcome.kind === 'read') this.rest(thread);
      else void thread.worker.terminate();
      return outcome;
    } catch (error) {
      void thread.worker.terminate();
      throw error;
    } finally {
      this.busy--;
    }
  }

  private start(): Thread {
    const worker = new Worker(new URL('./read-thread-boot.mjs', import.meta.url), {
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: this.options.heapMb },
    });
    // An idle thread does not keep the process alive.
    worker.unref();
    return { worker, idle: null };
  }

  private ask(thread: Thread, text: string): Promise<RecordReading> {
    const { worker } = thread;
    return new Promise<RecordReading>((resolve, reject) => {
      const timer = setTimeout(() => finish({ kind: 'tooSlow' }), this.options.timeoutMs);
      const finish = (outcome: RecordReading | Error) => {
        clearTimeout(timer);
        worker.off('message', onMessage).off('error', onError).off('exit', onExit);
        if (outcome instanceof Error) reject(outcome);
        else resolve(outcome);
      };
      const onMessage = (reply: Reply) =>
        finish(
          'result' in reply ? { kind: 'read', result: reply.result } : new Error(`record reader: ${reply.crashed}`),
        );
      // Out of heap (resourceLimits), or it could not start.
      const onError = (error: Error) => finish(error);
      const onExit = (code: number) => finish(new Error(`record reader exited with code ${code} before answering`));
      worker.on('message', onMessage).on('error', onError).on('exit', onExit);
      worker.postMessage(text);
    });
  }

  /** Keeps the thread for the next record, for a while. */
  private rest(thread: Thread): void {
    this.idle.push(thread);
    thread.idle = setTimeout(() => {
      this.idle.splice(this.idle.indexOf(thread), 1);
      void thread.worker.terminate();
    }, this.options.idleMs);
    thread.idle.unref();
  }
}
