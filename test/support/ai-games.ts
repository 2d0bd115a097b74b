/**
 * Games the AI tests play: a table with its factions picked, and the AI playing on from a position
 * the way the game takes moves (off-turn answers first).
 */
import {
  type FactionId,
  type GameState,
  apply,
  newGame,
  play,
  randomSetup,
  whoMustAct,
} from '../../src/engine/index.ts';
import { decide, type AiOptions } from '../../src/ai/index.ts';
import { RULES_PRESETS } from '../../src/game/presets.ts';

/** A game on the league options with these factions picked in seat order, before the set-up dwellings. */
export function tableOf(
  seed: string,
  factions: readonly FactionId[],
  players: readonly string[] = factions.map((_, i) => `s${i}`),
): GameState {
  let state = newGame(randomSetup(seed, [...players], [...RULES_PRESETS.standard]));
  for (const faction of factions) {
    const r = apply(state, null, [{ type: 'pick-faction', faction }]);
    if (!r.ok) throw r.error;
    state = r.value.state;
  }
  return state;
}

/** The faction the game takes a move from next: an off-turn answer before the turn goes on. */
export function nextToMove(state: GameState): FactionId {
  const waiting = whoMustAct(state);
  const who = waiting.find((f) => f !== state.active) ?? waiting[0];
  if (!who) throw new Error(`nobody to move in ${state.phase}, round ${state.round}`);
  return who;
}

/** The game played on by the AI until `until` holds; `visit` sees each position and who moves there. */
export function playOn(
  state: GameState,
  opts: AiOptions,
  until: (state: GameState) => boolean,
  visit?: (state: GameState, who: FactionId) => void,
): GameState {
  while (!until(state)) {
    const who = nextToMove(state);
    visit?.(state, who);
    const r = play(state, who, decide(state, who, opts).move.commands);
    if (!r.ok) throw r.error;
    state = r.value.state;
  }
  return state;
}

/** Positions where a faction is to take its turn, over the first `moves` moves of a game `normal` plays. */
export function turnPositions(seed: string, factions: readonly FactionId[], moves: number): GameState[] {
  const out: GameState[] = [];
  let played = 0;
  playOn(
    tableOf(seed, factions),
    { level: 'normal', seed },
    (state) => state.finished || played === moves,
    (state, who) => {
      played++;
      if (state.phase === 'play' && who === state.active && state.factions[who]!.allowedActions > 0) out.push(state);
    },
  );
  return out;
}
