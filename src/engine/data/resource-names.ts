import type { Gainable } from './resources.ts';
import type { BonusTileId, FavorTileId, TownTileId } from './tiles.ts';

/**
 * Every name a faction's holdings change under, spelt as snellman does ("+2FIRE", "-SPADE", "+FAV11"):
 * what a tile, action or track step hands out, the power bowls and tokens, and the tiles a faction holds.
 * rules/resources.ts keys its handler table by it, so a name without a handler does not compile; text
 * becomes one at the notation's edge (isResourceName), and a word that is none is refused there.
 */
export type ResourceName = Gainable | 'P2' | 'P3' | 'PW_TOKEN' | BonusTileId | FavorTileId | TownTileId;
