import { describe, expect, it } from 'vitest';
import { claimWithin } from './claim.ts';

const broken = () => new Error('terminating connection due to administrator command');

describe('claiming an interaction', () => {
  it('tries a failed claim again and keeps its answer: the other process has it, so this one stays quiet', async () => {
    const answers = [() => Promise.reject(broken()), () => Promise.resolve(false)];
    const failures: unknown[] = [];
    let calls = 0;
    const mine = await claimWithin(
      () => answers[calls++]!(),
      1_000,
      (e) => failures.push(e),
    );
    expect(mine).toBe(false);
    expect(calls).toBe(2);
    expect(failures).toHaveLength(1);
  });

  it('answers at once when the store says the interaction is this process’s', async () => {
    let calls = 0;
    expect(
      await claimWithin(
        async () => (calls++, true),
        1_000,
        () => {},
      ),
    ).toBe(true);
    expect(calls).toBe(1);
  });

  it('answers anyway when the store keeps failing for the whole wait', async () => {
    let calls = 0;
    const started = Date.now();
    const mine = await claimWithin(
      async () => {
        calls++;
        throw broken();
      },
      300,
      () => {},
    );
    expect(mine).toBe(true);
    expect(calls).toBeGreaterThan(1);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('answers anyway when the store does not say within the wait', async () => {
    const started = Date.now();
    expect(
      await claimWithin(
        () => new Promise<boolean>(() => {}),
        200,
        () => {},
      ),
    ).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
  });
});
