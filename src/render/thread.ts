// A render thread's entry (see pool.ts): draws the pictures it is sent, one job at a time, and posts the
// PNGs back, their memory transferred rather than copied.
import { parentPort } from 'node:worker_threads';
import type { RenderJob, RenderReply } from './pool.ts';
import { renderPictures } from './picture.ts';

const port = parentPort!;
port.on('message', (job: RenderJob) => {
  void renderPictures(job.state, job.labels, job.pictures).then(
    (pngs) => {
      const reply: RenderReply = { id: job.id, pngs };
      port.postMessage(reply, uniqueBuffers(pngs));
    },
    (error: unknown) => {
      const reply: RenderReply = {
        id: job.id,
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      };
      port.postMessage(reply);
    },
  );
});

// Loaded and listening: the pool may send pictures now.
port.postMessage({ ready: true });

/** Small Buffers share Node's pool; only whole, distinct ArrayBuffers may be transferred. */
function uniqueBuffers(pngs: readonly Buffer[]): ArrayBuffer[] {
  const seen = new Set<ArrayBuffer>();
  for (const png of pngs) {
    const buffer = png.buffer as ArrayBuffer;
    if (png.byteOffset === 0 && png.byteLength === buffer.byteLength) seen.add(buffer);
  }
  return [...seen];
}
