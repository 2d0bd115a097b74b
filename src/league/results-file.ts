// The results file `npm run ratings` reads and the JSON it prints (docs/league.md): a list of finished
// games anyone can feed to the reference's rating code too, and every player's and faction's rating.
import { z } from 'zod';
import type { RatingGame, Ratings } from './ratings.ts';

const SeatSchema = z.object({
  player: z.string().min(1),
  faction: z.string().min(1),
  vp: z.number().int(),
  dropped: z.boolean().optional(),
  ai: z.boolean().optional(),
});

const GameSchema = z.object({
  id: z.string().min(1),
  finishedAt: z.iso.datetime({ offset: true }),
  map: z.string().min(1).nullable().optional(),
  factions: z.array(SeatSchema).min(1),
});

export const ResultsFileSchema = z.array(GameSchema);
export type ResultsFileGame = z.infer<typeof GameSchema>;

/** The games of a results file, or the first problem found in it. */
export function readResultsFile(json: unknown): { ok: true; games: RatingGame[] } | { ok: false; problem: string } {
  const parsed = ResultsFileSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { ok: false, problem: `${issue.path.join('.') || '(top)'}: ${issue.message}` };
  }
  return {
    ok: true,
    games: parsed.data.map((g) => ({
      id: g.id,
      finishedAt: new Date(g.finishedAt),
      map: g.map ?? null,
      factions: g.factions,
    })),
  };
}

export interface RatingJson {
  readonly rating: number;
  readonly games: number;
  readonly provisional?: true;
}

export interface RatingsJson {
  readonly players: Record<string, RatingJson>;
  readonly factions: Record<string, RatingJson>;
}

/** The ratings as `npm run ratings -- --json` prints them: every player, provisional ones marked. */
export function ratingsJson(ratings: Ratings): RatingsJson {
  const out = (map: Ratings['players']) =>
    Object.fromEntries(
      [...map]
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([key, r]) => [
          key,
          { rating: r.rating, games: r.games, ...(r.provisional ? { provisional: true } : {}) },
        ]),
    ) as Record<string, RatingJson>;
  return { players: out(ratings.players), factions: out(ratings.factions) };
}
