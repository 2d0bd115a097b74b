import type { Amounts } from './resources.ts';

/**
 * What a tile, a faction or a landscape does when something happens (its trigger, declared beside the data:
 * `FavorTile.onTaken`, `FactionData.onTownFounded`, `LandscapeData.onPlaced` / `onTownFounded`). Each kind has
 * one handler in rules/effects.ts, in a record the compiler checks: a new kind does not compile without it.
 */
export type Effect =
  /** Resources, tiles or entitlements, with the source their VP are booked under. */
  | { readonly kind: 'gain'; readonly amounts: Amounts; readonly source: 'faction' | 'landscape' }
  /** FAV5: the town size fell, so buildings already standing may make a town now. */
  | { readonly kind: 'found-towns' };

export type EffectKind = Effect['kind'];
