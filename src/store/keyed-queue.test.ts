import { expect, it } from 'vitest';
import { KeyedQueue } from './keyed-queue.ts';

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it('runs tasks of one key in call order, other keys alongside, and survives failures', async () => {
  const queue = new KeyedQueue();
  const log: string[] = [];
  const task =
    (name: string, ms: number, fail = false) =>
    async () => {
      log.push(`start ${name}`);
      await tick(ms);
      log.push(`end ${name}`);
      if (fail) throw new Error(name);
      return name;
    };
  const results = await Promise.allSettled([
    queue.run('a', task('a1', 20)),
    queue.run('a', task('a2', 1, true)),
    queue.run('b', task('b1', 5)),
    queue.run('a', task('a3', 1)),
  ]);
  expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([
    'a1',
    'a2',
    'b1',
    'a3',
  ]);
  expect(log.filter((l) => l.endsWith('a1') || l.endsWith('a2') || l.endsWith('a3'))).toEqual([
    'start a1',
    'end a1',
    'start a2',
    'end a2',
    'start a3',
    'end a3',
  ]);
  // b did not wait for a.
  expect(log.indexOf('start b1')).toBeLessThan(log.indexOf('end a1'));
  await tick(0);
  expect(queue.size).toBe(0);
});
