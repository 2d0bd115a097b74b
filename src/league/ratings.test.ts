import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  type RatingGame,
  type RatingSeat,
  computeRatings,
  factionKey,
  ORIGINAL_MAP,
  SNELLMAN_SETTINGS,
} from './ratings.ts';
import { type RatingsJson, ratingsJson, readResultsFile } from './results-file.ts';

const FIXTURES = join(import.meta.dirname, '..', '..', 'test', 'fixtures', 'ratings');
const readJson = (name: string): unknown => JSON.parse(readFileSync(join(FIXTURES, name), 'utf8'));

function fixtureGames(): RatingGame[] {
  const file = readResultsFile(readJson('results.json'));
  if (!file.ok) throw new Error(file.problem);
  return file.games;
}

let clock = Date.parse('2025-06-01T00:00:00Z');
function game(
  id: string,
  seats: [player: string, faction: string, vp: number, extra?: Partial<RatingSeat>][],
): RatingGame {
  return {
    id,
    finishedAt: new Date((clock += 60_000)),
    map: null,
    factions: seats.map(([player, faction, vp, extra]) => ({ player, faction, vp, ...extra })),
  };
}

describe('ratings equal the reference’s own code (terra.snellman.net ELO.pm) on the same results', () => {
  // reference.json was written once by scripts/reference-ratings.pl, which runs the reference's rating
  // code over results.json: the 55 league games of the corpus and 300 self-play games (docs/league.md).
  const ours = ratingsJson(computeRatings(fixtureGames()));
  const reference = readJson('reference.json') as RatingsJson;

  it.each(['players', 'factions'] as const)('every one of the %s, to 0.01, with its games and mark', (kind) => {
    expect(Object.keys(ours[kind]).sort()).toEqual(Object.keys(reference[kind]).sort());
    for (const [name, ref] of Object.entries(reference[kind])) {
      const mine = ours[kind][name]!;
      expect(Math.abs(mine.rating - ref.rating), `${kind} ${name}: ${mine.rating} vs ${ref.rating}`).toBeLessThan(0.01);
      expect(mine.games, name).toBe(ref.games);
      expect(mine.provisional, name).toBe(ref.provisional);
    }
  });

  it('covers what the rules turn on: provisional players, unrated games, drops, equal VP and equal times', () => {
    const games = fixtureGames();
    const ratings = computeRatings(games);
    expect(ratings.rated.length).toBeGreaterThan(300);
    expect(ratings.unrated.map((u) => u.reason)).toContain('fewer-than-3-factions');
    expect([...ratings.players.values()].filter((p) => p.provisional).length).toBeGreaterThan(0);
    expect([...ratings.players.values()].filter((p) => !p.provisional).length).toBeGreaterThan(30);
    expect(games.flatMap((g) => g.factions).filter((f) => f.dropped).length).toBeGreaterThan(10);
    const ties = games.filter((g) => new Set(g.factions.map((f) => f.vp)).size < g.factions.length);
    expect(ties.length).toBeGreaterThan(10);
    const times = games.map((g) => g.finishedAt.getTime());
    expect(new Set(times).size).toBeLessThan(times.length);
  });
});

