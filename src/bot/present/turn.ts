import type { FactionId, GameState } from '../../engine/index.ts';
import type { Waiting } from '../../game/service.ts';
import { t, type BotLocale } from '../../i18n/index.ts';
import { describeChange } from './changes.ts';
import { factionName, mention } from './names.ts';

export interface TurnReport {
  readonly faction: FactionId;
  readonly userId: string;
  readonly text: string;
  readonly changes: readonly {
    faction: FactionId;
    before: Parameters<typeof describeChange>[1];
    after: Parameters<typeof describeChange>[2];
  }[];
  readonly autoAnswers: readonly { text: string; position: number }[];
  readonly waitingFor: readonly Waiting[];
  readonly state: GameState;
}

/** Why the game waits for a faction: its turn, a power offer, or a choice it still owes. */
export function waitReason(
  state: GameState,
  faction: FactionId,
): { kind: 'move' } | { kind: 'leech'; from: FactionId } | { kind: 'choice' } {
  const offer = state.pending.find((p) => p.type === 'leech' && p.faction === faction);
  if (offer && offer.type === 'leech') return { kind: 'leech', from: offer.from };
  // Placing a starting dwelling or taking a starting bonus card is a turn like any other.
  const setupTurn = state.pending.some((p) => (p.type === 'dwelling' || p.type === 'bonus') && p.faction === faction);
  if (state.active === faction || setupTurn) return { kind: 'move' };
  return { kind: 'choice' };
}

/** "Next: @a (Witches) to move, @b (Nomads) may take power from Witches." */
export function describeWaiting(locale: BotLocale, state: GameState, waiting: readonly Waiting[]): string {
  const parts = waiting.map((w) => {
    const reason = waitReason(state, w.faction);
    const player = mention(w.userId);
    const faction = factionName(locale, w.faction);
    if (reason.kind === 'leech')
      return t(locale, 'turn.owesLeech', { player, faction, from: factionName(locale, reason.from) });
    if (reason.kind === 'move') return t(locale, 'turn.nextToMove', { player, faction });
    return t(locale, 'turn.owesChoice', { player, faction });
  });
  return parts.length ? t(locale, 'turn.next', { who: parts.join('; ') }) : '';
}

/** The channel message after a move: who did what, what changed, and who must act next. */
export function describeTurn(
  locale: BotLocale,
  r: TurnReport,
  seatFaction: (position: number) => FactionId | null,
): string {
  const lines = [
    t(locale, 'turn.move', { faction: factionName(locale, r.faction), player: mention(r.userId), move: r.text }),
  ];
  for (const a of r.autoAnswers) {
    const f = seatFaction(a.position);
    if (f) lines.push(t(locale, 'turn.auto', { faction: factionName(locale, f), move: a.text }));
  }
  for (const c of r.changes) {
    const changes = describeChange(locale, c.before, c.after);
    if (changes) lines.push(t(locale, 'turn.changes', { faction: factionName(locale, c.faction), changes }));
  }
  const next = describeWaiting(locale, r.state, r.waitingFor);
  if (next) lines.push(next);
  return lines.join('\n');
}
