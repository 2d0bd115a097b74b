// Positions to probe: prefixes of real games (the fixtures) and of self-play games, as the raw log rows
// both engines read, with the row that really came next.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  type FactionId,
  type GameState,
  MAPS,
  type OptionId,
  OPTIONS,
  ORIGINAL_MAP_ID,
  seededRandom,
} from '../../engine/index.ts';
import { parseGameLog } from '../../notation/log.ts';
import { splitRecorded } from '../../notation/parse.ts';
import { readRecord } from '../../game/record.ts';
import { selfPlay } from '../../selfplay/game.ts';
import { rawLog } from '../../selfplay/raw-log.ts';
import type { Random } from '../../selfplay/policy.ts';
import { importPrefix } from './ours.ts';

export interface Game {
  readonly name: string;
  /** Setup rows (options, map, tiles, players), then the game's rows. */
  readonly header: readonly string[];
  /**
   * One command a row, in the order the record ran them: the reference engine would put a power answer
   * first in a row it reads whole, where a ledger row may hold it later (as score.pl splits ledgers).
   */
  readonly rows: readonly string[];
  /** For a row that starts a move of the record, that whole move (the probe's "next row"). */
  readonly moves: ReadonlyMap<number, string>;
}

export interface Position {
  readonly label: string;
  readonly rows: readonly string[];
  readonly next: string | null;
  readonly state: GameState;
}

/** Any record our import reads, as the raw log rows both engines take. */
export function gameOf(name: string, text: string): Game {
  const record = readRecord(parseGameLog(text));
  const header = [
    ...record.options.map((o) => `option ${o}`),
    ...(record.map !== ORIGINAL_MAP_ID ? [`map ${record.map}`] : []),
    `score ${record.tiles.scoreTiles.join(',')}`,
    ...record.tiles.removedBonusTiles.map((t) => `delete ${t}`),
    ...record.tiles.finalScoring.map((t) => `final-scoring ${t}`),
    ...record.factions.map((_, i) => `player p${i + 1}`),
  ];
  const rows: string[] = [];
  const moves = new Map<number, string>();
  record.moves.forEach((m, i) => {
    record.factions.forEach((f, k) => {
      if (record.movesBeforePick[k] === i) rows.push(`setup ${f}`);
    });
    if (!m.faction) {
      rows.push(m.text);
      return;
    }
    moves.set(rows.length, `${m.faction}: ${m.text}`);
    for (const c of splitRecorded(m.text)) rows.push(`${m.faction}: ${c}`);
  });
  record.factions.forEach((f, k) => {
    if (record.movesBeforePick[k] === record.moves.length) rows.push(`setup ${f}`);
  });
  return { name, header, rows, moves };
}

/** The fixture folders with whole games: real league games (base game), then the Fire & Ice logs. */
export const FIXTURE_DIRS = ['games', 'volcano', 'variable-factions', 'dealt-picks'] as const;

/** The repository's game fixtures: real league games (base game) and the Fire & Ice logs. */
export function fixtureGames(root: string, dirs: readonly string[] = FIXTURE_DIRS): Game[] {
  const out: Game[] = [];
  for (const dir of dirs) {
    const path = join(root, 'test/fixtures', dir);
    for (const file of readdirSync(path).sort()) {
      if (!/\.(txt|log)$/.test(file) || /README|reference|export|tmai/.test(file)) continue;
      out.push(gameOf(`${dir}/${file}`, readFileSync(join(path, file), 'utf8')));
    }
  }
  return out;
}

const FIRE_AND_ICE: readonly OptionId[] = [
  'fire-and-ice-factions/ice',
  'fire-and-ice-factions/volcano',
  'fire-and-ice-factions/variable_v5',
  'fire-and-ice-final-scoring',
];
const OFFERED_MAPS = MAPS.filter((m) => m.offered).map((m) => m.id);

/** A self-play game: every other one with the Fire & Ice factions, tiles and maps, the rest the base game. */
export function selfPlayGame(i: number, seed: string): Game {
  const rand = seededRandom(`${seed}/probe-options/${i}`);
  const fireAndIce = i % 2 === 1;
  const options = OPTIONS.filter((o) => o !== 'email-notify' && !FIRE_AND_ICE.includes(o) && rand() < 0.3);
  if (fireAndIce) options.push(...FIRE_AND_ICE);
  const game = selfPlay({
    seed: `${seed}-${i}`,
    players: 2 + (i % 4),
    options,
    map: fireAndIce ? OFFERED_MAPS[(i >> 1) % OFFERED_MAPS.length] : OFFERED_MAPS[0],
  });
  return gameOf(`self-play ${seed}-${i}`, rawLog(game));
}

/**
 * About `count` positions of a game: the set-up (faction picks, dwellings, bonus cards), the phases
 * between rounds, and places drawn at random in the rounds.
 */
export function positionsOf(game: Game, count: number, rand: Random): Position[] {
  const n = game.rows.length;
  const firstFaction = game.rows.findIndex((r) => /^setup /i.test(r));
  if (firstFaction < 0) return [];
  const chosen = new Set<number>();
  // The set-up: right after the first picks, among the dwellings and bonus cards.
  for (const k of [firstFaction + 1, firstFaction + 3, firstFaction + 8, firstFaction + 12]) if (k <= n) chosen.add(k);
  // After a round's last pass (the spade phase may follow), and right after an action row.
  const passes = game.rows.flatMap((r, k) => (/: pass\b/i.test(r) ? [k + 1] : []));
  for (let i = 0; i < 3 && passes.length; i++) chosen.add(passes[Math.floor(rand() * passes.length)]!);
  while (chosen.size < count && chosen.size < n - firstFaction)
    chosen.add(firstFaction + 1 + Math.floor(rand() * (n - firstFaction)));
  const out: Position[] = [];
  for (const k of [...chosen].sort((a, b) => a - b)) {
    const rows = [...game.header, ...game.rows.slice(0, k)];
    const imported = importPrefix(rows);
    if ('error' in imported || imported.state.finished) continue;
    out.push({
      label: `${game.name} @${k}`,
      rows,
      next: game.moves.get(k) ?? game.rows[k] ?? null,
      state: imported.state,
    });
  }
  return out;
}

export type { FactionId };
