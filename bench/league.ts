// League figures: ratings recomputed over 10,000 finished games (goal: under 5 s).
//
//   npx tsx bench/league.ts          (npm run bench -- --only league)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { computeRatings, type RatingGame } from '../src/league/ratings.ts';
import { readResultsFile } from '../src/league/results-file.ts';
import { type BenchSize, sized } from './size.ts';
import { fmt, median, timeMs } from './stats.ts';

const RESULTS = join(import.meta.dirname, '..', 'test', 'fixtures', 'ratings', 'results.json');

/** `count` games: the ratings fixture's list over and over, each copy later than the one before. */
export function manyGames(count: number): RatingGame[] {
  const file = readResultsFile(JSON.parse(readFileSync(RESULTS, 'utf8')));
  if (!file.ok) throw new Error(file.problem);
  const span = 365 * 86_400_000;
  return Array.from({ length: count }, (_, i) => {
    const g = file.games[i % file.games.length]!;
    const copy = Math.floor(i / file.games.length);
    return { ...g, id: `${g.id}#${copy}`, finishedAt: new Date(g.finishedAt.getTime() + copy * span) };
  });
}

export async function benchLeague(size: BenchSize = 'full'): Promise<string[]> {
  const count = sized(size, 10_000, 500);
  const games = manyGames(count);
  const times = Array.from({ length: sized(size, 5, 1) }, () => timeMs(() => computeRatings(games)));
  return [
    `league: ratings over ${count.toLocaleString('en')} games, computed (median of ${times.length}): ${fmt(median(times))} ms (goal with the store read: < 5,000 ms)`,
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const line of await benchLeague()) console.log(line);
}
