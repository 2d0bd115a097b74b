import { describe, expect, it } from 'vitest';
import { ReminderPlanner } from './reminders.ts';

describe('reminder planning', () => {
  it('reminds once per step of a wait, escalating, and stops at the cap', () => {
    const p = new ReminderPlanner([12, 24, 48]);
    expect(p.due(11, 'g', 5, 'u')).toBe(false);
    expect(p.due(12, 'g', 5, 'u')).toBe(true);
    expect(p.due(13, 'g', 5, 'u')).toBe(false);
    expect(p.due(24, 'g', 5, 'u')).toBe(true);
    expect(p.due(48, 'g', 5, 'u')).toBe(true);
    expect(p.due(500, 'g', 5, 'u')).toBe(false);
  });

  it('starts again when the game moves on', () => {
    const p = new ReminderPlanner([12]);
    expect(p.due(12, 'g', 5, 'u')).toBe(true);
    expect(p.due(12, 'g', 6, 'u')).toBe(true);
  });
});
