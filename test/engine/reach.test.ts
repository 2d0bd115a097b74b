import { describe, expect, it } from 'vitest';
import { boardOf, MAPS, type FactionId, type GameState } from '../../src/engine/index.ts';
import { isOccupied, makeCtx } from '../../src/engine/context.ts';
import { reachableLand, reachOf } from '../../src/engine/rules/reach.ts';
import { parseGameLog } from '../../src/notation/log.ts';
import { replayLog } from '../../src/notation/replay.ts';
import { corpusFiles, readCorpus } from '../corpus.ts';

/** reachOf asked space by space, as the rules ask it for one command. */
function spaceBySpace(state: GameState, faction: FactionId) {
  const ctx = makeCtx(state);
  const f = state.factions[faction]!;
  const out = new Map<string, unknown>();
  for (const h of ctx.map.landIds) {
    if (isOccupied(state.hexes[h]!)) continue;
    const r = reachOf(ctx, f, h);
    if (r && r !== 'teleportTwice') out.set(h, r);
  }
  return out;
}

describe('reachableLand', () => {
  it('shipping distances read the same from either end, on every map', () => {
    for (const { id } of MAPS) {
      const map = boardOf(id);
      for (const a of map.landIds)
        for (const [b, d] of map.riverDistance.get(a) ?? [])
          if (map.landIds.includes(b)) expect(map.riverDistance.get(b)?.get(a), `${id} ${a}-${b}`).toBe(d);
    }
  });

  it('lists, in the map order, the spaces and prices reachOf finds space by space (every corpus game, every faction)', () => {
    let compared = 0;
    let reached = 0;
    for (const file of corpusFiles()) {
      const entries = parseGameLog(readCorpus(file));
      const rows = entries.filter((e) => e.kind === 'row');
      for (const share of [0.35, 0.8]) {
        const state = replayLog(entries.slice(0, entries.indexOf(rows[Math.floor(rows.length * share)]!) + 1)).state;
        if (!state) continue;
        for (const faction of state.factionOrder) {
          const fast = reachableLand(makeCtx(state), state.factions[faction]!);
          const slow = spaceBySpace(state, faction);
          expect([...fast.entries()], `${file} ${share} ${faction}`).toEqual([...slow.entries()]);
          compared++;
          reached += fast.size;
        }
      }
    }
    expect(compared).toBeGreaterThan(400);
    expect(reached / compared).toBeGreaterThan(5);
  });
});
