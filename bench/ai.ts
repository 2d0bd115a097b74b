import { type ArenaGameResult, playArenaGame, summarize } from '../src/ai/arena.ts';
import type { AiLevel } from '../src/ai/types.ts';
import { RULES_PRESETS } from '../src/game/presets.ts';
import { type BenchSize, sized } from './size.ts';

/**
 * The AI's smoke figures: a few 4-player games on the base map with the league options at each level,
 * decision times (CPU time, one core) and VP. The strength figures need hundreds of games: `npm run
 * arena` (docs/ai.md). `AI_BENCH_GAMES=N` plays N games a level instead of the default.
 */
export async function benchAi(): Promise<string[]> {
  const games = Number(process.env.AI_BENCH_GAMES ?? 0) || undefined;
  const plan: [AiLevel, number][] = [
    ['easy', games ?? 2],
    ['normal', games ?? 2],
    ['hard', games ?? 1],
  ];
  const lines: string[] = [];
  for (const [level, n] of plan) {
    const results: ArenaGameResult[] = [];
    for (let i = 0; i < n; i++)
      results.push(
        playArenaGame({
          seed: `bench-${i}`,
          levels: [level, level, level, level],
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
