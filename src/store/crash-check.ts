// Crash safety: a child process appends moves to a SQLite file and is killed with SIGKILL at a
// random moment; the store is then reopened and every game's log checked. Used by the test suite
// (a few trials) and bench/store-crash.ts (hundreds).
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { GameRepo } from '../game/repo.ts';
import { openStore } from './prisma-repo.ts';

/** Move text that says which append (the game version it created) it belongs to. */
export const CRASH_MOVE = (version: number, index: number, count: number): string =>
  `crash v${version} ${index}/${count}`;
const CRASH_MOVE_PATTERN = /^crash v(\d+) (\d+)\/(\d+)$/;

export const crashSnapshot = (moveCount: number) => ({ moveCount });

const childScript = fileURLToPath(new URL('./crash-child.ts', import.meta.url));

export interface CrashCheck {
  games: number;
  moves: number;
  problems: string[];
}

/**
 * Checks every game of a store the child wrote to: seqs are 1..moveCount without gaps or
 * duplicates, every append is complete (all or none of its moves), appends follow each other
 * version by version up to the game's version, a snapshot matches its version, and no append the
 * child acknowledged (`acknowledged`: game id → highest version) is missing.
 */
export async function checkCrashedStore(repo: GameRepo, acknowledged: Map<string, number>): Promise<CrashCheck> {
  const problems: string[] = [];
  let moves = 0;
  const games = await repo.listGames({ limit: 1000 });
  for (const { id } of games) {
    const loaded = (await repo.loadGame(id))!;
    const { game } = loaded;
    const fail = (what: string) => problems.push(`${id}: ${what}`);
    moves += loaded.moves.length;
    if (loaded.moves.length !== game.moveCount) fail(`${loaded.moves.length} moves but moveCount ${game.moveCount}`);
    const countAt = new Map<number, number>([[1, 0]]);
    let expectedVersion = 1;
    let batch: { version: number; count: number; next: number } | null = null;
    loaded.moves.forEach((m, i) => {
      if (m.seq !== i + 1) fail(`move ${i + 1} has seq ${m.seq}`);
      const [, v, index, count] = (CRASH_MOVE_PATTERN.exec(m.text) ?? []).map(Number);
      if (v === undefined || index === undefined || count === undefined)
        return fail(`unexpected move text "${m.text}"`);
      if (index === 1) {
        if (batch) fail(`append v${batch.version} stops after ${batch.next - 1} of ${batch.count} moves`);
        expectedVersion += 1;
        if (v !== expectedVersion) fail(`append v${v} at seq ${m.seq}, expected v${expectedVersion}`);
        batch = { version: v, count, next: 1 };
      }
      if (!batch || v !== batch.version || index !== batch.next || count !== batch.count)
        return fail(`move "${m.text}" out of place at seq ${m.seq}`);
      batch.next += 1;
      if (batch.next > batch.count) {
        countAt.set(batch.version, m.seq);
        batch = null;
      }
    });
    if (batch !== null) fail(`the last append is incomplete`);
    if (expectedVersion !== game.version)
      fail(`version ${game.version} but the log holds appends up to v${expectedVersion}`);
    const acked = acknowledged.get(id) ?? 1;
    if (acked > game.version) fail(`append v${acked} was acknowledged but the game is at version ${game.version}`);
    const snap = loaded.snapshot;
    if (
      snap &&
      (snap.version > game.version ||
        JSON.stringify(snap.state) !== JSON.stringify(crashSnapshot(countAt.get(snap.version) ?? -1)))
    ) {
      fail(`snapshot of v${snap.version} (${JSON.stringify(snap.state)}) does not match the log`);
    }
  }
  return { games: games.length, moves, problems };
}

export interface CrashTrialsResult {
  trials: number;
  /** Appends the children acknowledged over all trials. */
  acknowledgedAppends: number;
  games: number;
  moves: number;
  problems: string[];
}

/**
 * Creates `games` games in the SQLite file `url`, then `trials` times: starts a child that appends
 * moves, kills it with SIGKILL 0..maxKillDelayMs after its first commit, reopens the store and checks it.
 */
export async function runCrashTrials(options: {
  url: string;
  trials: number;
  games?: number;
  maxKillDelayMs?: number;
  onTrial?: (trial: number, check: CrashCheck) => void;
}): Promise<CrashTrialsResult> {
  const { url, trials, games = 4, maxKillDelayMs = 300 } = options;
  const acknowledged = new Map<string, number>();
  {
    const { repo } = await openStore(url);
    for (let i = 0; i < games; i++)
      await repo.createGame({ guildId: 'crash', channelId: `c${i}`, creatorUserId: 'crash', seed: `s${i}` });
    await repo.close();
  }
  let acknowledgedAppends = 0;
  const problems: string[] = [];
  let last: CrashCheck = { games: 0, moves: 0, problems: [] };
  for (let trial = 1; trial <= trials; trial++) {
    acknowledgedAppends += await runChildUntilKilled(url, Math.random() * maxKillDelayMs, acknowledged);
    const { repo } = await openStore(url);
    try {
      last = await checkCrashedStore(repo, acknowledged);
    } finally {
      await repo.close();
    }
    problems.push(...last.problems.map((p) => `trial ${trial}: ${p}`));
    options.onTrial?.(trial, last);
  }
  return { trials, acknowledgedAppends, games: last.games, moves: last.moves, problems };
}

async function runChildUntilKilled(
  url: string,
  killDelayMs: number,
  acknowledged: Map<string, number>,
): Promise<number> {
  const child = spawn(process.execPath, ['--import', 'tsx', childScript, url], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
    child.on('close', (code, signal) => resolve(signal ?? code)),
  );
  let appends = 0;
  let writing!: () => void;
  const isWriting = new Promise<void>((resolve) => (writing = resolve));
  createInterface({ input: child.stdout }).on('line', (line) => {
    const [, id, version] = line.split(' ');
    if (id === undefined || version === undefined) return;
    appends += 1;
    acknowledged.set(id, Math.max(acknowledged.get(id) ?? 0, Number(version)));
    writing();
  });
  // The clock starts at the first commit, not at start-up (the client's first queries are slow),
  // so kills land while appends stream.
  const early = await Promise.race([isWriting.then(() => null), exited]);
  if (early !== null) throw new Error(`crash child exited before appending anything (${early}): ${stderr}`);
  await new Promise((resolve) => setTimeout(resolve, killDelayMs));
  child.kill('SIGKILL');
  const end = await exited;
  if (end !== 'SIGKILL') throw new Error(`crash child ended with ${end} instead of being killed: ${stderr}`);
  return appends;
}
