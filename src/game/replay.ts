// The game state is a function of the game record and its move log. Play (`step`) and `replay`
// apply a row the same way, the commands and then the end of a completed turn, so a rebuilt state
// is the state the players saw.
import {
  type AdminCommand,
  type ApplyResult,
  type Command,
  type FactionId,
  type GameSetup,
  type GameState,
  applyInPlace,
  closeCompletedTurn,
  newGame,
  play,
} from '../engine/index.ts';
import { parseCommand, splitRecorded } from '../notation/parse.ts';
import type { GameRecord, MoveRecord } from './repo.ts';
import { type Game, type Seat, withPicks } from './seats.ts';
import { engineOptions, settingsOf } from './settings.ts';

export type AnyCommand = Command | AdminCommand;

export function isAdminCommand(c: AnyCommand): c is AdminCommand {
  return c.type === 'pick-faction' || c.type === 'drop-faction' || c.type === 'bid';
}

/** Stored text is canonical and in execution order, so it is split as recorded, not re-normalised. */
export function storedCommands(text: string): AnyCommand[] {
  return splitRecorded(text).map(parseCommand);
}

export function seatFaction(seats: readonly Seat[], position: number | null): FactionId | null {
  return seats.find((s) => s.position === position)?.faction ?? null;
}

export function seatOfFaction(seats: readonly Seat[], faction: string): Seat | undefined {
  return seats.find((s) => s.faction === faction);
}

/** Engine player names are seat labels: a replaced player must not change the replayed state. */
export function setupOf(game: GameRecord): GameSetup {
  const { tiles, map, rulesVersion } = settingsOf(game);
  if (!tiles?.removedBonusTiles) throw new Error(`game ${game.id} has no tiles fixed yet`);
  return {
    options: engineOptions(game.options),
    players: game.seats.map((s) => `seat ${s.position + 1}`),
    scoreTiles: tiles.scoreTiles as GameSetup['scoreTiles'],
    removedBonusTiles: tiles.removedBonusTiles,
    map,
    finalScoring: tiles.finalScoring,
    rulesVersion,
  };
}

/**
 * One move on a copy: the commands, then the end of the turn if they completed it. `faction` is
 * null for administrative commands, as in `replay`.
 */
export function step(state: GameState, faction: FactionId | null, commands: readonly AnyCommand[]): ApplyResult {
  return play(state, faction, commands);
}

/** Who a stored row acts for: its seat's faction, or nobody for an administrative row. */
function actorOf(game: Game, move: MoveRecord, commands: readonly AnyCommand[]): FactionId | null {
  return commands.every(isAdminCommand) ? null : seatFaction(game.seats, move.seat);
}

/**
 * Rebuilds the state from the log. A stored move the engine refuses is corruption: it throws.
 * Closing a turn is only needed when the same faction moves next (or the log ends): a move by
 * anyone else closes the previous turn inside the engine the same way, without copying the state.
 */
export function replay(
  game: GameRecord,
  moves: readonly MoveRecord[],
  /** Told of each move after which a turn was closed and the same faction moves next in a new turn of its own. */
  onCloseBetween?: (index: number) => void,
  /** Shown the state after each move (a live object: read what is needed at once). */
  onRow?: (index: number, state: GameState) => void,
): GameState {
  let state = newGame(setupOf(game));
  const seated = withPicks(game, moves);
  const rows = moves.map((move) => {
    const commands = storedCommands(move.text);
    return { commands, actor: actorOf(seated, move, commands) };
  });
  const closeAfter = (i: number, actor: FactionId | null) => {
    const next = rows[i + 1];
    if (next && next.actor !== actor) return;
    // A record's consecutive rows of one faction are one turn, as the reference engine plays them
    // (a conversion in the row after the action); moves played here close a complete turn at once.
    if (next && moves[i]!.userId === null && moves[i + 1]!.userId === null) return;
    const closed = closeCompletedTurn(state, actor);
    if (!closed?.ok) return;
    state = closed.value.state;
    // A turn handed on goes on in the faction's next move, as the reference plays it; a new turn of its
    // own (the last faction in the round) is one the reference must be told of.
    if (next && (state.active === actor || state.handedOn?.from !== actor)) onCloseBetween?.(i);
  };
  rows.forEach(({ commands, actor }, i) => {
    applyInPlace(state, actor, commands);
    closeAfter(i, actor);
    onRow?.(i, state);
  });
  return state;
}
