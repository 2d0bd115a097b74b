import { type FactionId, type GameState, type LegalMove, type MoveKind, legalMoves } from '../../engine/index.ts';
import { formatCommands } from '../../notation/format.ts';
import { fitText } from '../text.ts';

export interface MoveChoice {
  /** What the player sees in the autocomplete list (at most 100 characters). */
  readonly name: string;
  /** The move in snellman notation, sent back when chosen (at most 100 characters). */
  readonly value: string;
}

export const MAX_CHOICES = 25;

/** The hex or tile a move is about, so players can type "E5" or "FAV11" to narrow the list. */
function subjectOf(m: LegalMove): string {
  for (const c of m.commands) {
    if (c.type === 'build' || c.type === 'upgrade' || c.type === 'transform') return c.hex;
  }
  return '';
}

/**
 * Autocomplete choices for an action command: the engine's legal moves of the command's kinds, the
 * ones matching what the player typed first. Values are notation, which every language shares.
 */
export function moveChoices(
  state: GameState,
  faction: FactionId,
  kinds: readonly MoveKind[],
  typed: string,
): MoveChoice[] {
  const query = typed.trim().toLowerCase();
  const out: MoveChoice[] = [];
  for (const m of legalMoves(state, faction)) {
    if (!kinds.includes(m.kind)) continue;
    const value = formatCommands(m.commands);
    if (value.length > 100) continue;
    const subject = subjectOf(m);
    const name = subject && !value.startsWith(`build ${subject}`) ? `${subject} · ${value}` : value;
    if (query && !name.toLowerCase().includes(query)) continue;
    out.push({ name: fitText(name, 100), value });
  }
  // Shorter moves first: "build E5" before "dig 2. transform E5 to green. build E5".
  out.sort((a, b) => a.value.length - b.value.length || a.value.localeCompare(b.value));
  return out.slice(0, MAX_CHOICES);
}
