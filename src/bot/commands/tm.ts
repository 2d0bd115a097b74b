import { ApplicationCommandOptionType as T } from 'discord.js';
import { MAPS } from '../../engine/index.ts';
import { discordLocalizations, t, type MessageKey } from '../../i18n/index.ts';
import type { CommandJson, OptionJson } from '../limits.ts';
import { localized, localizedChoice, type CatalogueBase } from './localized.ts';

/** `/tm`: the game's life cycle and what players look up. */
export const TM = 'tm';

/** The subcommands of `/tm`, as Discord sends them back. */
export const TM_SUB = {
  create: 'create',
  join: 'join',
  leave: 'leave',
  start: 'start',
  status: 'status',
  map: 'map',
  cults: 'cults',
  board: 'board',
  log: 'log',
  export: 'export',
  import: 'import',
  undo: 'undo',
  resign: 'resign',
  replace: 'replace',
  addbot: 'addbot',
  removebot: 'removebot',
  abandon: 'abandon',
  settings: 'settings',
  turn: 'turn',
  mygames: 'mygames',
  timer: 'timer',
  help: 'help',
} as const;

/** The options of `/tm`'s subcommands, as handlers read them. */
export const TM_OPTION = {
  players: 'players',
  factions: 'factions',
  seating: 'seating',
  rules: 'rules',
  map: 'map',
  finalScoring: 'final-scoring',
  startingVp: 'starting-vp',
  landscapes: 'special-landscapes',
  expansion: 'expansion',
  language: 'language',
  timer: 'timer',
  tiles: 'tiles',
  autoPower: 'auto-power',
  reminders: 'reminders',
  faction: 'faction',
  count: 'count',
  file: 'file',
  roster: 'players',
  user: 'user',
  row: 'row',
  ai: 'ai',
  aiLevel: 'ai-level',
  level: 'level',
  game: 'game',
  hours: 'hours',
  onTimeout: 'on-timeout',
  thread: 'thread',
  digest: 'digest',
} as const;

const choices = (prefix: string, values: readonly string[]) =>
  values.map((v) => localizedChoice(v, `${prefix}.${v}` as MessageKey));

/** An optional option whose values are words from the catalogue (`<texts>.<value>`). */
const wordChoice = (name: string, texts: CatalogueBase, values: readonly string[]): OptionJson => ({
  type: T.String,
  ...localized(name, texts),
  required: false,
  choices: choices(texts, values),
});

const subcommand = (name: string, base: CatalogueBase, options: OptionJson[] = []): OptionJson => ({
  type: T.Subcommand,
  ...localized(name, base),
  options,
});

/** An AI level: offered by autocomplete in the reader's language (choices would spend /tm's characters). */
const levelOption = (name: string, base: 'opt.ai-level' | 'opt.level'): OptionJson => ({
  type: T.String,
  ...localized(name, base),
  required: false,
  autocomplete: true,
  max_length: 10,
});

const factionOption = (required: boolean): OptionJson => ({
  type: T.String,
  ...localized(TM_OPTION.faction, 'opt.faction'),
  required,
  autocomplete: true,
});

/**
 * One of the maps offered, by its name in the reader's language; its value is the map's short key
 * (`fjords`): snellman's 40-character ids spent 200 of the command's 4,000 characters. `mapIdOf` reads it.
 */
export const mapOption: OptionJson = {
  type: T.String,
  ...localized(TM_OPTION.map, 'opt.map'),
  required: false,
  choices: MAPS.filter((m) => m.offered).map((m) => localizedChoice(m.key, `opt.map.${m.key}` as MessageKey)),
};

/** The snellman map id a map option's value names (null when none was given). */
export function mapIdOf(value: string | null): string | null {
  return value === null ? null : (MAPS.find((m) => m.key === value)?.id ?? value);
}

