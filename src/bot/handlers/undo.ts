/**
 * Undo that needs consent, in the open: the request is posted in the channel with the moves it would
 * take back and Approve / Reject buttons for the players whose consent it waits on.
 */
import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  type ButtonInteraction,
  type ChatInputCommandInteraction,
} from 'discord.js';
import type { Caller, GameView } from '../../game/service.ts';
import type { UndoOutcome } from '../../game/undo.ts';
import { t, type BotLocale } from '../../i18n/index.ts';
import { replyLocale } from '../caller.ts';
import type { CustomId } from '../custom-id.ts';
import { formatCustomId } from '../custom-id.ts';
import { MESSAGE_LIMITS } from '../message-limits.ts';
import { factionName, mention } from '../present/names.ts';
import { moveInWords } from '../present/turn.ts';
import { fitText } from '../text.ts';
import { answer, confirmStored, localeOfGame, unwrap, type BotDeps } from './shared.ts';

type Requested = Extract<UndoOutcome, { kind: 'requested' }>;

const MAX_LISTED = 12;

/** "Witches: Dwelling at E5 · `build E5`", newest last: the moves an undo would take back. */
export function listedMoves(locale: BotLocale, view: GameView, keepThroughSeq: number): string[] {
  const removed = view.moves.filter((m) => m.seq > keepThroughSeq);
  const lines = removed.slice(-MAX_LISTED).map((m) => {
    const faction = m.seat === null ? undefined : view.game.seats.find((s) => s.position === m.seat)?.faction;
    const who = faction ? factionName(locale, faction) : '—';
    const words = moveInWords(locale, m.text, faction ?? undefined, view.state?.map);
    return `• ${who}: ${words ? `${words} · ` : ''}\`${m.text}\``;
  });
  if (removed.length > MAX_LISTED) lines.unshift('• …');
  return lines;
}

/** Posts the request in the channel; the requester hears privately that it is there. */
export async function postUndoRequest(
  interaction: ChatInputCommandInteraction,
  caller: Caller,
  view: GameView,
  outcome: Requested,
): Promise<void> {
  const locale = localeOfGame(view);
  const { keepThroughSeq } = outcome.request;
  const count = view.moves.filter((m) => m.seq > keepThroughSeq).length;
  const id = (kind: 'undo-yes' | 'undo-no') =>
    formatCustomId({ kind, gameId: view.game.id, version: outcome.game.version, args: [String(keepThroughSeq)] });
  const content = [
    t(locale, 'undo.request', { player: mention(caller.userId), count }),
    ...listedMoves(locale, view, keepThroughSeq),
    t(locale, 'undo.waiting', { players: outcome.missing.map(mention).join(', ') }),
  ].join('\n');
  await answer(interaction, t(replyLocale(interaction), 'undo.posted'));
  await interaction.followUp({
    content: fitText(content, MESSAGE_LIMITS.content),
    components: [
      new ActionRowBuilder<ButtonBuilder>().addComponents(
        new ButtonBuilder()
          .setCustomId(id('undo-yes'))
          .setStyle(ButtonStyle.Success)
          .setLabel(t(locale, 'undo.approve')),
        new ButtonBuilder().setCustomId(id('undo-no')).setStyle(ButtonStyle.Danger).setLabel(t(locale, 'undo.reject')),
      ),
    ],
    allowedMentions: { users: outcome.missing },
  });
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
  const note = async (line: string, keepButtons: boolean) => {
    const content = fitText(`${interaction.message.content}\n${line}`, MESSAGE_LIMITS.content);
    await interaction.message.edit(keepButtons ? { content } : { content, components: [] });
  };
  if (id.kind === 'undo-no') {
    if (!(await unwrap(interaction, await deps.service.rejectUndo(caller, view.game.id)))) return;
    await note(t(channelLocale, 'undo.rejected', { player: mention(caller.userId) }), false);
    return answer(interaction, t(locale, 'undo.youRejected'));
  }
  const outcome = await unwrap(interaction, await deps.service.approveUndo(caller, view));
  if (!outcome) return;
  if (outcome.kind === 'requested') {
    await note(
      t(channelLocale, 'undo.approved', {
        player: mention(caller.userId),
        players: outcome.missing.map(mention).join(', '),
      }),
      true,
    );
    return answer(interaction, t(locale, 'undo.youApproved'));
  }
  await note(t(channelLocale, 'undo.done'), false);
  const count = outcome.undo.toSeq - outcome.undo.fromSeq + 1;
  await confirmStored(
    deps,
    interaction,
    view.game.id,
    t(locale, 'game.undone', { player: mention(outcome.undo.requestedBy), count }),
    outcome.view,
  );
}
