// A started game played to its end through the game service, every seat by a random player choosing among
// the engine's legal moves as self-play does: the same calls a click makes, so results, history and league
// tables see a game as a Discord channel would leave it. Same seed, same game.
import { type FactionId, legalMoves, seededRandom } from '../engine/index.ts';
import { formatCommands } from '../notation/format.ts';
import type { Caller, GameService, GameView, Result } from '../game/service.ts';
import { chooseMove, pick } from './policy.ts';

export interface ServicePlayOptions {
  readonly seed: string;
  /** Who the seats' players are: a caller for each user id, in the game's channel. */
  readonly callerOf: (userId: string) => Caller;
  /** The game admin, who drops a seat when `dropChance` says so. */
  readonly admin: Caller;
  /** The chance, per game, that the admin drops one seat in the middle of the game. */
  readonly dropChance?: number;
  /** The admin drops a seat once the log has this many rows (whatever `dropChance` says). */
  readonly dropAtRow?: number;
}

/** A game needs far fewer calls; more means it cannot end. */
const MAX_CALLS = 20_000;

function must<T>(r: Result<T>, what: string): T {
  if (!r.ok) throw new Error(`service self-play: ${what} was refused: ${JSON.stringify(r.error)}`);
  return r.value;
}

/** Plays the game `view` shows (started, factions dealt or to pick) until it ends; returns the final view. */
export async function playThroughService(
  service: GameService,
  start: GameView,
  o: ServicePlayOptions,
): Promise<GameView> {
  return (await play(service, start, o, false)).view;
}

/**
 * Plays the game as `playThroughService` does, but stops before the move that would end it: returns the game
 * then and that last move (who plays it and its line), for a test to play it as a player would.
 */
export async function playToLastMove(
  service: GameService,
  start: GameView,
  o: ServicePlayOptions,
): Promise<{ view: GameView; last: { userId: string; text: string } }> {
  const { view, last } = await play(service, start, o, true);
  if (!last) throw new Error(`service self-play ${o.seed}: the game ended without a last move to hold back`);
  return { view, last };
}

async function play(
  service: GameService,
  start: GameView,
  o: ServicePlayOptions,
  holdLast: boolean,
): Promise<{ view: GameView; last: { userId: string; text: string } | null }> {
  let rand = seededRandom(`${o.seed}/service`);
  let view = start;
  const drawn = rand() < (o.dropChance ?? 0) ? 60 + Math.floor(rand() * 150) : null;
  let dropAtRow = o.dropAtRow ?? drawn;
  const actions = new Map<FactionId, number>();
  let round = 0;
  let free = 0;
  for (let calls = 0; !view.state?.finished; calls++) {
    if (calls > MAX_CALLS) throw new Error(`service self-play ${o.seed}: the game did not end`);
    if (view.factionPick) {
      const { userId, available } = view.factionPick;
      view = must(await service.chooseFaction(o.callerOf(userId), view, pick(available, rand)), 'a faction pick');
      continue;
    }
    const state = view.state!;
    if (state.round !== round) {
      round = state.round;
      actions.clear();
    }
    if (dropAtRow !== null && view.moves.length >= dropAtRow && state.round > 0) {
      const seat = pick(
        view.game.seats.filter((s) => s.faction && !state.factions[s.faction]?.dropped),
        rand,
      );
      const dropped = await service.dropPlayer(o.admin, view.game.id, view.game.version, seat.position);
      view = must(dropped, 'the drop').view;
      // The rest of the game draws from a stream of its own (the fixtures of docs/league.md were made so).
      rand = seededRandom(`${o.seed}/after-drop/service`);
      rand();
      dropAtRow = null;
      actions.clear();
      round = 0;
      free = 0;
      continue;
    }
    // Decisions owed by others first, mostly, as the engine's self-play chooses.
    const waiting = view.waitingFor.filter((w) => legalMoves(state, w.faction).length > 0);
    if (waiting.length === 0) throw new Error(`service self-play ${o.seed}: nobody can move`);
    const others = waiting.filter((w) => w.faction !== state.active);
    const active = waiting.find((w) => w.faction === state.active);
    const who = active && (others.length === 0 || rand() >= 0.7) ? active : pick(others, rand);
    const faction = state.factions[who.faction]!;
    const moves = legalMoves(state, who.faction);
    const move = chooseMove(
      state,
      faction,
      moves,
      { actionsThisRound: actions.get(who.faction) ?? 0, freeThisTurn: who.faction === state.active ? free : 0 },
      rand,
    );
    const text = formatCommands(move.commands);
    const caller = o.callerOf(who.userId);
    if (holdLast && state.round === 6) {
      const outcome = await service.preview(caller, view, text);
      if (outcome.ok && outcome.value.finished) return { view, last: { userId: who.userId, text } };
    }
    const played = must(await service.play(caller, view, view.game.version, text), `'${text}'`);
    if (move.kind === 'convert' || move.kind === 'burn') free++;
    else if (!['leech', 'decline', 'favor', 'town', 'town-reward', 'cult', 'lose-cult'].includes(move.kind)) {
      actions.set(who.faction, (actions.get(who.faction) ?? 0) + 1);
      free = 0;
    }
    view = played.view;
  }
  return { view, last: null };
}
