// A game's position and its version. Every change adds a version, but only moves and undos change what
// the players see on the board and may do: an undo request, its answers, a setting or a new player at a
// seat leave the position as it is. Buttons and menus are drawn for a position, so they keep working
// through such changes, and a wait (reminders, pings) lasts as long as its position.
import type { GameRecord } from './repo.ts';
import { type ServiceSettings, settingsOf } from './settings.ts';

/** The version at which the game reached the position it is in now. */
export function positionVersion(game: GameRecord): number {
  const note = settingsOf(game).positionSince;
  return note !== null && note.through === game.version ? note.since : game.version;
}

/** The settings to store with a change that leaves the position as it is (it adds one version). */
export function keepingPosition(game: GameRecord): Pick<ServiceSettings, 'positionSince'> {
  return { positionSince: { since: positionVersion(game), through: game.version + 1 } };
}
