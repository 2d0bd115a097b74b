import { randomUUID } from 'node:crypto';
import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  type ButtonInteraction,
  type ChatInputCommandInteraction,
} from 'discord.js';
import type { Caller, GameView } from '../../game/service.ts';
import { t } from '../../i18n/index.ts';
import { replyLocale } from '../caller.ts';
import { formatCustomId, type CustomId } from '../custom-id.ts';
import { gameImages, moveFootprint } from '../images.ts';
import { mention } from '../present/names.ts';
import { aiFactions } from '../present/ai.ts';
import { describeMove, describeWaiting } from '../present/turn.ts';
import { answer, unwrap, type BotDeps } from './shared.ts';
import { playLine } from './play-line.ts';

/** A previewed line waiting for its player's confirmation. Custom ids are too short to carry the text. */
interface PendingPreview {
  readonly gameId: string;
  readonly userId: string;
  readonly text: string;
}

const MAX_PENDING = 1000;

/** Previews awaiting confirmation, oldest dropped first; a lost one (restart) just asks to preview again. */
export class PreviewStore {
  private readonly pending = new Map<string, PendingPreview>();

  add(p: PendingPreview): string {
    const token = randomUUID().replaceAll('-', '').slice(0, 12);
    this.pending.set(token, p);
    if (this.pending.size > MAX_PENDING) this.pending.delete(this.pending.keys().next().value!);
    return token;
  }

  get(token: string): PendingPreview | undefined {
    return this.pending.get(token);
  }

  delete(token: string): void {
    this.pending.delete(token);
  }
}

/** `/move preview:true`: the move applied to a copy, shown privately with the map, to confirm or cancel. */
export async function showPreview(
  deps: BotDeps,
  previews: PreviewStore,
  interaction: ChatInputCommandInteraction,
  caller: Caller,
  view: GameView,
  text: string,
): Promise<void> {
  const locale = replyLocale(interaction);
  const outcome = await unwrap(interaction, await deps.service.preview(caller, view, text));
  if (!outcome) return;
  const summary = [
    ...describeMove(
      locale,
      { ...outcome, userId: caller.userId },
      { map: outcome.state.map, setup: outcome.state.round === 0 },
    ),
    describeWaiting(locale, outcome.state, outcome.waitingFor),
  ]
    .filter(Boolean)
    .join('\n');
  const token = previews.add({ gameId: view.game.id, userId: caller.userId, text: outcome.text });
  const id = (kind: 'commit' | 'cancel') =>
    formatCustomId({ kind, gameId: view.game.id, version: outcome.version, args: [token] });
  const buttons = new ActionRowBuilder<ButtonBuilder>().addComponents(
    new ButtonBuilder().setCustomId(id('commit')).setStyle(ButtonStyle.Primary).setLabel(t(locale, 'reply.confirm')),
    new ButtonBuilder().setCustomId(id('cancel')).setStyle(ButtonStyle.Secondary).setLabel(t(locale, 'reply.cancel')),
  );
  const [map] = await gameImages(outcome.state, locale, {
    map: { highlight: moveFootprint(outcome.text).hexes },
    ai: aiFactions(view),
  });
  await answer(interaction, `${t(locale, 'reply.preview', { move: outcome.text })}\n${summary}`, {
    files: [map!],
    components: [buttons],
  });
}

/** Confirm plays the previewed line against the version the player saw; cancel changes nothing. */
export async function answerPreview(
  deps: BotDeps,
  previews: PreviewStore,
  interaction: ButtonInteraction,
  id: CustomId,
  caller: Caller,
  view: GameView,
): Promise<void> {
  const locale = replyLocale(interaction);
  const token = id.args[0] ?? '';
  const pending = previews.get(token);
  if (!pending || pending.gameId !== view.game.id) return answer(interaction, t(locale, 'error.staleComponent'));
  if (pending.userId !== caller.userId)
    return answer(interaction, t(locale, 'error.notForYou', { player: mention(pending.userId) }));
  previews.delete(token);
  if (id.kind === 'cancel') return answer(interaction, t(locale, 'reply.cancelled'));
  // The preview was of the position then: a request or a setting since leaves it as it was.
  if (id.version < view.positionVersion) return answer(interaction, t(locale, 'error.gameMovedOn'));
  await playLine(deps, interaction, caller, view, pending.text);
}
