// AI seats in words: a seat's name with its level, the posts about AI seats, and the line that says why an
// AI made its move, worded from the typed reasons it stored with the move (src/game/ai-reasons.ts).
import { SCORING_TILES, isScoringTile, type FactionId } from '../../engine/index.ts';
import {
  type AiNote,
  type AiSeatLevel,
  type AiTurn,
  type Announcement,
  type StoredReason,
  aiName,
} from '../../game/service.ts';
import type { GameRecord } from '../../game/repo.ts';
import { t, type BotLocale } from '../../i18n/index.ts';
import { factionName, mention } from './names.ts';
import { cultName, describeTile, scoredThing } from './tiles.ts';
import { moveInWords } from './turn.ts';

/** The factions the AI plays now: marked as the AI's in the pictures. */
export function aiFactions(view: {
  readonly game: { readonly seats: readonly { ai: unknown; faction: FactionId | null }[] };
}) {
  return view.game.seats.flatMap((s) => (s.ai && s.faction ? [s.faction] : []));
}

export function levelName(locale: BotLocale, level: AiSeatLevel): string {
  return t(locale, `ai.level.${level}`);
}

/** "🤖 Ada (AI, normal)" for an AI seat, the mention for a person's. */
export function seatName(
  locale: BotLocale,
  seat: { readonly userId: string; readonly ai: { level: AiSeatLevel } | null },
) {
  return seat.ai
    ? t(locale, 'ai.seat', { name: mention(seat.userId), level: levelName(locale, seat.ai.level) })
    : mention(seat.userId);
}

/** An AI seat as a picture names it ("Ada (AI, normal)"): the pictures' fonts draw no emoji. */
export function aiSeatLabel(locale: BotLocale, userId: string, level: AiSeatLevel): string {
  return t(locale, 'ai.seat', { name: aiName(userId), level: levelName(locale, level) });
}

/** "a, b and c". */
function listed(locale: BotLocale, parts: readonly string[]): string {
  if (parts.length <= 1) return parts[0] ?? '';
  return t(locale, 'ai.and', { first: parts.slice(0, -1).join(', '), last: parts.at(-1)! });
}

function reasonWords(locale: BotLocale, r: StoredReason, mover: FactionId, map?: string): string {
  switch (r.kind) {
    case 'vp': {
      if (r.source === 'round-tile' && r.tile && isScoringTile(r.tile))
        return t(locale, 'ai.reason.vp.round-tile', { vp: r.vp, what: scoredThing(locale, SCORING_TILES[r.tile]) });
      if (r.source === 'round-tile') return t(locale, 'ai.reason.vp.other', { vp: r.vp });
      return t(locale, `ai.reason.vp.${r.source}`, { vp: r.vp, tile: r.tile ?? '' });
    }
    case 'power-offered':
      return t(locale, 'ai.reason.power-offered', { power: r.power, faction: factionName(locale, r.to) });
    case 'favor-tile':
      return t(locale, 'ai.reason.favor-tile', { tile: describeTile(locale, r.tile) });
    case 'town-tile':
      return t(locale, 'ai.reason.town-tile', { tile: describeTile(locale, r.tile) });
    case 'bonus-card':
      return t(locale, 'ai.reason.bonus-card', { tile: describeTile(locale, r.tile) });
    case 'town-founded':
      return t(locale, 'ai.reason.town-founded');
    case 'cult-steps':
      return t(locale, 'ai.reason.cult-steps', { steps: `+${r.steps}`, cult: cultName(locale, r.cult) });
    case 'power-taken':
      return r.vp > 0
        ? t(locale, 'ai.reason.power-taken', { power: r.power, faction: factionName(locale, r.from), vp: r.vp })
        : t(locale, 'ai.reason.power-taken-free', { power: r.power, faction: factionName(locale, r.from) });
    case 'power-declined':
      return t(locale, 'ai.reason.power-declined', { power: r.power, faction: factionName(locale, r.from) });
    case 'paying-for':
      return t(locale, 'ai.reason.paying-for', {
        action: moveInWords(locale, r.action, { faction: mover, map }) || r.action,
      });
    case 'plan':
      return t(locale, 'ai.reason.plan', { goal: t(locale, `ai.goal.${r.goal}`) });
    case 'fallback':
      return t(locale, 'ai.reason.fallback');
  }
}

/**
 * One line saying why an AI made its move: "Why (normal): +4 VP from the round's temple tile, a favor tile
 * (FAV6 · +2 Water) and 2 power offered to the Witches, with an eye on the cult majorities."
 */
export function whyLine(locale: BotLocale, note: AiNote, mover: FactionId, map?: string): string {
  const plan = note.reasons.filter((r) => r.kind === 'plan');
  const facts = note.reasons.filter((r) => r.kind !== 'plan').map((r) => reasonWords(locale, r, mover, map));
  const words = facts.length ? listed(locale, facts) : t(locale, 'ai.whyNothing');
  const reasons = [words, ...plan.map((r) => reasonWords(locale, r, mover, map))].join(', ');
  return t(locale, 'ai.why', { level: levelName(locale, note.level), reasons });
}

/** The posts about AI seats coming and going. */
export function aiSeatLines(
  locale: BotLocale,
  a: Extract<Announcement, { kind: 'aiAdded' | 'aiRemoved' | 'handedToAi' }>,
): string[] {
  const ai = (userId: string, level: AiSeatLevel) => seatName(locale, { userId, ai: { level } });
  switch (a.kind) {
    case 'aiAdded':
      return [
        t(locale, 'ai.added', {
          admin: mention(a.by),
          ai: ai(a.userId, a.level),
          seated: a.seated.map(mention).join(', '),
        }),
        t(locale, 'ai.notRated'),
      ];
    case 'aiRemoved':
      return [t(locale, 'ai.removed', { admin: mention(a.by), ai: mention(a.userId) })];
    case 'handedToAi': {
      const faction = a.faction ? factionName(locale, a.faction) : t(locale, 'ai.noFaction');
      if (a.by === null)
        return [t(locale, 'ai.handedByTimer', { previous: mention(a.previous), faction, ai: ai(a.userId, a.level) })];
      if (a.previous === a.userId)
        return [
          t(locale, 'ai.levelChanged', {
            admin: mention(a.by),
            ai: mention(a.userId),
            faction,
            level: levelName(locale, a.level),
          }),
        ];
      const params = { admin: mention(a.by), previous: mention(a.previous), faction, ai: ai(a.userId, a.level) };
      return [t(locale, a.by === a.previous ? 'ai.handedOwn' : 'ai.handed', params)];
    }
  }
}

/** The game admin told that an AI seat found no move the rules accept (a fault), and what they can do. */
export function aiStuckNotice(locale: BotLocale, game: Pick<GameRecord, 'creatorUserId'>, turn: AiTurn): string {
  return t(locale, 'ai.stuck', {
    admin: mention(game.creatorUserId),
    ai: seatName(locale, turn.seat),
    faction: turn.kind === 'move' ? factionName(locale, turn.faction) : t(locale, 'ai.noFaction'),
  });
}
