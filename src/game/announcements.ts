// What a game's channel must be told about a change. The service hands each announcement to the store
// with the change itself, so both are written in one transaction: a change is never kept without its
// announcement. The bot posts them in version order and then marks them delivered (the outbox), so a
// crash, a store hiccup or Discord refusing the post delays an announcement but never loses it.
import { z } from 'zod';
import { type FactionId, type FactionSnapshot, isFactionId } from '../engine/index.ts';
import type { AutoAnswer } from './leech-rules.ts';
import type { FactionChange } from './play.ts';
import { AI_SEAT_LEVELS, type GameRecord, type JsonValue } from './repo.ts';
import { AiNoteSchema } from './ai-reasons.ts';
import { TIMEOUT_ACTIONS } from './settings.ts';
import { TIMER_ANSWERS, foundsTown, storedCommands, timerAnswerOf } from './move-facts.ts';

const userId = z.string().min(1);
const faction = z.custom<FactionId>((v) => typeof v === 'string' && isFactionId(v), 'not a faction');

const FactionSnapshotSchema = z.object({
  VP: z.number(),
  C: z.number(),
  W: z.number(),
  P: z.number(),
  PW: z.tuple([z.number(), z.number(), z.number()]).readonly(),
  cult: z.tuple([z.number(), z.number(), z.number(), z.number()]).readonly(),
}) satisfies z.ZodType<FactionSnapshot>;

/** A line a seat's automatic rules played in answer to a power offer. */
const AutoAnswerSchema = z.object({ faction, text: z.string() });
/** A faction's numbers before and after. */
const ChangeSchema = z.object({ faction, before: FactionSnapshotSchema, after: FactionSnapshotSchema });

/** What the rows of one change did, beyond the line itself: the rules' answers and the numbers. */
const effects = { autoAnswers: z.array(AutoAnswerSchema), changes: z.array(ChangeSchema) };

/**
 * The players the change made the game wait for who were not waited for before it (view.ts
 * `newlyWaiting`): its post pings them, and nobody else the game already waited for. Absent in records
 * older than it: the post then pings everyone the game waits for.
 */
const ping = { ping: z.array(userId).optional() };

const aiLevel = z.enum(AI_SEAT_LEVELS);

