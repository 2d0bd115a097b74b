import { spawnSync } from 'node:child_process';
import { referenceScript } from '../src/tools/snellman.ts';

/** The reference engine's time on the corpus games, from its oracle script. */
export interface ReferenceTimes {
  /** Each game's evaluation, in seconds of wall clock: the median of `runs` in-process evaluations. */
  readonly wall: readonly number[];
  /**
   * CPU seconds one evaluation of a game takes, on average: what a loaded machine changes least. The
   * script's CPU time with `runs` evaluations of each game less its time with one, per extra evaluation
   * (loading the engine and converting each record cancel out).
   */
  readonly cpuPerGame: number | null;
}

/** One run of the oracle script: its output and the CPU seconds it took (bash's `times`, children). */
function score(script: string, runs: number, files: readonly string[]): { stdout: string; cpu: number | null } | null {
  const r = spawnSync(
    'bash',
    ['-c', 'perl "$0" --runs "$1" --no-error-row "${@:2}"; times >&2', script, String(runs), ...files],
    { encoding: 'utf8', maxBuffer: 1 << 26 },
  );
  if (r.error || r.status !== 0) return null;
  const m = r.stderr
    .trimEnd()
    .split('\n')
    .at(-1)
    ?.match(/^(\d+)m([\d.]+)s (\d+)m([\d.]+)s$/);
  const cpu = m ? Number(m[1]) * 60 + Number(m[2]) + Number(m[3]) * 60 + Number(m[4]) : null;
  return { stdout: r.stdout, cpu };
}

/**
 * The reference engine's own time per corpus game, evaluated in-process by its oracle script (record
 * conversion excluded); null when it is not installed.
 */
export function referenceGameSeconds(files: readonly string[], runs: number): ReferenceTimes | null {
  const script = referenceScript();
  if (!script || runs < 2) return null;
  const setup = spawnSync('bash', [script.replace(/score\.pl$/, 'setup.sh')], { encoding: 'utf8' });
  if (setup.status !== 0) return null;
  const timed = score(script, runs, files);
  if (!timed) return null;
  const wall: number[] = [];
  for (const line of timed.stdout.split('\n')) {
    if (!line.trim()) continue;
    const j = JSON.parse(line) as { eval_seconds?: number; errors?: string[] };
    if (typeof j.eval_seconds === 'number' && !j.errors?.length) wall.push(j.eval_seconds);
  }
  if (!wall.length) return null;
  const once = score(script, 1, files);
  const cpuPerGame =
    timed.cpu !== null && once?.cpu != null ? (timed.cpu - once.cpu) / ((runs - 1) * files.length) : null;
  return { wall, cpuPerGame };
}
