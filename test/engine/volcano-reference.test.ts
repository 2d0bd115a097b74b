/**
 * The volcano factions' hand-written games (test/fixtures/volcano) against the reference engine: the
 * reference's ledger replays with every row's numbers equal, and each raw log gets the reference's verdict.
 */
import { join } from 'node:path';
import { describeReferenceGames } from '../support/reference-games.ts';

describeReferenceGames(
  'volcano factions against the reference engine',
  join(import.meta.dirname, '..', 'fixtures', 'volcano'),
  {
    games: 6,
    ledgers: 5,
  },
);
