import { ApplicationCommandOptionType as T } from 'discord.js';
import { discordLocalizations, t, type MessageKey } from '../../i18n/index.ts';
import { AI_SEAT_LEVELS } from '../../game/service.ts';
import {
  DROP_RULES,
  SEASON_FORMATS,
  SEASON_PRESETS,
  SEASON_TIMEOUTS,
  SEEDINGS,
  TABLE_PLACES,
} from '../../league/season.ts';
import { RATING_SCOPES } from '../../league/repo.ts';
import type { CommandJson, OptionJson } from '../limits.ts';
import { localized, localizedChoice, type CatalogueBase } from './localized.ts';

/** `/league`: a server's seasons, sign-ups, standings, and its rating settings. */
export const LEAGUE = 'league';

export const LEAGUE_SUB = {
  create: 'create',
  start: 'start',
  standings: 'standings',
  substitute: 'substitute',
  export: 'export',
  cancel: 'cancel',
  edit: 'edit',
  settings: 'settings',
} as const;
export type LeagueSubcommand = (typeof LEAGUE_SUB)[keyof typeof LEAGUE_SUB];

export const LEAGUE_OPTION = {
  season: 'season',
  name: 'name',
  preset: 'preset',
  maps: 'maps',
  timer: 'timer',
  onTimeout: 'on-timeout',
  signupHours: 'signup-hours',
  groupSize: 'group-size',
  format: 'format',
  points: 'points',
  tieBreaks: 'tie-breaks',
  dropRule: 'drop-rule',
  cap: 'cap',
  signupRole: 'signup-role',
  seeding: 'seeding',
  previous: 'previous',
  divisionSize: 'division-size',
  promote: 'promote',
  relegate: 'relegate',
  tables: 'tables',
  language: 'language',
  table: 'table',
  player: 'player',
  substitute: 'substitute',
  aiLevel: 'ai-level',
  as: 'as',
  ratings: 'ratings',
  adminRole: 'admin-role',
} as const;

const sub = (name: string, base: CatalogueBase, options: OptionJson[] = []): OptionJson => ({
  type: T.Subcommand,
  ...localized(name, base),
  options,
});

const words = (name: string, base: CatalogueBase, values: readonly string[], required = false): OptionJson => ({
  type: T.String,
  ...localized(name, base),
  required,
  choices: values.map((v) => localizedChoice(v, `${base}.${v}` as MessageKey)),
});

const integer = (name: string, base: CatalogueBase, min: number, max: number): OptionJson => ({
  type: T.Integer,
  ...localized(name, base),
  required: false,
  min_value: min,
  max_value: max,
});

/** A season of the server, typed and completed from its seasons' names. */
const season = (required: boolean, name: string = LEAGUE_OPTION.season): OptionJson => ({
  type: T.String,
  ...localized(name, name === LEAGUE_OPTION.season ? 'opt.season' : 'opt.previous'),
  required,
  autocomplete: true,
  max_length: 50,
});

const maps = (): OptionJson => ({
  type: T.String,
  ...localized(LEAGUE_OPTION.maps, 'opt.maps'),
  required: false,
  max_length: 200,
});

/** `/league` itself; its subcommands' modules are in src/bot/handlers/league.ts. */
export function leagueHeader(): Omit<CommandJson, 'options'> {
  return {
    name: LEAGUE,
    name_localizations: discordLocalizations('cmd.league.name'),
    description: t('en', 'cmd.league.description'),
    description_localizations: discordLocalizations('cmd.league.description'),
  };
}

