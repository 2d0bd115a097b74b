// Seasons, standings, ratings, history and statistics in words: pure text from the league's values.
import { MAPS } from '../../engine/index.ts';
import type { GameResult } from '../../game/service.ts';
import { t, type BotLocale, type MessageKey } from '../../i18n/index.ts';
import type { LeagueError } from '../../league/errors.ts';
import type { Ratings } from '../../league/ratings.ts';
import type { GuildLeague, RatingScope } from '../../league/repo.ts';
import type { LoadedSeason, SeasonConfig } from '../../league/season.ts';
import type { Standings } from '../../league/standings.ts';
import { MESSAGE_LIMITS } from '../message-limits.ts';
import { codePointLength } from '../text.ts';
import { describeGameError } from './errors.ts';
import { factionName, mention } from './names.ts';

/** A map by its name in the reader's language (its id when not one of ours). */
export function mapName(locale: BotLocale, mapId: string): string {
  const map = MAPS.find((m) => m.id === mapId);
  return map ? t(locale, `opt.map.${map.key}` as MessageKey as 'opt.map.original') : mapId;
}

/** A Discord timestamp: each reader sees it in their own time zone. */
export function when(date: Date, style: 'R' | 'f' | 'd' = 'f'): string {
  return `<t:${Math.floor(date.getTime() / 1000)}:${style}>`;
}

/** A season's rules in one line. */
export function describeRules(locale: BotLocale, config: SeasonConfig): string {
  return [
    t(locale, 'league.rules.line', {
      preset: t(locale, `opt.preset.${config.preset}`),
      format:
        config.format === 'bpa'
          ? t(locale, 'league.rules.format.bpa')
          : t(locale, 'league.rules.format.single', { count: config.groupSize }),
      maps: config.maps.map((m) => mapName(locale, m)).join(', '),
      timer:
        config.moveTimerHours === null
          ? t(locale, 'league.rules.timer.none')
          : t(locale, 'league.rules.timer.hours', { hours: config.moveTimerHours }) +
            (config.onTimeout === 'pass' ? '' : t(locale, `league.rules.timeout.${config.onTimeout}`)),
      points:
        config.points.kind === 'vp'
          ? t(locale, 'league.rules.points.vp')
          : t(locale, 'league.rules.points.placement', { points: config.points.table.join('/') }),
      drop: t(locale, `league.rules.drop.${config.dropRule}`),
      divisions:
        config.divisionSize === null
          ? t(locale, 'league.rules.divisions.one')
          : t(locale, 'league.rules.divisions.size', { size: config.divisionSize }),
    }),
    t(locale, 'league.rules.tieBreaks', {
      list: config.tieBreaks.map((b) => t(locale, `league.tieBreak.${b}`)).join(', ') || '—',
    }),
  ].join(' · ');
}

/** The sign-up post: the season, its rules, who signed up and who waits. */
export function describeSignup(locale: BotLocale, loaded: LoadedSeason): string {
  const { season, entries } = loaded;
  const players = entries.filter((e) => e.status === 'player').map((e) => mention(e.userId));
  const waiting = entries.filter((e) => e.status === 'waiting').map((e) => mention(e.userId));
  const cap = season.config.cap === null ? '' : `/${season.config.cap}`;
  return [
    t(locale, 'league.signup.title', { name: season.name }),
    describeRules(locale, season.config),
    season.status !== 'signup'
      ? t(locale, 'league.signup.over')
      : season.signupClosesAt
        ? t(locale, 'league.signup.closes', { time: when(season.signupClosesAt, 'R') })
        : t(locale, 'league.signup.open'),
    ...(season.config.signupRoleId
      ? [t(locale, 'league.signup.roleOnly', { role: `<@&${season.config.signupRoleId}>` })]
      : []),
    players.length
      ? t(locale, 'league.signup.players', { count: players.length, cap, list: players.join(', ') })
      : t(locale, 'league.signup.noPlayers'),
    ...(waiting.length ? [t(locale, 'league.signup.waiting', { list: waiting.join(', ') })] : []),
  ].join('\n');
}

/** The standings as a message: in its text while they fit, else each division in an embed of its own. */
export interface StandingsMessage {
  readonly content: string;
  readonly embeds: { title: string; description: string }[];
}

/**
 * The standings post: every division, points and marks; final once every table has ended. A season of 64
 * players takes about 3,700 characters, past a message's 2,000: then the text keeps the title and the
 * embeds (4,096 characters each, 6,000 together) carry the divisions, so nobody drops off the bottom.
 */
