import { ApplicationCommandOptionType as T } from 'discord.js';
import type { CommandJson, OptionJson } from '../limits.ts';
import type { MoveKind } from '../../engine/index.ts';
import { localized, type CatalogueBase } from './localized.ts';

/** The one option of every action command, as handlers read it. */
export const CHOICE_OPTION = 'choice';

/** The action commands, in the order players reach for them, each with the engine's move kinds it offers. */
export const ACTION_COMMANDS = {
  build: { base: 'cmd.build', kinds: ['build'] },
  upgrade: { base: 'cmd.upgrade', kinds: ['upgrade'] },
  transform: { base: 'cmd.transform', kinds: ['transform'] },
  send: { base: 'cmd.send', kinds: ['send'] },
  advance: { base: 'cmd.advance', kinds: ['advance'] },
  action: { base: 'cmd.action', kinds: ['action', 'special'] },
  convert: { base: 'cmd.convert', kinds: ['convert'] },
  burn: { base: 'cmd.burn', kinds: ['burn'] },
  bridge: { base: 'cmd.bridge', kinds: ['bridge', 'connect'] },
  pass: { base: 'cmd.pass', kinds: ['pass'] },
  power: { base: 'cmd.leech', kinds: ['leech', 'decline'] },
  take: {
    base: 'cmd.take',
    kinds: ['favor', 'town', 'town-reward', 'cult', 'lose-cult', 'unlock', 'token', 'discard'],
  },
} as const satisfies Record<string, { base: CatalogueBase; kinds: readonly MoveKind[] }>;
export type ActionCommandName = keyof typeof ACTION_COMMANDS;

/** Autocompleted "choice" option: every action command offers only what the engine allows now. */
const choiceOption = (): OptionJson => ({
  type: T.String,
  ...localized(CHOICE_OPTION, 'opt.choice'),
  required: true,
  autocomplete: true,
  max_length: 100,
});

export function actionDefinition(name: ActionCommandName): CommandJson {
  return { ...localized(name, ACTION_COMMANDS[name].base), options: [choiceOption()] };
}
