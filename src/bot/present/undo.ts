import type { FactionId } from '../../engine/index.ts';
import type { Announcement } from '../../game/service.ts';
import { t, type BotLocale } from '../../i18n/index.ts';
import { factionName, mention } from './names.ts';
import { moveInWords } from './turn.ts';

/** A move an undo would take back: its line and the faction that made it (none for an admin's row). */
export interface TakenBack {
  readonly faction: FactionId | null;
  readonly text: string;
}

/** "• Witches: Dwelling at E5 · `build E5`", newest last, "• …" first when `total` lists more than these. */
export function takenBackLines(locale: BotLocale, moves: readonly TakenBack[], total: number, map?: string): string[] {
  const lines = moves.map((m) => {
    const who = m.faction ? factionName(locale, m.faction) : '—';
    const words = moveInWords(locale, m.text, { faction: m.faction ?? undefined, map });
    return `• ${who}: ${words ? `${words} · ` : ''}\`${m.text}\``;
  });
  if (total > moves.length) lines.unshift('• …');
  return lines;
}

/** The channel's lines of an undo request: who asks, the moves, whose consent it waits for. */
export function undoRequestLines(
  locale: BotLocale,
  a: Extract<Announcement, { kind: 'undoRequested' }>,
  map?: string,
): string[] {
  return [
    t(locale, 'undo.request', { player: mention(a.by), count: a.count }),
    ...takenBackLines(locale, a.moves, a.count, map),
    t(locale, 'undo.waiting', { players: a.waitingOn.map(mention).join(', ') }),
  ];
}

/** A request turned down, or withdrawn by the one who made it. */
export function undoRejectedLine(locale: BotLocale, a: Extract<Announcement, { kind: 'undoRejected' }>): string {
  return a.by === a.requestedBy
    ? t(locale, 'undo.withdrawnPost', { player: mention(a.by) })
    : t(locale, 'undo.rejectedPost', { player: mention(a.by), requester: mention(a.requestedBy) });
}
