import { ApplicationCommandOptionType as T } from 'discord.js';
import { FACTIONS } from '../../engine/index.ts';
import { discordLocalizations, t, type MessageKey } from '../../i18n/index.ts';
import type { CommandJson, OptionJson } from '../limits.ts';
import { localized, localizedChoice, type CatalogueBase } from './localized.ts';
import { mapOption } from './tm.ts';

/**
 * What finished games leave behind, one command each: `/rating`, `/leaderboard`, `/history`, `/stats`. They
 * are not `/tm` subcommands because `/tm` is at Discord's 4,000 characters a command (names, descriptions
 * and choices in its longest language); a command of their own each also reads as they are asked for.
 */
export const RECORDS = { rating: 'rating', leaderboard: 'leaderboard', history: 'history', stats: 'stats' } as const;
export type RecordsCommand = (typeof RECORDS)[keyof typeof RECORDS];

export const RECORDS_OPTION = {
  player: 'player',
  faction: 'faction',
  map: 'map',
  scope: 'where',
  file: 'file',
} as const;

const command = (name: string, base: CatalogueBase, options: OptionJson[]): CommandJson => {
  const descriptionKey = `${base}.description` as 'cmd.rating.description';
  return {
    name,
    name_localizations: discordLocalizations(`${base}.name` as 'cmd.rating.name'),
    description: t('en', descriptionKey),
    description_localizations: discordLocalizations(descriptionKey),
    options,
  };
};

const player: OptionJson = { type: T.User, ...localized(RECORDS_OPTION.player, 'opt.player'), required: false };

/** The commands' definitions, by name (their modules are in src/bot/handlers/records.ts). */
export function recordsDefinitions(): { readonly [K in RecordsCommand]: CommandJson } {
  return {
    rating: command(RECORDS.rating, 'cmd.rating', [player]),
    leaderboard: command(RECORDS.leaderboard, 'cmd.leaderboard', [
      {
        type: T.String,
        ...localized(RECORDS_OPTION.faction, 'opt.lb-faction'),
        required: false,
        choices: Object.keys(FACTIONS).map((f) => localizedChoice(f, `faction.${f}` as MessageKey)),
      },
      mapOption,
    ]),
    history: command(RECORDS.history, 'cmd.history', [
      {
        type: T.String,
        ...localized(RECORDS_OPTION.scope, 'opt.scope'),
        required: false,
        choices: ['channel', 'server'].map((v) => localizedChoice(v, `opt.scope.${v}` as MessageKey)),
      },
      player,
      {
        type: T.String,
        ...localized(RECORDS_OPTION.file, 'opt.history-file'),
        required: false,
        choices: ['csv', 'json'].map((v) => localizedChoice(v, `opt.as.${v}` as MessageKey)),
      },
    ]),
    stats: command(RECORDS.stats, 'cmd.stats', [player]),
  };
}
