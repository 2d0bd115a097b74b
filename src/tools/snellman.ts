// Where the reference engine's oracle script lives (shared/tools/snellman/score.pl beside the
// repository, as on the developers' machines); null where it is not installed.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

const REPO = resolve(import.meta.dirname, '../..');

export function referenceScript(): string | null {
  const candidates = [
    process.env.TM_SNELLMAN_SCORE,
    resolve(REPO, '../shared/tools/snellman/score.pl'),
    resolve(REPO, '../../shared/tools/snellman/score.pl'),
  ];
  return candidates.find((p): p is string => !!p && existsSync(p)) ?? null;
}
