import { randomUUID } from 'node:crypto';
import type { Interaction } from 'discord.js';
import { COMMANDS } from './commands/definitions.ts';
import { slashCommands } from './commands/dispatch.ts';
import { executeSignupComponent } from './handlers/league.ts';
import { executeHistoryComponent } from './handlers/records.ts';
import type { ComponentHandler, Routes } from './router.ts';
import { GAME_COMPONENT_KINDS, executeComponent, executeConfirm } from './handlers/components.ts';
import type { OtherComponentKind } from './custom-id.ts';
import type { BotDeps } from './handlers/shared.ts';
import { PreviewStore } from './handlers/preview.ts';

export type { BotDeps } from './handlers/shared.ts';

/** Every command and component the bot answers, wired to the game service. */
export function botRoutes(deps: BotDeps, onError?: (error: unknown, interaction: Interaction) => void): Routes {
  const previews = new PreviewStore();
  // Names this process in its interaction claims, so that its own retried claim is not read as another's.
  const claimant = randomUUID();
  // Every slash command, each checked by its module's preconditions before it runs (commands/dispatch.ts).
  const commands = slashCommands(COMMANDS, deps, previews);
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
    claim: (interactionId) => deps.service.claimInteraction(interactionId, claimant),
    ...(onError ? { onError } : {}),
  };
}
