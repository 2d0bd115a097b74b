import type { Amounts, Building } from './resources.ts';

/**
 * What a tile or a landscape does when something happens, declared beside the data that causes it (its
 * trigger: `FavorTile.onTaken`, `LandscapeData.onPlaced`, `FactionData.onTownFounded`). Each kind has one handler in rules/effects.ts, in a
 * record the compiler checks: a new kind does not compile without its handler.
 */
export type Effect =
  /** FAV5: the town size fell, so buildings already standing may make a town now. */
  | { readonly kind: 'found-towns' }
  /** Scores as a building of this type just built: the round's scoring tile and favour tiles (SL-DAR-1). */
  | { readonly kind: 'score-as-built'; readonly building: Building }
  /** Gains these, as the faction's own (the Witches' 5 VP for a town). */
  | { readonly kind: 'gain'; readonly amounts: Amounts }
  /** SL-WIT-1: the town's reward is a choice the faction owes (`LandscapeData.townChoice`, answered in take.ts). */
  | { readonly kind: 'choose-town-reward' };

export type EffectKind = Effect['kind'];
