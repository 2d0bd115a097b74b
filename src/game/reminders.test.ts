// The reminder pass as the service runs it: which seats are reminded, once per step of each wait, and
// which games it reads at all (only those due: a changed game, a step or a deadline come).
import { describe, expect, it, vi } from 'vitest';
import { reminderSteps } from './reminders.ts';
import type { ReminderWait } from './repo.ts';
import { timeoutLine } from './timeouts.ts';
import { s60AfterFourteenMoves, value } from './test-helpers.ts';

const HOUR = 3_600_000;

describe('reminder steps', () => {
  it('escalate without a timer, and warn 6 h before a timer runs out, never with it', () => {
    expect(reminderSteps(null)).toEqual([12, 24, 48]);
    // The 12 h reminder used to fall due with a 12 h timer's drop: now a single warning, 6 h before.
    expect(reminderSteps(12)).toEqual([6]);
    expect(reminderSteps(24)).toEqual([12, 18]);
    expect(reminderSteps(48)).toEqual([12, 24, 42]);
    expect(reminderSteps(336)).toEqual([12, 24, 48, 330]);
  });
});

describe('the reminder pass', () => {
  const setUp = async () => {
    const run = await s60AfterFourteenMoves();
    const start = Date.now();
    const loads = vi.spyOn(run.repo, 'loadGame');
    const failures: unknown[] = [];
    /** One pass `hours` after the last move, every reminder claimed then sent (or not). */
    const pass = async (hours: number, sent = true, serves = true) => {
      const wakeUps = await run.service.remindersDue(
        new Date(start + hours * HOUR),
        () => serves,
        (_, error) => failures.push(error),
      );
      const reminded: { wait: ReminderWait; step: number }[] = [];
      for (const w of wakeUps)
        if (w.kind === 'remind') {
          await run.service.settleReminder(w.wait, w.step, sent);
          reminded.push({ wait: w.wait, step: w.step });
        }
      return reminded;
    };
    /** How many times a pass read the game. */
    const reads = async (work: () => Promise<unknown>) => {
      loads.mockClear();
      await work();
      return loads.mock.calls.length;
    };
    return { ...run, pass, reads, failures };
  };

  it('reminds the seat waited for once per step of its wait, escalating, and stops at the cap', async () => {
    const { pass, failures } = await setUp();
    expect(await pass(11)).toEqual([]);
    const [first] = await pass(12);
    expect(first).toMatchObject({ step: 1, wait: { userId: expect.any(String) } });
    expect(await pass(13)).toEqual([]);
    expect((await pass(24)).map((r) => r.step)).toEqual([2]);
    expect((await pass(48)).map((r) => r.step)).toEqual([3]);
    expect(await pass(500)).toEqual([]);
    expect(failures).toEqual([]);
  });

  it('reads a game only when it is due: after it changed, at its next step, once a claim’s lease ends', async () => {
    const { pass, reads } = await setUp();
    // Created and moved: due at once; then its next time is the first step.
    expect(await reads(() => pass(1))).toBe(1);
    expect(await reads(() => pass(2))).toBe(0);
    expect(await reads(() => pass(11.9))).toBe(0);
    expect(await reads(() => pass(12))).toBe(1);
    // The claim's lease (5 minutes) ends: read once more in case its sender died, then not until 24 h.
    expect(await reads(() => pass(12.05))).toBe(0);
    expect(await reads(() => pass(12.1))).toBe(1);
    expect(await reads(() => pass(23))).toBe(0);
    expect(await reads(() => pass(24))).toBe(1);
    // After the last step and without a timer, nothing more: never read again until it changes.
    await pass(48);
    await pass(48.1);
    expect(await reads(() => pass(1000))).toBe(0);
  });

  it('starts again when the game moves on, and stops for a wait muted with "not this turn"', async () => {
    const { pass, service, gameId, as, reads } = await setUp();
    const [first] = await pass(12);
    const view = value(await service.getGame(as('nomads'), gameId));
    const mover = view.waitingFor[0]!;
    expect(first!.wait.userId).toBe(mover.userId);
    value(await service.play(as(mover.faction), gameId, view.game.version, timeoutLine(view.state!, mover.faction)));
    // The move makes the game due at once, and the next seat's wait starts from it.
    expect(await reads(() => pass(12.2))).toBe(1);
    const next = await pass(25);
    expect(next).toHaveLength(1);
    expect(next[0]!.wait.userId).not.toBe(mover.userId);
    await service.muteReminders(next[0]!.wait);
    expect(await pass(49)).toEqual([]);
  });

  it('a reminder that could not be posted is due again at the next pass', async () => {
    const { pass } = await setUp();
    expect(await pass(12, false)).toHaveLength(1);
    expect(await pass(12.01)).toHaveLength(1);
    expect(await pass(12.2)).toEqual([]);
  });

  it('a player who turns reminders back on gets the one they missed at the next pass', async () => {
    const { pass, service, gameId, as } = await setUp();
    const seat = value(await service.getGame(as('nomads'), gameId)).waitingFor[0]!;
    value(await service.setReminders(as(seat.faction), gameId, false));
    expect(await pass(13)).toEqual([]);
    value(await service.setReminders(as(seat.faction), gameId, true));
    expect((await pass(13.1)).map((r) => r.wait.userId)).toEqual([seat.userId]);
  });

  it('a player who chose the daily digest is due it instead of reminders, and read again when the next one is', async () => {
    const { service, gameId, as, reads } = await setUp();
    const seat = value(await service.getGame(as('nomads'), gameId)).waitingFor[0]!;
    await service.setDigest(seat.userId, true);
    const start = Date.now();
    const pass = (hours: number) =>
      service.remindersDue(
        new Date(start + hours * HOUR),
        () => true,
        () => {},
      );
    expect(await pass(13)).toEqual([{ kind: 'digest', userId: seat.userId }]);
    expect(await service.claimDigest(seat.userId, new Date(start + 13 * HOUR))).toBe(true);
    expect(await reads(() => pass(24))).toBe(0);
    expect(await reads(() => pass(36.9))).toBe(0);
    expect(await pass(37)).toEqual([{ kind: 'digest', userId: seat.userId }]);
  });

  it('leaves the games of servers another process serves to it', async () => {
    const { pass } = await setUp();
    expect(await pass(12, true, false)).toEqual([]);
    expect(await pass(12)).toHaveLength(1);
  });
});