export function tmCommand(): CommandJson {
  const create = subcommand(TM_SUB.create, 'cmd.create', [
    { type: T.Integer, ...localized(TM_OPTION.players, 'opt.players'), required: false, min_value: 2, max_value: 5 },
    wordChoice(TM_OPTION.factions, 'opt.factions', ['turn-order', 'random', 'recommended', 'auction']),
    wordChoice(TM_OPTION.seating, 'opt.seating', ['random', 'joined']),
    wordChoice(TM_OPTION.rules, 'opt.rules', ['standard', 'base']),
    mapOption,
    wordChoice(TM_OPTION.finalScoring, 'opt.final-scoring', ['none', 'fire-and-ice']),
    wordChoice(TM_OPTION.startingVp, 'opt.starting-vp', ['standard', '2017']),
    wordChoice(TM_OPTION.expansion, 'opt.expansion', ['none', 'fire-and-ice']),
    wordChoice(TM_OPTION.landscapes, 'opt.landscapes', ['off', 'on']),
    {
      type: T.String,
      ...localized(TM_OPTION.language, 'opt.language'),
      required: false,
      choices: [
        { name: 'English', value: 'en' },
        { name: 'Español', value: 'es' },
        { name: 'Italiano', value: 'it' },
      ],
    },
    { type: T.Integer, ...localized(TM_OPTION.timer, 'opt.timer'), required: false, min_value: 12, max_value: 336 },
    { type: T.String, ...localized(TM_OPTION.tiles, 'opt.tiles'), required: false, max_length: 200 },
    { type: T.Boolean, ...localized(TM_OPTION.thread, 'opt.thread'), required: false },
    { type: T.Integer, ...localized(TM_OPTION.ai, 'opt.ai'), required: false, min_value: 0, max_value: 4 },
    levelOption(TM_OPTION.aiLevel, 'opt.ai-level'),
  ]);
  const settings = subcommand(TM_SUB.settings, 'cmd.settings', [
    wordChoice(TM_OPTION.autoPower, 'opt.leech', ['ask', 'cheap', 'one', 'decline-passed']),
    wordChoice(TM_OPTION.reminders, 'opt.reminders', ['on', 'off']),
    wordChoice(TM_OPTION.digest, 'opt.digest', ['on', 'off']),
  ]);
  return {
    name: TM,
    description: t('en', 'cmd.tm.description'),
    description_localizations: discordLocalizations('cmd.tm.description'),
    options: [
      create,
      subcommand(TM_SUB.join, 'cmd.join'),
      subcommand(TM_SUB.leave, 'cmd.leave'),
      subcommand(TM_SUB.start, 'cmd.start'),
      subcommand(TM_SUB.status, 'cmd.status'),
      subcommand(TM_SUB.map, 'cmd.map'),
      subcommand(TM_SUB.cults, 'cmd.cults'),
      subcommand(TM_SUB.board, 'cmd.board', [
        factionOption(false),
        { type: T.Integer, ...localized(TM_OPTION.row, 'opt.row'), required: false, min_value: 0, max_value: 100_000 },
      ]),
      subcommand(TM_SUB.log, 'cmd.log', [
        { type: T.Integer, ...localized(TM_OPTION.count, 'opt.count'), required: false, min_value: 1, max_value: 50 },
      ]),
      subcommand(TM_SUB.export, 'cmd.export'),
      subcommand(TM_SUB.import, 'cmd.import', [
        { type: T.Attachment, ...localized(TM_OPTION.file, 'opt.file'), required: true },
        { type: T.String, ...localized(TM_OPTION.roster, 'opt.roster'), required: true, max_length: 200 },
      ]),
      subcommand(TM_SUB.undo, 'cmd.undo'),
      subcommand(TM_SUB.resign, 'cmd.resign'),
      subcommand(TM_SUB.replace, 'cmd.replace', [
        factionOption(true),
        { type: T.User, ...localized(TM_OPTION.user, 'opt.user'), required: false },
        levelOption(TM_OPTION.aiLevel, 'opt.ai-level'),
      ]),
      subcommand(TM_SUB.addbot, 'cmd.addbot', [levelOption(TM_OPTION.level, 'opt.level')]),
      subcommand(TM_SUB.removebot, 'cmd.removebot'),
      subcommand(TM_SUB.abandon, 'cmd.abandon'),
      settings,
      subcommand(TM_SUB.turn, 'cmd.turn', [
        {
          type: T.String,
          ...localized(TM_OPTION.game, 'opt.game'),
          required: false,
          autocomplete: true,
          max_length: 36,
        },
      ]),
      subcommand(TM_SUB.mygames, 'cmd.mygames'),
      subcommand(TM_SUB.timer, 'cmd.timer', [
        { type: T.Integer, ...localized(TM_OPTION.hours, 'opt.hours'), required: true, min_value: 0, max_value: 336 },
        wordChoice(TM_OPTION.onTimeout, 'opt.on-timeout', ['pass', 'drop', 'ai']),
      ]),
      subcommand(TM_SUB.help, 'command.help'),
    ],
  };
}
