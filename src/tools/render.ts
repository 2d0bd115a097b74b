import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { parseArgs } from 'node:util';
import { renderCults, renderMap, renderPlayerBoard, renderRound } from '../render/index.ts';
import { corpusPosition, recordPoint } from '../render/testing.ts';

const USAGE =
  'usage: npm run render -- FILE [--moves N | --after-round N] [--out DIR] [--colour-blind] [--highlight E7,F2]';

/**
 * `npm run render -- FILE [--moves N | --after-round N] [--out DIR]`: a game record's position after its first N
 * moves (negative: all but the last N) or once round N is over (default: the end), as PNG files.
 */
async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        moves: { type: 'string' },
        'after-round': { type: 'string' },
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
  if (positionals.length !== 1 || (values.moves !== undefined && values['after-round'] !== undefined)) {
    console.error(USAGE);
    return 2;
  }
  const file = positionals[0]!;
  let at;
  let suffix = '';
  try {
    if (values.moves !== undefined) [at, suffix] = [recordPoint('moves', values.moves), `-moves${values.moves}`];
    if (values['after-round'] !== undefined)
      [at, suffix] = [recordPoint('afterRound', values['after-round']), `-round${values['after-round']}`];
  } catch (err) {
    console.error(`${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  const state = corpusPosition(file, at);
  const dir = values.out ?? join('out', 'render', `${basename(file, '.txt')}${suffix}`);
  mkdirSync(dir, { recursive: true });
  const theme = { colourBlind: values['colour-blind'] ?? false };
  const images: [string, Promise<Buffer>][] = [
    ['map', renderMap(state, { theme, highlight: values.highlight?.split(',') ?? [] })],
    ['cults', renderCults(state, { theme })],
    ['round', renderRound(state)],
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
