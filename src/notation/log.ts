import { type FactionSnapshot, type FactionId, isFactionId, ORIGINAL_MAP_ID } from '../engine/index.ts';

/** A row of a snellman game record, whichever of the two formats it came from. */
export type LogEntry =
  | { readonly kind: 'option'; readonly option: string; readonly line: number }
  | { readonly kind: 'round-scoring'; readonly round: number; readonly tile: string; readonly line: number }
  | { readonly kind: 'remove-bonus'; readonly tile: string; readonly line: number }
  /** snellman's map id (`map original` is the base map). */
  | { readonly kind: 'map'; readonly map: string; readonly line: number }
  /** A Fire & Ice final-scoring tile added to the game. */
  | { readonly kind: 'final-scoring'; readonly tile: string; readonly line: number }
  | { readonly kind: 'player'; readonly name: string; readonly line: number }
  | { readonly kind: 'drop'; readonly faction: FactionId; readonly line: number }
  /** A bid in the faction auction (ours, not snellman's: docs/rulings.md §3), for the seat whose bid it is. */
  | { readonly kind: 'bid'; readonly faction: FactionId; readonly amount: number; readonly line: number }
  /** A faction's commands; `engine` rows were written by the moderator and are checkpoints only. */
  | {
      readonly kind: 'row';
      readonly faction: FactionId;
      readonly text: string;
      readonly engine: boolean;
      readonly checkpoint: FactionSnapshot | null;
      readonly line: number;
      /**
       * A row as a player typed it (a raw log or move list, `faction: commands`): the reference engine runs
       * it in the order it normalises it to (leech answers first, a convert before a pass ...). A ledger's
       * rows are already in the order they ran.
       */
      readonly typed?: boolean;
    };

const HEADER_END = /^# ==== end of header/;

/** Rows the moderator writes itself; in a record they are checkpoints, never commands to run. */
export function isEngineRow(text: string): boolean {
  return (
    text === '' ||
    /^(other_|cult_)?income_for_faction$/i.test(text) ||
    /^\[(opponent accepted power|all opponents declined power)\]$/i.test(text) ||
    // Final scoring; records copied from a game page may have lost the amount.
    /^(\+\d+)?\s*vp for [\w-]+$/i.test(text) ||
    /^score_resources$/i.test(text)
  );
}

/** Drops the corpus' provenance header if there is one. */
function body(text: string): { lines: string[]; offset: number } {
  const all = text.split(/\r?\n/);
  const end = all.findIndex((l) => HEADER_END.test(l));
  return end >= 0 ? { lines: all.slice(end + 1), offset: end + 1 } : { lines: all, offset: 0 };
}

function parseCheckpoint(cells: string[]): FactionSnapshot | null {
  const num = (s: string | undefined) => Number((s ?? '').replace(/[^\d-]/g, ''));
  const pw = (cells[10] ?? '')
    .replace(/\s*PW$/, '')
    .split('/')
    .map(Number);
  const cult = (cells[12] ?? '').split('/').map(Number);
  if (pw.length !== 3 || cult.length !== 4) return null;
  return {
    VP: num(cells[2]),
    C: num(cells[4]),
    W: num(cells[6]),
    P: num(cells[8]),
    PW: pw as [number, number, number],
    cult: cult as [number, number, number, number],
  };
}

/** A `map` row, as a raw log and a ledger comment both write it. */
function mapEntry(text: string, line: number): LogEntry | null {
  const m = text.match(/^map (\S+)$/i);
  if (!m) return null;
  const map = m[1]!.toLowerCase() === 'original' ? ORIGINAL_MAP_ID : m[1]!.toLowerCase();
  return { kind: 'map', map, line };
}

/**
 * The admin rows of a raw log (what the reference engine reads): `score ...`, `delete BONn`, `map <id>`,
 * `final-scoring <tile>`, `setup x`, and our auction's `bid x n`.
 */
