// Whether a row both engines accept is one a player of buttons could make: some sequence of the moves
// legalMoves offers (each played as a move) ends with the same numbers and board as the typed rows.
import {
  apply,
  CULTS,
  type Command,
  type FactionId,
  type GameState,
  legalMoves,
  type LegalMove,
  play,
} from '../../engine/index.ts';
import { formatCommands } from '../../notation/format.ts';
import { parseLine } from '../../notation/parse.ts';
import { differences, summarize } from './summary.ts';
import { splitRow } from './ours.ts';

const same = (a: GameState, b: GameState) => differences(summarize(a), summarize(b)).length === 0;
const FREE = new Set(['burn', 'convert']);

/**
 * Whether an offered move may stand for a typed segment: it has every kind of command the segment has
 * (a typed build may leave its transform implicit, so transforms are not asked for).
 */
const covers = (move: readonly Command[], segment: readonly Command[]) =>
  segment.every((c) => c.type === 'transform' || move.some((m) => m.type === c.type));

/** The state offers reach for one row of commands from `start`, or null. */
function reachRow(
  start: GameState,
  faction: FactionId,
  commands: readonly Command[],
  end: GameState,
): GameState | null {
  const typed: GameState[] = [start];
  for (const c of commands) {
    const r = apply(typed.at(-1)!, faction, [c]);
    if (!r.ok) return null;
    typed.push(r.value.state);
  }
  typed[commands.length] = end;
  const reached = new Map<number, GameState>([[0, start]]);
  for (let i = 0; i < commands.length; i++) {
    const at = reached.get(i);
    if (!at) continue;
    let moves: LegalMove[] | null = null;
    for (let j = commands.length; j > i; j--) {
      if (reached.has(j)) continue;
      const segment = commands.slice(i, j);
      const text = formatCommands(segment);
      // Commands that change nothing (a decline with no offer open, done, wait) need no move.
      if (same(at, typed[j]!)) {
        reached.set(j, at);
        continue;
      }
      moves ??= legalMoves(at, faction);
      const fits = moves.filter((m) => covers(m.commands, segment));
      fits.sort((a, b) => Number(formatCommands(b.commands) === text) - Number(formatCommands(a.commands) === text));
      for (const m of fits) {
        const r = play(at, faction, m.commands);
        if (!r.ok) continue;
        if (same(r.value.state, typed[j]!)) {
          reached.set(j, r.value.state);
          break;
        }
        // The move ends the turn the rest of the row would only have ended (`transform C2 to red. done`,
        // where the move's close of the turn also ends the round): the offers reach the row's end.
        if (same(r.value.state, end)) {
          reached.set(commands.length, r.value.state);
          break;
        }
      }
    }
  }
  return reached.get(commands.length) ?? null;
}

/** Consecutive rows of one faction are one line of commands (a row split in two). */
function lines(rows: readonly string[]): { faction: FactionId; commands: Command[] }[] {
  const out: { faction: FactionId; commands: Command[] }[] = [];
  for (const row of rows) {
    const r = splitRow(row)!;
    const commands = parseLine(r.text) as Command[];
    const last = out.at(-1);
    if (last?.faction === r.faction) last.commands.push(...commands);
    else out.push({ faction: r.faction, commands });
  }
  return out;
}

/** True when offers reach what the rows do from `state`; the rows are known to be accepted. */
export function reachedByOffers(state: GameState, rows: readonly string[]): boolean {
  let at = state;
  let typed = state;
  for (const { faction, commands } of lines(rows)) {
    const played = play(typed, faction, commands);
    if (!played.ok) return false;
    typed = played.value.state;
    // Free actions may come first in the buttons' order (a burn before the action, not after it).
    const orders = [
      commands,
      [...commands.filter((c) => FREE.has(c.type)), ...commands.filter((c) => !FREE.has(c.type))],
    ];
    let next: GameState | null = null;
    for (const order of orders) {
      next = reachRow(at, faction, order, typed);
      if (next) break;
    }
    if (!next) return false;
    at = next;
  }
  return true;
}

const PLAIN = new Set(['C', 'W', 'P', 'VP', 'PW', 'P1', 'P2', 'P3']);

/**
 * Rows both engines accept that legalMoves leaves out on purpose (docs/engine.md, "Legal moves"), with
 * the reason; null for any other row.
 */
export function notOfferedByDesign(before: GameState, rows: readonly string[], after: GameState): string | null {
  for (const { faction, commands } of lines(rows)) {
    const f = after.factions[faction]!;
    if (before.round === 0 && commands.some((c) => c.type === 'burn')) return 'a burn during the set-up';
    const lowered = (c: Command) =>
      c.type === 'adjust' &&
      c.delta < 0 &&
      (PLAIN.has(c.resource) || (CULTS as readonly string[]).includes(c.resource)) &&
      !before.factions[faction]!.counters.LOSE_CULT;
    if (commands.some(lowered)) return 'a moderator correction (resources or cult steps dropped by hand)';
    if (f.disableSpadeDecline && (f.counters.SPADE > 0 || f.counters.VOLCANO_TF > 0))
      return 'spades dug beyond what the line uses';
    if (f.counters.LOSE_CULT > 0 && !before.factions[faction]!.counters.LOSE_CULT)
      return "a volcano's cult steps left owed (the offers pay them in its row)";
    if (f.counters.PICK_COLOR > 0 && commands.some((c) => c.type === 'action'))
      return 'a colour-changing action without its pick';
  }
  return null;
}
