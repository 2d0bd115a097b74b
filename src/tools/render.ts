import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { parseArgs } from 'node:util';
import { renderCults, renderMap, renderOverview, renderPlayerBoard, renderRound } from '../render/index.ts';
import { corpusPosition } from '../render/testing.ts';

const USAGE = 'usage: npm run render -- FILE [--row N] [--out DIR] [--colour-blind] [--highlight E7,F2]';

/** `npm run render -- FILE [--row N] [--out DIR]`: the position after file line N of a game record, as PNG files. */
async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        row: { type: 'string' },
        out: { type: 'string' },
        'colour-blind': { type: 'boolean' },
        highlight: { type: 'string' },
      },
    });
  } catch (err) {
    console.error(`${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const row = values.row === undefined ? undefined : Number(values.row);
  if (positionals.length !== 1 || (row !== undefined && !Number.isInteger(row))) {
    console.error(USAGE);
    return 2;
  }
  const file = positionals[0]!;
  const state = corpusPosition(file, row);
  const dir = values.out ?? join('out', 'render', `${basename(file, '.txt')}${row === undefined ? '' : `-row${row}`}`);
  mkdirSync(dir, { recursive: true });
  const theme = { colourBlind: values['colour-blind'] ?? false };
  const images: [string, Promise<Buffer>][] = [
    ['map', renderMap(state, { theme, highlight: values.highlight?.split(',') ?? [] })],
    ['cults', renderCults(state, { theme })],
    ['round', renderRound(state)],
    ['overview', renderOverview(state)],
    ...state.factionOrder.map((id) => [`board-${id}`, renderPlayerBoard(state, id)] as [string, Promise<Buffer>]),
  ];
  for (const [name, png] of images) {
    const path = join(dir, `${name}.png`);
    const bytes = await png;
    writeFileSync(path, bytes);
    console.log(`${path}  ${(bytes.length / 1024).toFixed(0)} KB`);
  }
  return 0;
}

process.exitCode = await main(process.argv.slice(2));