function rawLogEntries(text: string, line: number): LogEntry[] | null {
  let m: RegExpMatchArray | null;
  const map = mapEntry(text, line);
  if (map) return [map];
  // Tile names are case-sensitive in the reference engine.
  if ((m = text.match(/^final-scoring (\S+)$/))) return [{ kind: 'final-scoring', tile: m[1]!, line }];
  if ((m = text.match(/^score ((?:score\d,){5}score\d)$/i)))
    return m[1]!.split(',').map((tile, i) => ({ kind: 'round-scoring', round: i + 1, tile: tile.toUpperCase(), line }));
  if ((m = text.match(/^delete (bon\d+)$/i))) return [{ kind: 'remove-bonus', tile: m[1]!.toUpperCase(), line }];
  // A seat: the player count, which a log cut while factions are chosen has no other way to say.
  if ((m = text.match(/^player (\S+)(?: email \S*)?(?: username \S+)?$/i)))
    return [{ kind: 'player', name: m[1]!, line }];
  if ((m = text.match(/^setup (\w+)$/i)) && isFactionId(m[1]!.toLowerCase()))
    return [
      { kind: 'row', faction: m[1]!.toLowerCase() as FactionId, text: 'setup', engine: false, checkpoint: null, line },
    ];
  if ((m = text.match(/^bid (\w+) (\d+)$/i)) && isFactionId(m[1]!.toLowerCase()))
    return [{ kind: 'bid', faction: m[1]!.toLowerCase() as FactionId, amount: Number(m[2]), line }];
  if ((m = text.match(/^drop-faction (\w+)$/i)) && isFactionId(m[1]!.toLowerCase()))
    return [{ kind: 'drop', faction: m[1]!.toLowerCase() as FactionId, line }];
  return null;
}

function commentEntry(text: string, line: number): LogEntry | null {
  let m: RegExpMatchArray | null;
  if ((m = text.match(/^option (\S+)$/i))) return { kind: 'option', option: m[1]!.toLowerCase(), line };
  if ((m = text.match(/^round (\d) scoring: (score\d)/i)))
    return { kind: 'round-scoring', round: Number(m[1]), tile: m[2]!.toUpperCase(), line };
  if ((m = text.match(/^removing tile (bon\d+)/i))) return { kind: 'remove-bonus', tile: m[1]!.toUpperCase(), line };
  if ((m = text.match(/^added final scoring tile: (\S+)/i))) return { kind: 'final-scoring', tile: m[1]!, line };
  if ((m = text.match(/^player \d+: (\S+)/i))) return { kind: 'player', name: m[1]!, line };
  if ((m = text.match(/^(\w+) dropped from the game/i)) && isFactionId(m[1]!.toLowerCase())) {
    return { kind: 'drop', faction: m[1]!.toLowerCase() as FactionId, line };
  }
  return null;
}

/**
 * Reads a ledger (tab-separated rows with numbers), a move list ("faction: command" lines), a ledger
 * copied without its numbers ("faction command" lines) or a raw log (the same rows with the admin
 * commands `score`, `delete`, `map`, `final-scoring` and `setup` the reference engine reads).
 */
export function parseGameLog(text: string): LogEntry[] {
  const { lines, offset } = body(text);
  const out: LogEntry[] = [];
  lines.forEach((raw, i) => {
    const line = i + 1 + offset;
    const cells = raw.split('\t');
    const first = cells[0]!.trim().toLowerCase();
    if (cells.length >= 15 && isFactionId(first)) {
      const cmd = cells[cells.length - 1]!.trim();
      out.push({
        kind: 'row',
        faction: first,
        text: cmd,
        engine: isEngineRow(cmd),
        checkpoint: parseCheckpoint(cells),
        line,
      });
      return;
    }
    const t = cells[0]!.trim();
    const moveList = t.match(/^(\w+):\s*(.*)$/);
    if (moveList && isFactionId(moveList[1]!.toLowerCase())) {
      const cmd = moveList[2]!.trim();
      out.push({
        kind: 'row',
        faction: moveList[1]!.toLowerCase() as FactionId,
        text: cmd,
        engine: isEngineRow(cmd),
        checkpoint: null,
        line,
        typed: true,
      });
      return;
    }
    const income = t.match(/^(\w+) ((?:other_|cult_)?income_for_faction)$/i);
    if (income && isFactionId(income[1]!.toLowerCase())) {
      out.push({
        kind: 'row',
        faction: income[1]!.toLowerCase() as FactionId,
        text: income[2]!,
        engine: true,
        checkpoint: null,
        line,
      });
      return;
    }
    // A ledger copied from a game page with its number cells stripped (tmai): "<faction> [numbers] <commands>".
    const copied = t.match(/^(\w+)\s+(.*)$/);
    if (copied && isFactionId(copied[1]!.toLowerCase()) && !/ dropped from the game/i.test(t)) {
      const cmd = copied[2]!.replace(/^(?:[+-]?\d+\s+)+/, '').trim();
      out.push({
        kind: 'row',
        faction: copied[1]!.toLowerCase() as FactionId,
        text: cmd,
        engine: isEngineRow(cmd),
        checkpoint: null,
        line,
      });
      return;
    }
    const admin = rawLogEntries(t, line);
    if (admin) {
      out.push(...admin);
      return;
    }
    const e = commentEntry(t, line);
    if (e) out.push(e);
  });
  return out;
}
