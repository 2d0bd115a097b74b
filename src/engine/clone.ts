import type { GameState } from './types.ts';

/**
 * A deep copy of plain JSON data. The engine's state is plain JSON by contract; this is several times
 * faster than structuredClone on it, which matters because every `apply` and every legality check
 * copies the state.
 */
function copy<T>(v: T): T {
  if (typeof v !== 'object' || v === null) return v;
  if (Array.isArray(v)) {
    const out = new Array(v.length);
    for (let i = 0; i < v.length; i++) out[i] = copy(v[i]);
    return out as T;
  }
  const out: Record<string, unknown> = {};
  for (const k in v) out[k] = copy((v as Record<string, unknown>)[k]);
  return out as T;
}

export function cloneState(s: GameState): GameState {
  return copy(s);
}
