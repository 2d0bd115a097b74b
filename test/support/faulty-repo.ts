/**
 * A GameRepo that fails on cue, around a working one: the store's faults as the bot meets them. `after`
 * faults let the write commit and then throw, as when the connection breaks once the transaction is in.
 */
import type { GameRepo } from '../../src/game/repo.ts';

type Method = keyof GameRepo;

interface Fault {
  method: Method;
  when: 'before' | 'after';
  /** Calls of the method let through before the fault starts. */
  skip: number;
  times: number;
  error: () => Error;
}

/** `repo` with faults injected per method; every other call goes through unchanged. */
export function faultyRepo(inner: GameRepo): {
  repo: GameRepo;
  fail(fault: Partial<Fault> & { method: Method }): void;
} {
  const faults: Fault[] = [];
  const repo = new Proxy(inner, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (typeof value !== 'function') return value;
      return async (...args: unknown[]) => {
        let fault = faults.find((f) => f.method === property && f.times > 0);
        if (fault && fault.skip > 0) {
          fault.skip -= 1;
          fault = undefined;
        }
        if (fault) fault.times -= 1;
        if (fault?.when === 'before') throw fault.error();
        const result = await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
        if (fault?.when === 'after') throw fault.error();
        return result;
      };
    },
  });
  return {
    repo,
    fail: (fault) =>
      faults.push({
        when: 'after',
        skip: 0,
        times: 1,
        error: () => Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' }),
        ...fault,
      }),
  };
}
