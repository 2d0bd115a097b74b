import { describe, expect, it } from 'vitest';
import { MemoryGameRepo } from '../game/memory-repo.ts';
import { GameService } from '../game/service.ts';
import { ReminderPlanner, reminderSteps } from './reminders.ts';

const now = new Date('2026-11-23T00:00:00Z');

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

describe('reminder planning', () => {
  const planner = async (steps: number[]) => {
    const repo = new MemoryGameRepo();
    const game = await repo.createGame({ guildId: 'g', channelId: 'c', creatorUserId: 'u', seed: 's' });
    const wait = (version: number) => ({ gameId: game.id, version, userId: 'u' });
    const p = new ReminderPlanner(new GameService(repo));
    /** Claims and sends whatever is due. */
    const due = async (hours: number, version = 5) => {
      const step = await p.claim(hours, wait(version), now, steps);
      if (step !== null) await p.settle(wait(version), step, true);
      return step !== null;
    };
    return { p, due, wait };
  };

  it('reminds once per step of a wait, escalating, and stops at the cap', async () => {
    const { due } = await planner([12, 24, 48]);
    expect(await due(11)).toBe(false);
    expect(await due(12)).toBe(true);
    expect(await due(13)).toBe(false);
    expect(await due(24)).toBe(true);
    expect(await due(48)).toBe(true);
    expect(await due(500)).toBe(false);
  });

  it('starts again when the game moves on, and stops when muted', async () => {
    const { p, due, wait } = await planner([12, 24]);
    expect(await due(12)).toBe(true);
    expect(await due(12, 6)).toBe(true);
    await p.mute(wait(6));
    expect(await due(30, 6)).toBe(false);
  });

  it('a reminder that could not be posted is due again at the next pass', async () => {
    const { p, due, wait } = await planner([12]);
    const step = await p.claim(12, wait(5), now, [12]);
    expect(step).toBe(1);
    await p.settle(wait(5), step!, false);
    expect(await due(12)).toBe(true);
  });
});
