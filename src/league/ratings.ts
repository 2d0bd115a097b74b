// Ratings as terra.snellman.net computes them (facts from github jsnell/terra-mystica src/Analyze/ELO.pm and
// RatingData.pm; docs/league.md): a pure function of an ordered list of finished games, so a corrected
// result recomputes every rating exactly. Every pair of seats in a game is one match decided by final VP;
// the player's and the faction-on-that-map's ratings add up to each side's strength and both move.
import type { GameResult } from '../game/result.ts';

/** One seat of a finished game, as the ratings read it. */
export interface RatingSeat {
  /** Whoever sat there: a Discord user id in stored games, any name in a results file. */
  readonly player: string;
  readonly faction: string;
  readonly vp: number;
  /** Dropped out before the end: ranked by the VP they had, and their match moves no faction rating. */
  readonly dropped?: boolean;
  /** An AI seat: the game is not rated. */
  readonly ai?: boolean;
}

export interface RatingGame {
  readonly id: string;
  /** Games are rated in finishing order; equal times keep the list's order. */
  readonly finishedAt: Date;
  /** snellman's map id; null: the original map. */
  readonly map: string | null;
  /** In the order the game lists them: seats with equal VP keep this order in the pairings. */
  readonly factions: readonly RatingSeat[];
}

export interface RatingSettings {
  /** How many times the whole list is replayed. */
  readonly iterations: number;
  /** Iteration i bets pot / i^decayExponent. */
  readonly decayExponent: number;
  /** Rating points the two sides of a match bet together. */
  readonly pot: number;
  /** Players with fewer rated games are provisional: they move, but move nobody else. */
  readonly minGames: number;
  /** How much the faction's rating counts in a seat's strength (0 when either side dropped). */
  readonly factionWeight: number;
  readonly initial: number;
}

/** terra.snellman.net's settings. */
export const SNELLMAN_SETTINGS: RatingSettings = {
  iterations: 3,
  decayExponent: 2,
  pot: 16,
  minGames: 5,
  factionWeight: 1,
  initial: 1000,
};

/** snellman's key for the original map, which a game without a map id is played on. */
export const ORIGINAL_MAP = '126fe960806d587c78546b30f1a90853b1ada468';

export interface Rating {
  readonly rating: number;
  /** Rated games played. */
  readonly games: number;
  /** Fewer than `minGames` rated games (players only). */
  readonly provisional: boolean;
}

export interface Ratings {
  readonly players: ReadonlyMap<string, Rating>;
  /** By `factionKey`: a faction's rating on one map. */
  readonly factions: ReadonlyMap<string, Rating>;
  /** The games that were rated, in the order they were rated. */
  readonly rated: readonly string[];
  /** The games left out, with why. */
  readonly unrated: readonly { readonly id: string; readonly reason: UnratedReason }[];
}

export type UnratedReason = 'fewer-than-3-factions' | 'ai-seat' | 'same-player-twice';

/** "<faction> <map>", as the reference keys a faction's rating on a map. */
export function factionKey(faction: string, map: string | null): string {
  return `${faction} ${map ?? ORIGINAL_MAP}`;
}

/** Why a game is not rated, or null when it is. */
export function unratedReason(game: RatingGame): UnratedReason | null {
  if (game.factions.length < 3) return 'fewer-than-3-factions';
  if (game.factions.some((f) => f.ai)) return 'ai-seat';
  if (new Set(game.factions.map((f) => f.player)).size !== game.factions.length) return 'same-player-twice';
  return null;
}

interface Side {
  readonly player: Entry;
  readonly faction: Entry;
  readonly vp: number;
  readonly dropped: boolean;
}

interface Entry {
  score: number;
  games: number;
}

/**
 * Ratings after every rated game of `games`. Games are taken in finishing order (a stable sort: equal
 * times keep the list's order); within a game the seats are ranked by VP, highest first, equal VP in
 * the game's own order, and every pair (i, j), i before j, is a match, as the reference orders them.
 */
