// The cap and the time limit of a record's fetch, against a local server that lies about sizes, streams
// without saying its length, or never finishes.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchRecord } from './fetch-record.ts';

describe('fetching a record', () => {
  let server: Server;
  let base = '';
  const limits = { maxBytes: 1_000, timeoutMs: 500 };

  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/small') res.end('x'.repeat(1_000));
      else if (req.url === '/large') res.end('x'.repeat(1_001));
      else if (req.url === '/streamed') {
        // No Content-Length: chunks until far past the cap, unless the client stops reading.
        let sent = 0;
        const more = () => {
          while (sent < 1_000_000 && res.write('y'.repeat(100))) sent += 100;
          if (sent < 1_000_000) res.once('drain', more);
          else res.end();
        };
        more();
      } else if (req.url === '/stalled') res.write('z');
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  it('reads a file within the cap', async () => {
    expect(await fetchRecord(`${base}/small`, 0, limits)).toEqual({ ok: true, text: 'x'.repeat(1_000) });
  });

  it('refuses a file Discord says is too large without fetching it', async () => {
    expect(await fetchRecord(`${base}/never-asked`, 1_001, limits)).toEqual({ ok: false, problem: 'tooLarge' });
  });

  it('refuses a file whose length is past the cap, and one that streams past it', async () => {
    expect(await fetchRecord(`${base}/large`, 0, limits)).toEqual({ ok: false, problem: 'tooLarge' });
    expect(await fetchRecord(`${base}/streamed`, 10, limits)).toEqual({ ok: false, problem: 'tooLarge' });
  });

  it('gives up on a file that does not arrive in time, and says a missing file is unreadable', async () => {
    const started = Date.now();
    expect(await fetchRecord(`${base}/stalled`, 0, limits)).toEqual({ ok: false, problem: 'timedOut' });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await fetchRecord(`${base}/missing`, 0, limits)).toEqual({ ok: false, problem: 'unreadable' });
  });
});