export function standingsMessage(locale: BotLocale, loaded: LoadedSeason, standings: Standings): StandingsMessage {
  const { season, entries } = loaded;
  if (season.status === 'signup')
    return {
      content: t(locale, 'league.standings.notStarted', {
        name: season.name,
        count: entries.filter((e) => e.status === 'player').length,
      }),
      embeds: [],
    };
  const head = [
    t(locale, standings.complete ? 'league.standings.final' : 'league.standings.title', { name: season.name }),
    t(locale, 'league.standings.progress', { finished: standings.finishedTables, tables: standings.tables }),
  ];
  const legend = standings.divisions.some((d) => d.rows.some((r) => r.mark))
    ? [t(locale, 'league.standings.legend')]
    : [];
  const several = standings.divisions.length > 1;
  const heading = (division: number) => t(locale, 'league.standings.division', { division });
  const blocks = standings.divisions.map((d) => ({ division: d.division, rows: standingRows(locale, d.rows) }));
  const whole = [
    ...head,
    ...blocks.flatMap((b) => [...(several ? [`**${heading(b.division)}**`] : []), ...b.rows]),
    ...legend,
  ].join('\n');
  if (codePointLength(whole) <= MESSAGE_LIMITS.content) return { content: whole, embeds: [] };
  // At most 10 embeds: past 10 divisions, neighbours share one, each under its own heading.
  const perEmbed = Math.ceil(blocks.length / MESSAGE_LIMITS.embeds);
  const groups = Array.from({ length: Math.ceil(blocks.length / perEmbed) }, (_, i) =>
    blocks.slice(i * perEmbed, (i + 1) * perEmbed),
  );
  const titles = groups.map((g) =>
    several ? g.map((b) => heading(b.division)).join(' · ') : t(locale, 'league.standings.everyone'),
  );
  const room = Math.min(
    MESSAGE_LIMITS.embedDescription,
    Math.floor((MESSAGE_LIMITS.embedTotal - titles.reduce((n, x) => n + codePointLength(x), 0)) / groups.length),
  );
  return {
    content: [...head, ...legend].join('\n'),
    embeds: groups.map((g, i) => ({
      title: titles[i]!,
      description: fittedRows(
        locale,
        g.flatMap((b) => [...(g.length > 1 ? [`**${heading(b.division)}**`] : []), ...b.rows]),
        room,
      ),
    })),
  };
}

/** The rows that fit in `room` characters; the rest counted in a last line pointing to the export. */
function fittedRows(locale: BotLocale, rows: readonly string[], room: number): string {
  const text = rows.join('\n');
  if (codePointLength(text) <= room) return text;
  for (let kept = rows.length - 1; kept >= 0; kept--) {
    const more = t(locale, 'league.standings.more', { count: rows.length - kept });
    const cut = [...rows.slice(0, kept), more].join('\n');
    if (codePointLength(cut) <= room) return cut;
  }
  return '';
}

function standingRows(locale: BotLocale, rows: Standings['divisions'][number]['rows']): string[] {
  return rows.map((r) =>
    t(locale, 'league.standings.row', {
      place: r.place,
      player: mention(r.userId),
      points: t(locale, 'league.count.points', { count: r.points }),
      vp: r.vp,
      played: r.played,
      tables: r.tables,
      mark:
        (r.drops ? t(locale, 'league.standings.drops', { count: r.drops }) : '') +
        (r.mark === 'up'
          ? t(locale, 'league.standings.up')
          : r.mark === 'down'
            ? t(locale, 'league.standings.down')
            : ''),
    }),
  );
}

/** A league refusal in the reader's language. */
export function describeLeagueError(locale: BotLocale, error: LeagueError): string {
  switch (error.code) {
    case 'game':
      return describeGameError(locale, error.params.error);
    case 'admin_only':
      return error.params.role
        ? t(locale, 'leagueError.admin_only_role', { role: `<@&${error.params.role}>` })
        : t(locale, 'leagueError.admin_only');
    case 'role_required':
      return t(locale, 'leagueError.role_required', { role: `<@&${error.params.role}>` });
    case 'seat_not_found':
      return t(locale, 'leagueError.seat_not_found', {
        table: error.params.table,
        player: mention(error.params.userId),
      });
    case 'already_seated':
      return t(locale, 'leagueError.already_seated', { player: mention(error.params.userId) });
    case 'manage_server_only':
    case 'ratings_off':
    case 'busy':
    case 'store_unavailable':
      return t(locale, `leagueError.${error.code}`);
    case 'bad_season':
      return t(locale, 'leagueError.bad_season', error.params);
    case 'too_few_players':
      return t(locale, 'leagueError.too_few_players', error.params);
    case 'cap_below_players':
      return t(locale, 'leagueError.cap_below_players', error.params);
    case 'table_not_found':
    case 'table_not_open':
      return t(locale, `leagueError.${error.code}`, error.params);
    case 'season_not_found':
    case 'season_name_taken':
    case 'not_signing_up':
    case 'signup_closed':
    case 'already_signed_up':
    case 'not_signed_up':
    case 'not_running':
      return t(locale, `leagueError.${error.code}`, error.params);
  }
}

