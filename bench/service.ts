// Game service timings on the SQLite store: one `play` (load, engine, append, snapshot) late in a
// real game, and loading a ~300-move game through the service, with its snapshot fresh and without
// (a replay of the whole log). Run alone: npx tsx bench/service.ts
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { parseGameLog } from '../src/notation/log.ts';
import { readRecord } from '../src/game/record.ts';
import { GameService } from '../src/game/service.ts';
import type { Caller } from '../src/game/access.ts';
import { openStore } from '../src/store/prisma-repo.ts';
import { scratchSqlite } from '../src/store/testing.ts';
import { readCorpus } from '../test/corpus.ts';
import { type BenchSize, sized } from './size.ts';
import { fmt, median } from './stats.ts';

/** 297 moves, the longest base-game record in the corpus. */
const FILE = '4pLeague_S62_D1L1_G3.txt';

const at = (channelId: string, userId = 'admin'): Caller => ({ userId, guildId: 'bench', channelId });

async function timed<T>(times: number[], work: () => Promise<T>): Promise<T> {
  const start = performance.now();
  const out = await work();
  times.push(performance.now() - start);
  return out;
}

function must<T>(r: { ok: true; value: T } | { ok: false; error: unknown }): T {
  if (!r.ok) throw new Error(`bench: ${JSON.stringify(r.error)}`);
  return r.value;
}

export async function benchService(size: BenchSize = 'full'): Promise<string[]> {
  const PLAYED = sized(size, 60, 3);
  const LOADS = sized(size, 30, 2);
  const db = await scratchSqlite();
  const { repo } = await openStore(db.url);
  try {
    const service = new GameService(repo);
    const text = readCorpus(FILE);
    const record = readRecord(parseGameLog(text));
    const players = Object.fromEntries(record.factions.map((f) => [f, `user-${f}`]));

    // The record without its last PLAYED moves, imported; then those moves played one by one.
    const entries = parseGameLog(text);
    const moveRows = entries.filter((e) => e.kind === 'row' && !e.engine && e.text.toLowerCase() !== 'setup');
    if (moveRows.length !== record.moves.length) throw new Error('bench: rows and moves do not match');
    const cut = text
      .split('\n')
      .slice(0, moveRows[moveRows.length - PLAYED]!.line - 1)
      .join('\n');
    const game = must(await service.importGame(at('play'), { text: cut, players }, new Date()));
    const rest = record.moves.slice(-PLAYED);
    let version = (await repo.getGame(game.id))!.version;
    const plays: number[] = [];
    for (const m of rest) {
      const played = await timed(plays, () => service.play(at('play', players[m.faction!]), game.id, version, m.text));
      version = must(played).newVersion;
    }

    const whole = must(await service.importGame(at('load'), { text, players }, new Date()));
    const fresh: number[] = [];
    const cold: number[] = [];
    for (let i = 0; i < LOADS; i++) {
      await timed(fresh, () => service.getGame(at('load'), whole.id));
      const g = (await repo.getGame(whole.id))!;
      await repo.updateGame(g.id, g.version, { language: i % 2 ? 'en' : 'es' });
      await timed(cold, () => service.getGame(at('load'), whole.id));
    }
    const moves = (await repo.getGame(whole.id))!.moveCount;
    return [
      `service sqlite: play (1 move, ${FILE} late game) median ${fmt(median(plays))} ms over ${plays.length}`,
      `service sqlite: load game (${moves} moves, fresh snapshot) median ${fmt(median(fresh))} ms over ${LOADS}`,
      `service sqlite: load game (${moves} moves, replayed from the log) median ${fmt(median(cold))} ms over ${LOADS}`,
    ];
  } finally {
    await repo.close();
    await db.drop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const line of await benchService()) console.log(line);
}
