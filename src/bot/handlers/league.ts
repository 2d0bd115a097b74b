/**
 * `/league`: seasons (create, start, standings, substitute, export, cancel) and the server's league settings,
 * and the sign-up post's buttons. Every admin action is checked by the league service and refused privately
 * with its reason; answers are private, the season's own posts public.
 */
import { AttachmentBuilder, MessageFlags, type ButtonInteraction, type ChatInputCommandInteraction } from 'discord.js';
import { MAPS } from '../../engine/index.ts';
import type { AiSeatLevel } from '../../game/service.ts';
import { t, type BotLocale } from '../../i18n/index.ts';
import { resultsCsv, seasonJson, standingsCsv } from '../../league/export.ts';
import type { LeagueResult } from '../../league/errors.ts';
import {
  type DropRule,
  type SeasonConfigInput,
  type SeasonFormat,
  type SeasonPreset,
  type SeasonTimeout,
  type Seeding,
  TIE_BREAKS,
  type TablePlace,
  type TieBreak,
} from '../../league/season.ts';
import type { LeagueCaller, SeasonEdit } from '../../league/service.ts';
import type { RatingScope } from '../../league/repo.ts';
import { leagueCallerOf, replyLocale } from '../caller.ts';
import {
  LEAGUE_OPTION,
  LEAGUE_SUB,
  leagueHeader,
  leagueSubcommandDefinitions,
  type LeagueSubcommand,
} from '../commands/league.ts';
import type {
  AutocompleteContext,
  CommandGroup,
  ServerModule,
  ServerPreconditions,
  Subcommand,
} from '../commands/module.ts';
import type { CustomId } from '../custom-id.ts';
import { describeLeagueError, describeSettings, mapName, standingsMessage } from '../present/league.ts';
import { mention } from '../present/names.ts';
import { signupMessage } from '../seasons.ts';
import { answer, type BotDeps } from './shared.ts';

/** A league result's value, or null once the member was told privately why not. */
async function done<T>(
  interaction: ChatInputCommandInteraction | ButtonInteraction,
  result: LeagueResult<T>,
): Promise<T | null> {
  if (result.ok) return result.value;
  await answer(interaction, describeLeagueError(replyLocale(interaction), result.error));
  return null;
}

/** "original, fjords" or the maps' names in any of our languages; the first word not understood otherwise. */
export function parseMaps(text: string, locale: BotLocale): { maps: string[] } | { unknown: string } {
  const maps: string[] = [];
  for (const word of text
    .split(',')
    .map((w) => w.trim())
    .filter(Boolean)) {
    const lower = word.toLowerCase();
    const map = MAPS.find(
      (m) => m.offered && (m.key === lower || m.id === lower || mapName(locale, m.id).toLowerCase() === lower),
    );
    if (!map) return { unknown: word };
    maps.push(map.id);
  }
  return { maps };
}

/** "10,6,3,1" or "vp". */
export function parsePoints(text: string): SeasonConfigInput['points'] | null {
  if (text.trim().toLowerCase() === 'vp') return { kind: 'vp' };
  const table = text
    .split(/[,/\s]+/)
    .filter(Boolean)
    .map(Number);
  return table.length >= 2 && table.length <= 5 && table.every((n) => Number.isFinite(n) && n >= 0)
    ? { kind: 'placement', table }
    : null;
}

