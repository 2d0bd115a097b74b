// The arena: whole games between AI seats on the engine alone, every move checked by the engine, with
// the figures the AI is judged by (VP by seat, winners, wins by level, decision times, VP by faction).
// The CPU clock here measures the AI; it never reaches a decision.
import {
  FACTIONS,
  type FactionId,
  type GameState,
  type OptionId,
  apply,
  auctionBidder,
  factionsClash,
  newGame,
  play,
  randomSetup,
  seededRandom,
  shuffle,
  whoMustAct,
} from '../engine/index.ts';
import { decide } from './decide.ts';
import { decideSeat } from './seat.ts';
import type { AiLevel, AiOptions, Tuning } from './types.ts';

export interface ArenaGameConfig {
  readonly seed: string;
  /** One level per seat, in seat order. */
  readonly levels: readonly AiLevel[];
  readonly options: readonly OptionId[];
  readonly map?: string;
  /** Factions in seat order; dealt at random from the seed when left out (the auction's with that option). */
  readonly factions?: readonly FactionId[];
  /** Seats pick their factions themselves instead of being dealt them. */
  readonly aiPicks?: boolean;
  /** Each seat's evaluation, in seat order (a head to head of two tunings); the levels' own where left out. */
  readonly tunings?: readonly (NamedTuning | undefined)[];
  /** Sees every position after a move (the self-play fit's samples). */
  readonly observe?: (state: GameState) => void;
}

/** A tuning with the name the figures give its seats (the arena's params file). */
export interface NamedTuning extends Tuning {
  readonly name: string;
}

export interface SeatResult {
  readonly seat: number;
  readonly level: AiLevel;
  readonly faction: FactionId;
  /** The seat's tuning, when it had one. */
  readonly tuning?: string;
  readonly vp: number;
  /** Where the VP came from (the engine's sources: scoring tiles, FAVn, BONn, TW, the final scorings ...). */
  readonly sources: Readonly<Record<string, number>>;
}

export interface ArenaGameResult {
  readonly seed: string;
  readonly map: string;
  readonly options: readonly OptionId[];
  readonly finished: boolean;
  /** The move the engine refused, or why the game stopped, when it did not finish. */
  readonly failure?: string;
  readonly refused: boolean;
  readonly seats: readonly SeatResult[];
  /** Milliseconds of every decision, by the level that made it. */
  readonly decisionMs: Readonly<Partial<Record<AiLevel, readonly number[]>>>;
  readonly moves: number;
  /** Each seat at the start of each round's actions (rounds 1-6): how its game developed. */
  readonly rounds: readonly (readonly SeatProgress[])[];
}

export interface SeatProgress {
  readonly vp: number;
  /** Buildings standing: D, TP, TE, SH, SA. */
  readonly buildings: readonly number[];
  readonly favors: number;
  readonly towns: number;
}

function progressOf(state: GameState, seatOf: ReadonlyMap<FactionId, number>): SeatProgress[] {
  const out: SeatProgress[] = [];
  for (const [faction, seat] of seatOf) {
    const f = state.factions[faction]!;
    out[seat] = {
      vp: f.VP,
      buildings: [f.buildings.D, f.buildings.TP, f.buildings.TE, f.buildings.SH, f.buildings.SA],
      favors: Object.keys(f.tiles).filter((t) => t.startsWith('FAV') && f.tiles[t]).length,
      towns: Object.values(f.townTiles).reduce((a, b) => a + b, 0),
    };
  }
  return out;
}

/** A game stuck this long is a stall (a game takes a few hundred moves). */
const MAX_MOVES = 4000;

/** Factions for the seats, at random from the seed, no two clashing (one per home terrain and board). */
export function dealFactions(seed: string, seats: number, options: readonly OptionId[]): FactionId[] {
  const offered = (Object.keys(FACTIONS) as FactionId[]).filter((f) => {
    const option = FACTIONS[f].option;
    return option === undefined || options.includes(option);
  });
  const out: FactionId[] = [];
  for (const f of shuffle(offered, seededRandom(`${seed}/deal`))) {
    if (out.length < seats && !out.some((o) => factionsClash(o, f))) out.push(f);
  }
  return out;
}