/** Each subcommand's definition, by name. */
export function leagueSubcommandDefinitions(): { readonly [K in LeagueSubcommand]: OptionJson } {
  return {
    create: sub(LEAGUE_SUB.create, 'cmd.season-create', [
      { type: T.String, ...localized(LEAGUE_OPTION.name, 'opt.season-name'), required: true, max_length: 50 },
      words(LEAGUE_OPTION.preset, 'opt.preset', SEASON_PRESETS),
      maps(),
      integer(LEAGUE_OPTION.timer, 'opt.timer', 12, 336),
      words(LEAGUE_OPTION.onTimeout, 'opt.on-timeout', SEASON_TIMEOUTS),
      integer(LEAGUE_OPTION.signupHours, 'opt.signup-hours', 1, 24 * 90),
      integer(LEAGUE_OPTION.groupSize, 'opt.group-size', 3, 5),
      words(LEAGUE_OPTION.format, 'opt.format', SEASON_FORMATS),
      { type: T.String, ...localized(LEAGUE_OPTION.points, 'opt.points'), required: false, max_length: 40 },
      { type: T.String, ...localized(LEAGUE_OPTION.tieBreaks, 'opt.tie-breaks'), required: false, max_length: 60 },
      words(LEAGUE_OPTION.dropRule, 'opt.drop-rule', DROP_RULES),
      integer(LEAGUE_OPTION.cap, 'opt.cap', 3, 1000),
      { type: T.Role, ...localized(LEAGUE_OPTION.signupRole, 'opt.signup-role'), required: false },
      words(LEAGUE_OPTION.seeding, 'opt.seeding', SEEDINGS),
      season(false, LEAGUE_OPTION.previous),
      integer(LEAGUE_OPTION.divisionSize, 'opt.division-size', 3, 1000),
      integer(LEAGUE_OPTION.promote, 'opt.promote', 0, 20),
      integer(LEAGUE_OPTION.relegate, 'opt.relegate', 0, 20),
      words(LEAGUE_OPTION.tables, 'opt.tables', TABLE_PLACES),
      {
        type: T.String,
        ...localized(LEAGUE_OPTION.language, 'opt.language'),
        required: false,
        choices: [
          { name: 'English', value: 'en' },
          { name: 'Español', value: 'es' },
          { name: 'Italiano', value: 'it' },
        ],
      },
    ]),
    start: sub(LEAGUE_SUB.start, 'cmd.season-start', [season(true)]),
    standings: sub(LEAGUE_SUB.standings, 'cmd.standings', [season(false)]),
    substitute: sub(LEAGUE_SUB.substitute, 'cmd.substitute', [
      season(true),
      {
        type: T.Integer,
        ...localized(LEAGUE_OPTION.table, 'opt.table'),
        required: true,
        min_value: 1,
        max_value: 10_000,
      },
      { type: T.User, ...localized(LEAGUE_OPTION.player, 'opt.seated'), required: true },
      { type: T.User, ...localized(LEAGUE_OPTION.substitute, 'opt.substitute'), required: false },
      {
        type: T.String,
        ...localized(LEAGUE_OPTION.aiLevel, 'opt.ai-level'),
        required: false,
        choices: AI_SEAT_LEVELS.map((level) => localizedChoice(level, `ai.level.${level}`)),
      },
    ]),
    export: sub(LEAGUE_SUB.export, 'cmd.season-export', [
      season(true),
      words(LEAGUE_OPTION.as, 'opt.as', ['csv', 'json']),
    ]),
    cancel: sub(LEAGUE_SUB.cancel, 'cmd.season-cancel', [season(true)]),
    edit: sub(LEAGUE_SUB.edit, 'cmd.season-edit', [
      season(true),
      maps(),
      integer(LEAGUE_OPTION.timer, 'opt.timer', 12, 336),
      words(LEAGUE_OPTION.onTimeout, 'opt.on-timeout', SEASON_TIMEOUTS),
      integer(LEAGUE_OPTION.signupHours, 'opt.signup-hours', 1, 24 * 90),
      integer(LEAGUE_OPTION.cap, 'opt.cap', 3, 1000),
    ]),
    settings: sub(LEAGUE_SUB.settings, 'cmd.league-settings', [
      words(LEAGUE_OPTION.ratings, 'opt.ratings', RATING_SCOPES),
      { type: T.Role, ...localized(LEAGUE_OPTION.adminRole, 'opt.admin-role'), required: false },
    ]),
  };
}
