// The action commands (`/build`, `/pass`, …), which offer the caller's legal moves of their kinds, and
// `/move`, any line of notation for those who type: both play for the caller's seat in this channel's game.
import { callerOf, replyLocale } from '../caller.ts';
import { ACTION_COMMANDS, CHOICE_OPTION, actionDefinition, type ActionCommandName } from '../commands/actions.ts';
import type { SingleCommand } from '../commands/module.ts';
import { MOVE_OPTION, moveCommand } from '../commands/move.ts';
import { moveChoices } from '../moves/choices.ts';
import { playLine } from './play-line.ts';
import { showPreview } from './preview.ts';

/** An action command: the chosen line is played; autocomplete lists only the caller's legal moves of its kinds. */
export function actionCommand(name: ActionCommandName): SingleCommand {
  const { kinds } = ACTION_COMMANDS[name];
  return {
    definition: actionDefinition(name),
    where: 'game',
    acknowledge: 'ifSlow',
    async run({ deps, interaction, caller, view }) {
      await playLine(deps, interaction, caller, view, interaction.options.getString(CHOICE_OPTION, true));
    },
    async autocomplete({ deps, interaction }) {
      const caller = callerOf(interaction);
      if (!caller) return interaction.respond([]);
      const found = await deps.service.findGameInChannel(caller);
      const view = found.ok ? found.value : null;
      const seat = view?.game.seats.find((s) => s.userId === caller.userId);
      if (!view?.state || !seat?.faction) return interaction.respond([]);
      const choices = moveChoices(
        replyLocale(interaction),
        view.state,
        seat.faction as never,
        kinds,
        String(interaction.options.getFocused()),
      );
      await interaction.respond(choices.map((c) => ({ name: c.name, value: c.value })));
    },
  };
}

/** `/move`: the typed line is played, or with `preview:True` shown as it would be, to confirm. */
export const MOVE_COMMAND: SingleCommand = {
  definition: moveCommand(),
  where: 'game',
  acknowledge: 'ifSlow',
  async run({ deps, previews, interaction, caller, view }) {
    const text = interaction.options.getString(MOVE_OPTION.text, true);
    if (interaction.options.getBoolean(MOVE_OPTION.preview))
      await showPreview(deps, previews, interaction, caller, view, text);
    else await playLine(deps, interaction, caller, view, text);
  },
};
