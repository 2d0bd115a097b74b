// The game admin's hand on a running game: a seat handed to someone else (or the AI), the move timer.
import { ApplicationCommandOptionType as T } from 'discord.js';
import { isFactionId } from '../../../engine/index.ts';
import type { TimeoutAction } from '../../../game/settings.ts';
import { t } from '../../../i18n/index.ts';
import { localized } from '../../commands/localized.ts';
import type { Subcommand } from '../../commands/module.ts';
import { TM_OPTION, TM_SUB, factionOption, levelOption, tmSubcommand, wordChoice } from '../../commands/tm.ts';
import { factionName, mention } from '../../present/names.ts';
import { autocompleteLevel, isLevelOption, replaceWithAi } from '../ai-seats.ts';
import { answer, confirmStored, unwrap } from '../shared.ts';
import { autocompleteFaction } from './look.ts';

/**
 * `/tm replace`: a faction's seat goes to another player, or to the AI (`ai-level`); the person an AI seat
 * stands in for takes it back naming neither.
 */
export const replace: Subcommand<typeof TM_SUB.replace> = {
  ...tmSubcommand(TM_SUB.replace, 'cmd.replace', [
    factionOption(true),
    { type: T.User, ...localized(TM_OPTION.user, 'opt.user'), required: false },
    levelOption(TM_OPTION.aiLevel, 'opt.ai-level'),
  ]),
  where: 'game',
  acknowledge: 'now',
  autocomplete: (context) =>
    isLevelOption(context.interaction.options.getFocused(true).name)
      ? autocompleteLevel(context.interaction)
      : autocompleteFaction(context),
  async run({ deps, interaction, caller, view, locale }) {
    if (await replaceWithAi(deps, interaction, caller, view, locale)) return;
    const f = interaction.options.getString(TM_OPTION.faction, true);
    const user = interaction.options.getUser(TM_OPTION.user, true);
    const seat = view.game.seats.find((s) => s.faction === f);
    if (!seat) return answer(interaction, t(locale, 'gameError.seat_not_found', { position: f }));
    const comeback = isFactionId(f) && view.state?.factions[f]?.dropped === true;
    const replaced = await deps.service.replacePlayer(caller, view.game.id, view.game.version, seat.position, user.id);
    if (!(await unwrap(interaction, replaced))) return;
    const text = t(locale, comeback ? 'game.replacedBack' : 'game.replaced', {
      player: mention(user.id),
      faction: factionName(locale, f),
      previous: mention(seat.userId),
    });
    await confirmStored(deps, interaction, view.game.id, text);
  },
};

/** `/tm timer`: the move timer, and what happens when it runs out. */
export const timer: Subcommand<typeof TM_SUB.timer> = {
  ...tmSubcommand(TM_SUB.timer, 'cmd.timer', [
    { type: T.Integer, ...localized(TM_OPTION.hours, 'opt.hours'), required: true, min_value: 0, max_value: 336 },
    wordChoice(TM_OPTION.onTimeout, 'opt.on-timeout', ['pass', 'drop', 'ai']),
  ]),
  where: 'game',
  preconditions: { admin: true },
  acknowledge: 'now',
  async run({ deps, interaction, caller, view, locale }) {
    const hours = interaction.options.getInteger(TM_OPTION.hours, true);
    const onTimeout = interaction.options.getString(TM_OPTION.onTimeout) as TimeoutAction | null;
    const set = await deps.service.setMoveTimer(
      caller,
      view.game.id,
      hours === 0 ? null : hours,
      onTimeout ?? undefined,
    );
    if (await unwrap(interaction, set))
      await confirmStored(deps, interaction, view.game.id, t(locale, 'reply.timerSaved'));
  },
};
