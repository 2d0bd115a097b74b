/** The terraforming wheel, in snellman's order: neighbours on the wheel are one spade apart. */
export const TERRAIN_WHEEL = ['yellow', 'brown', 'black', 'blue', 'green', 'gray', 'red'] as const;

export type Terrain = (typeof TERRAIN_WHEEL)[number];

/**
 * Fire & Ice terrains, off the wheel: only an ice (volcano) faction makes them, from any land colour,
 * and nobody transforms them again.
 */
export const EXPANSION_TERRAINS = ['ice', 'volcano'] as const;
export type ExpansionTerrain = (typeof EXPANSION_TERRAINS)[number];

/** What a hex on the board can be: a land colour of the wheel, ice or volcano. */
export type HexTerrain = Terrain | ExpansionTerrain;

/** Each terrain's name: the landscape a colour stands for (the i18n key `term.terrain.<name>`). */
export const TERRAIN_NAMES: Record<HexTerrain, string> = {
  yellow: 'desert',
  brown: 'plains',
  black: 'swamp',
  blue: 'lakes',
  green: 'forest',
  gray: 'mountains',
  red: 'wasteland',
  ice: 'ice',
  volcano: 'volcano',
};

export function isHexTerrain(s: string): s is HexTerrain {
  return isTerrain(s) || (EXPANSION_TERRAINS as readonly string[]).includes(s);
}


export function isTerrain(s: string): s is Terrain {
  return (TERRAIN_WHEEL as readonly string[]).includes(s);
}

/** Accepts the spellings players type ("grey", any case). */
export function parseTerrain(s: string): Terrain | undefined {
  const c = s.toLowerCase() === 'grey' ? 'gray' : s.toLowerCase();
  return isTerrain(c) ? c : undefined;
}

/** Signed shortest distance on the wheel from a to b, in -3..3. */
export function wheelDifference(a: Terrain, b: Terrain): number {
  let d = TERRAIN_WHEEL.indexOf(b) - TERRAIN_WHEEL.indexOf(a);
  if (d > 3) d -= 7;
  else if (d < -3) d += 7;
  return d;
}
