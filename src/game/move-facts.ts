// What a line did, as facts the channel's words read instead of the notation: whether it took a town tile,
// and what the move timer's line answered. The service writes them with each announcement; records stored
// before a fact existed get it derived from their line when they are read (announcements.ts).
import { type AdminCommand, type Command, isTownTile } from '../engine/index.ts';
import { parseLine } from '../notation/parse.ts';

/** What the move timer did for a faction it ran out on: passed its turn, declined an offer, or made a choice. */
export const TIMER_ANSWERS = ['pass', 'decline', 'choose'] as const;
export type TimerAnswer = (typeof TIMER_ANSWERS)[number];

type AnyCommand = Command | AdminCommand;

/** What a timer's line answers, by its first command. */
export function timerAnswerOf(commands: readonly AnyCommand[]): TimerAnswer {
  const first = commands[0]?.type;
  return first === 'pass' ? 'pass' : first === 'decline' ? 'decline' : 'choose';
}

/** Does the line take a town tile, i.e. found a town? */
export function foundsTown(commands: readonly AnyCommand[]): boolean {
  return commands.some((c) => c.type === 'adjust' && c.delta > 0 && isTownTile(c.resource));
}

/** A stored line's commands; none when it no longer reads (its facts are then the line's own words). */
export function storedCommands(text: string): readonly AnyCommand[] {
  try {
    return parseLine(text);
  } catch {
    return [];
  }
}
