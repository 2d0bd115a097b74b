// Snellman game records in and out: what an imported record means for our game (options, tiles,
// factions in seat order, the moves) and the move list we export. Pure; import-export.ts stores them.
import { type FactionId, OPTIONS, type OptionId } from '../engine/index.ts';
import { formatCommands } from '../notation/format.ts';
import { isEngineRow, type LogEntry } from '../notation/log.ts';
import { parseCommand, splitRecorded } from '../notation/parse.ts';
import type { MoveRecord, SeatRecord } from './repo.ts';
import { seatFaction, storedCommands } from './replay.ts';
import type { Tiles } from './settings.ts';

export interface RecordMove {
  /** Null for an administrative move (a faction dropped from the game). */
  readonly faction: FactionId | null;
  readonly text: string;
}

export interface GameRecordFile {
  readonly options: OptionId[];
  readonly tiles: Tiles & { removedBonusTiles: string[] };
  /** In seat (faction pick) order. */
  readonly factions: FactionId[];
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
  const factions: FactionId[] = [];
  const moves: RecordMove[] = [];
  let hasSetupRows = false;
  for (const e of entries) {
    if (e.kind === 'option' && (OPTIONS as readonly string[]).includes(e.option)) options.push(e.option as OptionId);
    else if (e.kind === 'round-scoring') scoreTiles[e.round - 1] = e.tile;
    else if (e.kind === 'remove-bonus') removedBonusTiles.push(e.tile);
    else if (e.kind === 'drop')
      moves.push({ faction: null, text: formatCommands([{ type: 'drop-faction', faction: e.faction }]) });
    else if (e.kind === 'row') {
      if (e.text.toLowerCase() === 'setup') {
        hasSetupRows = true;
        factions.push(e.faction);
      } else if (e.engine) {
        if (!hasSetupRows && moves.length === 0 && !factions.includes(e.faction)) factions.push(e.faction);
      } else {
        const commands = splitRecorded(e.text).filter((p) => !isEngineRow(p));
        if (commands.length) moves.push({ faction: e.faction, text: formatCommands(commands.map(parseCommand)) });
      }
    }
  }
  return {
    options: [...new Set(options)].sort(),
    tiles: { scoreTiles, removedBonusTiles: removedBonusTiles.sort() },
    factions,
    moves,
  };
}

/** Capitalised as snellman prints factions in its comment rows. */
function display(faction: string): string {
  return faction.charAt(0).toUpperCase() + faction.slice(1);
}

/** A snellman move list (`faction: commands` rows with their setup rows) that parseGameLog reads back. */
export function formatMoveList(input: {
  options: readonly OptionId[];
  tiles: Tiles;
  seats: readonly SeatRecord[];
  moves: readonly MoveRecord[];
}): string {
  const lines: string[] = input.options.map((o) => `option ${o}`);
  input.tiles.scoreTiles.forEach((t, i) => lines.push(`Round ${i + 1} scoring: ${t}`));
  for (const t of input.tiles.removedBonusTiles ?? []) lines.push(`Removing tile ${t}`);
  input.seats.forEach((s, i) => lines.push(`Player ${i + 1}: ${s.userId}`));
  for (const s of input.seats) if (s.faction) lines.push(`${s.faction}: setup`);
  for (const m of input.moves) {
    const drop = storedCommands(m.text).find((c) => c.type === 'drop-faction');
    const faction = seatFaction(input.seats, m.seat);
    if (drop?.type === 'drop-faction') lines.push(`${display(drop.faction)} dropped from the game`);
    else if (faction) lines.push(`${faction}: ${m.text}`);
  }
  return `${lines.join('\n')}\n`;
}
