/**
 * How big a bench run is: `full` measures (the figures in docs/), `smoke` (`npm run bench -- --smoke`,
 * which .ci/run runs) takes each suite once through its smallest honest size, so a suite that no longer
 * runs fails CI; its figures mean nothing. A suite registered in bench/index.ts gets the size of the run.
 */
export type BenchSize = 'full' | 'smoke';

/** `full` in a full run, `smoke` in a smoke run. */
export function sized<T>(size: BenchSize, full: T, smoke: T): T {
  return size === 'smoke' ? smoke : full;
}
