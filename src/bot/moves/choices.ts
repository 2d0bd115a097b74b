import { type FactionId, type GameState, type MoveKind, legalMoves } from '../../engine/index.ts';
import type { BotLocale } from '../../i18n/index.ts';
import { describeLine } from '../present/moves.ts';
import { formatCommands } from '../../notation/format.ts';
import { fitText } from '../text.ts';

export interface MoveChoice {
  /** What the player sees in the autocomplete list (at most 100 characters). */
  readonly name: string;
  /** The move in snellman notation, sent back when chosen (at most 100 characters). */
  readonly value: string;
}

export const MAX_CHOICES = 25;

/**
 * Autocomplete choices for an action command: the engine's legal moves of the command's kinds, the
 * ones matching what the player typed first. Names are the move in the player's words with its notation
 * ("Temple at E5 · upgrade E5 to TE"), so "pri" finds the priests and "E5" the hex; values are notation,
 * which every language shares.
 */
export function moveChoices(
  locale: BotLocale,
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
    const name = `${describeLine(locale, m.commands, { faction, map: state.map, setup: state.round === 0 })} · ${value}`;
    if (query && !name.toLowerCase().includes(query)) continue;
    out.push({ name: fitText(name, 100), value });
  }
  // Shorter moves first: "build E5" before "dig 2. transform E5 to green. build E5".
  out.sort((a, b) => a.value.length - b.value.length || a.value.localeCompare(b.value));
  return out.slice(0, MAX_CHOICES);
}
