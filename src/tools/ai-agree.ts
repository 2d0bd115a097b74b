// `npm run ai-agree -- [--positions N] [--level L] [--dir DIR] [--seed S] [--weights FILE] [--json]`: the AI's agreement
// with strong human players (issue 27). Every turn of the finished 4-player league games in DIR
// (test/fixtures/games by default) is a position; N of them (1,000 by default), spread evenly over the
// games and rounds, are ranked by the AI, and the human's turn is looked for among its choices
// (src/ai/agreement.ts says how turns are compared). --weights FILE ranks with fitted feature weights
// (`npm run ai-fit -- --out FILE`) instead of the default ones.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { agreement, recordedTurns, spread } from '../ai/agreement.ts';
import { isAiLevel } from '../ai/types.ts';
import { DEFAULT_PARAMS } from '../ai/params.ts';
import { parseWeights } from '../ai/weights.ts';

function main(): void {
  const { values } = parseArgs({
    options: {
      positions: { type: 'string', default: '1000' },
      level: { type: 'string', default: 'normal' },
      dir: { type: 'string', default: 'test/fixtures/games' },
      seed: { type: 'string', default: 'agree' },
      weights: { type: 'string' },
      json: { type: 'boolean', default: false },
    },
  });
  if (!isAiLevel(values.level)) throw new Error(`unknown level ${values.level}`);
  const tuning = values.weights
    ? { params: DEFAULT_PARAMS, weights: parseWeights(JSON.parse(readFileSync(values.weights, 'utf8'))) }
    : undefined;
  const files = readdirSync(values.dir)
    .filter((f) => f.endsWith('.txt'))
    .sort();
  const turns = files.flatMap((f) => recordedTurns(readFileSync(join(values.dir, f), 'utf8'), f));
  const games = new Set(turns.map((t) => t.game)).size;
  const chosen = spread(turns, Number(values.positions));
  const t0 = process.cpuUsage();
  const report = agreement(chosen, { level: values.level, seed: values.seed, ...(tuning ? { tuning } : {}) });
  const cpu = process.cpuUsage(t0);
  const out = {
    level: values.level,
    games,
    turns: turns.length,
    ...report,
    cpuMs: Math.round((cpu.user + cpu.system) / 1000),
  };
  if (values.json) {
    console.log(JSON.stringify(out));
    return;
  }
  const pct = (a: number, b: number) => `${((100 * a) / Math.max(1, b)).toFixed(1)}%`;
  console.log(
    `${values.level}: ${report.positions} positions from ${games} games (${turns.length} turns): first choice ${pct(report.first, report.positions)}, top 3 ${pct(report.top3, report.positions)}`,
  );
  for (const [name, group] of [
    ['round', report.byRound],
    ['kind', report.byKind],
  ] as const)
    for (const [k, t] of Object.entries(group))
      console.log(
        `  ${name} ${k}: ${t.positions} positions, first ${pct(t.first, t.positions)}, top 3 ${pct(t.top3, t.positions)}`,
      );
}

main();
