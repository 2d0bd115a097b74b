/**
 * A GameRepo that counts the calls made to a working one, by method: how often a use case reads the store.
 */
import type { GameRepo } from '../../src/game/repo.ts';

type Method = keyof GameRepo;

/** The port's methods that only read. */
export const READS: ReadonlySet<Method> = new Set<Method>([
  'getGame',
  'loadGame',
  'loadGameInChannel',
  'findActiveGameByChannel',
  'listGames',
  'liveGamesPerGuild',
  'listMoves',
  'listUndoRecords',
  'listAnnouncements',
  'gamesToAnnounce',
  'statusMessageOf',
  'getPreference',
  'digestUsers',
  'gamesDue',
]);

export interface CountingRepo {
  readonly repo: GameRepo;
  /** Calls per method since the last reset. */
  readonly calls: Map<Method, number>;
  /** Read calls since the last reset, by method ("loadGame", "loadGame", …). */
  reads(): Method[];
  reset(): void;
}

export function countingRepo(inner: GameRepo): CountingRepo {
  const calls = new Map<Method, number>();
  const order: Method[] = [];
  const repo = new Proxy(inner, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const method = property as Method;
        calls.set(method, (calls.get(method) ?? 0) + 1);
        order.push(method);
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return {
    repo,
    calls,
    reads: () => order.filter((m) => READS.has(m)),
    reset: () => {
      calls.clear();
      order.length = 0;
    },
  };
}
