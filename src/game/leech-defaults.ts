import type { GameRepo, LeechRule } from './repo.ts';

/** A player's default leech rules: those set for this server, else their global ones. */
export async function defaultLeechRules(repo: GameRepo, userId: string, guildId: string): Promise<LeechRule[]> {
  const pref = (await repo.getPreference(userId, guildId)) ?? (await repo.getPreference(userId, null));
  return pref?.data.leechRules ?? [];
}
