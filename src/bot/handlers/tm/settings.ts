import type { LeechRule } from '../../../game/repo.ts';
import { LEECH_PRESETS, isLeechPreset, leechPresetOf } from '../../../game/presets.ts';
import type { Caller } from '../../../game/service.ts';
import { t, type BotLocale } from '../../../i18n/index.ts';
import type { AnywhereContext, Subcommand } from '../../commands/module.ts';
import { TM_OPTION, TM_SUB, tmSubcommand, wordChoice } from '../../commands/tm.ts';
import { answer, confirmStored, unwrap, type BotDeps } from '../shared.ts';

/** The name of a seat's automatic power rules: one of the presets, or the player's own. */
function powerSetting(locale: BotLocale, rules: readonly LeechRule[]): string {
  const preset = leechPresetOf(rules);
  return preset ? t(locale, `opt.leech.${preset}`) : t(locale, 'settings.customPower');
}

async function digestLine(deps: BotDeps, userId: string, locale: BotLocale): Promise<string> {
  const on = await deps.service.digestWanted(userId);
  return t(locale, 'settings.digest', { digest: t(locale, on ? 'opt.digest.on' : 'opt.digest.off') });
}

/** The caller's own settings in a game; only a player of the game has any. */
async function gameSettings(
  { deps, interaction, locale }: AnywhereContext,
  caller: Caller,
  gameId: string,
  digestSaved: boolean,
): Promise<void> {
  const chosen = interaction.options.getString(TM_OPTION.autoPower);
  const preset = chosen !== null && isLeechPreset(chosen) ? chosen : null;
  const reminders = interaction.options.getString(TM_OPTION.reminders);
  // Checked before anything else, so a stranger is refused even without options.
  if (!(await unwrap(interaction, await deps.service.playerSettings(caller, gameId)))) return;
  if (
    preset &&
    !(await unwrap(interaction, await deps.service.setLeechRules(caller, gameId, [...LEECH_PRESETS[preset]])))
  )
    return;
  if (reminders && !(await unwrap(interaction, await deps.service.setReminders(caller, gameId, reminders === 'on'))))
    return;
  const now = await unwrap(interaction, await deps.service.playerSettings(caller, gameId));
  if (!now) return;
  const current = [
    t(locale, 'settings.current', {
      power: powerSetting(locale, now.leechRules),
      reminders: t(locale, now.reminders ? 'opt.reminders.on' : 'opt.reminders.off'),
    }),
    await digestLine(deps, caller.userId, locale),
  ].join('\n');
  const content = preset || reminders || digestSaved ? `${t(locale, 'reply.settingsSaved')}\n${current}` : current;
  // New rules may have answered open offers: the channel hears of it before the player's answer.
  if (preset) await confirmStored(deps, interaction, gameId, content);
  else await answer(interaction, content);
}

/**
 * `/tm settings`: the daily digest is the player's own, set from anywhere (a direct message too); a game's
 * settings (automatic power, reminders) in its channel, by its players only.
 */
export const settings: Subcommand<typeof TM_SUB.settings> = {
  ...tmSubcommand(TM_SUB.settings, 'cmd.settings', [
    wordChoice(TM_OPTION.autoPower, 'opt.leech', ['ask', 'cheap', 'one', 'decline-passed']),
    wordChoice(TM_OPTION.reminders, 'opt.reminders', ['on', 'off']),
    wordChoice(TM_OPTION.digest, 'opt.digest', ['on', 'off']),
  ]),
  where: 'anywhere',
  acknowledge: 'now',
  async run(context) {
    const { deps, interaction, caller, locale } = context;
    const userId = interaction.user.id;
    const digest = interaction.options.getString(TM_OPTION.digest);
    if (digest !== null) {
      await deps.service.setDigest(userId, digest === 'on');
      deps.announcer.digestChanged(userId, digest === 'on');
    }
    const found = caller ? await deps.service.findGameInChannel(caller) : null;
    const view = found?.ok ? found.value : null;
    if (caller && view && (digest === null || view.game.seats.some((s) => s.userId === userId)))
      return gameSettings(context, caller, view.game.id, digest !== null);
    const line = await digestLine(deps, userId, locale);
    await answer(
      interaction,
      digest !== null
        ? `${t(locale, 'reply.settingsSaved')}\n${line}`
        : `${line}\n${t(locale, 'settings.inGameChannel')}`,
    );
  },
};
