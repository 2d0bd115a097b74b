import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { parseGameLog } from '../notation/log.ts';
import { replayLog } from '../notation/replay.ts';
import type { FactionState } from '../engine/index.ts';

/** `npm run replay -- [--json] FILE...`: replays snellman records and reports the outcome of each. */
function main(argv: string[]): number {
  const json = argv.includes('--json');
  const files = argv.filter((a) => a !== '--json');
  if (files.length === 0) {
    console.error('usage: npm run replay -- [--json] FILE...');
    return 2;
  }
  let failed = 0;
  for (const file of files) {
    const result = replayLog(parseGameLog(readFileSync(file, 'utf8')));
    const s = result.state;
    const factions: Record<string, unknown> = {};
    for (const f of Object.values(s?.factions ?? {}) as FactionState[]) {
      factions[f.name] = {
        vp: f.VP,
        c: f.C,
        w: f.W,
        p: f.P,
        pw: [f.P1, f.P2, f.P3],
        cult: [f.cults.FIRE, f.cults.WATER, f.cults.EARTH, f.cults.AIR],
      };
    }
    if (result.error) failed++;
    if (json) {
      console.log(
        JSON.stringify({ file, finished: s?.finished ?? false, round: s?.round ?? 0, factions, error: result.error }),
      );
    } else {
      const scores = Object.entries(factions)
        .map(([n, v]) => `${n} ${(v as { vp: number }).vp}`)
        .join(', ');
      const status = result.error
        ? `ERROR at line ${result.error.row} [${result.error.command}]: ${result.error.message}`
        : s?.finished
          ? 'finished'
          : `round ${s?.round}`;
      console.log(`${basename(file)}: ${status} — ${scores} (${result.checkedRows} rows checked)`);
    }
  }
  return failed ? 1 : 0;
}

process.exitCode = main(process.argv.slice(2));
