import type { Ctx } from '../context.ts';
import { factionOf } from '../context.ts';
import { fail } from '../errors.ts';
import { boardOf } from '../data/map.ts';
import { isMapId, ORIGINAL_MAP_ID } from '../data/maps.ts';
import { FACTIONS } from '../data/factions/index.ts';
import { auctionPrice, newAuction } from './auction.ts';
import { startingVp } from './starting-vp.ts';
import type { FactionId, StartingDwellings } from '../data/faction-types.ts';
import type { FinalScoringId, OptionId, ScoringTileId } from '../data/tiles.ts';
import {
  BONUS_TILES,
  isBonusTile,
  FAVOR_TILES,
  FINAL_SCORING_TILES,
  SCORING_TILES,
  TOWN_TILES,
  isFinalScoringTile,
} from '../data/tiles.ts';
import { seededRandom, shuffle } from '../random.ts';
import type { FactionState, GameState, HexState } from '../types.ts';
import { COUNTERS } from '../types.ts';
import { maybeAdvanceToNextPlayer } from '../flow.ts';
import { detectIncompleteTurn, dismissAction } from '../obligations.ts';
import { adjustResource } from './resources.ts';
import { factionOffered, initialColor, setupClash } from './colors.ts';
import { ENGINE_VERSION } from '../version.ts';

export interface GameSetup {
  readonly options: readonly OptionId[];
  /** Seat order: player names (or ids) in the order they pick factions. */
  readonly players: readonly string[];
  readonly scoreTiles: readonly ScoringTileId[];
  /** Bonus tiles left out of the game (three more than players remain). */
  readonly removedBonusTiles: readonly string[];
  /** snellman's map id (data/maps.ts); the original map when left out. */
  readonly map?: string;
  /** Fire & Ice final-scoring tiles (snellman's `final-scoring` rows); none when left out. */
  readonly finalScoring?: readonly FinalScoringId[];
  /**
   * The engine version whose rules the game keeps where a later version narrowed one (rules/versions.ts):
   * the version a stored game was started under. The current version when left out.
   */
  readonly rulesVersion?: number;
}

/**
 * Draws the round scoring tiles and the bonus tiles in play from a seed: six scoring tiles with the
 * spade tile (SCORE1) never in rounds 5 or 6, three bonus tiles more than players, and with the
 * `fire-and-ice-final-scoring` option one of its four tiles.
 */
export function randomSetup(
  seed: string,
  players: readonly string[],
  options: readonly OptionId[],
  map: string = ORIGINAL_MAP_ID,
): GameSetup {
  const rand = seededRandom(seed);
  const has = (o: OptionId | undefined) => o === undefined || options.includes(o);
  const scoring = (Object.keys(SCORING_TILES) as ScoringTileId[]).filter((t) => has(SCORING_TILES[t].option));
  let scoreTiles: ScoringTileId[];
  do scoreTiles = shuffle(scoring, rand).slice(0, 6);
  while (scoreTiles[4] === 'SCORE1' || scoreTiles[5] === 'SCORE1');
  const bonus = Object.keys(BONUS_TILES).filter((t) => has(BONUS_TILES[t as 'BON1'].option));
  const removedBonusTiles = shuffle(bonus, rand).slice(0, Math.max(0, bonus.length - (players.length + 3)));
  const finalScoring = options.includes('fire-and-ice-final-scoring')
    ? [shuffle(Object.keys(FINAL_SCORING_TILES) as FinalScoringId[], rand)[0]!]
    : [];
  return {
    options: [...options],
    players: [...players],
    scoreTiles,
    removedBonusTiles: removedBonusTiles.sort(),
    map,
    finalScoring,
  };
}

export function newGame(setup: GameSetup): GameState {
  if (setup.scoreTiles.length !== 6) fail('needSixScoringTiles');
  if (setup.players.length < 2 || setup.players.length > 5) fail('playerCount');
  const map = setup.map ?? ORIGINAL_MAP_ID;
  if (!isMapId(map)) fail('unknownMap', { map });
  const finalScoring = [...new Set(setup.finalScoring ?? [])].sort();
  const unknownTile = finalScoring.find((t) => !isFinalScoringTile(t));
  if (unknownTile) fail('unknownFinalScoring', { tile: unknownTile });
  const options = [...new Set(setup.options)].sort();
  const has = (o: OptionId | undefined) => o === undefined || options.includes(o);
  const pool: Record<string, number> = {};
  const bonusCoins: Record<string, number> = {};
  for (const [id, t] of Object.entries(BONUS_TILES)) {
    if (!has(t.option) || setup.removedBonusTiles.includes(id)) continue;
    pool[id] = 1;
    bonusCoins[id] = 0;
  }
  for (const [id, t] of Object.entries(FAVOR_TILES)) pool[id] = t.count;
  for (const [id, t] of Object.entries(TOWN_TILES)) if (has(t.option)) pool[id] = t.count;
  const hexes: Record<string, HexState> = {};
  for (const h of boardOf(map).hexes.values()) {
    if (!h.river) hexes[h.id] = { terrain: h.terrain, building: null, owner: null, town: 0 };
  }
  return {
    schema: 1,
    rulesVersion: setup.rulesVersion ?? ENGINE_VERSION,
    map,
    options,
    finalScoring,
    playerCount: setup.players.length,
    players: [...setup.players],
    phase: 'select-factions',
    incomeState: 'other',
    round: 0,
    turn: 0,
    scoreTiles: [...setup.scoreTiles],
    pool,
    bonusCoins,
    factionOrder: [],
    nextFactionOrder: null,
    setupOrder: [],
    factions: {},
    hexes,
    bridges: [],
    riverLinks: {},
    cultSlots: {
      FIRE: [null, null, null, null],
      WATER: [null, null, null, null],
      EARTH: [null, null, null, null],
      AIR: [null, null, null, null],
    },
    usedActions: [],
    pending: [],
    active: null,
    fullTurnPlayed: false,
    leechCounter: 0,
    finished: false,
    lastActor: null,
    handedOn: null,
    auction: options.includes('faction-auction') ? newAuction() : null,
  };
}

