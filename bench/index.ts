import { benchEngine } from './engine.ts';

/** `npm run bench`: every layer's speed figures, one line each. */
const suites: [string, () => Promise<string[]>][] = [['engine', benchEngine]];

for (const [, run] of suites) {
  for (const line of await run()) console.log(line);
}
