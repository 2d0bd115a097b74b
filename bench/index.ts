import { benchAbuse } from './abuse.ts';
import { benchAi } from './ai.ts';
import { benchBot, benchClicks, benchPrompt } from './bot.ts';
import { benchEngine } from './engine.ts';
import { benchLeague } from './league.ts';
import { benchLoad } from './load.ts';
import { benchReminders } from './reminders.ts';
import { benchRender } from './render.ts';
import { benchService } from './service.ts';
import { type BenchSize, sized } from './size.ts';
import { benchSoak } from './soak.ts';
import { benchStore } from './store.ts';
import { benchStoreCrash } from './store-crash.ts';

/**
 * `npm run bench`: every layer's speed figures, one line each, then open files and memory over 1,000
 * games in one process (about ten minutes). `-- --crash` adds the 200-kill crash trial of the store
 * (about ten minutes more). `-- --load` runs the load test alone (bench/load.ts: 1,000 games on PostgreSQL,
 * one then two shard processes; about fifteen minutes). `-- --only prompt,clicks` runs the named suites alone.
 * `-- --smoke` runs every suite, the load test and the crash trial included, once at its smallest size
 * (a few minutes; .ci/run does, so a suite that no longer runs fails CI): the figures then mean nothing.
 *
 * A suite is registered here once, with the size of the run: a smoke run then takes it too.
 */
interface Suite {
  readonly name: string;
  readonly run: (size: BenchSize) => Promise<string[]>;
  /** Run only when asked for (or in a smoke run): `--load`, `--crash`. */
  readonly flag?: string;
}

const suites: Suite[] = [
  { name: 'engine', run: benchEngine },
  { name: 'render', run: benchRender },
  { name: 'store', run: benchStore },
  { name: 'service', run: benchService },
  { name: 'league', run: benchLeague },
  { name: 'reminders', run: benchReminders },
  { name: 'prompt', run: async (size) => benchPrompt(size) },
  { name: 'bot', run: (size) => benchBot(sized(size, 120, 5)) },
  { name: 'clicks', run: (size) => benchClicks(sized(size, 80, 5)) },
  { name: 'soak', run: (size) => benchSoak(sized(size, 1_000, 3), sized(size, 100, 1)) },
  { name: 'ai', run: benchAi },
  { name: 'abuse', run: benchAbuse },
  { name: 'load', run: benchLoad, flag: '--load' },
  { name: 'store crash', run: (size) => benchStoreCrash(sized(size, 200, 3)), flag: '--crash' },
];

const argv = process.argv.slice(2);
const size: BenchSize = argv.includes('--smoke') ? 'smoke' : 'full';
// `-- --only prompt,clicks`: the named suites alone, for a quick figure on a shared machine.
const only = argv.includes('--only') ? (argv[argv.indexOf('--only') + 1] ?? '').split(',') : undefined;
const unknown = only?.filter((name) => !suites.some((s) => s.name === name)) ?? [];
if (unknown.length > 0) {
  console.error(`bench: no suite named ${unknown.join(', ')}; the suites: ${suites.map((s) => s.name).join(', ')}`);
  process.exit(2);
}
const chosen = suites.filter((s) =>
  size === 'smoke'
    ? !only || only.includes(s.name)
    : argv.includes('--load')
      ? s.flag === '--load'
      : only
        ? only.includes(s.name)
        : s.flag === undefined || argv.includes(s.flag),
);

for (const suite of chosen) {
  const start = performance.now();
  for (const line of await suite.run(size)) console.log(line);
  if (size === 'smoke')
    console.log(`bench smoke: ${suite.name} ran in ${((performance.now() - start) / 1000).toFixed(1)} s`);
}
