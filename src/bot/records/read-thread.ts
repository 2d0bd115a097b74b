// A record reader thread's entry (see reader.ts): reads and replays each record it is sent, one at a
// time, and posts the outcome back.
import { parentPort } from 'node:worker_threads';
import { prepareRecord } from '../../game/service.ts';

const port = parentPort!;
port.on('message', (text: string) => {
  try {
    port.postMessage({ result: prepareRecord(text) });
  } catch (error) {
    port.postMessage({ crashed: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});
