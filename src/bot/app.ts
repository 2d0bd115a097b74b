import type { Interaction } from 'discord.js';
import { commandDefinitions } from './commands/definitions.ts';
import { TM } from './commands/tm.ts';
import { LEAGUE } from './commands/league.ts';
import { autocompleteLeague, executeLeagueCommand, executeSignupComponent } from './handlers/league.ts';
import { executeHistoryComponent, executeRecordsCommand } from './handlers/records.ts';
import { RECORDS } from './commands/records.ts';
import type { ComponentHandler, Routes, SlashCommand } from './router.ts';
import { autocompleteMove, executeMove } from './handlers/actions.ts';
import { executeComponent } from './handlers/components.ts';
import { autocompleteGameCommand, executeGameCommand } from './handlers/game.ts';
import type { BotDeps } from './handlers/shared.ts';
import { PreviewStore } from './handlers/preview.ts';

export type { BotDeps } from './handlers/shared.ts';

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
  const component = {
    execute: (i: Parameters<typeof executeComponent>[2], id: Parameters<typeof executeComponent>[3]) =>
      executeComponent(deps, previews, i, id),
  };
  return {
    commands,
    components: [
      'leech',
      'decline',
      'coin',
      'take',
      'turn',
      'play',
      'faction',
      'bid',
      'commit',
      'cancel',
      'mute',
      'show',
      'undo-yes',
      'undo-no',
      'sure',
      'unsure',
    ]
      .map((kind): ComponentHandler => ({ kind, ...component }))
      .concat([
        { kind: 'hist', execute: (i, id) => executeHistoryComponent(deps, i, id) },
        ...(['signup', 'withdraw'] as const).map((kind): ComponentHandler => ({
          kind,
          execute: (i, id) => (i.isButton() ? executeSignupComponent(deps, i, id) : Promise.resolve()),
        })),
      ]),
    claim: (interactionId) => deps.service.claimInteraction(interactionId),
    ...(onError ? { onError } : {}),
  };
}
