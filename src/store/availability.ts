// Store faults that no retry inside one call can fix: the database cannot be reached, refuses writes,
// or stays locked by another process. They become StoreUnavailableError (the player is told at once that
// nothing changed), the operator hears about them at error level, and hears again when the store
// answers once more. Nothing needs a restart: every call tries the database afresh.
import { type StoreFault, StoreUnavailableError } from '../game/repo.ts';
import type { Logger } from '../log.ts';

/** Prisma's codes for an unreachable server, a closed connection, and a timed-out (SQLite: locked) operation. */
const PRISMA_CODES: Readonly<Record<string, StoreFault>> = {
  P1001: 'unreachable',
  P1002: 'unreachable',
  P1017: 'unreachable',
  P1008: 'busy',
};

const MESSAGES: readonly [StoreFault, RegExp][] = [
  [
    'read_only',
    /readonly database|read-only transaction|SQLITE_READONLY|cannot execute \w+ in a read-only|read-only file system/i,
  ],
  // A PostgreSQL statement cancelled by statement_timeout (57014) or lock_timeout (55P03): the server is
  // there but did not answer in time, which players meet exactly as a locked SQLite file.
  [
    'busy',
    /database is locked|SQLITE_BUSY|"code":"(57014|55P03)"|canceling statement due to (statement|lock) timeout/i,
  ],
  [
    'unreachable',
    /ECONNREFUSED|ENOTFOUND|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|DatabaseNotReachable|ConnectionClosed|Connection terminated|connection error and is not queryable|terminating connection|not currently accepting connections|does not accept connections|"code":"(08\d{3}|57P0[123]|53300)"|the database system is (starting up|shutting down|in recovery mode)|too many (clients|connections)|unable to open database file|disk I\/O error|SQLITE_(CANTOPEN|IOERR|FULL)|database or disk is full/i,
  ],
];

/** The fault behind `error`, or null when it is not one (a bug, a typed store error, bad data). */
export function storeFault(error: unknown): StoreFault | null {
  for (let e: unknown = error, depth = 0; e instanceof Object && depth < 5; e = (e as Error).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && PRISMA_CODES[code]) return PRISMA_CODES[code];
    const text = `${(e as Error).message ?? ''} ${code ?? ''} ${safeJson((e as { meta?: unknown }).meta)}`;
    for (const [fault, pattern] of MESSAGES) if (pattern.test(text)) return fault;
  }
  return null;
}

function safeJson(value: unknown): string {
  try {
    return value === undefined ? '' : JSON.stringify(value);
  } catch {
    return '';
  }
}

const REPEAT_LOG_MS = 60_000;

/** Turns faults into StoreUnavailableError and tells the operator when the store fails and recovers. */
export class StoreAvailability {
  private failingSince: number | null = null;
  private lastLogged = 0;

  constructor(
    private readonly log: Logger,
    private readonly now: () => number = Date.now,
  ) {}

  async guard<T>(work: () => Promise<T>): Promise<T> {
    let result: T;
    try {
      result = await work();
    } catch (error) {
      const fault = storeFault(error);
      if (fault === null) throw error;
      this.failed(fault, error);
      throw new StoreUnavailableError(fault, { cause: error });
    }
    if (this.failingSince !== null) {
      this.log.info({ downForMs: this.now() - this.failingSince }, 'game store available again');
      this.failingSince = null;
    }
    return result;
  }

  private failed(fault: StoreFault, error: unknown): void {
    const now = this.now();
    const first = this.failingSince === null;
    this.failingSince ??= now;
    if (!first && now - this.lastLogged < REPEAT_LOG_MS) return;
    this.lastLogged = now;
    this.log.error(
      { err: error, fault, failingForMs: now - this.failingSince },
      first
        ? `game store unavailable (${fault}): players are told nothing changed until it answers again`
        : `game store still unavailable (${fault})`,
    );
  }
}
