// Which of the processes receiving an interaction answers it (a rolling deploy's overlap, or a process
// started without SHARD_IDS): the one whose claim the store accepts.

/**
 * Whether this process answers, as `claim` says within `waitMs`. A claim that fails is tried again while
 * the wait lasts: a database restart breaks the connection under one attempt, and answering after that
 * failure while the other process's claim went through handled one command twice (one process stored the
 * move, the other refused it as already played, and the player read the refusal). Only a store that fails
 * or stays silent for the whole wait leaves this process to answer anyway (Discord wants an answer within
 * 3 s); `failed` hears of each failed attempt.
 */
export async function claimWithin(
  claim: () => Promise<boolean>,
  waitMs: number,
  failed: (error: unknown) => void,
): Promise<boolean> {
  const deadline = Date.now() + waitMs;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<true>((resolve) => (timer = setTimeout(() => resolve(true), waitMs)));
  const attempts = (async () => {
    for (;;) {
      try {
        return await claim();
      } catch (error) {
        failed(error);
        if (Date.now() + RETRY_PAUSE_MS >= deadline) return true;
        await new Promise((resolve) => setTimeout(resolve, RETRY_PAUSE_MS));
      }
    }
  })();
  try {
    return await Promise.race([attempts, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** A restarted database takes new connections at once; a pause this short leaves time for several tries. */
const RETRY_PAUSE_MS = 50;
