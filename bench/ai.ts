import { type ArenaGameResult, playArenaGame, summarize } from '../src/ai/arena.ts';
import type { AiLevel } from '../src/ai/types.ts';
import { RULES_PRESETS } from '../src/game/presets.ts';
import { type BenchSize, sized } from './size.ts';

/**
 * The AI's figures in short: a few 4-player games on the base map with the league options at each level
 * (one 2-player game a level in a smoke run), decision times (CPU time, one core) and VP. The strength
 * figures need hundreds of games: `npm run arena` (docs/ai.md). `AI_BENCH_GAMES=N` plays N games a level.
 */
export async function benchAi(size: BenchSize): Promise<string[]> {
  const games = Number(process.env.AI_BENCH_GAMES ?? 0) || undefined;
  const players = sized(size, 4, 2);
  const plan: [AiLevel, number][] = [
    ['easy', games ?? sized(size, 4, 1)],
    ['normal', games ?? sized(size, 3, 1)],
    ['hard', games ?? sized(size, 2, 1)],
  ];
  const lines: string[] = [];
  for (const [level, n] of plan) {
    const results: ArenaGameResult[] = [];
    for (let i = 0; i < n; i++)
      results.push(
        playArenaGame({
          seed: `bench-${i}`,
          levels: Array.from({ length: players }, () => level),
          options: [...RULES_PRESETS.standard],
        }),
      );
    const s = summarize(results);
    const t = s.decisionMs;
    lines.push(
      `ai ${level} (${players} players): ${s.finished}/${s.games} games finished, ${s.refused} refused; seat mean ${s.seatMeanVp} VP, winners ${s.winnerMeanVp} VP; decision ms median ${t.median}, p95 ${t.p95}, max ${t.max}`,
    );
  }
  return lines;
}
