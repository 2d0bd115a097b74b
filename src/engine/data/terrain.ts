/** The terraforming wheel, in snellman's order: neighbours on the wheel are one spade apart. */
export const TERRAIN_WHEEL = ['yellow', 'brown', 'black', 'blue', 'green', 'gray', 'red'] as const;

export type Terrain = (typeof TERRAIN_WHEEL)[number];

export const TERRAIN_NAMES: Record<Terrain, string> = {
  yellow: 'desert',
  brown: 'plains',
  black: 'swamp',
  blue: 'lakes',
  green: 'forest',
  gray: 'mountains',
  red: 'wasteland',
};

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
