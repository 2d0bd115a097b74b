import type { FactionId } from '../../engine/index.ts';
import { t, type BotLocale } from '../../i18n/index.ts';

export function factionName(locale: BotLocale, faction: FactionId | string): string {
  return t(locale, `faction.${faction}` as 'faction.witches');
}

export function mention(userId: string): string {
  return `<@${userId}>`;
}
