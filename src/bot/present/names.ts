import type { FactionId } from '../../engine/index.ts';
import { aiName, isAiId } from '../../game/service.ts';
import { t, type BotLocale } from '../../i18n/index.ts';

export function factionName(locale: BotLocale, faction: FactionId | string): string {
  return t(locale, `faction.${faction}` as 'faction.witches');
}

/** A person's mention; an AI seat's name, marked as the AI's ("🤖 Ada"): it is nobody to ping. */
export function mention(userId: string): string {
  return isAiId(userId) ? `🤖 ${aiName(userId)}` : `<@${userId}>`;
}
