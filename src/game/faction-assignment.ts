// Factions for the two modes where players do not pick them: drawn from the seed, or the
// rulebook's recommendation for a first game.
import { FACTIONS, factionsClash, type FactionId } from '../engine/index.ts';
import { seededShuffle } from './seeded.ts';

/**
 * Terra Mystica rulebook, "Asignación de facciones" / "Fazioni predefinite" (shared/rules/
 * terra-mystica-rulebook-es.txt l.204-215, -it.txt l.216-224): for a first game, 2 players take
 * Witches and Nomads; 3 add the Alchemists; 4 play Witches, Nomads, Halflings and Mermaids; 5 add the
 * Giants.
 */
export const RECOMMENDED_FACTIONS: Readonly<Record<number, readonly FactionId[]>> = {
  2: ['witches', 'nomads'],
  3: ['witches', 'nomads', 'alchemists'],
  4: ['witches', 'nomads', 'halflings', 'mermaids'],
  5: ['witches', 'nomads', 'halflings', 'mermaids', 'giants'],
};

/**
 * One faction per seat, in seat order, that the game's options offer (the Fire & Ice factions with
 * theirs), no two sharing a home terrain or a Fire & Ice board: one ice, one volcano and one variable
 * faction at most, as picking requires. Dealt factions are picked at once; those that pick a colour, and
 * the Ice Maidens' favour tile, are asked of their players after the deal (docs/rulings.md AU-9).
 */
export function randomFactions(seed: string, seats: number, options: readonly string[] = []): FactionId[] {
  const out: FactionId[] = [];
  const offered = (Object.keys(FACTIONS) as FactionId[]).filter((f) => {
    const option = FACTIONS[f].option;
    return option === undefined || options.includes(option);
  });
  for (const f of seededShuffle(offered, seed, 'factions')) {
    if (out.length < seats && !out.some((o) => factionsClash(o, f))) out.push(f);
  }
  return out;
}

/**
 * The rulebook's set for the player count, dealt to the seats at random. Only base factions: the rulebook
 * recommends them for a first game and no rule text recommends Fire & Ice factions, so the expansion's
 * options do not change this set.
 */
export function recommendedFactions(seed: string, seats: number): FactionId[] {
  const set = RECOMMENDED_FACTIONS[seats];
  if (!set) throw new RangeError(`no recommended factions for ${seats} players`);
  return seededShuffle(set, seed, 'recommended-factions');
}
