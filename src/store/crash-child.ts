// A process that plays moves into a store as fast as it can until it is killed (crash-check.ts).
// Each committed append is acknowledged on stdout as "ok <gameId> <version>" only after the commit
// returned, so everything acknowledged must survive the kill.
import { StaleVersionError } from '../game/repo.ts';
import { CRASH_MOVE, crashSnapshot } from './crash-check.ts';
import { openStore } from './prisma-repo.ts';

const url = process.argv[2];
if (!url) throw new Error('usage: crash-child.ts <database url>');
const { repo } = await openStore(url);
const games = await repo.listGames({ limit: 1000 });

// One loop per game, so transactions of several games are in flight when the kill lands.
await Promise.all(
  games.map(async ({ id }) => {
    for (;;) {
      const game = (await repo.getGame(id))!;
      const next = game.version + 1;
      const count = 1 + Math.floor(Math.random() * 3);
      const moves = Array.from({ length: count }, (_, i) => ({
        seat: i % 2,
        userId: 'crash',
        text: CRASH_MOVE(next, i + 1, count),
      }));
      try {
        const { version } = await repo.appendMoves(id, game.version, moves);
        process.stdout.write(`ok ${id} ${version}\n`);
        if (Math.random() < 0.2) await repo.saveSnapshot(id, version, crashSnapshot(game.moveCount + count));
      } catch (e) {
        if (!(e instanceof StaleVersionError)) throw e;
      }
    }
  }),
);
