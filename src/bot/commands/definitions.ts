import type { CommandJson } from '../limits.ts';
import { actionCommand, MOVE_COMMAND } from '../handlers/actions.ts';
import { LEAGUE_COMMAND } from '../handlers/league.ts';
import { HISTORY_COMMAND, LEADERBOARD_COMMAND, RATING_COMMAND, STATS_COMMAND } from '../handlers/records.ts';
import { TM_COMMAND } from '../handlers/tm/index.ts';
import type { ActionCommandName } from './actions.ts';
import { definitionOf, type Command } from './dispatch.ts';
import type { LEAGUE } from './league.ts';
import type { MOVE } from './move.ts';
import type { RecordsCommand } from './records.ts';
import type { TM } from './tm.ts';

/** Every slash command's name, as Discord sends it back. */
export type CommandName = typeof TM | ActionCommandName | typeof MOVE | typeof LEAGUE | RecordsCommand;

/**
 * Every slash command the bot registers, by name, in the order Discord lists them: a name without its
 * module does not compile, and the router dispatches from here alone.
 */
export const COMMANDS: { readonly [K in CommandName]: Command } = {
  tm: TM_COMMAND,
  build: actionCommand('build'),
  upgrade: actionCommand('upgrade'),
  transform: actionCommand('transform'),
  send: actionCommand('send'),
  advance: actionCommand('advance'),
  action: actionCommand('action'),
  convert: actionCommand('convert'),
  burn: actionCommand('burn'),
  bridge: actionCommand('bridge'),
  pass: actionCommand('pass'),
  power: actionCommand('power'),
  take: actionCommand('take'),
  move: MOVE_COMMAND,
  league: LEAGUE_COMMAND,
  rating: RATING_COMMAND,
  leaderboard: LEADERBOARD_COMMAND,
  history: HISTORY_COMMAND,
  stats: STATS_COMMAND,
};

/** Every slash command the bot registers, as Discord takes them. */
export function commandDefinitions(): CommandJson[] {
  return Object.values(COMMANDS).map(definitionOf);
}
