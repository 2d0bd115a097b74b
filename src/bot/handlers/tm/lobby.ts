// Before the start: players join and leave, the game admin seats or removes AI players and starts it.
import { t } from '../../../i18n/index.ts';
import type { Subcommand } from '../../commands/module.ts';
import { TM_OPTION, TM_SUB, levelOption, tmSubcommand } from '../../commands/tm.ts';
import { seatName } from '../../present/ai.ts';
import { mention } from '../../present/names.ts';
import { autocompleteLevel, chosenLevel } from '../ai-seats.ts';
import { confirmStored, unwrap } from '../shared.ts';

export const join: Subcommand<typeof TM_SUB.join> = {
  ...tmSubcommand(TM_SUB.join, 'cmd.join'),
  where: 'game',
  acknowledge: 'now',
  async run({ deps, interaction, caller, view, locale }) {
    if (await unwrap(interaction, await deps.service.join(caller, view.game.id)))
      await confirmStored(deps, interaction, view.game.id, t(locale, 'reply.joinedPrivately'));
  },
};

export const leave: Subcommand<typeof TM_SUB.leave> = {
  ...tmSubcommand(TM_SUB.leave, 'cmd.leave'),
  where: 'game',
  preconditions: { seated: true },
  acknowledge: 'now',
  async run({ deps, interaction, caller, view, locale }) {
    if (await unwrap(interaction, await deps.service.leave(caller, view.game.id)))
      await confirmStored(deps, interaction, view.game.id, t(locale, 'game.left', { player: mention(caller.userId) }));
  },
};

export const start: Subcommand<typeof TM_SUB.start> = {
  ...tmSubcommand(TM_SUB.start, 'cmd.start'),
  where: 'game',
  preconditions: { admin: true },
  acknowledge: 'now',
  async run({ deps, interaction, caller, view, locale }) {
    const started = await unwrap(interaction, await deps.service.start(caller, view.game.id, deps.now()));
    if (!started) return;
    const order = started.seats.map((s) => mention(s.userId)).join(' → ');
    await confirmStored(deps, interaction, view.game.id, t(locale, 'game.started', { order }));
  },
};

/** `/tm addbot`: an AI player takes the next seat. */
export const addbot: Subcommand<typeof TM_SUB.addbot> = {
  ...tmSubcommand(TM_SUB.addbot, 'cmd.addbot', [levelOption(TM_OPTION.level, 'opt.level')]),
  where: 'game',
  preconditions: { admin: true },
  acknowledge: 'now',
  autocomplete: ({ interaction }) => autocompleteLevel(interaction),
  async run({ deps, interaction, caller, view, locale }) {
    const level = chosenLevel(interaction, TM_OPTION.level);
    const added = await unwrap(interaction, await deps.service.addAiSeat(caller, view.game.id, level));
    const seat = added?.seats.at(-1);
    if (seat)
      await confirmStored(deps, interaction, view.game.id, t(locale, 'ai.reply.added', { ai: seatName(locale, seat) }));
  },
};

/** `/tm removebot`: the AI player that joined last leaves. */
export const removebot: Subcommand<typeof TM_SUB.removebot> = {
  ...tmSubcommand(TM_SUB.removebot, 'cmd.removebot'),
  where: 'game',
  preconditions: { admin: true },
  acknowledge: 'now',
  async run({ deps, interaction, caller, view, locale }) {
    const last = view.game.seats.filter((s) => s.ai).at(-1);
    if (!(await unwrap(interaction, await deps.service.removeAiSeat(caller, view.game.id)))) return;
    const text = t(locale, 'ai.reply.removed', { ai: mention(last?.userId ?? '') });
    await confirmStored(deps, interaction, view.game.id, text);
  },
};