export function playArenaGame(config: ArenaGameConfig): ArenaGameResult {
  const players = config.levels.length;
  const setup = randomSetup(
    config.seed,
    config.levels.map((_, i) => `seat${i + 1}`),
    config.options,
    config.map,
  );
  let state: GameState = newGame(setup);
  const times: Partial<Record<AiLevel, number[]>> = {};
  // CPU time of the process (one thread): what a decision costs on one core, whatever else the machine runs.
  const timed = <T>(level: AiLevel, f: () => T): T => {
    const t0 = process.cpuUsage();
    const out = f();
    const t = process.cpuUsage(t0);
    (times[level] ??= []).push((t.user + t.system) / 1000);
    return out;
  };
  const seatOf = new Map<FactionId, number>();
  const optsOf = (seat: number): AiOptions => {
    const tuning = config.tunings?.[seat];
    return { level: config.levels[seat]!, seed: config.seed, ...(tuning ? { tuning } : {}) };
  };
  const base = { seed: config.seed, map: setup.map ?? '', options: config.options };
  const rounds: SeatProgress[][] = [];
  const stop = (failure: string, refused: boolean, moves: number): ArenaGameResult => ({
    ...base,
    rounds,
    finished: false,
    failure,
    refused,
    seats: seatsOf(state, seatOf, config),
    decisionMs: times,
    moves,
  });
  // The auction, or the picks (dealt, or the seats' own).
  const dealt = config.factions ?? dealFactions(config.seed, players, config.options);
  let moves = 0;
  while (state.phase === 'select-factions' && state.factionOrder.length < players) {
    if (++moves > MAX_MOVES) return stop('stalled in faction selection', false, moves);
    const bidder = auctionBidder(state);
    const owing = whoMustAct(state);
    // Dealt and auctioned factions are all picked first and their colours chosen after (docs/rulings.md
    // AU-9), as the game does; a free pick waits for the choices owed before it.
    if (owing.length && config.aiPicks && !state.auction) {
      const r = moveFor(owing[0]!);
      if (r) return stop(r, true, moves);
      continue;
    }
    const seat = bidder ?? state.factionOrder.length;
    let command;
    const lot = state.auction?.lots[seat];
    if (bidder === null && lot) command = { type: 'pick-faction' as const, faction: lot.faction };
    else if (bidder !== null || config.aiPicks) {
      const level = config.levels[seat]!;
      const d = timed(level, () => decideSeat(state, seat, optsOf(seat)));
      if (!d) return stop(`seat ${seat} had nothing to decide`, false, moves);
      command =
        d.kind === 'bid'
          ? { type: 'bid' as const, faction: d.faction, amount: d.amount }
          : { type: 'pick-faction' as const, faction: d.faction };
    } else command = { type: 'pick-faction' as const, faction: dealt[seat]! };
    const r = apply(state, null, [command]);
    if (!r.ok) return stop(`${JSON.stringify(command)}: ${r.error.message}`, true, moves);
    state = r.value.state;
    if (command.type === 'pick-faction') {
      // With the auction the factions are picked in naming order, each for the seat holding it.
      const holder = state.auction?.lots.find((l) => l.faction === command.faction)?.holder ?? seat;
      seatOf.set(command.faction, holder);
    }
  }
  function moveFor(faction: FactionId): string | null {
    const seat = seatOf.get(faction)!;
    const level = config.levels[seat]!;
    const d = timed(level, () => decide(state, faction, optsOf(seat)));
    const r = play(state, faction, d.move.commands);
    if (!r.ok) return `${faction}: ${JSON.stringify(d.move.commands)}: ${r.error.message}`;
    state = r.value.state;
    config.observe?.(state);
    return null;
  }
  while (!state.finished) {
    if (++moves > MAX_MOVES) return stop(`stalled after ${moves} moves in round ${state.round}`, false, moves);
    if (state.phase === 'play' && rounds.length < state.round) rounds.push(progressOf(state, seatOf));
    const waiting = whoMustAct(state);
    if (!waiting.length) return stop(`nobody to move in ${state.phase}, round ${state.round}`, false, moves);
    // Off-turn decisions (power offers, owed choices) are answered at once, before the turn goes on.
    const who = waiting.find((f) => f !== state.active) ?? waiting[0]!;
    const r = moveFor(who);
    if (r) return stop(r, true, moves);
  }
  rounds.push(progressOf(state, seatOf));
  return {
    ...base,
    finished: true,
    refused: false,
    seats: seatsOf(state, seatOf, config),
    decisionMs: times,
    moves,
    rounds,
  };
}

