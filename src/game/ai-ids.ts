// An AI seat's id: its own, in the `ai:` namespace (`ai:ada`). Discord user ids are numbers, so no person
// ever holds one, is pinged for one, or acts for one (src/game/ai-seats.ts).

/** The names AI seats take, in order: each AI at a table has its own (five seats at most). */
const AI_NAMES = ['ada', 'alan', 'grace', 'edsger', 'hedy'] as const;
const AI_PREFIX = 'ai:';

export function isAiId(userId: string): boolean {
  return userId.startsWith(AI_PREFIX);
}

/** An AI seat's name as players read it ("Ada"); the id itself for anything else. */
export function aiName(userId: string): string {
  const name = userId.slice(AI_PREFIX.length);
  return isAiId(userId) && name ? name[0]!.toUpperCase() + name.slice(1) : userId;
}

/** The first AI id none of these seats holds. */
export function freeAiId(seats: readonly { readonly userId: string }[]): string {
  const name = AI_NAMES.find((n) => !seats.some((s) => s.userId === AI_PREFIX + n));
  if (!name) throw new Error('more AI seats than a game has seats');
  return AI_PREFIX + name;
}
