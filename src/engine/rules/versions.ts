import type { GameState } from '../types.ts';

/**
 * Rules a later engine version made narrower, with the version that did. Every game ever stored must
 * replay: a game keeps the rules of the version it was started under (`GameState.rulesVersion`), so its
 * moves stay legal, while games started since follow the narrower rule. Widened rules and fixes apply to
 * every game and need no entry here.
 */
export const NARROWED_IN = {
  /**
   * A free trading house or dwelling an action gave is built (or given up) before anything looks at the
   * turn, and a free transform the game already waits for can no longer be given up (held-entitlements.ts).
   */
  heldForTheTurn: 9,
  /**
   * A turn closed by the round's end is not handed on into the new round (handed-on.ts): its faction can no
   * longer burn or convert after the income unless the new round's turn is its own.
   */
  turnEndsWithRound: 11,
  /**
   * A free transform (the Nomads' sandstorm) that its turn can no longer use, a build having taken the
   * action's place for it, is given up before anything looks at the turn (held-entitlements.ts): the
   * reference would then wait for a transform no command can make, and the game could not go on.
   */
  unusableFreeTransform: 12,
} as const;

/** True when the game follows the narrower form of `rule`. */
export function narrowed(s: GameState, rule: keyof typeof NARROWED_IN): boolean {
  return s.rulesVersion >= NARROWED_IN[rule];
}
