// The door's arithmetic on a fake clock: budgets refill at their rate, a refused user does not spend
// their server's budget, shares of the work in flight hold, and idle budgets are forgotten.
import { describe, expect, it } from 'vitest';
import { Door, type DoorOptions } from './door.ts';

const OPTIONS: DoorOptions = {
  userBurst: 4,
  userPerSecond: 2,
  serverBurst: 6,
  serverPerSecond: 3,
  userInFlight: 2,
  serverInFlight: 3,
  maxInFlight: 5,
};

function door() {
  let now = 0;
  const d = new Door(OPTIONS, () => now);
  const admitted = (user: string, server: string | null = 's', cost = 1) => {
    const a = d.admit(user, server, cost, false);
    if (a.admitted) a.leave();
    return a.admitted ? 'in' : a.refusal;
  };
  return { d, admitted, tick: (ms: number) => (now += ms) };
}

describe('the door', () => {
  it("lets a user's burst in, then their rate, and refuses them past it without spending their server's budget", () => {
    const { admitted, tick } = door();
    expect(Array.from({ length: 6 }, () => admitted('spammer'))).toEqual(['in', 'in', 'in', 'in', 'user', 'user']);
    // Two more from the server's budget of six: the refusals took none of it.
    expect([admitted('other'), admitted('third')]).toEqual(['in', 'in']);
    expect(admitted('fourth')).toBe('server');
    // Refusals keep spending the spammer's budget: half a second later they are still refused.
    tick(500);
    expect(admitted('spammer')).toBe('user');
    tick(5_000);
    expect(admitted('spammer')).toBe('in');
  });

  it('costs autocomplete half', () => {
    const { admitted } = door();
    expect(Array.from({ length: 8 }, () => admitted('typist', null, 0.5))).toEqual(Array(8).fill('in'));
    expect(admitted('typist', null, 0.5)).toBe('user');
  });

  it("keeps a user's, a server's and the process's share of the work in flight", () => {
    const { d } = door();
    const hold = (user: string, server: string | null) => d.admit(user, server, 1, false);
    expect([hold('a', 's').admitted, hold('a', 's').admitted, hold('a', 's')]).toEqual([
      true,
      true,
      { admitted: false, refusal: 'user' },
    ]);
    expect(hold('b', 's').admitted).toBe(true);
    expect(hold('c', 's')).toEqual({ admitted: false, refusal: 'server' });
    expect([hold('d', 't').admitted, hold('e', null).admitted]).toEqual([true, true]);
    expect(d.handling).toBe(5);
    expect(hold('f', 'u')).toEqual({ admitted: false, refusal: 'busy' });
    expect(d.admit('g', null, 1, true)).toEqual({ admitted: false, refusal: 'busy' });
  });

  it('forgets budgets that are idle and full again', () => {
    const { d, admitted, tick } = door();
    for (let i = 0; i < 100; i++) admitted(`user-${i}`, `server-${i}`);
    const sizes = () => [
      (d as unknown as { users: Map<string, unknown> }).users.size,
      (d as unknown as { servers: Map<string, unknown> }).servers.size,
    ];
    expect(sizes()).toEqual([100, 100]);
    tick(61_000);
    admitted('late', 'late');
    expect(sizes()).toEqual([1, 1]);
  });
});