describe('the rating method', () => {
  it('starts everyone at 1000 and bets 16 a pair in the first pass, 4 in the second, 16/9 in the third', () => {
    // Three new players, one game: every match is between provisional players, so every player moves.
    const seats: Parameters<typeof game>[1] = [
      ['a', 'witches', 100],
      ['b', 'nomads', 90],
      ['c', 'giants', 80],
    ];
    const expected = (diff: number) => 1 / (1 + 10 ** (-diff / 400));
    // By hand, pass 1 alone: a beats b at even odds, then a (1008) beats c, then b (992) beats c.
    const once = computeRatings([game('g', seats)], { ...SNELLMAN_SETTINGS, iterations: 1 });
    const a1 = 1008 + 16 * (1 - expected(8));
    const c1 = 1000 - 16 * (1 - expected(8));
    const b1 = 992 + 16 * (1 - expected(992 - c1));
    expect(once.players.get('a')!.rating).toBeCloseTo(a1, 9);
    expect(once.players.get('b')!.rating).toBeCloseTo(b1, 9);
    expect(once.players.get('c')!.rating).toBeCloseTo(c1 - 16 * (1 - expected(992 - c1)), 9);
    const twice = computeRatings([game('g', seats)], { ...SNELLMAN_SETTINGS, iterations: 2 });
    const aPass2 = twice.players.get('a')!.rating - a1;
    expect(aPass2).toBeGreaterThan(0);
    expect(aPass2).toBeLessThan(2 * 4);
    const all = computeRatings([game('g', seats)]);
    expect(all.players.get('a')!).toEqual({ rating: expect.any(Number), games: 1, provisional: true });
    const sum = ['a', 'b', 'c'].reduce((t, p) => t + all.players.get(p)!.rating, 0);
    expect(sum).toBeCloseTo(3000, 9);
    // Nobody was established: the factions did not move.
    expect(all.factions.get(factionKey('witches', null))).toEqual({ rating: 1000, games: 1, provisional: false });
  });

  // One pass over the list, so the last game's effect is seen alone (later passes replay every game).
  const onePass = { ...SNELLMAN_SETTINGS, iterations: 1 };

  it('moves no established player’s rating by a match against a provisional one', () => {
    const factions = ['witches', 'nomads', 'giants'];
    const warm = Array.from({ length: 5 }, (_, i) =>
      game(
        `warm-${i}`,
        ['p1', 'p2', 'p3'].map((p, j) => [p, factions[j]!, 100 + ((i + j) % 3)]),
      ),
    );
    const before = computeRatings(warm, onePass);
    const after = computeRatings(
      [
        ...warm,
        game('newcomer', [
          ['p1', 'witches', 50],
          ['new', 'darklings', 200],
          ['p2', 'nomads', 40],
        ]),
      ],
      onePass,
    );
    const newcomer = after.players.get('new')!;
    expect(newcomer).toEqual({ rating: expect.any(Number), games: 1, provisional: true });
    expect(newcomer.rating).toBeGreaterThan(1000);
    // p1 beating p2 still moves both, by equal and opposite amounts; the newcomer's two wins move neither.
    const p1 = after.players.get('p1')!.rating - before.players.get('p1')!.rating;
    const p2 = after.players.get('p2')!.rating - before.players.get('p2')!.rating;
    expect(p1).toBeGreaterThan(0);
    expect(p1).toBeCloseTo(-p2, 9);
    expect(after.factions.get(factionKey('darklings', null))!.rating).toBe(1000);
  });

  it('ranks a dropped player by the VP they had and moves no faction rating in their matches', () => {
    const pros = ['p1', 'p2', 'p3', 'p4'];
    const factions = ['witches', 'nomads', 'giants', 'swarmlings'];
    const warm = Array.from({ length: 5 }, (_, i) =>
      game(
        `warm-${i}`,
        pros.map((p, j) => [p, factions[j]!, 100 + ((i + j) % 4)]),
      ),
    );
    const dropped = computeRatings(
      [
        ...warm,
        game(
          'drop',
          pros.map((p, j) => [p, factions[j]!, [120, 110, 20, 100][j]!, j === 2 ? { dropped: true } : {}]),
        ),
      ],
      onePass,
    );
    const kept = computeRatings(
      [
        ...warm,
        game(
          'drop',
          pros.map((p, j) => [p, factions[j]!, [120, 110, 20, 100][j]!]),
        ),
      ],
      onePass,
    );
    // The giants' player lost their three matches either way; the giants' rating moved only without the drop.
    expect(dropped.players.get('p3')!.rating).toBeLessThan(computeRatings(warm, onePass).players.get('p3')!.rating);
    expect(dropped.factions.get(factionKey('giants', null))!.rating).toBe(
      computeRatings(warm, onePass).factions.get(factionKey('giants', null))!.rating,
    );
    expect(kept.factions.get(factionKey('giants', null))!.rating).toBeLessThan(
      dropped.factions.get(factionKey('giants', null))!.rating,
    );
  });

  it('rates no game with fewer than 3 factions, an AI seat, or one person in two seats', () => {
    const r = computeRatings([
      game('two', [
        ['a', 'witches', 100],
        ['b', 'nomads', 90],
      ]),
      game('ai', [
        ['a', 'witches', 100],
        ['b', 'nomads', 90],
        ['bot', 'giants', 80, { ai: true }],
      ]),
      game('twice', [
        ['a', 'witches', 100],
        ['b', 'nomads', 90],
        ['a', 'giants', 80],
      ]),
    ]);
    expect(r.unrated).toEqual([
      { id: 'two', reason: 'fewer-than-3-factions' },
      { id: 'ai', reason: 'ai-seat' },
      { id: 'twice', reason: 'same-player-twice' },
    ]);
    expect(r.players.size).toBe(0);
    expect(r.factions.size).toBe(0);
  });

  it('takes games in finishing order, whatever the order of the list', () => {
    const base = Date.parse('2025-01-01T00:00:00Z');
    const games = fixtureGames().map((g, i) => ({ ...g, finishedAt: new Date(base + i * 60_000) }));
    const shuffled = [...games].sort((x, y) => x.id.localeCompare(y.id));
    expect(shuffled.map((g) => g.id)).not.toEqual(games.map((g) => g.id));
    expect(ratingsJson(computeRatings(shuffled))).toEqual(ratingsJson(computeRatings(games)));
  });

  it('keys a faction by its map, the original map when none is named', () => {
    expect(factionKey('witches', null)).toBe(`witches ${ORIGINAL_MAP}`);
    expect(factionKey('witches', 'fdb13a13cd48b7a3c3525f27e4628ff6905aa5b1')).toBe(
      'witches fdb13a13cd48b7a3c3525f27e4628ff6905aa5b1',
    );
  });
});

describe('the results file', () => {
  it('refuses a game without its fields, saying where', () => {
    const r = readResultsFile([{ id: 'x', finishedAt: 'yesterday', factions: [] }]);
    expect(r).toEqual({ ok: false, problem: expect.stringMatching(/^0\.finishedAt: /) });
  });
});
