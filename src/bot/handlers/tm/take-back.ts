// What cannot be taken back lightly: undoing moves, resigning, ending the game. Each asks first when it
// would take more than the caller's own last line.
import { t } from '../../../i18n/index.ts';
import type { Subcommand } from '../../commands/module.ts';
import { TM_SUB, tmSubcommand } from '../../commands/tm.ts';
import { describeGameError } from '../../present/errors.ts';
import { mention } from '../../present/names.ts';
import { askToConfirm } from '../confirm.ts';
import { answer, confirmStored, unwrap } from '../shared.ts';
import { listedMoves } from '../undo.ts';

/**
 * `/tm undo`: the caller's own last line at once; anything older by consent; the game admin's at once, once
 * they have seen what it removes. In a channel whose game has ended, the game admin's undo takes it back
 * into play (its result withdrawn until it ends again), once they have seen that too.
 */
export const undo: Subcommand<typeof TM_SUB.undo> = {
  ...tmSubcommand(TM_SUB.undo, 'cmd.undo'),
  where: 'server',
  acknowledge: 'now',
  async run({ deps, interaction, caller, locale }) {
    const found = await deps.service.findUndoableInChannel(caller);
    if (!found.ok) return answer(interaction, describeGameError(locale, found.error));
    const view = found.value;
    if (!view) return answer(interaction, t(locale, 'error.noGameInChannel'));
    void deps.announcer.deliver(view.game.id, view);
    const gameId = view.game.id;
    const plan = await unwrap(interaction, await deps.service.planUndo(caller, view));
    if (!plan) return;
    const reopens = view.game.status === 'finished';
    const others = plan.removes.length > 1 || plan.removes.some((m) => m.userId !== caller.userId);
    if (plan.mode === 'admin' && (others || reopens))
      return askToConfirm(interaction, gameId, view.game.version, 'undo', {
        lines: [...listedMoves(locale, view, plan.keepThroughSeq), ...(reopens ? [t(locale, 'undo.reopens')] : [])],
        args: [String(plan.keepThroughSeq)],
      });
    const outcome = await unwrap(interaction, await deps.service.undo(caller, view, view.game.version));
    if (!outcome) return;
    if (outcome.kind === 'undone') {
      const count = outcome.undo.toSeq - outcome.undo.fromSeq + 1;
      const text = t(locale, 'game.undone', { player: mention(caller.userId), count });
      await confirmStored(deps, interaction, gameId, text, outcome.view);
    } else {
      // The request is a stored change: the channel gets it with the buttons to answer it.
      await confirmStored(deps, interaction, gameId, t(locale, 'undo.posted'));
    }
  },
};

/** `/tm resign`: the caller's faction leaves the game, once they confirm. */
export const resign: Subcommand<typeof TM_SUB.resign> = {
  ...tmSubcommand(TM_SUB.resign, 'cmd.resign'),
  where: 'game',
  preconditions: { seated: true },
  acknowledge: 'now',
  run: ({ interaction, view }) => askToConfirm(interaction, view.game.id, view.game.version, 'resign'),
};

/**
 * `/tm abandon`: the game admin ends the game, once they confirm. A game whose stored data no longer reads
 * is ended from its record alone, at once: there is nothing left to lose (so this is not a `game` module:
 * such a game is not found as one).
 */
export const abandon: Subcommand<typeof TM_SUB.abandon> = {
  ...tmSubcommand(TM_SUB.abandon, 'cmd.abandon'),
  where: 'server',
  acknowledge: 'now',
  async run({ deps, interaction, caller, locale }) {
    const found = await deps.service.findGameInChannel(caller);
    if (found.ok && found.value) {
      const { game } = found.value;
      if (!deps.service.mayAdminister(caller, game)) return answer(interaction, t(locale, 'gameError.admin_only'));
      return askToConfirm(interaction, game.id, game.version, 'abandon');
    }
    const abandoned = await deps.service.abandonChannelGame(caller);
    if (!abandoned.ok) return answer(interaction, describeGameError(locale, abandoned.error));
    if (!abandoned.value) return answer(interaction, t(locale, 'error.noGameInChannel'));
    const text = t(locale, 'game.abandoned', { player: mention(caller.userId) });
    await confirmStored(deps, interaction, abandoned.value.id, text);
  },
};
