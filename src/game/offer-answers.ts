// The seats' automatic power-offer rules applied to the offers open now: after a change of rules or of
// players, an undo or an import.
import { type Loaded, appendedTo, loadState, retryOnStale } from './access.ts';
import { type Announcement, effectsOf, stored } from './announcements.ts';
import { settleLeeches } from './leech-rules.ts';
import { afterAppend, changesBetween, snapshotAfter } from './play.ts';
import type { GameRecord, GameRepo } from './repo.ts';
import { newlyWaiting } from './view.ts';

/**
 * Appends the answers the seats' rules give to the offers open now (after a change of rules or of
 * players); null when there was nothing to answer.
 */
export async function applyLeechRules(repo: GameRepo, gameId: string): Promise<GameRecord | null> {
  return retryOnStale(async () => {
    const loaded = await loadState(repo, gameId);
    const after = await answerOffersByRules(repo, loaded);
    return after === loaded ? null : after.game;
  });
}

/**
 * applyLeechRules on the game as this process holds it: the game after the rules' answers (the same
 * object when there were none), without reading the store. @throws StaleVersionError when it moved on.
 */
export async function answerOffersByRules(repo: GameRepo, loaded: Loaded): Promise<Loaded> {
  const { game, state } = loaded;
  if (game.status !== 'active' || !state) return loaded;
  const settled = settleLeeches(state, game.seats);
  if (settled.answers.length === 0) return loaded;
  const rows = settled.answers.map((a) => ({ seat: a.position, userId: null, text: a.text }));
  const effects = effectsOf(settled.answers, changesBetween(state, settled.state));
  const announcement: Announcement = {
    kind: 'autoAnswered',
    ...effects,
    ping: newlyWaiting(loaded, { game, state: settled.state }, null),
  };
  const appended = await repo.appendMoves(
    game.id,
    game.version,
    rows,
    stored(announcement),
    snapshotAfter(game, settled.state),
  );
  const { finished } = await afterAppend(repo, loaded, appended, settled.state);
  return appendedTo(loaded, appended, finished, settled.state, announcement);
}
