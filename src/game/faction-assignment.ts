// Factions for the two modes where players do not pick them: drawn from the seed, or the
// rulebook's recommendation for a first game.
import { FACTIONS, type FactionId } from '../engine/index.ts';
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
 * One faction per seat, in seat order, no two sharing a home terrain (as picking requires). Only the
 * base game's: a Fire & Ice faction picks its colour right after its setup row, which dealt rows
 * cannot do.
 */
export function randomFactions(seed: string, seats: number): FactionId[] {
  const out: FactionId[] = [];
  const base = (Object.keys(FACTIONS) as FactionId[]).filter((f) => FACTIONS[f].option === undefined);
  for (const f of seededShuffle(base, seed, 'factions')) {
    if (out.length < seats && !out.some((o) => FACTIONS[o].color === FACTIONS[f].color)) out.push(f);
  }
  return out;
}

/** The rulebook's set for the player count, dealt to the seats at random. */
export function recommendedFactions(seed: string, seats: number): FactionId[] {
  const set = RECOMMENDED_FACTIONS[seats];
  if (!set) throw new RangeError(`no recommended factions for ${seats} players`);
  return seededShuffle(set, seed, 'recommended-factions');
}
