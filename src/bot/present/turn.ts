import { waitReason, type Command, type FactionId, type FactionSnapshot, type GameState } from '../../engine/index.ts';
import type { Waiting } from '../../game/service.ts';
import { t, type BotLocale } from '../../i18n/index.ts';
import { owedSteps, stepsInWords } from './steps.ts';
import { describeChange } from './changes.ts';
import { parseLine } from '../../notation/parse.ts';
import { describeLine, type LineContext } from './moves.ts';
import { factionName, mention } from './names.ts';
import { describeTile } from './tiles.ts';

/** What a change did beyond its own line: the seats' automatic answers and everyone's numbers. */
export interface Effects {
  readonly autoAnswers: readonly { readonly faction: FactionId; readonly text: string }[];
  readonly changes: readonly {
    readonly faction: FactionId;
    readonly before: FactionSnapshot;
    readonly after: FactionSnapshot;
  }[];
}

/** A player's line and what it did. */
export interface MoveLines extends Effects {
  readonly faction: FactionId;
  readonly userId: string;
  readonly text: string;
  /** The line took a town tile. */
  readonly townFounded: boolean;
  /** Offers dropped because their holder acted instead of answering. */
  readonly declined?: readonly { readonly faction: FactionId; readonly from: FactionId; readonly amount: number }[];
}

/**
 * The line in words ("Temple at E5 → Take FAV11 · +1 Earth · …"), its landscape named by the mover's faction;
 * empty when it does not read.
 */
export function moveInWords(locale: BotLocale, text: string, context: LineContext = {}): string {
  try {
    const commands = parseLine(text);
    const admin = commands.find((c) => c.type === 'pick-faction' || c.type === 'drop-faction' || c.type === 'bid');
    if (admin) return admin.faction;
    return describeLine(locale, commands as Command[], context);
  } catch {
    return '';
  }
}

const SETUP_DWELLINGS = ['turn.setupDwelling1', 'turn.setupDwelling2', 'turn.setupDwelling3'] as const;

/** The set-up step a faction's turn is: its first (second, third) dwelling, or its starting bonus card. */
function setupStep(state: GameState, faction: FactionId): (typeof SETUP_DWELLINGS)[number] | 'turn.setupBonus' | null {
  if (state.phase === 'initial-bonus') return 'turn.setupBonus';
  if (state.phase !== 'initial-dwellings') return null;
  const placed = state.factions[faction]?.buildings.D ?? 0;
  return SETUP_DWELLINGS[Math.min(placed, SETUP_DWELLINGS.length - 1)]!;
}

/**
 * "Next: @a (Witches) to move, @b (Nomads) may take power from Witches", and what a faction that must finish
 * its turn owes, in order ("must finish their turn: 1. choose the starting favor tile, 2. pick a colour").
 */
export function describeWaiting(locale: BotLocale, state: GameState, waiting: readonly Waiting[]): string {
  const parts = waiting.map((w) => {
    const reason = waitReason(state, w.faction);
    const player = mention(w.userId);
    const faction = factionName(locale, w.faction);
    // The next to move may hold an offer too: they are told both, the move first.
    if (reason.kind === 'leech')
      return t(locale, state.active === w.faction ? 'turn.movesAndOwesLeech' : 'turn.owesLeech', {
        player,
        faction,
        from: factionName(locale, reason.from),
      });
    const steps = owedSteps(state, w.faction);
    if (steps.length) return t(locale, 'turn.owesSteps', { player, faction, steps: stepsInWords(locale, steps) });
    if (reason.kind === 'move') return t(locale, setupStep(state, w.faction) ?? 'turn.nextToMove', { player, faction });
    return t(locale, 'turn.owesChoice', { player, faction });
  });
  return parts.length ? t(locale, 'turn.next', { who: parts.join('; ') }) : '';
}

/** "Witches answered automatically: `leech 1 from nomads`", then "Nomads: +2 VP · −1 W". */
export function describeEffects(locale: BotLocale, effects: Effects): string[] {
  const lines = effects.autoAnswers.map((a) =>
    t(locale, 'turn.auto', { faction: factionName(locale, a.faction), move: a.text }),
  );
  for (const c of effects.changes) {
    const changes = describeChange(locale, c.before, c.after);
    if (changes) lines.push(t(locale, 'turn.changes', { faction: factionName(locale, c.faction), changes }));
  }
  return lines;
}

/**
 * Who did what (in words, the notation beside it), a town it founded, offers it declined, and what it
 * changed: the lines of a move in the channel or a preview.
 */
export function describeMove(locale: BotLocale, move: MoveLines, context: Omit<LineContext, 'faction'> = {}): string[] {
  const faction = factionName(locale, move.faction);
  const words = moveInWords(locale, move.text, { ...context, faction: move.faction });
  const lines = [
    t(locale, 'turn.moveInWords', {
      faction,
      player: mention(move.userId),
      words: words || move.text,
      move: move.text,
    }),
  ];
  if (move.townFounded) lines.push(t(locale, 'turn.townFounded', { faction }));
  for (const d of move.declined ?? [])
    lines.push(
      t(locale, 'turn.declinedByActing', {
        faction: factionName(locale, d.faction),
        amount: d.amount,
        from: factionName(locale, d.from),
      }),
    );
  return [...lines, ...describeEffects(locale, move)];
}

/** "**Round 3** · scoring SCORE5 · 2 VP per dwelling; Fire 4: +4 power": the header of a new round. */
export function roundHeader(locale: BotLocale, state: GameState, round: number): string {
  const tile = state.scoreTiles[round - 1];
  return t(locale, 'turn.roundHeader', { round, scoring: tile ? describeTile(locale, tile) : '—' });
}
