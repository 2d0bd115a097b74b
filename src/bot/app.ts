import type { Interaction } from 'discord.js';
import { commandDefinitions } from './commands/definitions.ts';
import { TM } from './commands/tm.ts';
import { LEAGUE } from './commands/league.ts';
import { autocompleteLeague, executeLeagueCommand, executeSignupComponent } from './handlers/league.ts';
import { executeHistoryComponent, executeRecordsCommand } from './handlers/records.ts';
import { RECORDS } from './commands/records.ts';
import type { ComponentHandler, Routes, SlashCommand } from './router.ts';
import { autocompleteMove, executeMove } from './handlers/actions.ts';
import { GAME_COMPONENT_KINDS, executeComponent, executeConfirm } from './handlers/components.ts';
import { autocompleteGameCommand, executeGameCommand } from './handlers/game.ts';
import type { BotDeps } from './handlers/shared.ts';
import { PreviewStore } from './handlers/preview.ts';

export type { BotDeps } from './handlers/shared.ts';

/** The components that are not a game's own: an irreversible command's confirmation, history, sign-ups. */
type OtherComponentKind = 'sure' | 'unsure' | 'hist' | 'signup' | 'withdraw';

/** Every command and component the bot answers, wired to the game service. */
export function botRoutes(deps: BotDeps, onError?: (error: unknown, interaction: Interaction) => void): Routes {
  const previews = new PreviewStore();
  const commands: SlashCommand[] = commandDefinitions().map((definition) =>
    definition.name === TM
      ? {
          definition,
          execute: (i) => executeGameCommand(deps, i),
          autocomplete: (i) => autocompleteGameCommand(deps, i),
        }
      : definition.name === LEAGUE
        ? {
            definition,
            execute: (i) => executeLeagueCommand(deps, i),
            autocomplete: (i) => autocompleteLeague(deps, i),
          }
        : (Object.values(RECORDS) as string[]).includes(definition.name)
          ? { definition, execute: (i) => executeRecordsCommand(deps, i) }
          : {
              definition,
              execute: (i) => executeMove(deps, previews, i),
              autocomplete: (i) => autocompleteMove(deps, i),
            },
  );
  // Every kind of component the bot draws, each with its handler: a game's own kinds from their table
  // (handlers/components.ts), the others here. The router calls a handler only for an id of its kind.
  const game = GAME_COMPONENT_KINDS.map((kind): ComponentHandler => ({
    kind,
    execute: (i, id) => executeComponent(deps, previews, i, { ...id, kind }),
  }));
  const others: { readonly [K in OtherComponentKind]: ComponentHandler['execute'] } = {
    sure: (i, id) => executeConfirm(i, deps, id),
    unsure: (i, id) => executeConfirm(i, deps, id),
    hist: (i, id) => executeHistoryComponent(deps, i, id),
    signup: (i, id) => (i.isButton() ? executeSignupComponent(deps, i, id) : Promise.resolve()),
    withdraw: (i, id) => (i.isButton() ? executeSignupComponent(deps, i, id) : Promise.resolve()),
  };
  return {
    commands,
    components: [...game, ...Object.entries(others).map(([kind, execute]) => ({ kind, execute }))],
    claim: (interactionId) => deps.service.claimInteraction(interactionId),
    ...(onError ? { onError } : {}),
  };
}
