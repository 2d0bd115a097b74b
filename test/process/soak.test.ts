// Hundreds of moves through the game service on SQLite in one process: what the process holds stays
// flat. Run in a child process so the live heap can be measured after full collections (--expose-gc).
// The libsql driver failed this with two more open files per store call, and better-sqlite3 13 with
// 2.6 KB of native memory per prepared statement until statements were kept. Resident memory grows
// while the allocator warms up (on Node 24 for about a dozen games), so growth counts from game 12.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { SoakSample } from '../../bench/soak.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

describe('a long-running store', () => {
  it('keeps open files, heap and memory flat over 480 moves in 24 games', async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', 'bench/soak.ts', '--games', '24', '--every', '4', '--json'],
      { cwd: ROOT, maxBuffer: 1 << 20 },
    );
    const samples = JSON.parse(stdout.trim().split('\n').at(-1)!) as SoakSample[];
    const warm = samples.find((s) => s.games === 12)!;
    const end = samples.at(-1)!;
    expect(end).toMatchObject({ games: 24, moves: 480 });
    expect(end.openFiles - warm.openFiles).toBeLessThanOrEqual(1);
    expect(end.heapMB! - warm.heapMB!).toBeLessThan(5);
    expect(end.rssMB - warm.rssMB).toBeLessThan(40);
  }, 180_000);
});
