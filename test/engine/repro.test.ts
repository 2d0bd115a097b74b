/**
 * The reproductions of issue 9 and 26 (test/fixtures/repro): our engine must reach the reference engine's
 * numbers on each, refuse the row it refused, and offer a move whenever it waits for someone.
 */
import { join } from 'node:path';
import { describeReferenceGames } from '../support/reference-games.ts';

describeReferenceGames(
  'reproductions of disagreements with the reference engine',
  join(import.meta.dirname, '..', 'fixtures', 'repro'),
  {
    games: 11,
    ledgers: 11,
  },
);