export function scopeWords(locale: BotLocale, scope: RatingScope): string {
  return scope === 'league' ? t(locale, 'rating.scope.league') : t(locale, 'rating.scope.all');
}

/** Established players by rating, highest first. */
function ranked(ratings: Ratings): [string, { rating: number; games: number }][] {
  return [...ratings.players].filter(([, r]) => !r.provisional).sort(([, a], [, b]) => b.rating - a.rating);
}

/** `/rating`: one player's rating and place. */
export function describeRating(locale: BotLocale, scope: RatingScope, ratings: Ratings, userId: string): string {
  const r = ratings.players.get(userId);
  const player = mention(userId);
  const scopeText = scopeWords(locale, scope);
  if (!r) return t(locale, 'rating.none', { player, scope: scopeText });
  const rating = Math.round(r.rating);
  if (r.provisional) return t(locale, 'rating.provisional', { player, rating, games: r.games, scope: scopeText });
  const list = ranked(ratings);
  const rank = list.findIndex(([u]) => u === userId) + 1;
  return t(locale, 'rating.line', { player, rating, games: r.games, scope: scopeText, rank, count: list.length });
}

/** `/leaderboard`: players, a faction's ratings by map, or a map's factions. */
export function describeLeaderboard(
  locale: BotLocale,
  scope: RatingScope,
  ratings: Ratings,
  filter: { faction: string | null; map: string | null },
): string {
  const scopeText = scopeWords(locale, scope);
  if (filter.faction || filter.map) {
    const rows = [...ratings.factions]
      .map(([key, r]) => {
        const [faction, map] = key.split(' ') as [string, string];
        return { faction, map, ...r };
      })
      .filter((r) => (!filter.faction || r.faction === filter.faction) && (!filter.map || r.map === filter.map))
      .sort((a, b) => b.rating - a.rating);
    const title = filter.faction
      ? t(locale, 'leaderboard.factionTitle', { faction: factionName(locale, filter.faction), scope: scopeText })
      : t(locale, 'leaderboard.mapTitle', { map: mapName(locale, filter.map!), scope: scopeText });
    if (rows.length === 0) return `${title}\n${t(locale, 'leaderboard.empty')}`;
    return [
      title,
      ...rows.slice(0, 25).map((r, i) =>
        t(locale, 'leaderboard.factionRow', {
          place: i + 1,
          name: filter.faction ? mapName(locale, r.map) : factionName(locale, r.faction),
          rating: Math.round(r.rating),
          games: r.games,
        }),
      ),
    ].join('\n');
  }
  const title = t(locale, 'leaderboard.title', { scope: scopeText });
  const list = ranked(ratings);
  const provisional = [...ratings.players].filter(([, r]) => r.provisional).map(([u]) => mention(u));
  if (list.length === 0 && provisional.length === 0) return `${title}\n${t(locale, 'leaderboard.empty')}`;
  return [
    title,
    ...list.slice(0, 25).map(([u, r], i) =>
      t(locale, 'leaderboard.row', {
        place: i + 1,
        player: mention(u),
        rating: Math.round(r.rating),
        games: r.games,
      }),
    ),
    ...(provisional.length ? [t(locale, 'leaderboard.provisional', { list: provisional.join(', ') })] : []),
  ].join('\n');
}

/** One finished game in a list: its date, map, scores best first, and where it was played. */
export function historyLine(locale: BotLocale, index: number, r: GameResult): string {
  const scores = [...r.seats]
    .sort((a, b) => a.rank - b.rank)
    .map((s) =>
      t(locale, 'history.score', { faction: factionName(locale, s.faction), player: mention(s.userId), vp: s.vp }),
    )
    .join(', ');
  return t(locale, 'history.line', {
    index,
    date: when(r.finishedAt, 'd'),
    map: mapName(locale, r.map),
    scores,
    where: `<#${r.channelId}>`,
  });
}

/** `/league settings`: what the server rates and who runs its seasons. */
export function describeSettings(locale: BotLocale, league: GuildLeague): string {
  return t(locale, 'league.reply.settings', {
    ratings: t(locale, `opt.ratings.${league.ratings}`),
    role: league.adminRoleId ? t(locale, 'league.reply.settingsRole', { role: `<@&${league.adminRoleId}>` }) : '',
  });
}
