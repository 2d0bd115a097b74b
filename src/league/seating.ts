// From the sign-ups to the tables: who plays (whole groups only), the seeding order, divisions of
// `divisionSize` players, groups within them, and each group's tables with their seats.
import { seededRandom, shuffle } from '../engine/index.ts';
import type { NewSeasonTable } from './repo.ts';
import { type SeasonConfig, type SeasonEntry, groupPlayers } from './season.ts';

/**
 * The BPA group's seven tables of four: table i seats players i, i+3, i+5, i+6 (mod 7). {0, 3, 5, 6} is a
 * difference set, so every two players meet at exactly two tables, each player plays four, and each seat
 * column runs through all seven players: everyone sits in every seat once.
 */
export const BPA_OFFSETS = [0, 3, 5, 6] as const;

export interface Seeded {
  readonly userId: string;
  /** 1 is the strongest. */
  readonly seed: number;
  readonly division: number;
}

export interface Seating {
  /** Everyone who plays, with their seed and division, in seeding order. */
  readonly players: readonly Seeded[];
  /** Signed up but left over (the groups must be whole): they wait for a place. */
  readonly waiting: readonly string[];
  readonly tables: readonly NewSeasonTable[];
}

/**
 * `order`: the players in seeding order (strongest first). The last to sign up that do not fill a whole
 * group wait; the rest are cut into divisions of `divisionSize`, each division into groups by snake order
 * (seeds 1..g to groups 1..g, then g..1 back) so groups are even, and each group gets its tables, seats
 * drawn from `seed`.
 */
export function seatPlayers(
  config: SeasonConfig,
  entries: readonly SeasonEntry[],
  order: readonly string[],
  seed: string,
): Seating {
  const size = groupPlayers(config);
  const signedUp = entries.filter((e) => e.status === 'player');
  const playing = Math.floor(signedUp.length / size) * size;
  // Whole groups only: the latest sign-ups wait.
  const bySignup = [...signedUp].sort((a, b) => a.signedUpAt.getTime() - b.signedUpAt.getTime());
  const plays = new Set(bySignup.slice(0, playing).map((e) => e.userId));
  const waiting = bySignup.slice(playing).map((e) => e.userId);
  const seeded = order.filter((u) => plays.has(u));
  const divisionSize = Math.max(size, Math.floor((config.divisionSize ?? seeded.length) / size) * size);
  const players = seeded.map((userId, i) => ({ userId, seed: i + 1, division: Math.floor(i / divisionSize) + 1 }));
  const tables: NewSeasonTable[] = [];
  const rand = seededRandom(`${seed}/seats`);
  for (let division = 1; division <= Math.ceil(players.length / divisionSize); division++) {
    const members = players.filter((p) => p.division === division);
    const groups = members.length / size;
    const grouped: string[][] = Array.from({ length: groups }, () => []);
    members.forEach((p, i) => {
      const lap = Math.floor(i / groups);
      const at = i % groups;
      grouped[lap % 2 === 0 ? at : groups - 1 - at]!.push(p.userId);
    });
    grouped.forEach((group, g) => {
      const drawn = shuffle(group, rand);
      for (const seats of config.format === 'bpa' ? bpaTables(drawn) : [drawn])
        tables.push({
          number: tables.length + 1,
          division,
          group: g + 1,
          seats: seats.map((userId, position) => ({ position, userId })),
        });
    });
  }
  return { players, waiting, tables };
}

/** The seven tables of a BPA group of seven, each player once in each seat. */
export function bpaTables(group: readonly string[]): string[][] {
  if (group.length !== 7) throw new RangeError(`a BPA group has 7 players, not ${group.length}`);
  return group.map((_, i) => BPA_OFFSETS.map((d) => group[(i + d) % 7]!));
}
