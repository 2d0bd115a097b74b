import { Routes, type REST } from 'discord.js';
import { checkCommands, type CommandJson } from './limits.ts';

/**
 * Replaces the bot's slash commands: in one guild when `guildId` is set (visible at once, for
 * development), globally otherwise. Definitions over Discord's limits are refused here, before Discord
 * refuses the whole registration.
 */
export async function registerCommands(
  rest: REST,
  target: { applicationId: string; guildId?: string | undefined },
  definitions: readonly CommandJson[],
): Promise<void> {
  const violations = checkCommands(definitions);
  if (violations.length > 0) {
    throw new Error(
      `command definitions break Discord's limits:\n${violations.map((v) => `  ${v.path}: ${v.problem}`).join('\n')}`,
    );
  }
  const route = target.guildId
    ? Routes.applicationGuildCommands(target.applicationId, target.guildId)
    : Routes.applicationCommands(target.applicationId);
  await rest.put(route, { body: definitions });
}
