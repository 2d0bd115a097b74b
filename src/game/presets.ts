// The named choices players make instead of spelling out engine options and leech rules: the bot shows
// their names, the game decides what they mean.
import { FACTION_OPTIONS, OPTIONS, type OptionId } from '../engine/index.ts';
import { fail } from './errors.ts';
import type { LeechRule } from './repo.ts';

/** The option of the Fire & Ice final scoring, asked for on its own. */
export const FINAL_SCORING_OPTION: OptionId = 'fire-and-ice-final-scoring';

/** The 2017 starting-VP table on any map (docs/rulings.md VP-1), asked for on its own. */
export const STARTING_VP_2017_OPTION: OptionId = 'starting-vp-2017';

/** Board Game Arena's special landscapes (docs/rulings.md §1-2), asked for on their own. */
export const SPECIAL_LANDSCAPES_OPTION: OptionId = 'special-landscapes';

/** The six Fire & Ice factions (snellman's final versions: ice, volcano, variable_v5), asked for on their own. */
export const FIRE_AND_ICE_FACTION_OPTIONS: readonly OptionId[] = FACTION_OPTIONS;

/** The faction auction, which the game turns on for the faction mode "auction". */
export const AUCTION_OPTION: OptionId = 'faction-auction';

const isFactionOption = (o: OptionId) => (FACTION_OPTIONS as readonly OptionId[]).includes(o);

/**
 * "standard": what terra.snellman.net's league games use (the Fire & Ice factions are asked for on
 * their own); "base": the base game alone.
 */
export const RULES_PRESETS = {
  standard: OPTIONS.filter(
    (o) => o !== 'email-notify' && o !== 'maintain-player-order' && o !== FINAL_SCORING_OPTION && !isFactionOption(o),
  ),
  base: [],
} as const satisfies Record<string, readonly OptionId[]>;
export type RulesPreset = keyof typeof RULES_PRESETS;

/** Automatic answers to power offers, from "always ask" to "take what is cheap". */
export const LEECH_PRESETS = {
  ask: [],
  cheap: [{ kind: 'declineIfNothingGained' }, { kind: 'accept', upTo: 2, maxVpCost: 1 }],
  one: [{ kind: 'declineIfNothingGained' }, { kind: 'accept', upTo: 1, maxVpCost: 0 }],
  'decline-passed': [{ kind: 'declineIfNothingGained' }, { kind: 'declineAfterFinalPass' }],
} as const satisfies Record<string, readonly LeechRule[]>;
export type LeechPreset = keyof typeof LEECH_PRESETS;

export function isLeechPreset(name: string): name is LeechPreset {
  return Object.hasOwn(LEECH_PRESETS, name);
}

/** The preset a seat's rules match, or null for rules of the player's own. */
export function leechPresetOf(rules: readonly LeechRule[]): LeechPreset | null {
  const same = (p: readonly LeechRule[]) => JSON.stringify(p) === JSON.stringify(rules);
  return (Object.keys(LEECH_PRESETS) as LeechPreset[]).find((name) => same(LEECH_PRESETS[name])) ?? null;
}

/**
 * "SCORE5 SCORE8 ... -BON3 -BON4": chosen round scoring tiles and the bonus cards left out (none listed:
 * drawn from the seed). A word that is neither is refused, not skipped.
 */
export function parseTilesText(text: string): { scoreTiles: string[]; removedBonusTiles?: string[] } {
  const tokens = text
    .toUpperCase()
    .split(/[\s,]+/)
    .filter(Boolean);
  const unreadable = tokens.find((x) => !/^(SCORE|-BON)\d+$/.test(x));
  if (unreadable !== undefined) fail('bad_tiles', { problem: 'unreadable', tile: unreadable });
  const removed = tokens.filter((x) => x.startsWith('-BON')).map((x) => x.slice(1));
  return {
    scoreTiles: tokens.filter((x) => x.startsWith('SCORE')),
    ...(removed.length ? { removedBonusTiles: removed } : {}),
  };
}
