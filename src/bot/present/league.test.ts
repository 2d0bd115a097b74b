import { describe, expect, it } from 'vitest';
import { type LoadedSeason, SeasonConfigSchema } from '../../league/season.ts';
import type { StandingRow, Standings } from '../../league/standings.ts';
import { checkMessage } from '../message-limits.ts';
import { standingsMessage } from './league.ts';

const at = new Date('2026-03-01T12:00:00Z');

function running(name: string): LoadedSeason {
  return {
    season: {
      id: 's1',
      guildId: 'g',
      channelId: 'c',
      name,
      status: 'running',
      config: SeasonConfigSchema.parse({}),
      signupClosesAt: null,
      signupMessageId: null,
      standingsMessageId: null,
      createdBy: 'admin',
      version: 3,
      createdAt: at,
      updatedAt: at,
    },
    entries: [],
    tables: [],
  };
}

/** `divisions` divisions of `size` players each, with Discord-sized ids, the first and last of each marked. */
function standings(divisions: number, size: number): Standings {
  let id = 1_575_702_712_111_071_000n;
  return {
    divisions: Array.from({ length: divisions }, (_, d) => ({
      division: d + 1,
      rows: Array.from({ length: size }, (_, i): StandingRow => ({
        userId: String(id++),
        division: d + 1,
        seed: i + 1,
        place: i + 1,
        points: 30 - i,
        played: 3,
        tables: 3,
        wins: 1,
        vp: 400 - i,
        averageRank: 2,
        drops: i === size - 1 ? 1 : 0,
        mark: i === 0 && d > 0 ? 'up' : i === size - 1 && d < divisions - 1 ? 'down' : null,
      })),
    })),
    finishedTables: divisions * size,
    tables: divisions * size,
    complete: true,
  };
}

const ids = (s: Standings) => s.divisions.flatMap((d) => d.rows.map((r) => r.userId));
const everything = (m: { content: string; embeds: { title: string; description: string }[] }) =>
  [m.content, ...m.embeds.flatMap((e) => [e.title, e.description])].join('\n');

describe('the standings message', () => {
  it('is one text while it fits in a message', () => {
    const s = standings(1, 16);
    const m = standingsMessage('en', running('Spring'), s);
    expect(m.embeds).toEqual([]);
    expect(m.content.split('\n').slice(0, 2)).toEqual(['**Spring** · final standings', '16 of 16 tables finished.']);
    for (const id of ids(s)) expect(m.content).toContain(`<@${id}>`);
  });

  it('gives a season of 64 players in four divisions an embed per division, every player in it', () => {
    const s = standings(4, 16);
    const m = standingsMessage('en', running('Spring'), s);
    expect(m.content).toBe('**Spring** · final standings\n64 of 64 tables finished.\n▲ promotion · ▼ relegation');
    expect(m.embeds.map((e) => e.title)).toEqual(['Division 1', 'Division 2', 'Division 3', 'Division 4']);
    const text = everything(m);
    for (const id of ids(s)) expect(text).toContain(`<@${id}>`);
    expect(m.embeds[1]!.description.split('\n')[0]).toMatch(/^1\. <@\d+> · 30 pts · 400 VP · 3\/3 played · ▲$/);
    expect(checkMessage(m)).toEqual([]);
  });

  it('keeps to ten embeds and 6,000 characters however large the season, counting those left out', () => {
    for (const [divisions, size] of [
      [12, 8],
      [1, 200],
      [3, 40],
    ] as const) {
      const s = standings(divisions, size);
      for (const locale of ['en', 'es', 'it'] as const) {
        const m = standingsMessage(locale, running('Una temporada con nombre largo'), s);
        expect(checkMessage(m), `${divisions}×${size} ${locale}`).toEqual([]);
        const shown = ids(s).filter((id) => everything(m).includes(`<@${id}>`)).length;
        const told = [...everything(m).matchAll(/(\d+) (?:more|más)|altri (\d+)/g)].reduce(
          (n, x) => n + Number(x[1] ?? x[2]),
          0,
        );
        expect(shown + told, `${divisions}×${size} ${locale}`).toBe(divisions * size);
      }
    }
    const twelve = standingsMessage('en', running('S'), standings(12, 8));
    expect(twelve.embeds).toHaveLength(6);
    expect(twelve.embeds[0]!.title).toBe('Division 1 · Division 2');
    expect(twelve.embeds[0]!.description).toContain('**Division 2**');
  });
});
