import { isFactionId } from '../../engine/index.ts';
import type { GameError } from '../../game/service.ts';
import { t, type BotLocale } from '../../i18n/index.ts';
import { factionName } from './names.ts';

/** Parameters in which the service names factions by id ("witches, nomads"). */
const FACTION_PARAMS = new Set(['faction', 'waitingFor', 'factions']);

/** A service refusal in the player's language, faction names included. */
export function describeGameError(locale: BotLocale, error: GameError): string {
  const text = (key: string, v: unknown): string => {
    if (v === null) return '';
    if (!FACTION_PARAMS.has(key)) return String(v);
    return String(v).split(', ').map((id) => (isFactionId(id) ? factionName(locale, id) : id)).join(', ');
  };
  const params = Object.fromEntries(Object.entries(error.params).map(([k, v]) => [k, text(k, v)]));
  return t(locale, `gameError.${error.code}` as 'gameError.rule_error', params as { message: string });
}
