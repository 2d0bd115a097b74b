import { type AutocompleteInteraction, type ChatInputCommandInteraction } from 'discord.js';
import type { MoveKind } from '../../engine/index.ts';
import { acknowledgeIfSlow } from '../acknowledge.ts';
import { callerOf, replyLocale } from '../caller.ts';
import { ACTION_COMMANDS, CHOICE_OPTION } from '../commands/actions.ts';
import { MOVE, MOVE_OPTION } from '../commands/move.ts';
import { moveChoices } from '../moves/choices.ts';
import { channelGame, requireCaller, type BotDeps } from './shared.ts';
import { playLine } from './play-line.ts';
import { showPreview, type PreviewStore } from './preview.ts';

/** The move kinds an action command offers, by its command name. */
export function kindsOf(commandName: string): readonly MoveKind[] | undefined {
  const command = ACTION_COMMANDS.find((c) => c.name === commandName);
  return command?.kinds;
}

/** An action command or /move: the chosen (or typed) notation is played for the caller's seat. */
export async function executeMove(
  deps: BotDeps,
  previews: PreviewStore,
  interaction: ChatInputCommandInteraction,
): Promise<void> {
  const raw = interaction.commandName === MOVE;
  const text = interaction.options.getString(raw ? MOVE_OPTION.text : CHOICE_OPTION, true);
  const caller = await requireCaller(interaction);
  if (!caller) return;
  acknowledgeIfSlow(interaction);
  const view = await channelGame(deps, interaction, caller);
  if (!view) return;
  if (raw && interaction.options.getBoolean(MOVE_OPTION.preview))
    await showPreview(deps, previews, interaction, caller, view, text);
  else await playLine(deps, interaction, caller, view, text);
}

/** Autocomplete for action commands: only the caller's legal moves of the command's kinds. */
export async function autocompleteMove(deps: BotDeps, interaction: AutocompleteInteraction): Promise<void> {
  const kinds = kindsOf(interaction.commandName);
  const caller = callerOf(interaction);
  if (!kinds || !caller) return interaction.respond([]);
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
}
