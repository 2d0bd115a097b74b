import { boardOf, ORIGINAL_MAP_ID, newGame } from './src/engine/index.ts';
const m = boardOf(ORIGINAL_MAP_ID);
const s = newGame({ options: [], players: ['a','b'], scoreTiles: ['SCORE2','SCORE3','SCORE4','SCORE5','SCORE6','SCORE7'], removedBonusTiles: [] } as any);
for (const h of process.argv.slice(2)) console.log(h, s.hexes[h]?.terrain, [...(m.adjacent.get(h) ?? [])].map((x) => `${x}:${s.hexes[x]?.terrain ?? 'river'}`).join(' '));
