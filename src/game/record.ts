// Snellman game records in and out: what an imported record means for our game (options, tiles,
// factions in seat order, the moves) and the raw log we export. Pure; import-export.ts stores them.
import { type FactionId, type FinalScoringId, isOptionId, type OptionId, ORIGINAL_MAP_ID } from '../engine/index.ts';
import { formatCommands } from '../notation/format.ts';
import { isEngineRow, type LogEntry } from '../notation/log.ts';
import { parseCommand, typedLines } from '../notation/parse.ts';
import { commandsOf } from '../notation/replay.ts';
import type { MoveRecord } from './repo.ts';
import { isAdminCommand, seatFaction, storedCommands } from './replay.ts';
import { pickRow, type Seat } from './seats.ts';
import type { Tiles } from './settings.ts';

export interface RecordMove {
  /** Null for an administrative move (a faction dropped from the game). */
  readonly faction: FactionId | null;
  readonly text: string;
}

export interface GameRecordFile {
  readonly options: OptionId[];
  /** snellman's map id; the original map when the record names none. */
  readonly map: string;
  readonly tiles: Tiles & { removedBonusTiles: string[] };
  /** In seat (faction pick) order. */
  readonly factions: FactionId[];
  /** The players the record names (its `player` rows), whether or not they have picked a faction yet. */
  readonly seats: number;
  /**
   * For each pick, how many moves came before it: a Fire & Ice faction's colour pick is a move made
   * before the next faction is picked.
   */
  readonly movesBeforePick: number[];
  readonly moves: RecordMove[];
}

/**
 * Reads what a game needs from a parsed record. Factions come from the `setup` rows, or in a move
 * list from the first income block; commands are stored canonically, moderator rows left out.
 */
export function readRecord(entries: readonly LogEntry[]): GameRecordFile {
  const options: OptionId[] = [];
  const scoreTiles: string[] = [];
  const removedBonusTiles: string[] = [];
  const finalScoring: FinalScoringId[] = [];
  let map = ORIGINAL_MAP_ID;
  const factions: FactionId[] = [];
  const movesBeforePick: number[] = [];
  const moves: RecordMove[] = [];
  let players = 0;
  let hasSetupRows = false;
  for (const e of entries) {
    if (e.kind === 'option' && isOptionId(e.option)) options.push(e.option);
    else if (e.kind === 'round-scoring') scoreTiles[e.round - 1] = e.tile;
    else if (e.kind === 'remove-bonus') removedBonusTiles.push(e.tile);
    else if (e.kind === 'map') map = e.map;
    else if (e.kind === 'player') players++;
    // The replay that vouches for the record has refused a tile it does not know.
    else if (e.kind === 'final-scoring') finalScoring.push(e.tile as FinalScoringId);
    else if (e.kind === 'bid')
      moves.push({ faction: null, text: formatCommands([{ type: 'bid', faction: e.faction, amount: e.amount }]) });
    else if (e.kind === 'drop')
      moves.push({ faction: null, text: formatCommands([{ type: 'drop-faction', faction: e.faction }]) });
    else if (e.kind === 'row') {
      if (e.text.toLowerCase() === 'setup') {
        hasSetupRows = true;
        factions.push(e.faction);
        movesBeforePick.push(moves.length);
      } else if (e.engine) {
        if (!hasSetupRows && moves.length === 0 && !factions.includes(e.faction)) {
          factions.push(e.faction);
          movesBeforePick.push(0);
        }
      } else {
        const commands = commandsOf(e).filter((p) => !isEngineRow(p));
        if (commands.length) moves.push({ faction: e.faction, text: formatCommands(commands.map(parseCommand)) });
      }
    }
  }
  return {
    options: [...new Set(options)].sort(),
    map,
    tiles: { scoreTiles, removedBonusTiles: removedBonusTiles.sort(), finalScoring: [...new Set(finalScoring)].sort() },
    factions,
    seats: players,
    movesBeforePick,
    moves,
  };
}

/**
 * The record as the rows a game stores, in order: the auction's bids, each faction pick where the record
 * made it (after the bids; a Fire & Ice faction's colour pick is a move made before the next faction is
 * picked), every move. `faction` is the seat's faction, or null for a bid or an administrative move.
 */
export function recordRows(record: GameRecordFile): { faction: FactionId | null; text: string }[] {
  const bids = record.moves.filter((m) => m.text.startsWith('bid ')).length;
  const rows: { faction: FactionId | null; text: string }[] = [];
  let next = 0;
  const pickUpTo = (index: number) => {
    while (next < record.factions.length && Math.max(record.movesBeforePick[next] ?? 0, bids) <= index) {
      const faction = record.factions[next++]!;
      rows.push({ faction, text: pickRow(faction) });
    }
  };
  record.moves.forEach((m, i) => {
    pickUpTo(i);
    rows.push(m);
  });
  pickUpTo(Infinity);
  return rows;
}

/**
 * The game as a raw log, the command log terra.snellman.net's engine reads as it is (and parseGameLog
 * reads back): option rows, the map, the round scoring tiles, the bonus cards left out, the final-scoring tiles, a
 * `player` row per seat, then the log:
 * the auction's bids as `bid <faction> <vp>`, the faction picks as `setup <faction>`, every move as `faction: commands`, a dropped faction as `drop-faction`.
 */
export function formatRawLog(input: {
  options: readonly OptionId[];
  map: string;
  tiles: Tiles;
  seats: readonly Seat[];
  moves: readonly MoveRecord[];
  /**
   * Moves after which our game closed the turn although the same faction moved next. The reference
   * engine closes a turn only when another faction's row comes, so a `wait` row of another faction
   * (which changes nothing else) says it.
   */
  closedBetween?: ReadonlySet<number>;
}): string {
  const lines: string[] = [`# players: ${input.seats.map((s) => `${s.faction ?? '?'} ${s.userId}`).join(', ')}`];
  lines.push(...input.options.map((o) => `option ${o}`));
  // snellman writes no map row for the original map.
  if (input.map !== ORIGINAL_MAP_ID) lines.push(`map ${input.map}`);
  lines.push(`score ${input.tiles.scoreTiles.join(',')}`);
  for (const t of input.tiles.removedBonusTiles ?? []) lines.push(`delete ${t}`);
  for (const t of input.tiles.finalScoring) lines.push(`final-scoring ${t}`);
  // The player count: the reference hands out the colour picks that come after faction selection (the
  // volcano factions') only once every player has a faction.
  input.seats.forEach((_, i) => lines.push(`player p${i + 1}`));
  input.moves.forEach((m, i) => {
    const admin = storedCommands(m.text).find(isAdminCommand);
    const faction = seatFaction(input.seats, m.seat);
    if (admin) lines.push(formatCommands([admin]));
    // The reference reorders a typed row (leech answers first ...): a row stored in an order it would
    // change goes one command a row.
    else if (faction) lines.push(...typedLines(m.text).map((t) => `${faction}: ${t}`));
    const other = input.seats.find((s) => s.faction && s.faction !== faction)?.faction;
    if (input.closedBetween?.has(i) && other) lines.push(`${other}: wait`);
  });
  return `${lines.join('\n')}\n`;
}
