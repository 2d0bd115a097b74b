// Which of the probe's findings are deliberate differences (docs/engine.md, "Deliberate differences"): rows
// the reference takes but after which it can never finish the game, or rows it refuses in a game it has let
// get stuck, and what ours does instead.
import { type GameState, play } from '../../engine/index.ts';
import { parseLine } from '../../notation/parse.ts';
import { splitRow } from './ours.ts';
import type { ReferenceAnswer } from './reference.ts';

/**
 * Our refusals that are deliberate differences (docs/engine.md), by rule code: rows the reference takes
 * but after which it can never finish the game.
 */
export const DELIBERATE: Readonly<Record<string, string>> = {
  freeBuildingFirst: 'a free building its action gave is built before anything looks at the turn',
  transformAwaited: 'a free transform the game waits for is not given up',
  unusableTransformFirst: 'a free transform its turn can no longer use is given up before anything looks at the turn',
  digUnusable: 'the giants dig no spade they could never use',
  bridgeExists: 'no second bridge on a crossing that has one',
  colorUnavailable: 'no faction picks ice as its colour',
  actionTaken: 'a faction that has passed takes no action, even with one faction left unpassed',
  factionLeft: 'a faction that has left the game writes no more rows',
  gameOver:
    'a live game is over once the close of its last turn ends it (the reference takes rows until another comes)',
};

/** ENGINE_VERSION 11 (docs/engine.md): live, no burn or conversion after a row whose close ended the round. */
const AFTER_ROUND_END =
  "no burn or conversion after the row whose close ended the round (live, the new round's income is paid)";

/**
 * Whether the rows, played live, end the round with a row of theirs and go on with burns and conversions
 * only: the reference takes those with the old round's numbers, ours refuses them (`notYourTurn`).
 */
function freeAfterRoundEnd(rows: readonly string[], state: GameState): boolean {
  let s = state;
  for (const [i, row] of rows.entries()) {
    if (s.round !== state.round)
      return rows.slice(i).every((rest) => {
        const commands = commandsOf(rest);
        return !!commands?.length && commands.every((c) => c.type === 'burn' || c.type === 'convert');
      });
    const r = splitRow(row);
    const commands = commandsOf(row);
    if (!r || !commands) return false;
    const played = play(s, r.faction, commands);
    if (!played.ok) return false;
    s = played.value.state;
  }
  return false;
}

/** A faction's row as commands, or null when it does not parse. */
function commandsOf(row: string): ReturnType<typeof parseLine> | null {
  const r = splitRow(row);
  if (!r) return null;
  try {
    return parseLine(r.text);
  } catch {
    return null;
  }
}

/** The deliberate difference a refusal of ours is, if it is one. */
export function deliberate(code: string | undefined, rows: readonly string[], state: GameState): string | undefined {
  if (!code) return undefined;
  // Only the ice pick: any other colour we refuse, the reference refuses too.
  if (code === 'colorUnavailable' && !rows.some((r) => /pick-color ice\b/i.test(r))) return undefined;
  // Only a passed faction's action while one faction is left unpassed: the reference's check for the
  // last faction's turns one after another (acting.pm require_subaction) does not ask whose turn it is.
  if (code === 'actionTaken') {
    const factions = Object.values(state.factions).filter((f) => f && !f.dropped);
    const row = splitRow(rows[0] ?? '');
    const mover = row ? state.factions[row.faction] : undefined;
    if (!mover?.passed || factions.filter((f) => !f!.passed).length !== 1) return undefined;
  }
  if (code === 'notYourTurn') return freeAfterRoundEnd(rows, state) ? AFTER_ROUND_END : undefined;
  return DELIBERATE[code];
}

/**
 * The deliberate difference two accepted outcomes are, if they are one: an unlock the Riverwalkers' income
 * gave, given up (`-UNLOCK_TERRAIN`), leaves the reference waiting for an unlock for good (nothing but the
 * unlock command dismisses its wait, and with nothing to unlock that command is refused), so its game never
 * leaves that phase; ours stops waiting once nothing is owed, and the game goes on.
 */
export function deliberateDifference(rows: readonly string[], ref: ReferenceAnswer): string | undefined {
  const gaveUp = rows
    .map(splitRow)
    .filter((r) => r && /(^|\.)\s*-\d*unlock_terrain\s*(\.|$)/i.test(r.text))
    .map((r) => r!.faction);
  if (gaveUp.some((f) => ref.state?.waiting?.includes(`unlock-terrain ${f}`)))
    return 'an unlock given up leaves the reference waiting for one for good';
  return undefined;
}
