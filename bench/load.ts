/**
 * `npm run bench -- --load`: the bot as hosts run it, under load. 1,000 active games in two guilds (one
 * per shard) on the fake Discord, over PostgreSQL (TEST_POSTGRES_URL); players send /move at a steady
 * rate, each game's next move from a real game record, round-robin over the games. Run with one bot
 * process holding both shards, then with two processes of one shard each, each on games of its own. Reports
 * moves/s sustained, interaction to final answer (after the channel post with its pictures) median and
 * p95, each process's RSS over time, and the database connections each used.
 *
 * Options: --games N (1000), --rate N moves/s (20), --seconds N per configuration (180), --processes 1|2
 * (only that configuration), --post-setup (the bots post every game's whole set-up first, as after an
 * outage; by default the bench marks all but its last post announced, which the bots post before the
 * clock starts, pinning each game's status as they go).
 * BENCH_PROFILE_DIR=dir: each bot process writes a CPU profile there.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { shardOfGuild } from '../src/bot/shards.ts';
import { GameService } from '../src/game/service.ts';
import { t } from '../src/i18n/index.ts';
import { readRecord } from '../src/game/record.ts';
import { caller, value } from '../src/game/test-helpers.ts';
import { typedLines } from '../src/notation/parse.ts';
import { parseGameLog } from '../src/notation/log.ts';
import { openStore } from '../src/store/prisma-repo.ts';
import { scratchPostgres } from '../src/store/testing.ts';
import { readCorpus } from '../test/corpus.ts';
import { settle, TOKEN } from '../test/support/bot-harness.ts';
import { FakeDiscord, type FakeUser } from '../test/support/fake-discord.ts';
import { snowflake } from '../test/support/fake-discord/snowflake.ts';
import { type BenchSize, sized } from './size.ts';
import { fmt, median, percentile } from './stats.ts';
import { freePort } from '../test/support/ports.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const FILE = '4pLeague_S60_D1L1_G1.txt';
const SHARDS = 2;
const BUSY = t('en', 'error.busy');

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};

interface Table {
  gameId: string;
  channelId: string;
  users: Map<string, FakeUser>;
  /** The record's typed lines still to play, with who plays them. */
  lines: { faction: string; text: string }[];
}

function guildOnShard(shard: number): string {
  for (let at = Date.now(); ; at += 1) {
    const id = snowflake(at);
    if (shardOfGuild(id, SHARDS) === shard) return id;
  }
}

/** CPU seconds a process has used so far, all its threads (utime + stime from /proc). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

/** Games set up through the service as players would: created, joined, started, factions picked. */
async function seed(
  fake: FakeDiscord,
  service: GameService,
  guilds: string[],
  games: number,
  postSetup: boolean,
): Promise<Table[]> {
  const record = readRecord(parseGameLog(readCorpus(FILE)));
  const lines = record.moves
    .slice(0, 60)
    .flatMap((m) => (m.faction ? typedLines(m.text).map((text) => ({ faction: m.faction!, text })) : []));
  const tables: Table[] = [];
  const one = async (i: number) => {
    const channelId = fake.addChannel(`table-${i}`, guilds[i % guilds.length]);
    const users = new Map<string, FakeUser>(record.factions.map((f) => [f, fake.createUser(`${f}-${i}`)]));
    const as = (f: string) => ({ ...caller(users.get(f)!.id, channelId), guildId: fake.guildOfChannel(channelId) });
    const [first, ...rest] = record.factions;
    const game = value(
      await service.createGame(as(first!), {
        seatOrder: 'joined',
        options: record.options,
        tiles: record.tiles,
        maxPlayers: record.factions.length,
      }),
    );
    for (const f of rest) value(await service.join(as(f), game.id));
    value(await service.start(as(first!), game.id, new Date()));
    let before = game.version;
    let version = game.version;
    for (const f of record.factions) {
      before = version;
      version = value(await service.chooseFaction(as(f), game.id, f)).game.version;
    }
    // The set-up's last post stays for the bots to make: with it they pin each game's status, as a bot
    // that posted the set-up itself knows its pin, so the timed moves do not pay for that.
    if (!postSetup) await service.markAnnounced(game.id, before);
    tables.push({ gameId: game.id, channelId, users, lines: [...lines] });
  };
  for (let i = 0; i < games; i += 8)
    await Promise.all(Array.from({ length: Math.min(8, games - i) }, (_, k) => one(i + k)));
  return tables;
}

