// Human agreement: how often a strong player's actual turn is the AI's first choice, or among its top 3,
// on positions taken from real games. A turn is compared by what it does on the board and the tracks
// (the building, upgrade, spades, power action, cult priest, advance, pass and its bonus card), not by the
// conversions that paid for it or the tiles taken after it: two ways of paying for the same temple are the
// same move.
import {
  type AdminCommand,
  type Command,
  type FactionId,
  type GameState,
  apply,
  endTurn,
  whoMustAct,
} from '../engine/index.ts';
import { parseGameLog } from '../notation/log.ts';
import { replayLog } from '../notation/replay.ts';
import { formatCommands } from '../notation/format.ts';
import { rankMoves } from './decide.ts';
import type { AiOptions } from './types.ts';

/** A turn a player took in a recorded game, and the position they took it in. */
export interface RecordedTurn {
  readonly game: string;
  readonly faction: FactionId;
  readonly round: number;
  readonly state: GameState;
  readonly human: readonly Command[];
}

/** The commands that say what a turn does; conversions, burns, paid digging and follow-up choices aside. */
const ACTION_TYPES: ReadonlySet<Command['type']> = new Set([
  'build',
  'upgrade',
  'transform',
  'send',
  'advance',
  'action',
  'pass',
  'bridge',
  'connect',
  'landscape',
]);

/** What a turn does, as text: equal for two lines that build, upgrade, dig or pass the same way. */
export function actionKey(commands: readonly Command[]): string {
  // A build on a space of another terrain turns it first: records write the build alone ("dig 1. build
  // H7", "action ACT5. build C5"), the planner's lines the transform too.
  const built = new Set(commands.flatMap((c) => (c.type === 'build' ? [c.hex] : [])));
  const kept = commands
    .filter((c) => ACTION_TYPES.has(c.type) && !(c.type === 'transform' && built.has(c.hex)))
    // A transform names the hex; the colour is the faction's own nearly always, and records often omit it.
    .map((c) => (c.type === 'transform' ? { type: 'transform' as const, hex: c.hex } : c));
  return formatCommands(kept);
}

/**
 * Every turn of a finished game record with four factions, none dropped: the position before the row and
 * the row's commands, for rows that take the turn's action, place a starting dwelling, take a starting
 * bonus card or use spades from income (not a power offer's answer, not a conversion alone). Records that
 * do not replay to the end give none.
 */
export function recordedTurns(text: string, game: string): RecordedTurn[] {
  const entries = parseGameLog(text);
  const out: RecordedTurn[] = [];
  const result = replayLog(entries, {
    beforeRow: (live, row, all) => {
      const commands = all.filter(isPlayerCommand);
      if (commands.length < all.length || !actionKey(commands)) return;
      let state: GameState;
      if (live.phase === 'play') {
        // The position the faction decides in: the last turn closed, as the next faction's row closes it.
        const r = canAct(live, row.faction) ? apply(live, row.faction, []) : endTurn(live);
        if (!r.ok || !canAct(r.value.state, row.faction)) return;
        state = r.value.state;
      } else {
        // Set-up choices (dwellings, bonus cards) and spades from income.
        if (!whoMustAct(live).includes(row.faction)) return;
        const r = apply(live, row.faction, []);
        if (!r.ok) return;
        state = r.value.state;
      }
      if (state.pending.some((p) => p.type === 'leech' && p.faction === row.faction)) return;
      out.push({ game, faction: row.faction, round: state.round, state, human: commands });
    },
  });
  const final = result.state;
  if (result.error || !final?.finished || final.factionOrder.length !== 4) return [];
  if (final.factionOrder.some((id) => final.factions[id]!.dropped)) return [];
  return out;
}

function isPlayerCommand(c: Command | AdminCommand): c is Command {
  return c.type !== 'pick-faction' && c.type !== 'drop-faction' && c.type !== 'bid';
}

function canAct(state: GameState, faction: FactionId): boolean {
  const f = state.factions[faction];
  return !!f && state.active === faction && f.allowedActions > 0 && !f.passed;
}

/** `count` turns spread evenly over the list (all of them when it holds fewer). */
export function spread<T>(items: readonly T[], count: number): T[] {
  if (items.length <= count) return [...items];
  const out: T[] = [];
  for (let i = 0; i < count; i++) out.push(items[Math.floor((i * items.length) / count)]!);
  return out;
}

export interface Tally {
  readonly positions: number;
  readonly first: number;
  readonly top3: number;
}

export interface AgreementReport extends Tally {
  /** Share of positions (0-1) where the human's turn is the AI's first choice, and among its top 3. */
  readonly firstShare: number;
  readonly top3Share: number;
  readonly byRound: Readonly<Record<string, Tally>>;
  /** By what the human did (build, upgrade, pass, action, send, advance, transform ...). */
  readonly byKind: Readonly<Record<string, Tally>>;
}

/** Where the human's turn stands in the AI's ranking of the position: 0 first, -1 not among its lines. */
export function humanRank(turn: RecordedTurn, opts: AiOptions): number {
  const ranked = rankMoves(turn.state, turn.faction, opts);
  const want = actionKey(turn.human);
  const seen = new Set<string>();
  let rank = 0;
  for (const r of ranked) {
    const key = actionKey(r.line.flatMap((m) => m.commands));
    if (seen.has(key)) continue;
    if (key === want) return rank;
    seen.add(key);
    rank++;
  }
  return -1;
}

export function agreement(turns: readonly RecordedTurn[], opts: AiOptions): AgreementReport {
  const total = { positions: 0, first: 0, top3: 0 };
  const byRound: Record<string, { positions: number; first: number; top3: number }> = {};
  const byKind: Record<string, { positions: number; first: number; top3: number }> = {};
  for (const turn of turns) {
    const rank = humanRank(turn, opts);
    const kind = turn.human.find((c) => ACTION_TYPES.has(c.type))!.type;
    for (const t of [total, (byRound[turn.round] ??= zero()), (byKind[kind] ??= zero())]) {
      t.positions++;
      if (rank === 0) t.first++;
      if (rank >= 0 && rank < 3) t.top3++;
    }
  }
  const share = (n: number) => (total.positions ? Math.round((n / total.positions) * 1000) / 1000 : 0);
  return { ...total, firstShare: share(total.first), top3Share: share(total.top3), byRound, byKind };
}

function zero() {
  return { positions: 0, first: 0, top3: 0 };
}
