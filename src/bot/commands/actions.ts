import { ApplicationCommandOptionType as T } from 'discord.js';
import type { CommandJson, OptionJson } from '../limits.ts';
import { localized } from './localized.ts';

/** The one option of every action command, as handlers read it. */
export const CHOICE_OPTION = 'choice';

/** The action commands, in the order players reach for them; `kinds` are the engine's move kinds they offer. */
export const ACTION_COMMANDS = [
  { name: 'build', base: 'cmd.build', kinds: ['build'] },
  { name: 'upgrade', base: 'cmd.upgrade', kinds: ['upgrade'] },
  { name: 'transform', base: 'cmd.transform', kinds: ['transform'] },
  { name: 'send', base: 'cmd.send', kinds: ['send'] },
  { name: 'advance', base: 'cmd.advance', kinds: ['advance'] },
  { name: 'action', base: 'cmd.action', kinds: ['action', 'special'] },
  { name: 'convert', base: 'cmd.convert', kinds: ['convert'] },
  { name: 'burn', base: 'cmd.burn', kinds: ['burn'] },
  { name: 'bridge', base: 'cmd.bridge', kinds: ['bridge', 'connect'] },
  { name: 'pass', base: 'cmd.pass', kinds: ['pass'] },
  { name: 'power', base: 'cmd.leech', kinds: ['leech', 'decline'] },
  {
    name: 'take',
    base: 'cmd.take',
    kinds: ['favor', 'town', 'town-reward', 'cult', 'lose-cult', 'unlock', 'token', 'discard'],
  },
] as const;

/** Autocompleted "choice" option: every action command offers only what the engine allows now. */
const choiceOption = (): OptionJson => ({
  type: T.String,
  ...localized(CHOICE_OPTION, 'opt.choice'),
  required: true,
  autocomplete: true,
  max_length: 100,
});

export function actionCommands(): CommandJson[] {
  return ACTION_COMMANDS.map(({ name, base }) => ({ ...localized(name, base), options: [choiceOption()] }));
}
