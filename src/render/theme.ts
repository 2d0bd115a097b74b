import type { Cult, FactionId, GameState, HexTerrain } from '../engine/index.ts';

/**
 * Hexes use a light tint of each terrain and buildings the strong tone of the same hue, because a
 * faction always builds on its own terrain: the building must stand out from a hex of its own colour.
 * The seven tints also differ in lightness, so that red/green-blind players can still tell most of
 * them apart; colour-blind mode adds a symbol per terrain for the rest.
 */
export const TERRAIN_FILL: Readonly<Record<HexTerrain, string>> = {
  yellow: '#f3dc7c',
  brown: '#c9a27a',
  black: '#6d6e75',
  blue: '#86bce8',
  green: '#6fb465',
  gray: '#bcbcbc',
  red: '#e58470',
  ice: '#f7fbfe',
  volcano: '#f2b45a',
};

export const FACTION_FILL: Readonly<Record<HexTerrain, string>> = {
  yellow: '#f2b705',
  brown: '#7b4a1f',
  black: '#1c1c21',
  blue: '#1b64c8',
  green: '#1e7a32',
  gray: '#8d939b',
  red: '#d42a22',
  ice: '#ffffff',
  volcano: '#c45c0c',
};

export const CULT_FILL: Readonly<Record<Cult, string>> = {
  FIRE: '#e0533a',
  WATER: '#3a86d6',
  EARTH: '#9a6b3f',
  AIR: '#c9ccd3',
};

export const PALETTE = {
  background: '#f4f0e6',
  panel: '#fffdf7',
  river: '#d3e6f2',
  ink: '#1b1b1f',
  quietInk: '#6b665c',
  halo: '#ffffff',
  highlight: '#e6007e',
  town: '#ffcf33',
  power: '#8e44ad',
  coin: '#f2c230',
  worker: '#e9e6df',
  priest: '#6d4c9f',
  vp: '#2b6e5a',
  rule: '#d8d1c2',
} as const;

/** A faction's pieces, in its colour in this game (picked at setup, or changed in play). */
export function factionFill(state: GameState, id: FactionId): string {
  const color = state.factions[id]?.color;
  return color ? FACTION_FILL[color] : PALETTE.quietInk;
}

export function hexToRgb(color: string): [number, number, number] {
  const n = Number.parseInt(color.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** Dark or light ink, whichever reads on `color` (WCAG relative luminance). */
export function inkOn(color: string): string {
  const [r, g, b] = hexToRgb(color).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.22 ? PALETTE.ink : PALETTE.halo;
}

export interface RenderTheme {
  /** Draw a symbol per terrain so that hexes (and the factions on them) do not depend on colour alone. */
  readonly colourBlind: boolean;
}

export const DEFAULT_THEME: RenderTheme = { colourBlind: false };

/** `color` moved towards white by `amount` (0..1): flat tints for panels and bands. */
export function tint(color: string, amount: number): string {
  const [r, g, b] = hexToRgb(color).map((v) => Math.round(v + (255 - v) * amount)) as [number, number, number];
  return `#${((1 << 24) | (r << 16) | (g << 8) | b).toString(16).slice(1)}`;
}