export const AnnouncementSchema = z.discriminatedUnion('kind', [
  /** `ai`: the seats made for the AI with the game (absent: none). */
  /** `seated`: the players seated at once (a league table); absent when the game waits for them to join. */
  z.object({
    kind: z.literal('created'),
    by: userId,
    maxPlayers: z.number().int(),
    ai: z.array(z.object({ userId, level: aiLevel })).optional(),
    seated: z.array(userId).optional(),
  }),
  z.object({ kind: z.literal('joined'), userId, seated: z.array(userId) }),
  z.object({ kind: z.literal('left'), userId }),
  /** The game admin seated an AI before the start (`seated`: everyone seated now). */
  z.object({ kind: z.literal('aiAdded'), by: userId, userId, level: aiLevel, seated: z.array(userId) }),
  z.object({ kind: z.literal('aiRemoved'), by: userId, userId }),
  /**
   * `by` (null: the move timer) handed the seat of `previous` (a person, or an AI of another level) to the AI
   * `userId` at `level` during the game; `faction` is null before the seat has one.
   */
  z.object({
    kind: z.literal('handedToAi'),
    by: userId.nullable(),
    userId,
    level: aiLevel,
    previous: userId,
    faction: faction.nullable(),
    ...ping,
  }),
  z.object({ kind: z.literal('started'), order: z.array(userId) }),
  z.object({ kind: z.literal('factionPicked'), userId, faction, ...ping }),
  /** A bid in the faction auction; the last one ends it, and the factions are then picked by the rows after it. */
  z.object({ kind: z.literal('bid'), userId, faction, amount: z.number().int().min(0), ...ping }),
  /**
   * A player's line, stored as canonical snellman text. `townFounded`: the line took a town tile (absent in
   * older records: read from their line).
   */
  z
    .object({
      kind: z.literal('moved'),
      userId,
      faction,
      text: z.string(),
      townFounded: z.boolean().optional(),
      ...effects,
      /** Offers the move dropped because their holder acted instead (absent in older records). */
      declined: z.array(z.object({ faction, from: faction, amount: z.number().int() })).optional(),
      /** The round the move started (absent when none did, and in older records). */
      newRound: z.number().int().optional(),
      /** An AI seat's move: its level and why it made it (absent for a person's). */
      ai: AiNoteSchema.optional(),
      ...ping,
    })
    .transform((a) => ({ ...a, townFounded: a.townFounded ?? foundsTown(storedCommands(a.text)) })),
  /** Offers answered by the seats' rules after a change of rules, of players, or an undo. */
  z.object({ kind: z.literal('autoAnswered'), ...effects, ...ping }),
  z.object({ kind: z.literal('resigned'), userId, faction, ...effects, ...ping }),
  /** A seat dropped by the game admin (`by`) or by the move timer (`by` null). */
  z.object({ kind: z.literal('dropped'), userId, faction, by: userId.nullable(), ...effects, ...ping }),
  /**
   * The move timer ran out on a seat and answered for it as little as the rules allow (`text`: a pass, a
   * declined offer, the choice owed; `answer`: which of them, absent in older records: read from their
   * line), so the faction plays on.
   */
  z
    .object({
      kind: z.literal('timedOut'),
      userId,
      faction,
      text: z.string(),
      answer: z.enum(TIMER_ANSWERS).optional(),
      ...effects,
      ...ping,
    })
    .transform((a) => ({ ...a, answer: a.answer ?? timerAnswerOf(storedCommands(a.text)) })),
  /** `comeback`: the faction had been dropped, and came back with its new player. */
  z.object({
    kind: z.literal('replaced'),
    userId,
    faction,
    previous: userId,
    comeback: z.boolean().optional(),
    ...ping,
  }),
  /** The game admin set the move timer (`hours` null: none) and what it does when it runs out. */
  z.object({
    kind: z.literal('timerSet'),
    by: userId,
    hours: z.number().int().nullable(),
    onTimeout: z.enum(TIMEOUT_ACTIONS),
  }),
  /** `reopened`: the undo took a finished game back into play (its result withdrawn until it ends again). */
  z.object({
    kind: z.literal('undone'),
    by: userId,
    count: z.number().int(),
    reopened: z.boolean().optional(),
    ...ping,
  }),
  /**
   * A player asks to take back `count` moves (the newest of them listed, with the faction that made each);
   * `waitingOn`: the players whose consent it needs.
   */
  z.object({
    kind: z.literal('undoRequested'),
    by: userId,
    count: z.number().int().min(1),
    moves: z.array(z.object({ faction: faction.nullable(), text: z.string() })),
    waitingOn: z.array(userId),
  }),
  /** `by` turned down (or, being the requester, withdrew) the request of `requestedBy`: nothing was taken back. */
  z.object({ kind: z.literal('undoRejected'), by: userId, requestedBy: userId }),
  z.object({ kind: z.literal('imported'), round: z.number().int() }),
  z.object({ kind: z.literal('abandoned'), by: userId }),
]);
export type Announcement = z.infer<typeof AnnouncementSchema>;
export type AnnouncementKind = Announcement['kind'];

/** An announcement waiting for the channel, at the game version its change created. */
export interface PendingAnnouncement {
  readonly version: number;
  /** Null when the stored JSON no longer reads as an announcement (it is then skipped, not retried). */
  readonly announcement: Announcement | null;
}

export interface Outbox {
  readonly game: GameRecord;
  /** Oldest first. */
  readonly pending: readonly PendingAnnouncement[];
}

/** The JSON the store keeps: checked on the way in, so a bad announcement is a bug of its writer. */
export function stored(announcement: Announcement): JsonValue {
  return AnnouncementSchema.parse(announcement) as JsonValue;
}

export function readAnnouncement(json: JsonValue): Announcement | null {
  const parsed = AnnouncementSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

/** The effects part of an announcement, from the service's own outcome values. */
export function effectsOf(autoAnswers: readonly AutoAnswer[], changes: readonly FactionChange[]) {
  return {
    autoAnswers: autoAnswers.map((a) => ({ faction: a.faction, text: a.text })),
    changes: changes.map((c) => ({ faction: c.faction, before: c.before, after: c.after })),
  };
}
