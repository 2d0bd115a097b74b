// Crash safety at scale: a child process appending moves to SQLite is killed with SIGKILL at a
// random moment, TRIALS times; after every kill the reopened store must be intact.
// Run alone: npx tsx bench/store-crash.ts [trials]
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { runCrashTrials } from '../src/store/crash-check.ts';
import { scratchSqlite } from '../src/store/testing.ts';

export async function benchStoreCrash(trials = 200): Promise<string[]> {
  const db = await scratchSqlite();
  const start = performance.now();
  try {
    const result = await runCrashTrials({ url: db.url, trials });
    const seconds = ((performance.now() - start) / 1000).toFixed(0);
    // A lost or duplicated move fails the run (CI's smoke run included), not only its line.
    if (result.problems.length > 0) process.exitCode = 1;
    return [
      `store crash: ${result.trials} SIGKILLs in ${seconds} s, ${result.acknowledgedAppends} acknowledged appends, ` +
        `${result.moves} moves in ${result.games} games after the last reopen: ` +
        (result.problems.length === 0
          ? 'no move lost or duplicated, every log contiguous, versions consistent'
          : `${result.problems.length} PROBLEMS`),
      ...result.problems.slice(0, 20).map((p) => `  ${p}`),
    ];
  } finally {
    await db.drop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const lines = await benchStoreCrash(Number(process.argv[2] ?? 200));
  for (const line of lines) console.log(line);
}
