// A player's own settings: their automatic power rules in a game (held by the seat) and whether they
// want reminders (a preference for the whole server).
import { type Caller, recordFor, seatOf } from './access.ts';
import type { GameRepo, LeechRule } from './repo.ts';

export interface PlayerSettings {
  readonly leechRules: readonly LeechRule[];
  readonly reminders: boolean;
}

/** Reminders are on unless the player turned them off on this server (or everywhere). */
export async function remindersWanted(repo: GameRepo, userId: string, guildId: string): Promise<boolean> {
  const local = await repo.getPreference(userId, guildId);
  const global = local?.data.reminders === undefined ? await repo.getPreference(userId, null) : null;
  return local?.data.reminders ?? global?.data.reminders ?? true;
}

/** The caller's settings for a game they sit in; strangers are refused (not_seated). */
export async function playerSettings(repo: GameRepo, caller: Caller, gameId: string): Promise<PlayerSettings> {
  const game = await recordFor(repo, caller, gameId);
  const seat = seatOf(caller, game);
  return { leechRules: seat.leechRules, reminders: await remindersWanted(repo, caller.userId, caller.guildId) };
}

/** Turns the caller's reminders on or off on this server; only a player of the game may. */
export async function setReminders(
  repo: GameRepo,
  caller: Caller,
  gameId: string,
  on: boolean,
): Promise<PlayerSettings> {
  seatOf(caller, await recordFor(repo, caller, gameId));
  const current = await repo.getPreference(caller.userId, caller.guildId);
  await repo.setPreference(caller.userId, caller.guildId, { ...current?.data, reminders: on });
  // Turned back on: a reminder skipped while they were off is sent at the next pass, not the next step.
  if (on) await lookAtGamesOf(repo, caller.userId, caller.guildId);
  return playerSettings(repo, caller, gameId);
}

/** A day between digests. */
export const DIGEST_EVERY_MS = 24 * 3_600_000;

/** Whether the player chose a daily digest by direct message instead of pings (for every server). */
export async function digestWanted(repo: GameRepo, userId: string): Promise<boolean> {
  return (await repo.getPreference(userId, null))?.data.digest === true;
}

/** Turns the player's daily digest on or off (a preference of theirs, not of a game). */
export async function setDigest(repo: GameRepo, userId: string, on: boolean): Promise<void> {
  const current = await repo.getPreference(userId, null);
  await repo.setPreference(userId, null, { ...current?.data, digest: on });
  if (on) await lookAtGamesOf(repo, userId, null);
}

/** The player's active games (on one server, or all) are looked at by the next reminder pass. */
async function lookAtGamesOf(repo: GameRepo, userId: string, guildId: string | null): Promise<void> {
  const games = await repo.listGames({ userId, status: ['active'], limit: 1_000, ...(guildId && { guildId }) });
  for (const game of games) await repo.setDueAt(game.id, null, new Date(0));
}

/** When the player's next digest may go (at once when none went yet); null when they want none. */
export async function digestDueAt(repo: GameRepo, userId: string): Promise<Date | null> {
  const current = await repo.getPreference(userId, null);
  if (current?.data.digest !== true) return null;
  const last = current.data.digestSentAt ? Date.parse(current.data.digestSentAt) : 0;
  return new Date(last + DIGEST_EVERY_MS);
}

/**
 * Claims the player's digest for `now` when they want one and the last went out a day ago or more: true
 * once per day (the time is recorded before the message goes, so a failure skips a day, never doubles one).
 */
export async function claimDigest(repo: GameRepo, userId: string, now: Date): Promise<boolean> {
  const current = await repo.getPreference(userId, null);
  if (current?.data.digest !== true) return false;
  const last = current.data.digestSentAt ? Date.parse(current.data.digestSentAt) : 0;
  if (now.getTime() - last < DIGEST_EVERY_MS) return false;
  await repo.setPreference(userId, null, { ...current.data, digestSentAt: now.toISOString() });
  return true;
}
