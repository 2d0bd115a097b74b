// A render thread's entry (see threads.ts): draws the pictures it is sent and posts the PNGs back.
import { parentPort } from 'node:worker_threads';
import type { RenderJob, RenderReply } from './threads.ts';
import { renderPicture } from './picture.ts';

const port = parentPort!;
port.on('message', (job: RenderJob) => {
  void (async () => {
    let reply: RenderReply;
    try {
      const pngs: Buffer[] = [];
      for (const picture of job.pictures) pngs.push(await renderPicture(job.state, job.labels, picture));
      reply = { id: job.id, pngs };
    } catch (error) {
      reply = { id: job.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
    }
    port.postMessage(reply);
  })();
});
