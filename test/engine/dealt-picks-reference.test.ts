/**
 * Fire & Ice factions dealt or auctioned (docs/rulings.md AU-9): every `setup` row first, the colour picks
 * and the starting favour after them. The reference's ledgers replay with every row's numbers equal.
 */
import { join } from 'node:path';
import { describeReferenceGames } from '../support/reference-games.ts';

describeReferenceGames(
  'AU-9: setup rows before the owed colour picks, against the reference engine',
  join(import.meta.dirname, '..', 'fixtures', 'dealt-picks'),
  { games: 2, ledgers: 2 },
);
