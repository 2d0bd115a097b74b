import { MessageFlags } from 'discord.js';
import { t } from '../../../i18n/index.ts';
import type { Subcommand } from '../../commands/module.ts';
import { TM_SUB, tmSubcommand } from '../../commands/tm.ts';
import { helpCommands } from '../../present/help.ts';

/** `/tm help`: how to play here, and the commands by what they are for; anywhere, at once. */
export const help: Subcommand<typeof TM_SUB.help> = {
  ...tmSubcommand(TM_SUB.help, 'command.help'),
  where: 'anywhere',
  acknowledge: 'itself',
  async run({ interaction, locale }) {
    await interaction.reply({
      content: [
        `**${t(locale, 'help.title')}**`,
        t(locale, 'help.intro'),
        t(locale, 'help.gettingStarted'),
        helpCommands(locale).join('\n'),
        t(locale, 'help.notation'),
        t(locale, 'help.language'),
      ].join('\n\n'),
      flags: MessageFlags.Ephemeral,
    });
  },
};