export function parseTieBreaks(text: string): TieBreak[] | null {
  const list = text
    .split(/[,\s]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
  return list.every((w): w is TieBreak => (TIE_BREAKS as readonly string[]).includes(w)) ? list : null;
}

/** The season an option names: by name, or the server's newest when none is named (and `newest` allows). */
async function seasonNamed(
  deps: BotDeps,
  interaction: ChatInputCommandInteraction,
  caller: LeagueCaller,
  newest = false,
) {
  const name = interaction.options.getString(LEAGUE_OPTION.season);
  if (name) return done(interaction, await deps.league.season(caller.guildId, name));
  if (!newest) return null;
  const list = await done(interaction, await deps.league.seasons(caller.guildId));
  if (!list) return null;
  if (list.length === 0) {
    await answer(interaction, t(replyLocale(interaction), 'league.none'));
    return null;
  }
  return done(interaction, await deps.league.seasonById(list[0]!.id));
}

const definitions = leagueSubcommandDefinitions();

/** A `/league` subcommand: in a server, acknowledged at once; the league service checks who may do what. */
const leagueSub = <N extends LeagueSubcommand>(
  name: N,
  run: ServerModule['run'],
  preconditions: ServerPreconditions = {},
): Subcommand<N> => ({
  name,
  definition: definitions[name],
  where: 'server',
  preconditions,
  acknowledge: 'now',
  run,
  autocomplete: autocompleteLeague,
});

/** `/league start`: the season's tables open, in threads or here, and its standings are posted. */
const start = leagueSub(LEAGUE_SUB.start, async ({ deps, interaction, member: caller, locale }) => {
  const season = await seasonNamed(deps, interaction, caller);
  if (!season) return;
  const started = await done(interaction, await deps.league.startSeason(caller, season.season.id));
  if (!started) return;
  await deps.seasons.refreshSignup(started);
  const failed = await deps.seasons.openTables(started);
  await deps.seasons.announceStart(started.season.id);
  const settled = await deps.league.settleSeason(started.season.id);
  if (settled.ok) await deps.seasons.postStandings(settled.value);
  const waiting = started.entries.filter((e) => e.status === 'waiting').map((e) => mention(e.userId));
  const divisions = new Set(started.tables.map((t) => t.division)).size;
  const lines = [
    t(locale, 'league.reply.started'),
    t(locale, 'league.started', {
      name: started.season.name,
      tables: t(locale, 'league.count.tables', { count: started.tables.length }),
      divisions: t(locale, 'league.count.divisions', { count: divisions }),
    }),
    ...(waiting.length ? [t(locale, 'league.startedWaiting', { list: waiting.join(', ') })] : []),
    ...failed.map((f) => t(locale, 'league.tableFailed', { table: f.table, reason: f.reason })),
  ];
  return answer(interaction, lines.join('\n'));
});

/** `/league standings`: the season's (the newest by default). */
const standings = leagueSub(LEAGUE_SUB.standings, async ({ deps, interaction, member: caller, locale }) => {
  const season = await seasonNamed(deps, interaction, caller, true);
  if (!season) return;
  const s = await done(interaction, await deps.league.standings(season.season.id));
  if (!s) return;
  const { content, embeds } = standingsMessage(locale, s.season, s.standings);
  return answer(interaction, content, { embeds });
});

/** `/league substitute`: a table's player is replaced by another member, or by the AI. */
const substitute = leagueSub(LEAGUE_SUB.substitute, async ({ deps, interaction, member: caller, locale }) => {
  const season = await seasonNamed(deps, interaction, caller);
  if (!season) return;
  const table = interaction.options.getInteger(LEAGUE_OPTION.table, true);
  const player = interaction.options.getUser(LEAGUE_OPTION.player, true);
  const member = interaction.options.getUser(LEAGUE_OPTION.substitute);
  const aiLevel = interaction.options.getString(LEAGUE_OPTION.aiLevel) as AiSeatLevel | null;
  if ((member === null) === (aiLevel === null)) return answer(interaction, t(locale, 'league.substituteWho'));
  const by = member ? { userId: member.id } : { aiLevel: aiLevel! };
  const changed = await done(interaction, await deps.league.substitute(caller, season.season.id, table, player.id, by));
  if (!changed) return;
  if (changed.gameId) await deps.announcer.deliver(changed.gameId);
  return answer(
    interaction,
    t(locale, 'league.reply.substituted', {
      substitute: mention(changed.substituteId),
      player: mention(player.id),
      table,
    }),
  );
});

/** `/league export`: the season's standings and results as files. */
const exportSeason = leagueSub(LEAGUE_SUB.export, async ({ deps, interaction, member: caller, locale }) => {
  const season = await seasonNamed(deps, interaction, caller);
  if (!season) return;
  const data = await done(interaction, await deps.league.exportSeason(season.season.id));
  if (!data) return;
  const base = season.season.name.replace(/[^\p{L}\p{N}_-]+/gu, '-');
  const files =
    interaction.options.getString(LEAGUE_OPTION.as) === 'json'
      ? [new AttachmentBuilder(Buffer.from(seasonJson(data)), { name: `${base}.json` })]
      : [
          new AttachmentBuilder(Buffer.from(standingsCsv(data)), { name: `${base}-standings.csv` }),
          new AttachmentBuilder(Buffer.from(resultsCsv(data)), { name: `${base}-results.csv` }),
        ];
  return answer(interaction, t(locale, 'league.reply.exported', { name: season.season.name }), { files });
});

const cancel = leagueSub(LEAGUE_SUB.cancel, async ({ deps, interaction, member: caller, locale }) => {
  const season = await seasonNamed(deps, interaction, caller);
  if (!season) return;
  const cancelled = await done(interaction, await deps.league.cancelSeason(caller, season.season.id));
  if (!cancelled) return;
  await deps.seasons.refreshSignup(cancelled);
  return answer(interaction, t(locale, 'league.reply.cancelled', { name: cancelled.season.name }));
});

/** `/league settings`: who rates whom, and the league admins' role. */
const settings = leagueSub(LEAGUE_SUB.settings, async ({ deps, interaction, member: caller, locale }) => {
  const ratings = interaction.options.getString(LEAGUE_OPTION.ratings) as RatingScope | null;
  const role = interaction.options.getRole(LEAGUE_OPTION.adminRole);
  let now = await done(interaction, await deps.league.settings(caller.guildId));
  if (ratings) now = await done(interaction, await deps.league.setRatings(caller, ratings));
  if (now && role) now = await done(interaction, await deps.league.setAdminRole(caller, role.id));
  if (now) await answer(interaction, describeSettings(locale, now));
});

/** The `maps` option: the maps it names (none when left out), or the answer saying which word is unknown. */
function mapsOption(interaction: ChatInputCommandInteraction, locale: BotLocale): string[] | { problem: string } {
  const text = interaction.options.getString(LEAGUE_OPTION.maps);
  if (!text) return [];
  const parsed = parseMaps(text, locale);
  if (!('unknown' in parsed)) return parsed.maps;
  const known = MAPS.filter((m) => m.offered)
    .map((m) => `\`${m.key}\``)
    .join(', ');
  return { problem: t(locale, 'league.badMaps', { map: parsed.unknown, maps: known }) };
}

/** `/league edit`: the settings given change, the sign-up post shows them, a raised cap's new players are told. */
const edit = leagueSub(LEAGUE_SUB.edit, async ({ deps, interaction, member: caller, locale }) => {
  const season = await seasonNamed(deps, interaction, caller);
  if (!season) return;
  const o = interaction.options;
  const maps = mapsOption(interaction, locale);
  if ('problem' in maps) return answer(interaction, maps.problem);
  const timer = o.getInteger(LEAGUE_OPTION.timer);
  const onTimeout = o.getString(LEAGUE_OPTION.onTimeout) as SeasonTimeout | null;
  const cap = o.getInteger(LEAGUE_OPTION.cap);
  const hours = o.getInteger(LEAGUE_OPTION.signupHours);
  const change: SeasonEdit = {
    config: {
      ...(maps.length ? { maps } : {}),
      ...(timer === null ? {} : { moveTimerHours: timer }),
      ...(onTimeout === null ? {} : { onTimeout }),
      ...(cap === null ? {} : { cap }),
    },
    ...(hours === null ? {} : { signupHours: hours }),
  };
  const edited = await done(interaction, await deps.league.editSeason(caller, season.season.id, change, deps.now()));
  if (!edited) return;
  await deps.seasons.refreshSignup(edited.season);
  for (const player of edited.promoted) await deps.seasons.tellPromoted(edited.season, player);
  await answer(interaction, t(locale, 'league.reply.edited', { name: edited.season.season.name }));
});

/** `/league create`: a season with its sign-up post in this channel. */
const create = leagueSub(
  LEAGUE_SUB.create,
  async ({ deps, interaction, member: caller, locale }) => {
    const o = interaction.options;
    const config: Record<string, unknown> = {};
    const maps = mapsOption(interaction, locale);
    if ('problem' in maps) return answer(interaction, maps.problem);
    if (maps.length) config.maps = maps;
    const pointsText = o.getString(LEAGUE_OPTION.points);
    if (pointsText) {
      const points = parsePoints(pointsText);
      if (!points) return answer(interaction, t(locale, 'league.badPoints', { points: pointsText }));
      config.points = points;
    }
    const tieText = o.getString(LEAGUE_OPTION.tieBreaks);
    if (tieText) {
      const tieBreaks = parseTieBreaks(tieText);
      if (!tieBreaks) return answer(interaction, t(locale, 'league.badTieBreaks', { tieBreaks: tieText }));
      config.tieBreaks = tieBreaks;
    }
    const set = (key: string, value: unknown) => {
      if (value !== null && value !== undefined) config[key] = value;
    };
    set('preset', o.getString(LEAGUE_OPTION.preset) as SeasonPreset | null);
    set('moveTimerHours', o.getInteger(LEAGUE_OPTION.timer));
    set('onTimeout', o.getString(LEAGUE_OPTION.onTimeout) as SeasonTimeout | null);
    set('groupSize', o.getInteger(LEAGUE_OPTION.groupSize));
    set('format', o.getString(LEAGUE_OPTION.format) as SeasonFormat | null);
    set('dropRule', o.getString(LEAGUE_OPTION.dropRule) as DropRule | null);
    set('cap', o.getInteger(LEAGUE_OPTION.cap));
    set('signupRoleId', o.getRole(LEAGUE_OPTION.signupRole)?.id);
    set('seeding', o.getString(LEAGUE_OPTION.seeding) as Seeding | null);
    set('divisionSize', o.getInteger(LEAGUE_OPTION.divisionSize));
    set('promote', o.getInteger(LEAGUE_OPTION.promote));
    set('relegate', o.getInteger(LEAGUE_OPTION.relegate));
    set('tables', o.getString(LEAGUE_OPTION.tables) as TablePlace | null);
    set('language', o.getString(LEAGUE_OPTION.language) ?? locale);
    const previous = o.getString(LEAGUE_OPTION.previous);
    if (previous) {
      const found = await done(interaction, await deps.league.season(caller.guildId, previous));
      if (!found) return;
      config.previousSeasonId = found.season.id;
    }
    const created = await done(
      interaction,
      await deps.league.createSeason(
        caller,
        { name: o.getString(LEAGUE_OPTION.name, true), config, signupHours: o.getInteger(LEAGUE_OPTION.signupHours) },
        deps.now(),
      ),
    );
    if (!created) return;
    await deps.seasons.postSignup(created);
    await answer(interaction, t(locale, 'league.reply.created', { name: created.season.name }));
  },
  // Sign-up and standings are posted here: the bot must be able to.
  { writable: {} },
);

/** `/league`: a server's seasons and its league settings, one module per subcommand. */
export const LEAGUE_COMMAND: CommandGroup<LeagueSubcommand> = {
  definition: leagueHeader(),
  subcommands: { create, start, standings, substitute, export: exportSeason, cancel, edit, settings },
};

/** Season names, for the options that name one. */
async function autocompleteLeague({ deps, interaction }: AutocompleteContext): Promise<void> {
  const caller = leagueCallerOf(interaction);
  const list = caller ? await deps.league.seasons(caller.guildId) : null;
  const typed = String(interaction.options.getFocused()).toLowerCase();
  const names = list?.ok ? list.value.map((s) => s.name) : [];
  await interaction.respond(
    names
      .filter((n) => n.toLowerCase().includes(typed))
      .slice(0, 25)
      .map((n) => ({ name: n, value: n })),
  );
}

/** The sign-up post's buttons: sign up, or withdraw; the post then shows who is in. */
export async function executeSignupComponent(
  deps: BotDeps,
  interaction: ButtonInteraction,
  id: CustomId,
): Promise<void> {
  const locale = replyLocale(interaction);
  const caller = leagueCallerOf(interaction);
  if (!caller) return answer(interaction, t(locale, 'error.guildOnly'));
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  if (id.kind === 'signup') {
    const signed = await done(interaction, await deps.league.signUp(caller, id.gameId, deps.now()));
    if (!signed) return;
    await interaction.message.edit(signupMessage(signed.season));
    const name = signed.season.season.name;
    const place = signed.season.entries.filter((e) => e.status === 'waiting').length;
    return answer(
      interaction,
      signed.status === 'player'
        ? t(locale, 'league.reply.signedUp', { name })
        : t(locale, 'league.reply.waiting', { name, place }),
    );
  }
  const out = await done(interaction, await deps.league.withdraw(caller, id.gameId));
  if (!out) return;
  await interaction.message.edit(signupMessage(out.season));
  if (out.promoted) await deps.seasons.tellPromoted(out.season, out.promoted);
  await answer(interaction, t(locale, 'league.reply.withdrawn', { name: out.season.season.name }));
}
