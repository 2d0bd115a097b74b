import { spawnSync } from 'node:child_process';
import { referenceScript } from '../src/tools/snellman.ts';

/**
 * The reference engine's own time per corpus game, evaluated in-process by its oracle script (the
 * median of `runs` evaluations of each game, record conversion excluded); null when it is not installed.
 */
export function referenceGameSeconds(files: readonly string[], runs: number): number[] | null {
  const script = referenceScript();
  if (!script) return null;
  const setup = spawnSync('bash', [script.replace(/score\.pl$/, 'setup.sh')], { encoding: 'utf8' });
  if (setup.status !== 0) return null;
  const r = spawnSync('perl', [script, '--runs', String(runs), '--no-error-row', ...files], {
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  });
  if (r.error) return null;
  const out: number[] = [];
  for (const line of r.stdout.split('\n')) {
    if (!line.trim()) continue;
    const j = JSON.parse(line) as { eval_seconds?: number; errors?: string[] };
    if (typeof j.eval_seconds === 'number' && !j.errors?.length) out.push(j.eval_seconds);
  }
  return out.length ? out : null;
}
