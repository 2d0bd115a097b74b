// Deterministic draws from a game's stored seed, so seat order and random factions can be
// recomputed and checked later. A different purpose label gives an independent stream.
import { createHash } from 'node:crypto';

function draws(seed: string, purpose: string): () => number {
  let counter = 0;
  return () =>
    createHash('sha256').update(`${seed}\u0000${purpose}\u0000${counter++}`).digest().readUInt32BE(0) / 2 ** 32;
}

/** Fisher-Yates with the seed's draws; the input is not changed. */
export function seededShuffle<T>(items: readonly T[], seed: string, purpose: string): T[] {
  const next = draws(seed, purpose);
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
