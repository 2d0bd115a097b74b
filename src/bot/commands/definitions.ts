import { ApplicationCommandOptionType as T } from 'discord.js';
import { discordLocalizations, t, type MessageKey } from '../../i18n/index.ts';
import { MAPS } from '../../engine/index.ts';
import type { CommandJson, OptionJson } from '../limits.ts';

type Keyed = Extract<MessageKey, `cmd.${string}.name` | `opt.${string}.name` | 'command.help.name'>;
type Base<K extends string> = K extends `${infer B}.name` ? B : never;

/** Name and description of a command or option, in English with Discord localizations. */
function named(
  base: Base<Keyed>,
): Pick<OptionJson, 'name' | 'description' | 'name_localizations' | 'description_localizations'> {
  const nameKey = `${base}.name` as MessageKey;
  const descriptionKey = `${base}.description` as MessageKey;
  return {
    name: t('en', nameKey as 'cmd.map.name'),
    name_localizations: discordLocalizations(nameKey as 'cmd.map.name'),
    description: t('en', descriptionKey as 'cmd.map.description'),
    description_localizations: discordLocalizations(descriptionKey as 'cmd.map.description'),
  };
}

function choice(key: MessageKey, value: string) {
  return {
    name: t('en', key as 'opt.rules.base'),
    name_localizations: discordLocalizations(key as 'opt.rules.base'),
    value,
  };
}

const subcommand = (base: Base<Keyed>, options: OptionJson[] = []): OptionJson => ({
  type: T.Subcommand,
  ...named(base),
  options,
});

/** Autocompleted "choice" option: every action command offers only what the engine allows now. */
const choiceOption: OptionJson = {
  type: T.String,
  ...named('opt.choice'),
  required: true,
  autocomplete: true,
  max_length: 100,
};
const factionOption = (required: boolean): OptionJson => ({
  type: T.String,
  ...named('opt.faction'),
  required,
  autocomplete: true,
});

/** The action commands, in the order players reach for them; `kind` is the engine's move kind they offer. */
export const ACTION_COMMANDS = [
  { base: 'cmd.build', kinds: ['build'] },
  { base: 'cmd.upgrade', kinds: ['upgrade'] },
  { base: 'cmd.transform', kinds: ['transform'] },
  { base: 'cmd.send', kinds: ['send'] },
  { base: 'cmd.advance', kinds: ['advance'] },
  { base: 'cmd.action', kinds: ['action', 'special'] },
  { base: 'cmd.convert', kinds: ['convert'] },
  { base: 'cmd.burn', kinds: ['burn'] },
  { base: 'cmd.bridge', kinds: ['bridge', 'connect'] },
  { base: 'cmd.pass', kinds: ['pass'] },
  { base: 'cmd.leech', kinds: ['leech', 'decline'] },
  { base: 'cmd.take', kinds: ['favor', 'town', 'cult', 'discard'] },
] as const;

function gameCommand(): CommandJson {
  const create = subcommand('cmd.create', [
    { type: T.Integer, ...named('opt.players'), required: false, min_value: 2, max_value: 5 },
    {
      type: T.String,
      ...named('opt.factions'),
      required: false,
      choices: ['turn-order', 'random', 'recommended'].map((v) => choice(`opt.factions.${v}` as MessageKey, v)),
    },
    {
      type: T.String,
      ...named('opt.seating'),
      required: false,
      choices: ['random', 'joined'].map((v) => choice(`opt.seating.${v}` as MessageKey, v)),
    },
    {
      type: T.String,
      ...named('opt.rules'),
      required: false,
      choices: ['standard', 'base'].map((v) => choice(`opt.rules.${v}` as MessageKey, v)),
    },
    {
      type: T.String,
      ...named('opt.map'),
      required: false,
      choices: MAPS.filter((m) => m.offered).map((m) => choice(`opt.map.${m.key}` as MessageKey, m.id)),
    },
    {
      type: T.String,
      ...named('opt.final-scoring'),
      required: false,
      choices: ['none', 'fire-and-ice'].map((v) => choice(`opt.final-scoring.${v}` as MessageKey, v)),
    },
    {
      type: T.String,
      ...named('opt.language'),
      required: false,
      choices: [
        { name: 'English', value: 'en' },
        { name: 'Español', value: 'es' },
        { name: 'Italiano', value: 'it' },
      ],
    },
    { type: T.Integer, ...named('opt.timer'), required: false, min_value: 12, max_value: 336 },
    { type: T.String, ...named('opt.tiles'), required: false, max_length: 200 },
  ]);
  const settings = subcommand('cmd.settings', [
    {
      type: T.String,
      ...named('opt.leech'),
      required: false,
      choices: ['ask', 'cheap', 'one', 'decline-passed'].map((v) => choice(`opt.leech.${v}` as MessageKey, v)),
    },
    {
      type: T.String,
      ...named('opt.reminders'),
      required: false,
      choices: ['on', 'off'].map((v) => choice(`opt.reminders.${v}` as MessageKey, v)),
    },
  ]);
  const subs: OptionJson[] = [
    create,
    subcommand('cmd.join'),
    subcommand('cmd.leave'),
    subcommand('cmd.start'),
    subcommand('cmd.status'),
    subcommand('cmd.map'),
    subcommand('cmd.cults'),
    subcommand('cmd.board', [factionOption(false)]),
    subcommand('cmd.log', [{ type: T.Integer, ...named('opt.count'), required: false, min_value: 1, max_value: 50 }]),
    subcommand('cmd.export'),
    subcommand('cmd.import', [
      { type: T.Attachment, ...named('opt.file'), required: true },
      { type: T.String, ...named('opt.roster'), required: true, max_length: 200 },
    ]),
    subcommand('cmd.undo'),
    subcommand('cmd.resign'),
    subcommand('cmd.replace', [factionOption(true), { type: T.User, ...named('opt.user'), required: true }]),
    subcommand('cmd.abandon'),
    settings,
    subcommand('command.help' as Base<Keyed>),
  ];
  return {
    name: 'tm',
    description: t('en', 'cmd.tm.description'),
    description_localizations: discordLocalizations('cmd.tm.description'),
    options: subs,
  };
}

/** Every slash command the bot registers. */
export function commandDefinitions(): CommandJson[] {
  const actions = ACTION_COMMANDS.map(({ base }): CommandJson => ({ ...named(base), options: [choiceOption] }));
  const move: CommandJson = {
    ...named('cmd.move'),
    options: [
      { type: T.String, ...named('opt.text'), required: true, max_length: 300 },
      { type: T.Boolean, ...named('opt.preview'), required: false },
    ],
  };
  return [gameCommand(), ...actions, move];
}
