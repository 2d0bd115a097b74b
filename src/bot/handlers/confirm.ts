/**
 * Resigning and abandoning cannot be taken back: the command asks first, privately, with a button that
 * does it and one that does not.
 */
import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  type ButtonInteraction,
  type ChatInputCommandInteraction,
} from 'discord.js';
import type { Caller, GameView, Result } from '../../game/service.ts';
import { t } from '../../i18n/index.ts';
import { replyLocale } from '../caller.ts';
import { formatCustomId, type CustomId } from '../custom-id.ts';
import { describeGameError } from '../present/errors.ts';
import { factionName, mention } from '../present/names.ts';
import { answer, confirmStored, unwrap, type BotDeps } from './shared.ts';

export type Irreversible = keyof typeof CONFIRMED;

export function isIrreversible(s: string | undefined): s is Irreversible {
  return s !== undefined && Object.hasOwn(CONFIRMED, s);
}

export async function askToConfirm(
  interaction: ChatInputCommandInteraction,
  gameId: string,
  version: number,
  action: Irreversible,
  /** What exactly would go (an admin's undo lists the moves), and what the button needs to know. */
  details: { lines?: readonly string[]; args?: readonly string[] } = {},
): Promise<void> {
  const locale = replyLocale(interaction);
  const id = (kind: 'sure' | 'unsure') =>
    formatCustomId({ kind, gameId, version, args: [action, ...(details.args ?? [])] });
  const buttons = new ActionRowBuilder<ButtonBuilder>().addComponents(
    new ButtonBuilder()
      .setCustomId(id('sure'))
      .setStyle(ButtonStyle.Danger)
      .setLabel(t(locale, `confirm.${action}.yes`)),
    new ButtonBuilder().setCustomId(id('unsure')).setStyle(ButtonStyle.Secondary).setLabel(t(locale, 'reply.cancel')),
  );
  await answer(interaction, [t(locale, `confirm.${action}.ask`), ...(details.lines ?? [])].join('\n'), {
    components: [buttons],
  });
}

/** What a confirmed irreversible command has to work with: the click, and the channel's game as it reads now. */
interface Confirmed {
  readonly deps: BotDeps;
  readonly interaction: ButtonInteraction;
  readonly id: CustomId;
  readonly caller: Caller;
  readonly current: Result<GameView | null>;
}

/** What each irreversible command does once confirmed. */
const CONFIRMED = {
  /**
   * Abandoning works from the game's record alone (a game whose data no longer reads can still be ended),
   * so it is checked against the channel's game only when that reads.
   */
  async abandon({ deps, interaction, caller }: Confirmed): Promise<void> {
    const locale = replyLocale(interaction);
    const abandoned = await deps.service.abandonChannelGame(caller);
    if (!abandoned.ok) return answer(interaction, describeGameError(locale, abandoned.error));
    if (!abandoned.value) return answer(interaction, t(locale, 'error.noGameInChannel'));
    const text = t(locale, 'game.abandoned', { player: mention(caller.userId) });
    return confirmStored(deps, interaction, abandoned.value.id, text);
  },
  async undo({ deps, interaction, id, caller, current }: Confirmed): Promise<void> {
    const locale = replyLocale(interaction);
    const view = current.ok ? current.value : null;
    if (!view) return answer(interaction, t(locale, 'error.staleComponent'));
    // The list the admin confirmed was drawn at this version: a game that moved on is asked again.
    if (view.game.version !== id.version) return answer(interaction, t(locale, 'prompt.moved'));
    const keep = Number(id.args[1]);
    const outcome = await unwrap(interaction, await deps.service.undo(caller, view, id.version, keep));
    if (!outcome) return;
    const count = outcome.kind === 'undone' ? outcome.undo.toSeq - outcome.undo.fromSeq + 1 : 0;
    return confirmStored(
      deps,
      interaction,
      view.game.id,
      t(locale, 'game.undone', { player: mention(caller.userId), count }),
      outcome.kind === 'undone' ? outcome.view : undefined,
    );
  },
  async resign({ deps, interaction, caller, current }: Confirmed): Promise<void> {
    const locale = replyLocale(interaction);
    const view = current.ok ? current.value : null;
    if (!view) return answer(interaction, t(locale, 'error.staleComponent'));
    const seat = view.game.seats.find((s) => s.userId === caller.userId);
    const change = await unwrap(interaction, await deps.service.resign(caller, view, view.game.version));
    if (!change) return;
    const text = t(locale, 'game.resigned', {
      player: mention(caller.userId),
      faction: seat?.faction ? factionName(locale, seat.faction) : '—',
    });
    await confirmStored(deps, interaction, view.game.id, text, change.view);
  },
};

/** The answer to the question: "sure" does what its id names, in the game it was asked about; the other button nothing. */
export async function answerConfirm(
  deps: BotDeps,
  interaction: ButtonInteraction,
  id: CustomId,
  caller: Caller,
): Promise<void> {
  const locale = replyLocale(interaction);
  const action = id.args[0];
  if (!isIrreversible(action)) return answer(interaction, t(locale, 'error.staleComponent'));
  if (id.kind === 'unsure') return answer(interaction, t(locale, 'reply.cancelled'));
  // An undo may take back the channel's finished game; the others act on its live game only.
  const current =
    action === 'undo' ? await deps.service.findUndoableInChannel(caller) : await deps.service.findGameInChannel(caller);
  if (current.ok && current.value?.game.id !== id.gameId) return answer(interaction, t(locale, 'error.staleComponent'));
  return CONFIRMED[action]({ deps, interaction, id, caller, current });
}