function initialFaction(id: FactionId, first: boolean, vp: number): FactionState {
  const d = FACTIONS[id];
  const cults = { FIRE: 0, WATER: 0, EARTH: 0, AIR: 0, ...d.cults };
  return {
    name: id,
    color: initialColor(d),
    secondaryColor: null,
    C: d.start.C,
    W: d.start.W,
    P: d.start.P,
    P1: d.start.P1,
    P2: d.start.P2,
    P3: 0,
    VP: vp,
    KEY: 0,
    cults,
    cultBlocked: {},
    cultMax: { FIRE: 10, WATER: 10, EARTH: 10, AIR: 10 },
    maxP: d.maxPriests ?? 7,
    unlockedTerrain: [],
    priestsOnCults: 0,
    buildings: { D: 0, TP: 0, TE: 0, SH: 0, SA: 0 },
    ship: d.ship.start,
    dig: d.dig.start,
    teleportLevel: 0,
    carpetRange: d.teleport?.kind === 'carpet' ? d.teleport.range : 0,
    townSize: 7,
    bridgesLeft: 3,
    tiles: Object.fromEntries((d.startTiles ?? []).map((t) => [t, 1])),
    locations: [],
    landscape: null,
    landscapeFresh: false,
    townTiles: {},
    counters: Object.fromEntries(
      COUNTERS.map((c) => [
        c,
        (d.startCounters?.[c] ?? 0) + (c === 'PICK_COLOR' && d.pickColor === 'at-selection' ? 1 : 0),
      ]),
    ) as FactionState['counters'],
    passed: false,
    dropped: false,
    incomeTaken: 0,
    startPlayer: first,
    order: 0,
    allowedActions: 0,
    allowedSubActions: {},
    allowedBuildLocations: [],
    requireHomeTerrainTf: false,
    teleportTo: null,
    disableSpadeDecline: false,
    leechPending: {},
    leechRejected: {},
    leechCultGained: {},
    vpSources: { initial: vp },
  };
}

/** Snake order for the initial dwellings, then each faction's extra ones, then those who place after all. */
function computeSetupOrder(s: GameState): GameState['setupOrder'] {
  const order = s.factionOrder.filter((id) => !s.factions[id]!.dropped);
  const placing = (id: FactionId): StartingDwellings => FACTIONS[id].startingDwellings ?? { count: 2 };
  const snake = order.filter((id) => !placing(id).afterOthers);
  const afterOthers = order.filter((id) => placing(id).afterOthers);
  const dwellings = [
    ...snake,
    ...[...snake].reverse(),
    ...snake.flatMap((id) => Array<FactionId>(Math.max(0, placing(id).count - 2)).fill(id)),
    ...afterOthers.flatMap((id) => Array<FactionId>(placing(id).count).fill(id)),
  ];
  const steps: GameState['setupOrder'] = dwellings.map((faction) => ({ faction, step: 'dwelling' }));
  for (const faction of [...order].reverse()) steps.push({ faction, step: 'bonus' });
  return steps;
}

export function pickFaction(ctx: Ctx, id: FactionId): void {
  const s = ctx.s;
  if (s.phase !== 'select-factions') fail('factionsChosen');
  if (s.factions[id]) fail('factionTaken', { faction: id });
  if (!factionOffered(s.options, id)) fail('factionNeedsOption', { faction: id, option: FACTIONS[id].option ?? '' });
  // A pick while an earlier faction still owes its colour or starting favour is accepted, as the reference
  // accepts it: dealt and auctioned factions are all picked at once and their owed choices follow (AU-9).
  // The choices still come before the dwellings (whatNext); free picking waits for them (nextFactionPick).
  const clash = setupClash(ctx, FACTIONS[id]);
  if (clash) fail('terrainClash', { faction: id, other: clash.name });
  const price = auctionPrice(s, id);
  const f = initialFaction(id, s.factionOrder.length === 0, startingVp(s, id));
  if (price) {
    f.VP -= price;
    f.vpSources = { ...f.vpSources, auction: -price };
  }
  s.factions[id] = f;
  s.factionOrder.push(id);
  s.setupOrder = computeSetupOrder(s);
  // A colour pick or a starting favour tile is owed now.
  detectIncompleteTurn(ctx, f);
}

/** A resigned or removed faction takes no more actions and no power; its buildings still score. */
export function dropFaction(ctx: Ctx, id: FactionId): void {
  const f = factionOf(ctx, id);
  f.dropped = true;
  f.allowedActions = 0;
  f.allowedSubActions = {};
  dismissAction(ctx, f);
  const bonus = Object.keys(f.tiles).find(isBonusTile);
  if (bonus) adjustResource(ctx, f, bonus, -1, 'drop');
  ctx.s.setupOrder = ctx.s.setupOrder.filter((x) => x.faction !== id);
  maybeAdvanceToNextPlayer(ctx, f);
}
