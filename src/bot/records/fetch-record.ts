/**
 * A record uploaded to `/tm import`, fetched from Discord's attachment CDN with a size cap and a time
 * limit: a whole game record is about 35 KB, and a 10 MB upload fetched whole used to block every server
 * for seconds. A file Discord says is too large is refused before it is fetched; one whose body runs past
 * the cap (its size unknown or wrong) is cut off there.
 */

/** 16 times the longest record in the corpus (35 KB); well past any whole five-player game. */
export const RECORD_MAX_BYTES = 512 * 1024;
/** Discord's CDN answers in well under a second; a fetch still going after this is given up. */
export const RECORD_FETCH_MS = 15_000;

export type FetchedRecord =
  | { readonly ok: true; readonly text: string }
  | { readonly ok: false; readonly problem: 'tooLarge' | 'timedOut' | 'unreadable' };

export async function fetchRecord(
  url: string,
  /** The size Discord gives the attachment (0 when it does not say). */
  declaredBytes: number,
  limits: { maxBytes: number; timeoutMs: number } = { maxBytes: RECORD_MAX_BYTES, timeoutMs: RECORD_FETCH_MS },
): Promise<FetchedRecord> {
  if (declaredBytes > limits.maxBytes) return { ok: false, problem: 'tooLarge' };
  const signal = AbortSignal.timeout(limits.timeoutMs);
  try {
    const response = await fetch(url, { signal });
    if (!response.ok || !response.body) return { ok: false, problem: 'unreadable' };
    if (Number(response.headers.get('content-length') ?? 0) > limits.maxBytes) {
      await response.body.cancel();
      return { ok: false, problem: 'tooLarge' };
    }
    const chunks: Uint8Array[] = [];
    let bytes = 0;
    for await (const chunk of response.body) {
      bytes += chunk.byteLength;
      if (bytes > limits.maxBytes) {
        await response.body.cancel().catch(() => undefined);
        return { ok: false, problem: 'tooLarge' };
      }
      chunks.push(chunk);
    }
    return { ok: true, text: Buffer.concat(chunks).toString('utf8') };
  } catch (error) {
    return {
      ok: false,
      problem: signal.aborted || (error as Error).name === 'TimeoutError' ? 'timedOut' : 'unreadable',
    };
  }
}
