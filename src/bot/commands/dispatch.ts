import { MessageFlags, type AutocompleteInteraction, type ChatInputCommandInteraction } from 'discord.js';
import { t } from '../../i18n/index.ts';
import { acknowledgeIfSlow } from '../acknowledge.ts';
import { callerOf, leagueCallerOf, replyLocale } from '../caller.ts';
import { channelAccessProblem } from '../channel-access.ts';
import { describeGameError } from '../present/errors.ts';
import { answer, channelGame, type BotDeps } from '../handlers/shared.ts';
import type { PreviewStore } from '../handlers/preview.ts';
import type { SlashCommand } from '../router.ts';
import type { Acknowledge, CommandGroup, CommandModule, SingleCommand } from './module.ts';
import type { CommandJson } from '../limits.ts';

/** A registered command: one module, or a group of subcommand modules. */
export type Command = SingleCommand | CommandGroup<string>;

/** The command as Discord registers it: a group lists its subcommands' definitions in its table's order. */
export function definitionOf(command: Command): CommandJson {
  if (!('subcommands' in command)) return command.definition;
  return { ...command.definition, options: Object.values(command.subcommands).map((s) => s.definition) };
}

/**
 * The module an interaction names: the command's own, or its subcommand's (the router has already refused
 * a subcommand its definition does not list).
 */
function moduleOf(
  command: Command,
  interaction: ChatInputCommandInteraction | AutocompleteInteraction,
): CommandModule | undefined {
  if (!('subcommands' in command)) return command;
  const sub = interaction.options.getSubcommand(false);
  return sub !== null && Object.hasOwn(command.subcommands, sub) ? command.subcommands[sub] : undefined;
}

async function acknowledge(how: Acknowledge, interaction: ChatInputCommandInteraction): Promise<void> {
  if (how === 'now') await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  else if (how === 'ifSlow') acknowledgeIfSlow(interaction);
}

/**
 * Checks a module's preconditions in order, each refused privately in the caller's language with the
 * words players have always read (in a server, acknowledged, the channel writable, a game here, seated,
 * game admin), then runs it with what they established.
 */
export async function runModule(
  module: CommandModule,
  deps: BotDeps,
  previews: PreviewStore,
  interaction: ChatInputCommandInteraction,
): Promise<void> {
  const locale = replyLocale(interaction);
  const base = { deps, previews, interaction, locale };
  if (module.where === 'anywhere') {
    await acknowledge(module.acknowledge, interaction);
    return module.run({ ...base, caller: callerOf(interaction) });
  }
  const caller = callerOf(interaction);
  const member = leagueCallerOf(interaction);
  if (!caller || !member) return answer(interaction, t(locale, 'error.guildOnly'));
  await acknowledge(module.acknowledge, interaction);
  if (module.where === 'server') {
    const writable = module.preconditions?.writable;
    if (writable) {
      const problem = await channelAccessProblem(deps.client, interaction, locale, writable.thread?.(interaction));
      if (problem) return answer(interaction, problem);
    }
    return module.run({ ...base, caller, member });
  }
  const view = await channelGame(deps, interaction, caller);
  if (!view) return;
  const seated = view.game.seats.some((s) => s.userId === caller.userId && !s.ai);
  if (module.preconditions?.seated && !seated)
    return answer(interaction, describeGameError(locale, { code: 'not_seated', params: {} }));
  if (module.preconditions?.admin && !deps.service.mayAdminister(caller, view.game))
    return answer(interaction, describeGameError(locale, { code: 'admin_only', params: {} }));
  return module.run({ ...base, caller, member, view });
}

/** Every command of the table as the router takes it: checked by its module's preconditions, then run. */
export function slashCommands(
  commands: Readonly<Record<string, Command>>,
  deps: BotDeps,
  previews: PreviewStore,
): SlashCommand[] {
  return Object.values(commands).map((command): SlashCommand => {
    const modules = 'subcommands' in command ? Object.values(command.subcommands) : [command];
    return {
      definition: definitionOf(command),
      async execute(interaction) {
        const module = moduleOf(command, interaction);
        if (module) await runModule(module, deps, previews, interaction);
        else await answer(interaction, t(replyLocale(interaction), 'error.unknownCommand'));
      },
      // The router answers autocomplete for a command that has none with an empty list, as refused.
      ...(modules.some((m) => m.autocomplete)
        ? {
            async autocomplete(interaction: AutocompleteInteraction) {
              const module = moduleOf(command, interaction);
              if (module?.autocomplete) await module.autocomplete({ deps, interaction });
              else await interaction.respond([]);
            },
          }
        : {}),
    };
  });
}
