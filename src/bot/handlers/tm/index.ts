import type { CommandGroup } from '../../commands/module.ts';
import { tmHeader, type TmSubcommand } from '../../commands/tm.ts';
import { create } from './create.ts';
import { help } from './help.ts';
import { importRecord } from './import.ts';
import { addbot, join, leave, removebot, start } from './lobby.ts';
import { board, cults, exportLog, log, map, status } from './look.ts';
import { replace, timer } from './seats.ts';
import { settings } from './settings.ts';
import { abandon, resign, undo } from './take-back.ts';
import { mygames, turn } from './turn.ts';

/**
 * `/tm`: one module per subcommand, keyed by their names' union (a subcommand without a module does not
 * compile), in the order Discord lists them.
 */
export const TM_COMMAND: CommandGroup<TmSubcommand> = {
  definition: tmHeader(),
  subcommands: {
    create,
    join,
    leave,
    start,
    status,
    map,
    cults,
    board,
    log,
    export: exportLog,
    import: importRecord,
    undo,
    resign,
    replace,
    addbot,
    removebot,
    abandon,
    settings,
    turn,
    mygames,
    timer,
    help,
  },
};
