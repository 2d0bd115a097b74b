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
  return playerSettings(repo, caller, gameId);
}
