// Many games through the game service on one SQLite store, in one process, watching what the process
// holds: open files, resident memory, and (with --expose-gc) the live heap. One "game" here is what a
// channel does with a real record: import it without its last MOVES moves, then play those moves one by
// one (each a load, an append and a snapshot), then load it once more: about 65 store calls.
//
//   npx tsx bench/soak.ts [--games N] [--every N] [--json]     (npm run bench runs 1,000 games)
import { readdirSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { Caller } from '../src/game/access.ts';
import { readRecord } from '../src/game/record.ts';
import { GameService } from '../src/game/service.ts';
import { parseGameLog } from '../src/notation/log.ts';
import { openStore } from '../src/store/prisma-repo.ts';
import { scratchSqlite } from '../src/store/testing.ts';
import { readCorpus } from '../test/corpus.ts';

const FILES = ['4pLeague_S60_D1L1_G1.txt', '4pLeague_S62_D1L1_G3.txt', '4pLeague_S65_D1L1_G4.txt'];
const MOVES = 20;

export interface SoakSample {
  games: number;
  moves: number;
  openFiles: number;
  rssMB: number;
  /** Live heap after a full collection; null without --expose-gc. */
  heapMB: number | null;
}

interface Prepared {
  cut: string;
  rest: { faction: string; text: string }[];
  players: Record<string, string>;
}

function prepare(file: string): Prepared {
  const text = readCorpus(file);
  const record = readRecord(parseGameLog(text));
  const rows = parseGameLog(text).filter((e) => e.kind === 'row' && !e.engine && e.text.toLowerCase() !== 'setup');
  const cut = text
    .split('\n')
    .slice(0, rows[rows.length - MOVES]!.line - 1)
    .join('\n');
  return {
    cut,
    rest: record.moves.slice(-MOVES).map((m) => ({ faction: m.faction!, text: m.text })),
    players: Object.fromEntries(record.factions.map((f) => [f, `user-${f}`])),
  };
}

function must<T>(r: { ok: true; value: T } | { ok: false; error: unknown }): T {
  if (!r.ok) throw new Error(`soak: ${JSON.stringify(r.error)}`);
  return r.value;
}

function sample(games: number, moves: number): SoakSample {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  return {
    games,
    moves,
    openFiles: readdirSync('/proc/self/fd').length,
    rssMB: Math.round(process.memoryUsage().rss / 1e6),
    heapMB: gc ? Math.round(process.memoryUsage().heapUsed / 1e5) / 10 : null,
  };
}

/** Plays `games` games, sampling every `every` games (and once after the first, when warm). */
export async function soak(games: number, every: number, onSample?: (s: SoakSample) => void): Promise<SoakSample[]> {
  const db = await scratchSqlite();
  const { repo } = await openStore(db.url);
  const samples: SoakSample[] = [];
  const record = (s: SoakSample) => {
    samples.push(s);
    onSample?.(s);
  };
  try {
    const service = new GameService(repo);
    const prepared = FILES.map(prepare);
    let moves = 0;
    for (let g = 1; g <= games; g++) {
      const { cut, rest, players } = prepared[g % prepared.length]!;
      const at = (userId: string): Caller => ({ userId, guildId: 'soak', channelId: `channel-${g}` });
      const game = must(await service.importGame(at('admin'), { text: cut, players }, new Date()));
      let version = (await repo.getGame(game.id))!.version;
      for (const m of rest) {
        version = must(await service.play(at(players[m.faction]!), game.id, version, m.text)).newVersion;
        moves++;
      }
      must(await service.getGame(at('admin'), game.id));
      if (g === 1 || g % every === 0) record(sample(g, moves));
    }
    return samples;
  } finally {
    await repo.close();
    await db.drop();
  }
}

export async function benchSoak(games = 1_000, every = 100): Promise<string[]> {
  const start = Date.now();
  const samples = await soak(games, every);
  const first = samples[0]!;
  const last = samples.at(-1)!;
  return [
    ...samples.map(
      (s) =>
        `soak sqlite: after ${s.games} games (${s.moves} moves played): ${s.openFiles} open files, RSS ${s.rssMB} MB${s.heapMB === null ? '' : `, heap ${s.heapMB} MB`}`,
    ),
    `soak sqlite: ${games} games in ${Math.round((Date.now() - start) / 1000)} s; open files ${first.openFiles} → ${last.openFiles}, RSS ${first.rssMB} → ${last.rssMB} MB (target: flat, at most 400 MB)`,
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({
    options: { games: { type: 'string' }, every: { type: 'string' }, json: { type: 'boolean' } },
  });
  const games = Number(values.games ?? 1_000);
  const every = Number(values.every ?? 100);
  if (values.json) console.log(JSON.stringify(await soak(games, every)));
  else for (const line of await benchSoak(games, every)) console.log(line);
}
