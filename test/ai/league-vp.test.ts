/**
 * The league figures the arena's stand next to: each faction's final VP from a finished game record, as
 * the record's own header gives them; records with a dropped faction, cut short or of another player
 * count left out.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { recordedFigures, recordedFinalVp } from '../../src/ai/league-vp.ts';

const DIR = 'test/fixtures/games';
const read = (f: string) => readFileSync(`${DIR}/${f}`, 'utf8');
const header = (text: string, key: string) => text.split('\n').find((l) => l.startsWith(`# ${key}:`))!;

/** "mermaids 148, darklings 140, ..." from the header's FINAL VP line. */
function headerVp(text: string): Record<string, number> {
  const line = header(text, 'FINAL VP (as recorded by the source)').split(': ')[1]!;
  return Object.fromEntries(line.split(', ').map((p) => [p.split(' ')[0]!, Number(p.split(' ')[1])]));
}

const league = readdirSync(DIR).filter((f) => f.startsWith('4pLeague'));
const finished = league.filter((f) => header(read(f), 'dropped factions') === '# dropped factions: none');
const dropped = league.filter((f) => /dropped from the game/.test(header(read(f), 'dropped factions')));

describe('league figures from game records', () => {
  it("gives every faction's final VP of a finished record, as its header recorded them", () => {
    for (const f of finished.slice(0, 3)) {
      const seats = recordedFinalVp(read(f))!;
      expect(seats).toHaveLength(4);
      expect(Object.fromEntries(seats.map((s) => [s.faction, s.vp]))).toEqual(headerVp(read(f)));
    }
  });

  it('leaves out a record with a dropped faction, and one cut before its end', () => {
    expect(dropped.length).toBeGreaterThan(0);
    expect(recordedFinalVp(read(dropped[0]!))).toBeNull();
    const text = read(finished[0]!);
    expect(recordedFinalVp(text.split('\n').slice(0, 200).join('\n'))).toBeNull();
  });

  it('averages by faction over the records of the given player count only', () => {
    const texts = [finished[0]!, finished[1]!, dropped[0]!, 'tmai_unittesttext0.txt'].map(read);
    const figures = recordedFigures(texts);
    expect(figures.games).toBe(2);
    const seats = [finished[0]!, finished[1]!].flatMap((f) => Object.entries(headerVp(read(f))));
    expect(figures.seatMeanVp).toBe(Math.round((seats.reduce((a, [, v]) => a + v, 0) / 8) * 10) / 10);
    for (const [faction, row] of Object.entries(figures.byFaction)) {
      const vps = seats.filter(([f]) => f === faction).map(([, v]) => v);
      expect(row).toEqual({
        games: vps.length,
        meanVp: Math.round((vps.reduce((a, b) => a + b, 0) / vps.length) * 10) / 10,
      });
    }
  });
});
