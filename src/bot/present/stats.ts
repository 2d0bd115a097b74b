// `/tm stats` in words and as a picture: a player's (or the server's) figures by faction and by map, best
// scores and, for the server, its most active players.
import { t, type BotLocale } from '../../i18n/index.ts';
import type { Figures, Stats } from '../../league/stats.ts';
import type { StatsPicture, StatsTable } from '../../render/index.ts';
import { mapName } from './league.ts';
import { factionName, mention } from './names.ts';

const ROWS = 12;
const one = (n: number) => n.toFixed(1);
const two = (n: number) => n.toFixed(2);

function figureCells(f: Figures): string[] {
  return [String(f.games), String(f.wins), one(f.meanVp), two(f.meanRank), String(f.bestVp)];
}

/** The picture: `whose` is the player's name, or null for the server's figures. */
export function statsPicture(
  locale: BotLocale,
  stats: Stats,
  whose: string | null,
  nameOf: (userId: string) => string,
): StatsPicture {
  const overall = stats.overall!;
  const columns = ['games', 'wins', 'meanVp', 'meanRank', 'best'].map((c) =>
    t(locale, `stats.col.${c}` as 'stats.col.games'),
  );
  const widest = (list: readonly Figures[]) => Math.max(1, ...list.map((f) => f.meanVp));
  const tables: StatsTable[] = [
    {
      heading: t(locale, 'stats.byFaction'),
      columns,
      rows: stats.byFaction.slice(0, ROWS).map((f) => ({
        label: factionName(locale, f.faction),
        faction: f.faction,
        cells: figureCells(f),
        bar: f.meanVp / widest(stats.byFaction),
      })),
    },
    {
      heading: t(locale, 'stats.byMap'),
      // A server's maps: games played on each, their mean VP and what it took to win.
      columns:
        whose === null
          ? ['games', 'meanVp', 'winningVp', 'best'].map((c) => t(locale, `stats.col.${c}` as 'stats.col.games'))
          : columns,
      rows: stats.byMap.map((m) => ({
        label: mapName(locale, m.map),
        cells: whose === null ? [String(m.tables), one(m.meanVp), one(m.winningVp), String(m.bestVp)] : figureCells(m),
        bar: m.meanVp / widest(stats.byMap),
      })),
    },
    ...(whose === null && stats.active.length
      ? [
          {
            heading: t(locale, 'stats.players'),
            columns,
            rows: stats.active.map((p) => ({
              label: nameOf(p.userId),
              cells: figureCells(p),
              bar: p.meanVp / widest(stats.active),
            })),
          },
        ]
      : []),
    {
      heading: t(locale, 'stats.best'),
      columns: [t(locale, 'stats.col.vp')],
      rows: stats.best.map((b) => ({
        label: `${factionName(locale, b.faction)} · ${whose === null ? nameOf(b.userId) : mapName(locale, b.map)}`,
        faction: b.faction,
        cells: [String(b.vp)],
        bar: b.vp / Math.max(1, stats.best[0]!.vp),
      })),
    },
  ];
  return {
    title: whose === null ? t(locale, 'stats.title.server') : t(locale, 'stats.title.player', { player: whose }),
    subtitle: t(locale, 'stats.subtitle', { count: stats.games }),
    headline:
      whose === null
        ? [
            { label: t(locale, 'stats.headline.games'), value: String(stats.games) },
            { label: t(locale, 'stats.headline.players'), value: String(stats.players) },
            { label: t(locale, 'stats.headline.meanVp'), value: one(overall.meanVp) },
            { label: t(locale, 'stats.headline.winningVp'), value: one(stats.winningVp ?? 0) },
            { label: t(locale, 'stats.headline.best'), value: String(overall.bestVp) },
          ]
        : [
            { label: t(locale, 'stats.headline.games'), value: String(overall.games) },
            { label: t(locale, 'stats.headline.wins'), value: String(overall.wins) },
            { label: t(locale, 'stats.headline.meanVp'), value: one(overall.meanVp) },
            { label: t(locale, 'stats.headline.meanRank'), value: two(overall.meanRank) },
            { label: t(locale, 'stats.headline.best'), value: String(overall.bestVp) },
          ],
    tables,
  };
}

/** The short text beside the picture: a player's (`who`), or the server's when `who` is null. */
export function statsText(locale: BotLocale, stats: Stats, who: string | null): string {
  const o = stats.overall;
  if (!o) return t(locale, 'stats.none');
  const best = stats.best[0]!;
  if (who === null)
    return t(locale, 'stats.textServer', {
      games: stats.games,
      players: stats.players,
      vp: one(o.meanVp),
      winning: one(stats.winningVp ?? 0),
      best: best.vp,
      faction: factionName(locale, best.faction),
      player: mention(best.userId),
    });
  return t(locale, 'stats.text', {
    who,
    games: o.games,
    wins: o.wins,
    vp: one(o.meanVp),
    rank: two(o.meanRank),
    best: best.vp,
    faction: factionName(locale, best.faction),
  });
}
