// A decision thread's entry (see pool.ts): makes each decision it is sent, one at a time, and posts the
// answer back.
import { parentPort } from 'node:worker_threads';
import { decideJob, type DecisionJob } from './decision.ts';
import type { ThreadReply } from './pool.ts';

const port = parentPort!;
port.on('message', ({ id, job }: { id: number; job: DecisionJob }) => {
  let reply: ThreadReply;
  try {
    reply = { id, reply: decideJob(job) };
  } catch (error) {
    reply = { id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  port.postMessage(reply);
});

// Loaded and listening.
port.postMessage({ ready: true });
