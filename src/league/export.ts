// A season's standings and results as files: CSV (one file for the standings, one row per seat of every
// table for the results) or one JSON document. Players are Discord user ids; docs/league.md lists the columns.
import type { GameResult } from '../game/result.ts';
import type { SeasonExport } from './service.ts';

/** RFC 4180: a field with a comma, quote or line break is quoted, quotes doubled. */
function csvField(value: string | number | boolean | null): string {
  const text = value === null ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function csv(rows: readonly (readonly (string | number | boolean | null)[])[]): string {
  return rows.map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n';
}

export const STANDINGS_COLUMNS = [
  'division',
  'place',
  'player',
  'points',
  'played',
  'tables',
  'wins',
  'vp',
  'average_rank',
  'drops',
  'mark',
] as const;

export const RESULTS_COLUMNS = [
  'table',
  'division',
  'group',
  'game',
  'finished_at',
  'map',
  'options',
  'position',
  'player',
  'substitute',
  'faction',
  'vp',
  'rank',
  'dropped',
] as const;

export function standingsCsv(data: SeasonExport): string {
  return csv([
    STANDINGS_COLUMNS,
    ...data.standings.divisions.flatMap((d) =>
      d.rows.map((r) => [
        d.division,
        r.place,
        r.userId,
        r.points,
        r.played,
        r.tables,
        r.wins,
        r.vp,
        r.averageRank === null ? null : Number(r.averageRank.toFixed(3)),
        r.drops,
        r.mark,
      ]),
    ),
  ]);
}

/** One row per seat of every table; a table not finished yet has its seats with empty results. */
export function resultsCsv(data: SeasonExport): string {
  return csv([
    RESULTS_COLUMNS,
    ...data.season.tables.flatMap((t) => {
      const result = t.gameId ? data.results.get(t.gameId) : undefined;
      return t.seats.map((s) => {
        const seat = result?.seats.find((x) => x.position === s.position);
        return [
          t.number,
          t.division,
          t.group,
          t.gameId,
          result ? result.finishedAt.toISOString() : null,
          result?.map ?? null,
          result ? result.options.join(' ') : null,
          s.position,
          s.userId,
          s.substituteId,
          seat?.faction ?? null,
          seat?.vp ?? null,
          seat?.rank ?? null,
          seat ? seat.dropped : null,
        ];
      });
    }),
  ]);
}

/** The whole season as one JSON document. */
export function seasonJson(data: SeasonExport): string {
  const { season, entries, tables } = data.season;
  return `${JSON.stringify(
    {
      season: {
        name: season.name,
        status: season.status,
        config: season.config,
        createdAt: season.createdAt.toISOString(),
      },
      entries: entries.map((e) => ({
        player: e.userId,
        status: e.status,
        signedUpAt: e.signedUpAt.toISOString(),
        division: e.division,
        seed: e.seed,
      })),
      standings: data.standings.divisions.map((d) => ({ division: d.division, rows: d.rows })),
      tables: tables.map((t) => {
        const result = t.gameId ? data.results.get(t.gameId) : undefined;
        return {
          table: t.number,
          division: t.division,
          group: t.group,
          game: t.gameId,
          seats: t.seats.map((s) => ({ position: s.position, player: s.userId, substitute: s.substituteId })),
          result: result
            ? {
                finishedAt: result.finishedAt.toISOString(),
                map: result.map,
                options: result.options,
                seats: result.seats,
              }
            : null,
        };
      }),
    },
    null,
    2,
  )}\n`;
}

export const GAME_COLUMNS = [
  'game',
  'finished_at',
  'channel',
  'map',
  'options',
  'position',
  'player',
  'faction',
  'vp',
  'rank',
  'dropped',
  'ai',
] as const;

/** Finished games' results, one row per seat (`/history … file:csv`). */
export function gamesCsv(results: readonly GameResult[]): string {
  return csv([
    GAME_COLUMNS,
    ...results.flatMap((r) =>
      r.seats.map((s) => [
        r.gameId,
        r.finishedAt.toISOString(),
        r.channelId,
        r.map,
        r.options.join(' '),
        s.position,
        s.userId,
        s.faction,
        s.vp,
        s.rank,
        s.dropped,
        s.ai,
      ]),
    ),
  ]);
}

/** Finished games' results as JSON: the results file `npm run ratings` reads, with ranks and options beside. */
export function gamesJson(results: readonly GameResult[]): string {
  return `${JSON.stringify(
    results.map((r) => ({
      id: r.gameId,
      finishedAt: r.finishedAt.toISOString(),
      map: r.map,
      channel: r.channelId,
      options: r.options,
      factions: r.seats.map((s) => ({
        player: s.userId,
        faction: s.faction,
        vp: s.vp,
        rank: s.rank,
        ...(s.dropped ? { dropped: true } : {}),
        ...(s.ai ? { ai: true } : {}),
      })),
    })),
    null,
    2,
  )}\n`;
}
