import type { GameError } from '../../game/service.ts';
import { t, type BotLocale } from '../../i18n/index.ts';

/** A service refusal in the player's language. */
export function describeGameError(locale: BotLocale, error: GameError): string {
  const params = Object.fromEntries(Object.entries(error.params).map(([k, v]) => [k, v === null ? '' : String(v)]));
  return t(locale, `gameError.${error.code}` as 'gameError.rule_error', params as { message: string });
}