interface BotProcess {
  child: ChildProcess;
  name: string;
  healthPort: number;
}

/**
 * The environment and node arguments `npm start` gives the bot (package.json's start script, `exec env
 * NAME=value … node ARGS`), so the bots here run with the same allocator and heap settings as on a host.
 */
function startCommand(): { env: Record<string, string>; args: string[] } {
  const start = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } })
    .scripts.start;
  const parts = /^exec env ((?:\w+=\S+ )+)node (.+)$/.exec(start);
  if (!parts) throw new Error(`package.json's start script is not 'exec env NAME=value … node …': ${start}`);
  const env = Object.fromEntries(
    parts[1]!
      .trim()
      .split(' ')
      .map((a) => a.split(/=(.*)/s).slice(0, 2)),
  );
  return { env, args: parts[2]!.split(' ') };
}

async function startBots(fake: FakeDiscord, databaseUrl: string, shardSets: number[][]): Promise<BotProcess[]> {
  const bots: BotProcess[] = [];
  for (const [i, ids] of shardSets.entries()) {
    const healthPort = await freePort();
    const name = `tm-bot-${i}`;
    const url = new URL(databaseUrl);
    url.searchParams.set('application_name', name);
    const profile = process.env.BENCH_PROFILE_DIR
      ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_PROFILE_DIR]
      : [];
    const start = startCommand();
    const child = spawn(process.execPath, [...profile, ...start.args], {
      cwd: ROOT,
      env: {
        ...process.env,
        ...start.env,
        DISCORD_TOKEN: TOKEN,
        DISCORD_APPLICATION_ID: fake.applicationId,
        DISCORD_GUILD_ID: '',
        DISCORD_API_URL: fake.apiUrl,
        DATABASE_URL: url.toString(),
        SHARD_COUNT: String(SHARDS),
        SHARD_IDS: ids.join(','),
        HEALTH_PORT: String(healthPort),
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    bots.push({ child, name, healthPort });
  }
  for (const bot of bots)
    for (let tries = 0; ; tries++) {
      const ok = await fetch(`http://127.0.0.1:${bot.healthPort}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (tries > 600) throw new Error(`${bot.name} did not become healthy`);
      await new Promise((r) => setTimeout(r, 200));
    }
  return bots;
}

async function stopBots(bots: BotProcess[]): Promise<void> {
  await Promise.all(
    bots.map(
      (b) =>
        new Promise<void>((resolve) => {
          b.child.once('exit', () => resolve());
          b.child.kill('SIGTERM');
        }),
    ),
  );
}

/** Interactions younger than this stay in the fake: the bot may still answer them, or edit its answer. */
const INTERACTION_KEPT_MS = 60_000;

/** Drops what the fake keeps that the bots no longer need, so the driver's memory stays bounded. */
function trimFake(fake: FakeDiscord): void {
  fake.restCalls.length = 0;
  // All of them went every 10 s before, those in flight too: the bot's answer to one then met 'Unknown
  // interaction' and the move counted as never answered (a few at every sample, from the first).
  const recent = fake.interactions.filter((i) => i.dispatchedAt > Date.now() - INTERACTION_KEPT_MS);
  fake.interactions.splice(0, fake.interactions.length, ...recent);
  for (const m of fake.messages) for (const a of m.attachments) a.bytes = Buffer.alloc(0);
}

async function run(
  label: string,
  fake: FakeDiscord,
  databaseUrl: string,
  tables: Table[],
  shardSets: number[][],
  rate: number,
  seconds: number,
  postSetup: boolean,
): Promise<string[]> {
  const bots = await startBots(fake, databaseUrl, shardSets);
  // What the set-up left in the outbox is posted first, so the clock measures moves.
  const drained = performance.now();
  for (;;) {
    const depth = (await (await fetch(`http://127.0.0.1:${bots[0]!.healthPort}/healthz`)).json()) as {
      outboxDepth: number;
    };
    if (depth.outboxDepth === 0) break;
    await new Promise((r) => setTimeout(r, 1000));
  }
  const drainSeconds = (performance.now() - drained) / 1000;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  const times: number[] = [];
  /** Each answered move: when it was answered (ms since the start) and how long it took. */
  const answers: { at: number; ms: number }[] = [];
  let failed = 0;
  let busy = 0;
  const failures: string[] = [];
  let next = 0;
  const rss = new Map(bots.map((b) => [b.name, [] as number[]]));
  /** CPU used in each 10 s window, in % of one core: each bot process, and this driver with the fake Discord. */
  const cpu = new Map<string, number[]>([...bots.map((b) => [b.name, [] as number[]] as const), ['driver', []]]);
  const lastCpu = new Map<string, number>();
  const cpuOf = (name: string) => {
    if (name === 'driver') {
      const u = process.cpuUsage();
      return (u.user + u.system) / 1e6;
    }
    return cpuSeconds(bots.find((b) => b.name === name)!.child.pid!);
  };
  let lastSample = performance.now();
  const connections = new Map(bots.map((b) => [b.name, 0]));
  const sample = async () => {
    for (const b of bots) rss.get(b.name)!.push(rssMb(b.child.pid!));
    const now = performance.now();
    for (const [name, xs] of cpu) {
      const used = cpuOf(name);
      if (lastCpu.has(name)) xs.push((100 * (used - lastCpu.get(name)!)) / ((now - lastSample) / 1000));
      lastCpu.set(name, used);
    }
    lastSample = now;
    const { rows } = await admin.query<{ name: string; n: string }>(
      'SELECT application_name AS name, count(*) AS n FROM pg_stat_activity WHERE datname = current_database() GROUP BY 1',
    );
    for (const r of rows)
      if (connections.has(r.name)) connections.set(r.name, Math.max(connections.get(r.name)!, Number(r.n)));
    trimFake(fake);
  };
  const sampler = setInterval(() => void sample(), 10_000);
  await sample();
  const inFlight = new Set<Promise<void>>();
  const started = performance.now();
  const end = started + seconds * 1000;
  for (let sent = 0; ; sent++) {
    const due = started + (sent * 1000) / rate;
    if (due >= end) break;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const table = tables[next++ % tables.length]!;
    const line = table.lines.shift();
    if (!line) continue;
    const t = performance.now();
    const move = settle(
      fake.slashCommand('/move', {
        user: table.users.get(line.faction)!,
        channelId: table.channelId,
        options: { text: line.text },
      }),
    ).then(
      (reply) => {
        // Turned away by load shedding: answered at once, nothing changed; counted apart, not timed.
        if (reply.content === BUSY) {
          busy++;
          table.lines.unshift(line);
          return;
        }
        times.push(performance.now() - t);
        answers.push({ at: performance.now() - started, ms: performance.now() - t });
        if (/went wrong|not your turn|restarting|try again|invalid|cannot|can't/i.test(reply.content ?? '')) {
          failed++;
          failures.push(`${line.text}: ${reply.content}`);
        }
      },
      (error: unknown) => {
        failed++;
        failures.push(`${line.text}: ${String(error)}`);
      },
    );
    inFlight.add(move);
    void move.finally(() => inFlight.delete(move));
  }
  await Promise.all(inFlight);
  const elapsed = (performance.now() - started) / 1000;
  clearInterval(sampler);
  await sample();
  const rendering = await Promise.all(
    bots.map(async (b) => {
      const h = (await (await fetch(`http://127.0.0.1:${b.healthPort}/healthz`)).json()) as {
        render: { threaded: number; inline: number; overflowed: number; mostHeld: number };
      };
      return `${b.name}: ${h.render.threaded} picture jobs on the render thread (${h.render.overflowed} of them waited past the queue, the main thread being busy), ${h.render.inline} on the main thread (pool full), at most ${h.render.mostHeld} held`;
    }),
  );
  await stopBots(bots);
  await admin.end();
  // Steady state: the answers within the offered period, in 10 s windows (the tail after it is stragglers).
  const windows = Array.from({ length: Math.ceil(seconds / 10) }, (_, w) =>
    answers.filter((a) => a.at >= w * 10_000 && a.at < Math.min(seconds, (w + 1) * 10) * 1000).map((a) => a.ms),
  );
  const within = answers.filter((a) => a.at < seconds * 1000).length;
  const lines = [
    `load, ${label}: ${postSetup ? 'whole set-up' : "set-up's last post"} posted in ${drainSeconds.toFixed(0)} s, then ${tables.length} games, ${rate} moves/s offered for ${seconds} s: ${fmt(within / seconds)} moves/s answered within it (${fmt(times.length / elapsed)} counting the answers after it), ${busy} turned away as busy, ${failed} refused or failed; interaction to answer median ${fmt(median(times))} ms, p95 ${fmt(percentile(times, 95))} ms, max ${fmt(Math.max(...times))} ms`,
    `load, ${label}, per 10 s: moves/s answered ${windows.map((w) => (w.length / 10).toFixed(1)).join(' ')}; median ms ${windows.map((w) => (w.length ? median(w).toFixed(0) : '-')).join(' ')}; p95 ms ${windows.map((w) => (w.length ? percentile(w, 95).toFixed(0) : '-')).join(' ')}`,
    `load, ${label}, CPU % of one core per 10 s: ${[...cpu].map(([name, xs]) => `${name} ${xs.map((x) => x.toFixed(0)).join(' ')}`).join('; ')} (2 cores in all)`,
  ];
  for (const f of failures.slice(0, 5)) lines.push(`load, ${label}, refused: ${f.slice(0, 200)}`);
  for (const r of rendering) lines.push(`load, ${label}, ${r}`);
  for (const b of bots) {
    const xs = rss.get(b.name)!;
    const third = Math.max(1, Math.floor(xs.length / 3));
    const avg = (ys: number[]) => ys.reduce((a, y) => a + y, 0) / ys.length;
    lines.push(
      `load, ${label}, ${b.name} (shards ${shardSets[bots.indexOf(b)]!.join(',')}): RSS ${xs.map((x) => x.toFixed(0)).join(' ')} MB (every 10 s; first third avg ${avg(xs.slice(0, third)).toFixed(0)}, last third ${avg(xs.slice(-third)).toFixed(0)}, max ${Math.max(...xs).toFixed(0)}), database connections at most ${connections.get(b.name)}`,
    );
  }
  return lines;
}

export async function benchLoad(size: BenchSize = 'full'): Promise<string[]> {
  const serverUrl = process.env.TEST_POSTGRES_URL;
  if (!serverUrl) return ['load: skipped, set TEST_POSTGRES_URL to a PostgreSQL server (role with CREATEDB)'];
  const games = arg('games', sized(size, 1000, 8));
  const rate = arg('rate', sized(size, 20, 2));
  const seconds = arg('seconds', sized(size, 180, 12));
  const out: string[] = [];
  // Each configuration plays fresh games: a move the previous one left unanswered (overload) may or may
  // not have been stored, and the next configuration's players would then be out of turn.
  const processes = arg('processes', 0);
  const postSetup = process.argv.includes('--post-setup');
  for (const [label, sets] of [
    ['1 process', [[0, 1]]],
    ['2 processes', [[0], [1]]],
  ] as const) {
    if (processes && sets.length !== processes) continue;
    const db = await scratchPostgres(serverUrl);
    const fake = await FakeDiscord.start({ token: TOKEN, guildId: guildOnShard(0) });
    const guilds = [fake.guildId, fake.addGuild('Shard one', guildOnShard(1))];
    const { repo } = await openStore(db.url);
    try {
      const t = performance.now();
      const tables = await seed(fake, new GameService(repo), guilds, games, postSetup);
      const lines = [
        `load, ${label}: ${games} games set up in ${((performance.now() - t) / 1000).toFixed(0)} s`,
        ...(await run(
          label,
          fake,
          db.url,
          tables,
          sets.map((x) => [...x]),
          rate,
          seconds,
          postSetup,
        )),
      ];
      out.push(...lines);
    } finally {
      await repo.close();
      await fake.close();
      await db.drop();
    }
  }
  return out;
}
