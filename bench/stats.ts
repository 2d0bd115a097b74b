/** Median and percentiles of timing samples, in milliseconds. */
export function median(xs: readonly number[]): number {
  return percentile(xs, 50);
}

export function percentile(xs: readonly number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  const i = Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1));
  return s[i]!;
}

export function timeMs(fn: () => void): number {
  const t = performance.now();
  fn();
  return performance.now() - t;
}

export function fmt(ms: number): string {
  return ms < 1 ? ms.toFixed(3) : ms.toFixed(2);
}
