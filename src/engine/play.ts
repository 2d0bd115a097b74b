import { apply, endTurn, type ApplyResult } from './apply.ts';
import type { AdminCommand, Command } from './commands.ts';
import { turnComplete } from './legal.ts';
import type { FactionId, GameState } from './types.ts';

/**
 * Hands the faction's turn on when it has nothing left to do. The reference engine closes a turn only
 * when another faction's row comes; a game played live cannot wait for that row, and a record's last
 * row has none (reference disagreement R3), so the engine says itself when a turn is over.
 */
export function closeCompletedTurn(state: GameState, faction: FactionId | null): ApplyResult | null {
  return faction && turnComplete(state, faction) ? endTurn(state) : null;
}

/** A move as a game plays it: the commands, then the end of the turn if they completed it. */
export function play(
  state: GameState,
  faction: FactionId | null,
  commands: readonly (Command | AdminCommand)[],
): ApplyResult {
  const applied = apply(state, faction, commands);
  if (!applied.ok) return applied;
  const closed = closeCompletedTurn(applied.value.state, faction);
  if (!closed?.ok) return applied;
  return {
    ok: true,
    value: {
      ...closed.value,
      events: [...applied.value.events, ...closed.value.events],
      notes: [...applied.value.notes, ...closed.value.notes],
      actorSnapshot: applied.value.actorSnapshot,
    },
  };
}
