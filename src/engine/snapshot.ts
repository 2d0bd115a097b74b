import type { FactionState } from './types.ts';

/** The numbers a ledger row shows for a faction. */
export interface FactionSnapshot {
  readonly VP: number;
  readonly C: number;
  readonly W: number;
  readonly P: number;
  readonly PW: readonly [number, number, number];
  readonly cult: readonly [number, number, number, number];
}

export function snapshotOf(f: FactionState): FactionSnapshot {
  return {
    VP: f.VP,
    C: f.C,
    W: f.W,
    P: f.P,
    PW: [f.P1, f.P2, f.P3],
    cult: [f.cults.FIRE, f.cults.WATER, f.cults.EARTH, f.cults.AIR],
  };
}
