import type { CommandJson } from '../limits.ts';
import { actionCommands } from './actions.ts';
import { moveCommand } from './move.ts';
import { leagueCommand } from './league.ts';
import { recordsCommands } from './records.ts';
import { tmCommand } from './tm.ts';

/** Every slash command the bot registers. */
export function commandDefinitions(): CommandJson[] {
  return [tmCommand(), ...actionCommands(), moveCommand(), leagueCommand(), ...recordsCommands()];
}