export function computeRatings(games: readonly RatingGame[], settings: RatingSettings = SNELLMAN_SETTINGS): Ratings {
  const players = new Map<string, Entry>();
  const factions = new Map<string, Entry>();
  const entry = (map: Map<string, Entry>, key: string): Entry => {
    let e = map.get(key);
    if (!e) map.set(key, (e = { score: settings.initial, games: 0 }));
    return e;
  };
  const ordered = games
    .map((game, index) => ({ game, index, time: game.finishedAt.getTime() }))
    .sort((a, b) => a.time - b.time || a.index - b.index)
    .map((g) => g.game);
  const matches: [Side, Side][] = [];
  const rated: string[] = [];
  const unrated: { id: string; reason: UnratedReason }[] = [];
  for (const game of ordered) {
    const reason = unratedReason(game);
    if (reason) {
      unrated.push({ id: game.id, reason });
      continue;
    }
    rated.push(game.id);
    const sides = game.factions.map((f) => {
      const side: Side = {
        player: entry(players, f.player),
        faction: entry(factions, factionKey(f.faction, game.map)),
        vp: f.vp,
        dropped: f.dropped === true,
      };
      side.player.games++;
      side.faction.games++;
      return side;
    });
    // Array.prototype.sort is stable: equal VP keep the game's order.
    sides.sort((a, b) => b.vp - a.vp);
    for (let i = 0; i < sides.length; i++)
      for (let j = i + 1; j < sides.length; j++) matches.push([sides[i]!, sides[j]!]);
  }
  for (let iteration = 1; iteration <= settings.iterations; iteration++) {
    const pot = settings.pot / iteration ** settings.decayExponent;
    for (const [a, b] of matches) playMatch(a, b, pot, settings);
  }
  const out = (map: Map<string, Entry>, provisional: (e: Entry) => boolean) =>
    new Map([...map].map(([k, e]) => [k, { rating: e.score, games: e.games, provisional: provisional(e) }]));
  return {
    players: out(players, (e) => e.games < settings.minGames),
    factions: out(factions, () => false),
    rated,
    unrated,
  };
}

/**
 * One match. Each side's strength is its player's rating plus its faction's (weighted); the expected
 * score is logistic on a 400-point scale; the actual score is 1, ½ or 0 by VP. A provisional player's
 * rating moves against anyone, but moves an established opponent's only when both are provisional; the
 * factions move only when both players are established.
 */
function playMatch(a: Side, b: Side, pot: number, s: RatingSettings): void {
  const weight = a.dropped || b.dropped ? 0 : s.factionWeight;
  const diff = a.player.score + a.faction.score * weight - (b.player.score + b.faction.score * weight);
  const expectedA = 1 / (1 + 10 ** (-diff / 400));
  const expectedB = 1 / (1 + 10 ** (diff / 400));
  const actualA = a.vp === b.vp ? 0.5 : a.vp > b.vp ? 1 : 0;
  const deltaA = pot * (actualA - expectedA);
  const deltaB = pot * (1 - actualA - expectedB);
  const aEstablished = a.player.games >= s.minGames;
  const bEstablished = b.player.games >= s.minGames;
  const neither = !aEstablished && !bEstablished;
  if (bEstablished || neither) a.player.score += deltaA;
  if (aEstablished || neither) b.player.score += deltaB;
  if (!aEstablished || !bEstablished) return;
  a.faction.score += deltaA * weight;
  b.faction.score += deltaB * weight;
}

/** A stored result as the ratings read it. */
export function ratingGame(r: GameResult): RatingGame {
  return {
    id: r.gameId,
    finishedAt: r.finishedAt,
    map: r.map,
    factions: r.seats.map((s) => ({ player: s.userId, faction: s.faction, vp: s.vp, dropped: s.dropped, ai: s.ai })),
  };
}
