/**
 * Undo that needs consent, in the open: the request is a stored change, posted in the channel through the
 * outbox with the moves it would take back, Approve / Reject buttons for the players whose consent it
 * waits on, and the mover's buttons, which keep working (asking changes nothing on the board). Answers are
 * written on the request; a rejection is posted again with the mover's buttons.
 */
import type { ButtonInteraction } from 'discord.js';
import type { Caller, GameView } from '../../game/service.ts';
import { t, type BotLocale } from '../../i18n/index.ts';
import { replyLocale } from '../caller.ts';
import type { CustomId } from '../custom-id.ts';
import { MESSAGE_LIMITS } from '../message-limits.ts';
import { mention } from '../present/names.ts';
import { takenBackLines } from '../present/undo.ts';
import { fitText } from '../text.ts';
import { answer, confirmStored, localeOfGame, unwrap, type BotDeps } from './shared.ts';

const MAX_LISTED = 12;

/** "Witches: Dwelling at E5 · `build E5`", newest last: the moves an undo would take back. */
export function listedMoves(locale: BotLocale, view: GameView, keepThroughSeq: number): string[] {
  const removed = view.moves.filter((m) => m.seq > keepThroughSeq);
  const factionAt = (seat: number | null) => view.game.seats.find((s) => s.position === seat)?.faction ?? null;
  const listed = removed.slice(-MAX_LISTED).map((m) => ({ faction: factionAt(m.seat), text: m.text }));
  return takenBackLines(locale, listed, removed.length, view.state?.map);
}

/** Approve or Reject on a request: the service decides who may; the request message says what happened. */
export async function answerUndoRequest(
  deps: BotDeps,
  interaction: ButtonInteraction,
  id: CustomId,
  caller: Caller,
  view: GameView,
): Promise<void> {
  const locale = replyLocale(interaction);
  const channelLocale = localeOfGame(view);
  // Written on the request's post. Once the request is closed its buttons go: the post that follows
  // carries the mover's buttons again.
  const note = async (line: string, closed: boolean) => {
    const content = fitText(`${interaction.message.content}\n${line}`, MESSAGE_LIMITS.content);
    await interaction.message.edit(closed ? { content, components: [] } : { content });
  };
  if (id.kind === 'undo-no') {
    if (!(await unwrap(interaction, await deps.service.rejectUndo(caller, view.game.id)))) return;
    await note(t(channelLocale, 'undo.rejected', { player: mention(caller.userId) }), true);
    // The channel then hears where the game stands, with the mover's buttons again.
    return confirmStored(deps, interaction, view.game.id, t(locale, 'undo.youRejected'));
  }
  const outcome = await unwrap(interaction, await deps.service.approveUndo(caller, view));
  if (!outcome) return;
  if (outcome.kind === 'requested') {
    await note(
      t(channelLocale, 'undo.approved', {
        player: mention(caller.userId),
        players: outcome.missing.map(mention).join(', '),
      }),
      false,
    );
    return answer(interaction, t(locale, 'undo.youApproved'));
  }
  await note(t(channelLocale, 'undo.done'), true);
  const count = outcome.undo.toSeq - outcome.undo.fromSeq + 1;
  await confirmStored(
    deps,
    interaction,
    view.game.id,
    t(locale, 'game.undone', { player: mention(outcome.undo.requestedBy), count }),
    outcome.view,
  );
}
