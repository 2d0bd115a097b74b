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
export type TmSubcommand = (typeof TM_SUB)[keyof typeof TM_SUB];

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
export const wordChoice = (name: string, texts: CatalogueBase, values: readonly string[]): OptionJson => ({
  type: T.String,
  ...localized(name, texts),
  required: false,
  choices: choices(texts, values),
});

export const subcommand = (name: string, base: CatalogueBase, options: OptionJson[] = []): OptionJson => ({
  type: T.Subcommand,
  ...localized(name, base),
  options,
});

/** A `/tm` subcommand module's name and definition. */
export const tmSubcommand = <N extends TmSubcommand>(name: N, base: CatalogueBase, options: OptionJson[] = []) => ({
  name,
  definition: subcommand(name, base, options),
});

/** An AI level: offered by autocomplete in the reader's language (choices would spend /tm's characters). */
export const levelOption = (name: string, base: 'opt.ai-level' | 'opt.level'): OptionJson => ({
  type: T.String,
  ...localized(name, base),
  required: false,
  autocomplete: true,
  max_length: 10,
});

export const factionOption = (required: boolean): OptionJson => ({
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

/** `/tm` itself; its subcommands' definitions are their modules' (src/bot/handlers/tm/). */
export function tmHeader(): Omit<CommandJson, 'options'> {
  return {
    name: TM,
    description: t('en', 'cmd.tm.description'),
    description_localizations: discordLocalizations('cmd.tm.description'),
  };
}
