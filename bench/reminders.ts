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
import type { GameRecord, GameRepo, MoveRecord } from '../src/game/repo.ts';
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

interface Template {
  readonly game: GameRecord;
  readonly moves: readonly MoveRecord[];
  readonly snapshot: unknown;
}

/** One real game, imported, whose rows the idle and due games copy. */
async function template(service: GameService, repo: GameRepo): Promise<Template> {
  const text = readCorpus(FILE);
  const record = readRecord(parseGameLog(text));
  const players = Object.fromEntries(record.factions.map((f) => [f, `user-${f}`]));
  const rows = parseGameLog(text).filter((e) => e.kind === 'row' && !e.engine && e.text.toLowerCase() !== 'setup');
  const cut = text
    .split('\n')
    .slice(0, rows[ROWS]!.line - 1)
    .join('\n');
  const imported = must(await service.importGame(at('template'), { text: cut, players }, new Date()));
  // A snapshot at the game's version, as every played move leaves.
  must(await service.currentView(imported.id));
  const loaded = (await repo.loadGame(imported.id))!;
  return { game: loaded.game, moves: loaded.moves, snapshot: loaded.snapshot?.state ?? null };
}

let copies = 0;

/** A copy of the template in a channel of its own: active, its moves written now. */
async function copy(repo: GameRepo, t: Template, moveTimerHours: number | null): Promise<void> {
  const n = copies++;
  const game = await repo.createGame({
    guildId: t.game.guildId,
    channelId: `bench-${n}`,
    creatorUserId: t.game.creatorUserId,
    status: 'active',
    language: t.game.language,
    options: t.game.options,
    settings: { ...t.game.settings, moveTimerHours },
    seed: t.game.seed,
    seats: t.game.seats.map((s) => ({ ...s, userId: `${s.userId}-${n}` })),
  });
  const moves = t.moves.map((m) => ({
    seat: m.seat,
    userId: m.userId === null ? null : `${m.userId}-${n}`,
    text: m.text,
  }));
  const { version } = await repo.appendMoves(game.id, game.version, moves);
  if (t.snapshot !== null) await repo.saveSnapshot(game.id, version, t.snapshot as never);
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
    const t = await template(service, repo);
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
    const sync = (mode: 'OFF' | 'FULL') =>
      store instanceof PrismaGameRepo ? store.client.$executeRawUnsafe(`PRAGMA synchronous=${mode}`) : null;
    for (const target of counts) {
      // Thousands of copies, unsynced: a throw-away database, and the pass is timed as the bot runs it.
      await sync('OFF');
      for (; idle < target; idle++) await copy(repo, t, null);
      for (let i = 0; i < DUE; i++) await copy(repo, t, 12);
      await sync('FULL');
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
