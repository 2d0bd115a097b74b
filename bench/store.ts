// Store timings: appending one move and loading a game of about 300 moves (SQLite, and
// PostgreSQL when TEST_POSTGRES_URL is set). Run alone: npx tsx bench/store.ts
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import type { GameRepo } from '../src/game/repo.ts';
import { openStore } from '../src/store/prisma-repo.ts';
import { type ScratchDatabase, scratchPostgres, scratchSqlite } from '../src/store/testing.ts';
import { type BenchSize, sized } from './size.ts';

/** Appends timed, the length of the game loaded, loads timed. */
interface Counts {
  appends: number;
  logLength: number;
  loads: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

async function time(times: number[], work: () => Promise<unknown>): Promise<void> {
  const start = performance.now();
  await work();
  times.push(performance.now() - start);
}

const text = (i: number) => `convert 1pw to 1c. build ${String.fromCharCode(65 + (i % 9))}${1 + (i % 13)}`;

async function measure(repo: GameRepo, { appends: APPENDS, logLength: LOG_LENGTH, loads: LOADS }: Counts) {
  const game = await repo.createGame({ guildId: 'bench', channelId: 'append', creatorUserId: 'u', seed: 's' });
  const appends: number[] = [];
  let version = game.version;
  for (let i = 0; i < APPENDS + 20; i++) {
    const ms: number[] = [];
    await time(
      ms,
      async () =>
        ({ version } = await repo.appendMoves(game.id, version, [{ seat: i % 4, userId: 'u', text: text(i) }])),
    );
    if (i >= 20) appends.push(ms[0]!); // the first ones warm up the client and the file
  }

  const big = await repo.createGame({ guildId: 'bench', channelId: 'load', creatorUserId: 'u', seed: 's' });
  version = big.version;
  for (let i = 0; i < LOG_LENGTH; i++)
    ({ version } = await repo.appendMoves(big.id, version, [{ seat: i % 4, userId: 'u', text: text(i) }]));
  const loads: number[] = [];
  for (let i = 0; i < LOADS; i++) {
    await time(loads, async () => {
      const loaded = await repo.loadGame(big.id);
      if (loaded?.moves.length !== LOG_LENGTH) throw new Error('bench: the log did not load');
    });
  }
  return { append: median(appends), load: median(loads) };
}

async function benchOne(name: string, scratch: () => Promise<ScratchDatabase>, counts: Counts): Promise<string[]> {
  const db = await scratch();
  const { repo } = await openStore(db.url);
  try {
    const { append, load } = await measure(repo, counts);
    return [
      `store ${name}: appendMoves (1 move) median ${append.toFixed(2)} ms over ${counts.appends}`,
      `store ${name}: loadGame (${counts.logLength} moves) median ${load.toFixed(2)} ms over ${counts.loads}`,
    ];
  } finally {
    await repo.close();
    await db.drop();
  }
}

export async function benchStore(size: BenchSize = 'full'): Promise<string[]> {
  const counts = sized(size, { appends: 200, logLength: 300, loads: 50 }, { appends: 5, logLength: 20, loads: 3 });
  const lines = await benchOne('sqlite', scratchSqlite, counts);
  const pgUrl = process.env.TEST_POSTGRES_URL;
  if (pgUrl) lines.push(...(await benchOne('postgresql', () => scratchPostgres(pgUrl), counts)));
  return lines;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const line of await benchStore()) console.log(line);
}
