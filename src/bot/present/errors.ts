import { escapeMarkdown } from 'discord.js';
import { isFactionId, TERRAIN_NAMES, isHexTerrain } from '../../engine/index.ts';
import type { GameError } from '../../game/service.ts';
import { CATALOGUES, t, type BotLocale, type MessageKey } from '../../i18n/index.ts';
import { factionName } from './names.ts';
import { fitText } from '../text.ts';

/** Parameters in which the service and the engine name factions by id ("witches, nomads"). */
const FACTION_PARAMS = new Set(['faction', 'other', 'waitingFor', 'factions']);

function has(key: string): key is MessageKey {
  return Object.hasOwn(CATALOGUES.en, key);
}

/**
 * The most of an echo a refusal shows, in code points: a typed line (at most 300) whole, and of anything
 * longer (a row of an imported record) its start. The cut comes before the escaping: discord.js's
 * escapeMarkdown takes time quadratic in its input (6,000 characters: 0.2-1.9 s; a 100 KB row: minutes,
 * every server waiting meanwhile).
 */
export const ECHO_MAX = 300;

/**
 * What the player typed, echoed as plain text: markdown does not render and mentions do not ping or
 * turn into names (a zero-width space after the @). At most `ECHO_MAX` code points of it, then "…".
 */
export function plainEcho(text: string): string {
  return escapeMarkdown(fitText(text, ECHO_MAX)).replace(/@/g, '@\u200b');
}

/** A parameter as the reader says it: faction, terrain, cult and resource ids become words. */
function word(locale: BotLocale, key: string, v: unknown): string {
  if (v === null || v === undefined) return '';
  const s = String(v);
  if (FACTION_PARAMS.has(key))
    return s
      .split(', ')
      .map((id) => (isFactionId(id) ? factionName(locale, id) : id))
      .join(', ');
  if ((key === 'terrain' || key === 'home') && isHexTerrain(s))
    return t(locale, `term.terrain.${TERRAIN_NAMES[s]}` as 'term.terrain.desert');
  if (key === 'cult' && has(`term.cult.${s.toLowerCase()}`))
    return t(locale, `term.cult.${s.toLowerCase()}` as 'term.cult.fire');
  if (key === 'resource' && has(`rule.resource.${s}`)) return t(locale, `rule.resource.${s}` as 'rule.resource.C');
  return plainEcho(s);
}

/** Refusals of a click on a button or menu, said as the bot says a stale component. */
const SAID_AS_COMPONENT = { position_moved: 'prompt.moved', no_such_move: 'error.staleComponent' } as const;

/** A service refusal in the player's language; rules and notation errors are said from their codes. */
export function describeGameError(locale: BotLocale, error: GameError): string {
  if (error.code === 'position_moved' || error.code === 'no_such_move') return t(locale, SAID_AS_COMPONENT[error.code]);
  if (error.code === 'rule_error' && has(`rule.${error.params.rule}`)) {
    const ruleParams = Object.fromEntries(
      Object.entries(error.params.ruleParams).map(([k, v]) => [k, word(locale, k, v)]),
    );
    const message = t(
      locale,
      `rule.${error.params.rule}` as 'rule.noSuchAction',
      ruleParams as { faction: string; action: string },
    );
    return t(locale, 'gameError.rule_error', { message });
  }
  if (error.code === 'bad_tiles') {
    const { problem, ...values } = error.params;
    const said = Object.fromEntries(
      Object.entries(values).map(([k, v]) => [k, typeof v === 'number' ? v : plainEcho(v)]),
    );
    return t(locale, 'gameError.bad_tiles', { reason: t(locale, `tiles.${problem}`, said as never) });
  }
  if (error.code === 'parse_error' && has(`parse.${error.params.parse}`)) {
    const message = t(locale, `parse.${error.params.parse}` as 'parse.notUnderstood', {
      text: plainEcho(error.params.text),
    });
    return t(locale, 'gameError.parse_error', { message });
  }
  const params = Object.fromEntries(Object.entries(error.params).map(([k, v]) => [k, word(locale, k, v)]));
  return t(locale, `gameError.${error.code}` as 'gameError.parse_error', params as { message: string });
}
