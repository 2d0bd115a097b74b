// Render timings and sizes: the map and the cult board over early, middle and final positions of several
// corpus games. Goal: at most 50 ms and 250 KB each. Run alone: npx tsx bench/render.ts
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { GameState } from '../src/engine/index.ts';
import { renderCults, renderMap } from '../src/render/index.ts';
import { corpusPosition, type RecordPoint } from '../src/render/testing.ts';
import { type BenchSize, sized } from './size.ts';

const CORPUS = fileURLToPath(new URL('../test/fixtures/games/', import.meta.url));
const GAMES = ['4pLeague_S60_D1L1_G1.txt', '4pLeague_S1_D1L1_G2.txt', '4pLeague_S50_D1L1_G1.txt'];
/** Early, middle and final positions (undefined is the end of the game). */
const POINTS: (RecordPoint | undefined)[] = [{ afterRound: 1 }, { afterRound: 3 }, undefined];

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** CPU time of the whole process (main thread, zlib and GC threads): steadier than wall time on a busy machine. */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

async function measure(positions: GameState[], runs: number, render: (s: GameState) => Promise<Buffer>) {
  for (const state of positions) await render(state); // warms up fonts and the JIT
  const times: number[] = [];
  const cpu: number[] = [];
  const sizes: number[] = [];
  for (const state of positions) {
    for (let i = 0; i < runs; i++) {
      const start = performance.now();
      const startCpu = cpuMs();
      const png = await render(state);
      times.push(performance.now() - start);
      cpu.push(cpuMs() - startCpu);
      sizes.push(png.length);
    }
  }
  return { ms: median(times), cpu: median(cpu), bytes: median(sizes) };
}

export async function benchRender(size: BenchSize = 'full'): Promise<string[]> {
  const runs = sized(size, 5, 1);
  const positions = GAMES.slice(0, sized(size, GAMES.length, 1)).flatMap((g) =>
    POINTS.map((at) => corpusPosition(CORPUS + g, at)),
  );
  const lines: string[] = [];
  for (const [name, render] of [
    ['map', renderMap],
    ['cult board', renderCults],
  ] as const) {
    const { ms, cpu, bytes } = await measure(positions, runs, (s) => render(s));
    lines.push(
      `render ${name}: median ${ms.toFixed(1)} ms (cpu ${cpu.toFixed(1)} ms), ${(bytes / 1024).toFixed(0)} KB (${positions.length} positions × ${runs})`,
    );
  }
  return lines;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const line of await benchRender()) console.log(line);
}
