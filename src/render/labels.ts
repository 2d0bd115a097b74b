import {
  type FactionId,
  FACTIONS,
  type Building,
  type Cult,
  type FinalScoringId,
  type HexTerrain,
  type LandscapeId,
  TERRAIN_NAMES,
} from '../engine/index.ts';

/**
 * Every word drawn into an image. The bot passes the game language's wording; these English defaults
 * keep the renderer usable on its own. `{n}`-style placeholders are filled by `fill`.
 */
export interface RenderLabels {
  readonly factions: Readonly<Record<FactionId, string>>;
  readonly cults: Readonly<Record<Cult, string>>;
  readonly buildings: Readonly<Record<Building, string>>;
  readonly round: string;
  readonly setup: string;
  readonly finished: string;
  readonly passed: string;
  readonly vp: string;
  readonly cultKeyNeeded: string;
  readonly cultTopTaken: string;
  readonly scoring: string;
  readonly bonusTiles: string;
  readonly powerActions: string;
  readonly townTiles: string;
  readonly favorTiles: string;
  readonly now: string;
  readonly resources: string;
  readonly power: string;
  readonly shipping: string;
  readonly digging: string;
  readonly buildingsLeft: string;
  /** The terrains a faction without terraforming builds on, and how many priests it may hold. */
  readonly buildsOn: string;
  readonly priestLimit: string;
  /** The land colour a Fire & Ice faction picked (or a shapeshifter has now), and before the pick. */
  readonly landColour: string;
  readonly notPicked: string;
  readonly terrains: Readonly<Record<HexTerrain, string>>;
  /** What a volcano costs a volcano faction: `{n}`, `{home}` on another faction's home terrain. */
  readonly volcano: string;
  readonly volcanoCost: Readonly<Record<'cult-steps' | 'power-tokens', string>>;
  /** What a spade becomes for a faction that never keeps one. */
  readonly spade: string;
  readonly perSpade: string;
  readonly noSpades: string;
  readonly strongholdActions: string;
  /** The Yetis' power actions: `{n}` power less, and taken again when used (after their `{building}`). */
  readonly powerActionDiscount: string;
  readonly powerActionReuse: string;
  readonly powerActionReuseAfter: string;
  /** The Ice Maidens' pass bonus: `{vp}` VP per `{building}`, once their `{needs}` stands. */
  readonly onPassing: string;
  readonly passVpPer: string;
  readonly passVpPerAfter: string;
  readonly income: string;
  readonly tiles: string;
  readonly projected: string;
  readonly projectedHeading: string;
  readonly projectedParts: string;
  /** The part of the projection the Fire & Ice final-scoring tile gives, in a game that has one. */
  readonly projectedFinalTile: string;
  readonly finalScoring: string;
  /** Each Fire & Ice final-scoring tile: its name and what it scores. */
  readonly finalScoringTiles: Readonly<Record<FinalScoringId, string>>;
  readonly used: string;
  /** The special landscapes' names, for the map's legend of the tokens on it. */
  readonly landscapes: Readonly<Record<LandscapeId, string>>;
  /** The title of the end-of-game chart of victory points. */
  readonly vpChart: string;
  /** A faction in that chart's legend that left the game before its end (`{faction}`). */
  readonly leftGame: string;
  /** Words for tile effects that have no icon. */
  readonly short: Readonly<Record<string, string>>;
}

export const EN_LABELS: RenderLabels = {
  factions: Object.fromEntries(Object.values(FACTIONS).map((f) => [f.id, f.display])) as Record<FactionId, string>,
  cults: { FIRE: 'Fire', WATER: 'Water', EARTH: 'Earth', AIR: 'Air' },
  buildings: { D: 'D', TP: 'TP', TE: 'TE', SH: 'SH', SA: 'SA' },
  round: 'Round {n}',
  setup: 'Set-up',
  finished: 'Game over',
  passed: 'passed',
  vp: 'VP',
  cultKeyNeeded: '10 needs a key',
  cultTopTaken: '10 taken',
  scoring: 'Round scoring',
  bonusTiles: 'Bonus tiles',
  powerActions: 'Power actions',
  townTiles: 'Town tiles left',
  favorTiles: 'Favor tiles left',
  now: 'now',
  resources: 'Resources',
  power: 'Power',
  shipping: 'Shipping',
  digging: 'Digging',
  buildingsLeft: 'Buildings left',
  buildsOn: 'Builds on',
  priestLimit: 'priests: up to {n}',
  landColour: 'Land colour',
  notPicked: 'not picked yet',
  // The engine names each terrain by its landscape in English: those names are the English words.
  terrains: TERRAIN_NAMES,
  volcano: 'Volcano',
  volcanoCost: {
    'cult-steps': 'cult steps back on one track: {n} ({home} on another faction’s home)',
    'power-tokens': 'power tokens out of the game: {n} ({home} on another faction’s home)',
  },
  spade: 'Each spade',
  perSpade: 'per spade',
  noSpades: 'no terraforming',
  strongholdActions: 'Actions',
  powerActionDiscount: '{n} power less each',
  powerActionReuse: 'may be taken again when already used',
  powerActionReuseAfter: 'with their {building}: may be taken again when already used',
  onPassing: 'On passing',
  passVpPer: '{vp} VP per {building}',
  passVpPerAfter: 'with their {needs}: {vp} VP per {building}',
  income: 'Next income',
  tiles: 'Tiles',
  projected: 'Projected final score: {n}',
  projectedHeading: 'Projected final score',
  projectedParts: 'cults {cults} · network {network} · resources {resources} · pass {pass}',
  projectedFinalTile: 'final tile {n}',
  finalScoring: 'Final scoring',
  finalScoringTiles: {
    'building-on-edge': "Edge of the map: most buildings on the map's edge in one connected network",
    'connected-clusters': 'Clusters: most separate groups of directly adjacent buildings in one connected network',
    'connected-distance': 'Distance: the longest distance between two buildings of one connected network',
    'connected-sa-sh-distance':
      'Stronghold to sanctuary: the longest distance between your stronghold and sanctuary in one connected network',
  },
  used: 'used',
  landscapes: {
    tree: 'Tree of Serenity',
    raven: "Raven's Folly",
    workshop: 'Shadow Workshop',
    encampment: 'Encampment',
    palace: 'Cult Palace',
    drill: 'Drill',
    tunnel: 'Great Tunnel',
    tower: 'Bridge Tower',
    reef: 'Coral Reef',
    hatchery: 'Hatchery',
    portal: 'Chaos Portal',
    cave: 'Cave of Wisdom',
    school: 'Flying School',
    camp: 'Trading Camp',
  },
  vpChart: 'Victory points through the game',
  leftGame: '{faction} (left the game)',
  short: {
    GAIN_SHIP: 'ship',
    carpet_range: 'range',
    TOWN_SIZE: 'town size −1',
    pass: 'pass',
    ship: 'ship',
    P1: 'new token in bowl I',
    PW_TOKEN: 'tokens given up',
    PICK_COLOR: 'new colour',
    FREE_TP: 'free TP',
    FREE_TF: 'free transform',
    FREE_D: 'free D',
    GAIN_ACTION: 'actions',
  },
};

export function fill(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (m, k: string) => (k in values ? String(values[k]) : m));
}
