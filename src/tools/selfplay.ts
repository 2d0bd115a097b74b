// `npm run selfplay -- --seed S --players N [--factions a,b,..] [--options x,y] [--out FILE]`: plays one
// complete random game with the engine's legal moves and writes it as a raw log the reference engine
// reads as it is (stdout without --out). A stable contract: other checks call it.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { type FactionId, type OptionId, isFactionId, isOptionId } from '../engine/index.ts';
import { selfPlay } from '../selfplay/game.ts';
import { rawLog } from '../selfplay/raw-log.ts';

function list(value: string | undefined): string[] {
  return value
    ? value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : [];
}

function main(): number {
  const { values } = parseArgs({
    options: {
      seed: { type: 'string' },
      players: { type: 'string' },
      factions: { type: 'string' },
      options: { type: 'string' },
      out: { type: 'string' },
    },
  });
  const players = Number(values.players);
  const factions = list(values.factions).map((f) => f.toLowerCase());
  const options = list(values.options).map((o) => o.toLowerCase());
  const bad = [
    ...(values.seed === undefined ? ['--seed is required'] : []),
    ...(Number.isInteger(players) && players >= 2 && players <= 5 ? [] : ['--players must be 2 to 5']),
    ...factions.filter((f) => !isFactionId(f)).map((f) => `unknown faction ${f}`),
    ...(factions.length && factions.length !== players ? ['--factions must name one faction per player'] : []),
    ...options.filter((o) => !isOptionId(o)).map((o) => `unknown option ${o}`),
  ];
  if (bad.length) {
    console.error(
      `${bad.join('\n')}\nusage: npm run selfplay -- --seed S --players N [--factions a,b,..] [--options x,y] [--out FILE]`,
    );
    return 2;
  }
  const game = selfPlay({
    seed: values.seed!,
    players,
    ...(factions.length ? { factions: factions as FactionId[] } : {}),
    options: options as OptionId[],
  });
  const text = rawLog(game);
  if (values.out) writeFileSync(values.out, text);
  else process.stdout.write(text);
  return 0;
}

process.exitCode = main();
