// The reminder pass (src/bot/reminders.ts) over many active games on one SQLite store: how long one pass
// takes and how many games it loads when a few games are due and all the others are idle (moved within
// the hour, nothing to remind), at two numbers of idle games. A pass that costs nothing for idle games
// takes the same time at both. Run alone: npx tsx bench/reminders.ts [--idle 1000,10000]
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { Client } from 'discord.js';
import type { Announcer } from '../src/bot/announcer.ts';
import { remindOnce } from '../src/bot/reminders.ts';
import type { Caller } from '../src/game/access.ts';
import { readRecord } from '../src/game/record.ts';
import { GameService } from '../src/game/service.ts';
import { parseGameLog } from '../src/notation/log.ts';
import { PrismaGameRepo, openStore } from '../src/store/prisma-repo.ts';
import { scratchSqlite } from '../src/store/testing.ts';
import { readCorpus } from '../test/corpus.ts';
import { countingRepo } from '../test/support/counting-repo.ts';
import { type BenchSize, sized } from './size.ts';
import { fmt } from './stats.ts';

const FILE = '4pLeague_S62_D1L1_G3.txt';
/** Rows of the record the games are cut after: a game in its first round. */
const ROWS = 40;
/** Games due a reminder in every measured pass (a 12 h move timer warns at 6 h). */
const DUE = 10;
const HOUR = 3_600_000;

const at = (channelId: string, userId = 'admin'): Caller => ({ userId, guildId: 'bench', channelId });

function must<T>(r: { ok: true; value: T } | { ok: false; error: unknown }): T {
  if (!r.ok) throw new Error(`bench: ${JSON.stringify(r.error)}`);
  return r.value;
}

/** A client that owns every guild and whose channels take every post. */
function fakeClient(): { client: Client; posts: () => number } {
  let posts = 0;
  const channel = { isSendable: () => true, send: () => Promise.resolve(posts++) };
  const client = { options: { shardCount: 1 }, channels: { fetch: () => Promise.resolve(channel) } };
  return { client: client as unknown as Client, posts: () => posts };
}

/** One real game, imported (with its snapshot), whose rows the idle and due games copy. */
async function template(service: GameService): Promise<string> {
  const text = readCorpus(FILE);
  const record = readRecord(parseGameLog(text));
  const players = Object.fromEntries(record.factions.map((f) => [f, `user-${f}`]));
  const rows = parseGameLog(text).filter((e) => e.kind === 'row' && !e.engine && e.text.toLowerCase() !== 'setup');
  const cut = text
    .split('\n')
    .slice(0, rows[ROWS]!.line - 1)
    .join('\n');
  const imported = must(await service.importGame(at('template'), { text: cut, players }, new Date()));
  must(await service.currentView(imported.id));
  return imported.id;
}

let batches = 0;

/**
 * `count` copies of the template game (its row with the snapshot, its seats, its log), each in a channel
 * of its own with players of its own and the move timer given: one SQL statement a table, since copies
 * made through the store's calls took over 25 minutes for 1,000 games on the loaded 2-core machine.
 */
async function copies(store: PrismaGameRepo, templateId: string, count: number, moveTimerHours: number | null) {
  const suffix = (column: string) => `"${column}" || '-b${batches}-' || n.i`;
  // Game ids have at most 36 characters (custom ids carry them).
  const newId = (column: string) => `substr("${column}", 1, 20) || '-b${batches}-' || n.i`;
  batches++;
  const value: Record<string, (column: string) => string> = {
    id: newId,
    gameId: newId,
    channelId: suffix,
    activeChannelKey: suffix,
    userId: (c) => `CASE WHEN "${c}" IS NULL THEN NULL ELSE ${suffix(c)} END`,
    threadId: () => 'NULL',
    // Each copy is a game that just changed, as the store marks one (the column exists since issue 23).
    dueAt: () => '"updatedAt"',
    settings: () => `json_set("settings", '$.moveTimerHours', ${moveTimerHours ?? "json('null')"})`,
  };
  for (const [table, key] of [
    ['Game', 'id'],
    ['Seat', 'gameId'],
    ['Move', 'gameId'],
  ] as const) {
    const names = (
      await store.client.$queryRawUnsafe<{ name: string }[]>(`SELECT name FROM pragma_table_info('${table}')`)
    ).map((c) => c.name);
    const select = names.map((c) => (value[c] ?? ((x: string) => `"${x}"`))(c));
    await store.client.$executeRawUnsafe(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${count}) ` +
        `INSERT INTO "${table}" (${names.map((c) => `"${c}"`).join(', ')}) ` +
        `SELECT ${select.join(', ')} FROM "${table}", n WHERE "${key}" = '${templateId}'`,
    );
  }
}

export async function benchReminders(size: BenchSize = 'full', idleCounts?: readonly number[]): Promise<string[]> {
  const counts = idleCounts ?? sized(size, [1_000, 10_000], [5, 20]);
  const db = await scratchSqlite();
  const { repo: store } = await openStore(db.url);
  const counted = countingRepo(store);
  const repo = counted.repo;
  const loads = () => counted.calls.get('loadGame') ?? 0;
  const lines: string[] = [];
  try {
    const service = new GameService(repo);
    if (!(store instanceof PrismaGameRepo)) throw new Error('bench: the copies are made in SQL');
    const templateId = await template(service);
    const { client, posts } = fakeClient();
    const announcer = { deliver: () => Promise.resolve() } as unknown as Announcer;
    const start = Date.now();
    const pass = (hours: number) =>
      remindOnce({
        service,
        client,
        announcer,
        now: () => new Date(start + hours * HOUR),
      });
    // The template is an idle game too.
    let idle = 1;
    for (const target of counts) {
      await copies(store, templateId, target - idle, null);
      idle = target;
      await copies(store, templateId, DUE, 12);
      // A pass an hour later finds nothing due (and leaves whatever a pass keeps for the next).
      await pass(1);
      const loadsBefore = loads();
      const postsBefore = posts();
      const began = performance.now();
      const reminded = await pass(7);
      const ms = performance.now() - began;
      const games = new Set(reminded.map((r) => r.gameId)).size;
      if (games !== DUE || posts() - postsBefore !== reminded.length)
        throw new Error(`bench: reminders in ${games} games for ${DUE} due`);
      lines.push(
        `reminders sqlite: one pass, ${DUE} games due among ${idle.toLocaleString('en')} idle: ${fmt(ms)} ms, ` +
          `${loads() - loadsBefore} games loaded`,
      );
    }
    return lines;
  } finally {
    await store.close();
    await db.drop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({ options: { idle: { type: 'string' } } });
  const idle = values.idle?.split(',').map(Number);
  for (const line of await benchReminders('full', idle)) console.log(line);
}
