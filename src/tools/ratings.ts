// `npm run ratings -- --results FILE.json [--json]`: the ratings terra.snellman.net's method gives a list
// of finished games (format: docs/league.md), so anyone can check them against the reference's own code.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { computeRatings } from '../league/ratings.ts';
import { ratingsJson, readResultsFile } from '../league/results-file.ts';

const USAGE = 'usage: npm run ratings -- --results FILE.json [--json]';

function main(): number {
  let values: { results?: string; json?: boolean };
  try {
    ({ values } = parseArgs({ options: { results: { type: 'string' }, json: { type: 'boolean' } } }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (!values.results) {
    console.error(USAGE);
    return 2;
  }
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(values.results, 'utf8'));
  } catch (error) {
    console.error(`${values.results}: ${(error as Error).message}`);
    return 1;
  }
  const file = readResultsFile(json);
  if (!file.ok) {
    console.error(`${values.results}: ${file.problem}`);
    return 1;
  }
  const ratings = computeRatings(file.games);
  if (values.json) {
    process.stdout.write(`${JSON.stringify(ratingsJson(ratings), null, 2)}\n`);
    return 0;
  }
  const rows = (map: typeof ratings.players) =>
    [...map]
      .sort(([, a], [, b]) => b.rating - a.rating)
      .map(
        ([name, r]) =>
          `${r.rating.toFixed(1).padStart(7)}  ${String(r.games).padStart(4)}  ${name}${r.provisional ? ' (provisional)' : ''}`,
      );
  const reasons = new Map<string, number>();
  for (const u of ratings.unrated) reasons.set(u.reason, (reasons.get(u.reason) ?? 0) + 1);
  const why = [...reasons].map(([reason, n]) => `${n} ${reason}`).join(', ');
  console.log(`${ratings.rated.length} games rated, ${ratings.unrated.length} left out${why ? ` (${why})` : ''}`);
  console.log('\nplayers: rating, games, name');
  for (const line of rows(ratings.players)) console.log(line);
  console.log('\nfactions: rating, games, faction and map');
  for (const line of rows(ratings.factions)) console.log(line);
  return 0;
}

process.exitCode = main();