function seatsOf(state: GameState, seatOf: ReadonlyMap<FactionId, number>, config: ArenaGameConfig): SeatResult[] {
  return [...seatOf].map(([faction, seat]) => ({
    seat,
    level: config.levels[seat]!,
    faction,
    ...(config.tunings?.[seat] ? { tuning: config.tunings[seat].name } : {}),
    vp: state.factions[faction]?.VP ?? 0,
    sources: { ...state.factions[faction]?.vpSources },
  }));
}

export interface ArenaSummary {
  readonly games: number;
  readonly finished: number;
  readonly refused: number;
  readonly stalled: number;
  readonly seatMeanVp: number;
  readonly winnerMeanVp: number;
  /** Games won by each level (a tie shares the win). */
  readonly winsByLevel: Readonly<Partial<Record<AiLevel, number>>>;
  readonly seatMeanVpByLevel: Readonly<Partial<Record<AiLevel, number>>>;
  readonly decisionMs: { readonly median: number; readonly p95: number; readonly max: number };
  readonly decisionMsByLevel: Readonly<Partial<Record<AiLevel, { median: number; p95: number; max: number }>>>;
  readonly byFaction: Readonly<Partial<Record<FactionId, { readonly games: number; readonly meanVp: number }>>>;
  readonly byPlayers: Readonly<
    Record<string, { readonly games: number; readonly seatMeanVp: number; readonly winnerMeanVp: number }>
  >;
  readonly failures: readonly string[];
  /** With a challenger: how its seats did against the other seats of the games where both sat. */
  readonly headToHead?: HeadToHead;
}

export interface HeadToHead {
  /** The challenger tuning's name. */
  readonly challenger: string;
  readonly games: number;
  /** The seeds they were played from (a mirrored seed counts once). */
  readonly seeds: number;
  /** Games a challenger seat won (a tie shares the win). */
  readonly wins: number;
  /**
   * The challenger seats' mean VP minus the other seats', averaged over a seed's games (a mirrored seed's
   * two games, so the factions dealt cancel out) and then over the seeds, with its standard error over the
   * seeds.
   */
  readonly seatDiff: number;
  readonly seatDiffSe: number;
}

function quantiles(xs: readonly number[]): { median: number; p95: number; max: number } {
  if (!xs.length) return { median: 0, p95: 0, max: 0 };
  const s = [...xs].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))]!;
  const round = (x: number) => Math.round(x * 10) / 10;
  return { median: round(q(0.5)), p95: round(q(0.95)), max: round(s[s.length - 1]!) };
}

const mean = (xs: readonly number[]) =>
  xs.length ? Math.round((xs.reduce((a, b) => a + b, 0) / xs.length) * 10) / 10 : 0;

