// What each seat of a finished table scores in a season's standings: placement points (default 10/6/3/1,
// scaled to the table's size) or the final VP, equal VP sharing, and a dropped seat as the season says.
import type { DropRule, SeasonPoints } from './season.ts';

/**
 * Placement points for a table of `size` seats from points given for `base.length` seats: the given curve
 * read at `size` evenly spaced places, linearly between its points (10/6/3/1 → 10/4.5/1 for three seats,
 * 10/7/4.5/2.5/1 for five).
 */
export function placementPoints(base: readonly number[], size: number): number[] {
  if (size === base.length) return [...base];
  if (size === 1) return [base[0]!];
  return Array.from({ length: size }, (_, i) => {
    const x = (i * (base.length - 1)) / (size - 1);
    const lo = Math.floor(x);
    const hi = Math.min(lo + 1, base.length - 1);
    return base[lo]! + (base[hi]! - base[lo]!) * (x - lo);
  });
}

export interface ScoredSeat {
  readonly vp: number;
  /** Left the game before the end, or was replaced by a substitute: scored by the season's drop rule. */
  readonly dropped: boolean;
}

/**
 * Points of each seat, in the order given. Seats that played on are placed by VP among themselves (with
 * `as-played`, among everyone), equal VP sharing the average of the places they hold; a dropped seat scores
 * nothing (`zero`), the last place's points (`last`), or its place by the VP it had (`as-played`).
 */
export function seatPoints(seats: readonly ScoredSeat[], points: SeasonPoints, dropRule: DropRule): number[] {
  const placed = (s: ScoredSeat) => dropRule === 'as-played' || !s.dropped;
  const ranked = seats.filter(placed);
  if (points.kind === 'vp') {
    const lowest = Math.min(...seats.map((s) => s.vp));
    return seats.map((s) => (placed(s) ? s.vp : dropRule === 'last' ? lowest : 0));
  }
  const scale = placementPoints(points.table, seats.length);
  return seats.map((s) => {
    if (!placed(s)) return dropRule === 'last' ? scale.at(-1)! : 0;
    const above = ranked.filter((o) => o.vp > s.vp).length;
    const tied = ranked.filter((o) => o.vp === s.vp).length;
    const shared = scale.slice(above, above + tied);
    return shared.reduce((a, b) => a + b, 0) / shared.length;
  });
}
