// `/tm replace … ai-level` and the AI levels offered as the player types (`/tm create`, `/tm addbot`): a
// seat handed to the AI (or taken back from it) during the game.
import type { AutocompleteInteraction, ChatInputCommandInteraction } from 'discord.js';
import { AI_SEAT_LEVELS, type Caller, type GameView } from '../../game/service.ts';
import { t, type BotLocale } from '../../i18n/index.ts';
import { replyLocale } from '../caller.ts';
import { TM_OPTION } from '../commands/tm.ts';
import { levelName, seatName } from '../present/ai.ts';
import { factionName } from '../present/names.ts';
import { answer, confirmStored, unwrap, type BotDeps } from './shared.ts';

/** The level a player chose (absent: normal); the service refuses a level it does not know. */
export function chosenLevel(interaction: ChatInputCommandInteraction, option: string): string {
  return interaction.options.getString(option)?.trim().toLowerCase() || 'normal';
}

/** The AI levels in the reader's language, those matching what they typed. */
export async function autocompleteLevel(interaction: AutocompleteInteraction): Promise<void> {
  const locale = replyLocale(interaction);
  const typed = String(interaction.options.getFocused()).toLowerCase();
  const levels = AI_SEAT_LEVELS.map((level) => ({ name: levelName(locale, level), value: level }));
  await interaction.respond(levels.filter((l) => l.name.toLowerCase().includes(typed) || l.value.includes(typed)));
}

export function isLevelOption(name: string): boolean {
  return name === TM_OPTION.aiLevel || name === TM_OPTION.level;
}

/**
 * `/tm replace faction ai-level`: the seat goes to the AI; `/tm replace faction` with neither a user nor a
 * level, by the person an AI seat stands in for: they take it back. Returns false when the command names a
 * user (an ordinary replacement).
 */
export async function replaceWithAi(
  deps: BotDeps,
  interaction: ChatInputCommandInteraction,
  caller: Caller,
  view: GameView,
  locale: BotLocale,
): Promise<boolean> {
  const user = interaction.options.getUser(TM_OPTION.user);
  const level = interaction.options.getString(TM_OPTION.aiLevel);
  if (user && level) {
    await answer(interaction, t(locale, 'ai.reply.userOrAi'));
    return true;
  }
  if (user) return false;
  const f = interaction.options.getString(TM_OPTION.faction, true);
  const seat = view.game.seats.find((s) => s.faction === f);
  if (!seat) {
    await answer(interaction, t(locale, 'gameError.seat_not_found', { position: f }));
    return true;
  }
  const faction = factionName(locale, f);
  const gameId = view.game.id;
  if (level === null) {
    // Taking one's own seat back from the AI; anyone else must name a player or a level.
    if (seat.ai?.standsInFor !== caller.userId) {
      await answer(interaction, t(locale, 'ai.reply.userOrAi'));
      return true;
    }
    const back = await deps.service.replacePlayer(caller, gameId, view.game.version, seat.position, caller.userId);
    if (await unwrap(interaction, back))
      await confirmStored(deps, interaction, gameId, t(locale, 'ai.reply.back', { faction }));
    return true;
  }
  const handed = await deps.service.handToAi(
    caller,
    gameId,
    view.game.version,
    seat.position,
    chosenLevel(interaction, TM_OPTION.aiLevel),
  );
  const record = await unwrap(interaction, handed);
  const now = record?.seats.find((s) => s.position === seat.position);
  if (now)
    await confirmStored(
      deps,
      interaction,
      gameId,
      t(locale, 'ai.reply.handed', { ai: seatName(locale, now), faction }),
    );
  return true;
}
