import { benchBot, benchClicks, benchPrompt } from './bot.ts';
import { benchEngine } from './engine.ts';
import { benchLeague } from './league.ts';
import { benchLoad } from './load.ts';
import { benchRender } from './render.ts';
import { benchService } from './service.ts';
import { benchSoak } from './soak.ts';
import { benchStore } from './store.ts';
import { benchStoreCrash } from './store-crash.ts';

/**
 * `npm run bench`: every layer's speed figures, one line each, then open files and memory over 1,000
 * games in one process (about ten minutes). `-- --crash` adds the 200-kill crash trial of the store
 * (about ten minutes more). `-- --load` runs the load test alone (bench/load.ts: 1,000 games on PostgreSQL,
 * one then two shard processes; about fifteen minutes). `-- --only prompt,clicks` runs the named suites alone.
 */
const all: [string, () => Promise<string[]>][] = [
  ['engine', benchEngine],
  ['render', benchRender],
  ['store', benchStore],
  ['service', benchService],
  ['league', benchLeague],
  ['prompt', async () => benchPrompt()],
  ['bot', () => benchBot()],
  ['clicks', () => benchClicks()],
  ['soak', () => benchSoak()],
];
// `-- --only prompt,clicks`: the named suites alone, for a quick figure on a shared machine.
const only = process.argv[process.argv.indexOf('--only') + 1]?.split(',');
const suites: [string, () => Promise<string[]>][] = process.argv.includes('--load')
  ? [['load', benchLoad]]
  : process.argv.includes('--only')
    ? all.filter(([name]) => only!.includes(name))
    : all;
if (process.argv.includes('--crash')) suites.push(['store crash', () => benchStoreCrash(200)]);

for (const [, run] of suites) {
  for (const line of await run()) console.log(line);
}
