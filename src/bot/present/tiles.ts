import {
  BONUS_TILES,
  FAVOR_TILES,
  FINAL_SCORING_TILES,
  POWER_ACTIONS,
  SCORING_TILES,
  TOWN_TILES,
  isBonusTile,
  isFavorTile,
  isScoringTile,
  isTownTile,
  type Amounts,
  type FinalScoringId,
  type PassVp,
  type ScoringTile,
} from '../../engine/index.ts';
import { t, type BotLocale } from '../../i18n/index.ts';

const UNIT_KEYS = { VP: 'change.vp', C: 'change.coins', W: 'change.workers', P: 'change.priests' } as const;
const CULT_KEYS = {
  FIRE: 'term.cult.fire',
  WATER: 'term.cult.water',
  EARTH: 'term.cult.earth',
  AIR: 'term.cult.air',
} as const;
const BUILDING_KEYS = {
  D: 'term.dwelling',
  TP: 'term.tradingHouse',
  TE: 'term.temple',
  SH: 'term.stronghold',
  SA: 'term.sanctuary',
} as const;

export function cultName(locale: BotLocale, cult: string): string {
  const key = CULT_KEYS[cult as keyof typeof CULT_KEYS];
  return key ? t(locale, key) : cult;
}

function buildingTerm(locale: BotLocale, building: string, count = 1): string {
  const key = BUILDING_KEYS[building as keyof typeof BUILDING_KEYS];
  return key ? t(locale, key, { count }) : building;
}

/** "+2 C", "+3 power", "1 spade", "+1 Fire": what a tile or action gives, in the game's abbreviations. */
export function describeAmounts(locale: BotLocale, amounts: Amounts): string {
  const parts: string[] = [];
  for (const [key, n] of Object.entries(amounts) as [string, number][]) {
    const delta = `${n >= 0 ? '+' : '−'}${Math.abs(n)}`;
    if (key in UNIT_KEYS) parts.push(t(locale, UNIT_KEYS[key as keyof typeof UNIT_KEYS], { delta }));
    else if (key === 'PW') parts.push(t(locale, 'prompt.amount.PW', { delta }));
    else if (key in CULT_KEYS) parts.push(t(locale, 'prompt.cultSteps', { amount: n, cult: cultName(locale, key) }));
    else if (key === 'SPADE' || key === 'CULT' || key === 'KEY')
      parts.push(t(locale, `prompt.amount.${key}`, { count: n }));
    else if (
      key === 'BRIDGE' ||
      key === 'FREE_D' ||
      key === 'FREE_TP' ||
      key === 'FREE_TF' ||
      key === 'GAIN_ACTION' ||
      key === 'GAIN_SHIP'
    )
      parts.push(t(locale, `prompt.amount.${key}`));
    // Other counters (CULTS_ON_SAME_TRACK, TF_NEED_HEX_ADJACENCY, carpet_range…) qualify what is listed.
  }
  return parts.join(' ');
}

function describePassVp(locale: BotLocale, passVp: PassVp): string[] {
  return Object.entries(passVp).map(([building, table]) => {
    const steps = table!.slice(1).map((v, i) => v - table![i]!);
    const name =
      building === 'ship' ? t(locale, 'prompt.tile.shipLevel') : buildingTerm(locale, building, 1).toLowerCase();
    return steps.every((s) => s === steps[0])
      ? t(locale, 'prompt.tile.passVp', { vp: steps[0]!, building: name })
      : t(locale, 'prompt.tile.passVpTable', { vp: table!.slice(1).join('/'), building: name });
  });
}

/**
 * What a tile does, in words, after its id: "BON7 · income +1 W · pass: 2 VP per trading house",
 * "FAV11 · +1 Earth · 2 VP per dwelling built", "TW3 · +9 VP +1 P", "ACT4 · 4 power → +7 C".
 * The id stays beside the words because the pictures and the notation use it.
 */
export function describeTile(locale: BotLocale, id: string): string {
  const parts: string[] = [id];
  if (isBonusTile(id)) {
    const tile = BONUS_TILES[id];
    if (Object.keys(tile.income).length)
      parts.push(t(locale, 'prompt.tile.income', { what: describeAmounts(locale, tile.income) }));
    if (tile.action) parts.push(t(locale, 'prompt.tile.action', { what: describeAmounts(locale, tile.action.gain) }));
    if (tile.shipBonus) parts.push(t(locale, 'prompt.tile.ship'));
    if (tile.passVp) parts.push(...describePassVp(locale, tile.passVp));
  } else if (isFavorTile(id)) {
    const tile = FAVOR_TILES[id];
    const { TOWN_SIZE, ...cults } = tile.gain;
    parts.push(describeAmounts(locale, cults));
    if (TOWN_SIZE) parts.push(t(locale, 'prompt.tile.townSize'));
    if (Object.keys(tile.income).length)
      parts.push(t(locale, 'prompt.tile.income', { what: describeAmounts(locale, tile.income) }));
    if (tile.action) parts.push(t(locale, 'prompt.tile.action', { what: describeAmounts(locale, tile.action.gain) }));
    for (const [building, vp] of Object.entries(tile.buildVp ?? {}))
      parts.push(t(locale, 'prompt.tile.buildVp', { vp, building: buildingTerm(locale, building).toLowerCase() }));
    if (tile.passVp) parts.push(...describePassVp(locale, tile.passVp));
  } else if (isTownTile(id)) {
    const { KEY: _key, ...gain } = TOWN_TILES[id].gain;
    parts.push(describeAmounts(locale, gain));
  } else if (id in POWER_ACTIONS) {
    const action = POWER_ACTIONS[id as keyof typeof POWER_ACTIONS];
    parts.push(
      `${t(locale, 'prompt.amount.PW', { delta: String(action.cost.PW ?? 0) })} → ${describeAmounts(locale, action.gain)}`,
    );
  } else if (isScoringTile(id)) {
    const tile = SCORING_TILES[id];
    parts.push(
      t(locale, 'prompt.tile.scoring', {
        vp: tile.vp.vp,
        what: scoredThing(locale, tile),
        cult: tile.cult === 'CULT_P' ? t(locale, 'prompt.tile.cultPriest') : cultName(locale, tile.cult),
        req: tile.req,
        income: describeAmounts(locale, tile.income),
      }),
    );
  }
  return parts.filter(Boolean).join(' · ');
}

/** What a round scoring tile pays VP for: "dwelling", "stronghold/sanctuary", "spade", "town". */
export function scoredThing(locale: BotLocale, tile: ScoringTile): string {
  return tile.vp.on === 'build'
    ? tile.vp.building.map((b) => buildingTerm(locale, b).toLowerCase()).join('/')
    : tile.vp.on === 'spade'
      ? t(locale, 'prompt.amount.SPADE', { count: 1 }).replace(/^1\s*/, '')
      : t(locale, 'term.town', { count: 1 });
}

export function finalScoringName(locale: BotLocale, id: FinalScoringId): string {
  return t(locale, `finalScoring.name.${id}`);
}

/** "Final scoring: **Clusters**, most separate groups … (18/12/6 VP)": the Fire & Ice tile a game is played with. */
export function describeFinalScoring(locale: BotLocale, id: FinalScoringId): string {
  return t(locale, 'finalScoring.line', {
    name: finalScoringName(locale, id),
    rule: t(locale, `finalScoring.rule.${id}`),
    points: FINAL_SCORING_TILES[id].points.join('/'),
  });
}

export function buildingName(locale: BotLocale, building: string): string {
  const key = `prompt.building.${building}` as 'prompt.building.D';
  return building in BUILDING_KEYS ? t(locale, key) : building;
}