export function summarize(results: readonly ArenaGameResult[], challenger?: string): ArenaSummary {
  const done = results.filter((r) => r.finished);
  const seatVps: number[] = [];
  const winners: number[] = [];
  const wins: Partial<Record<AiLevel, number>> = {};
  const byLevel: Partial<Record<AiLevel, number[]>> = {};
  const byFaction: Partial<Record<FactionId, number[]>> = {};
  const byPlayers: Record<string, { seats: number[]; winners: number[] }> = {};
  for (const r of done) {
    const tied = winnersOf(r);
    const top = tied[0]!.vp;
    winners.push(top);
    const group = (byPlayers[String(r.seats.length)] ??= { seats: [], winners: [] });
    group.winners.push(top);
    for (const s of tied) wins[s.level] = (wins[s.level] ?? 0) + 1 / tied.length;
    for (const s of r.seats) {
      seatVps.push(s.vp);
      group.seats.push(s.vp);
      (byLevel[s.level] ??= []).push(s.vp);
      (byFaction[s.faction] ??= []).push(s.vp);
    }
  }
  const all: number[] = [];
  const perLevel: Partial<Record<AiLevel, number[]>> = {};
  for (const r of results) {
    for (const [level, xs] of Object.entries(r.decisionMs) as [AiLevel, number[]][]) {
      all.push(...xs);
      (perLevel[level] ??= []).push(...xs);
    }
  }
  return {
    games: results.length,
    finished: done.length,
    refused: results.filter((r) => r.refused).length,
    stalled: results.filter((r) => !r.finished && !r.refused).length,
    seatMeanVp: mean(seatVps),
    winnerMeanVp: mean(winners),
    winsByLevel: Object.fromEntries(Object.entries(wins).map(([k, v]) => [k, Math.round(v * 10) / 10])),
    seatMeanVpByLevel: Object.fromEntries(Object.entries(byLevel).map(([k, v]) => [k, mean(v)])),
    decisionMs: quantiles(all),
    decisionMsByLevel: Object.fromEntries(Object.entries(perLevel).map(([k, v]) => [k, quantiles(v)])),
    byFaction: Object.fromEntries(
      Object.entries(byFaction)
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([k, v]) => [k, { games: v.length, meanVp: mean(v) }]),
    ),
    byPlayers: Object.fromEntries(
      Object.entries(byPlayers).map(([k, v]) => [
        k,
        { games: v.winners.length, seatMeanVp: mean(v.seats), winnerMeanVp: mean(v.winners) },
      ]),
    ),
    failures: results.filter((r) => !r.finished).map((r) => `${r.seed}: ${r.failure}`),
    ...(challenger === undefined ? {} : { headToHead: headToHead(done, challenger) }),
  };
}

/** The seats with the game's top score (several when tied: they share the win). */
function winnersOf(game: ArenaGameResult): SeatResult[] {
  const top = Math.max(...game.seats.map((s) => s.vp));
  return game.seats.filter((s) => s.vp === top);
}

function headToHead(games: readonly ArenaGameResult[], challenger: string): HeadToHead {
  const bySeed = new Map<string, number[]>();
  let wins = 0;
  let played = 0;
  for (const g of games) {
    const mine = g.seats.filter((s) => s.tuning === challenger);
    const others = g.seats.filter((s) => s.tuning !== challenger);
    if (!mine.length || !others.length) continue;
    played++;
    const avg = (seats: readonly SeatResult[]) => seats.reduce((a, s) => a + s.vp, 0) / seats.length;
    const seed = bySeed.get(g.seed) ?? [];
    seed.push(avg(mine) - avg(others));
    bySeed.set(g.seed, seed);
    const tied = winnersOf(g);
    wins += tied.filter((s) => s.tuning === challenger).length / tied.length;
  }
  const diffs = [...bySeed.values()].map((xs) => xs.reduce((a, b) => a + b, 0) / xs.length);
  const n = diffs.length;
  const m = n ? diffs.reduce((a, b) => a + b, 0) / n : 0;
  const sd = n > 1 ? Math.sqrt(diffs.reduce((a, d) => a + (d - m) ** 2, 0) / (n - 1)) : 0;
  const round = (x: number) => Math.round(x * 100) / 100;
  return {
    challenger,
    games: played,
    seeds: n,
    wins: Math.round(wins * 10) / 10,
    seatDiff: round(m),
    seatDiffSe: round(n ? sd / Math.sqrt(n) : 0),
  };
}
