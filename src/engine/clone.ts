import type { FactionState, GameState, Pending } from './types.ts';

/**
 * A copy of the state that the rules may change without touching the original. Every `apply` and every
 * legality check copies the state, so the copy shares what most commands leave alone and is written out
 * field by field rather than spread or structuredClone (a generic copy of the factions was a quarter of
 * an AI decision's time):
 * - the hexes are values the rules replace (setHex); the table holding them (putHex), the pool and the
 *   bonus coins (`SharedTable`) are read-only in GameState and copied by the first change a command makes
 *   to one (ownTable, context.ts);
 * - a faction's records whose keys vary (tiles, VP sources, leech bookkeeping ...: `SharedRecord`) are
 *   read-only in FactionState and copied by the first change a command makes to one (ownRecord);
 * - everything else is copied.
 * A state changed in place (applyInPlace) keeps the parts it copied as its own until it is copied.
 * test/engine/clone.test.ts checks that nothing else is shared, that the copy's JSON is the original's
 * (key order included), and that listing and playing moves leaves a state's JSON as it was.
 */
export function cloneState(s: GameState): GameState {
  // The copy shares the original's parts: none is the original's own any more.
  ownParts.delete(s);
  const factions: GameState['factions'] = {};
  for (const id in s.factions) {
    const f = s.factions[id as keyof GameState['factions']]!;
    factions[f.name] = cloneFaction(f);
  }
  const riverLinks: GameState['riverLinks'] = {};
  for (const h in s.riverLinks) riverLinks[h] = s.riverLinks[h]!.slice();
  // Field by field in newGame's order (rules/setup.ts), like cloneFaction below.
  return {
    schema: s.schema,
    rulesVersion: s.rulesVersion,
    map: s.map,
    options: s.options.slice(),
    finalScoring: s.finalScoring.slice(),
    playerCount: s.playerCount,
    players: s.players.slice(),
    phase: s.phase,
    incomeState: s.incomeState,
    round: s.round,
    turn: s.turn,
    scoreTiles: s.scoreTiles.slice(),
    pool: s.pool,
    bonusCoins: s.bonusCoins,
    factionOrder: s.factionOrder.slice(),
    nextFactionOrder: s.nextFactionOrder && s.nextFactionOrder.slice(),
    setupOrder: s.setupOrder.map((x) => ({ ...x })),
    factions,
    hexes: s.hexes,
    bridges: s.bridges.map((b) => ({ ...b })),
    riverLinks,
    cultSlots: {
      FIRE: s.cultSlots.FIRE.slice(),
      WATER: s.cultSlots.WATER.slice(),
      EARTH: s.cultSlots.EARTH.slice(),
      AIR: s.cultSlots.AIR.slice(),
    },
    usedActions: s.usedActions.slice(),
    pending: s.pending.map((p) => ({ ...p }) as Pending),
    active: s.active,
    fullTurnPlayed: s.fullTurnPlayed,
    leechCounter: s.leechCounter,
    finished: s.finished,
    lastActor: s.lastActor,
    handedOn: s.handedOn,
    auction: s.auction && { lots: s.auction.lots.map((l) => ({ ...l })), bidder: s.auction.bidder },
  };
}

/**
 * Every field by name, in the order initialFaction (rules/setup.ts) creates them, so the copy has one
 * shape whatever the original went through and its JSON keeps the original's key order; the type makes a
 * field added to FactionState and left out here an error.
 */
function cloneFaction(f: FactionState): FactionState {
  const { cults, cultMax, buildings, counters: n } = f;
  return {
    name: f.name,
    color: f.color,
    secondaryColor: f.secondaryColor,
    C: f.C,
    W: f.W,
    P: f.P,
    P1: f.P1,
    P2: f.P2,
    P3: f.P3,
    VP: f.VP,
    KEY: f.KEY,
    cults: { FIRE: cults.FIRE, WATER: cults.WATER, EARTH: cults.EARTH, AIR: cults.AIR },
    cultBlocked: f.cultBlocked,
    cultMax: { FIRE: cultMax.FIRE, WATER: cultMax.WATER, EARTH: cultMax.EARTH, AIR: cultMax.AIR },
    maxP: f.maxP,
    unlockedTerrain: f.unlockedTerrain.slice(),
    priestsOnCults: f.priestsOnCults,
    buildings: { D: buildings.D, TP: buildings.TP, TE: buildings.TE, SH: buildings.SH, SA: buildings.SA },
    ship: f.ship,
    dig: f.dig,
    teleportLevel: f.teleportLevel,
    carpetRange: f.carpetRange,
    townSize: f.townSize,
    bridgesLeft: f.bridgesLeft,
    tiles: f.tiles,
    locations: f.locations.slice(),
    landscape: f.landscape,
    landscapeFresh: f.landscapeFresh,
    townTiles: f.townTiles,
    counters: {
      SPADE: n.SPADE,
      CULT: n.CULT,
      CULTS_ON_SAME_TRACK: n.CULTS_ON_SAME_TRACK,
      GAIN_FAVOR: n.GAIN_FAVOR,
      GAIN_TW: n.GAIN_TW,
      BRIDGE: n.BRIDGE,
      FREE_TF: n.FREE_TF,
      TF_NEED_HEX_ADJACENCY: n.TF_NEED_HEX_ADJACENCY,
      FREE_TP: n.FREE_TP,
      FREE_D: n.FREE_D,
      TELEPORT_NO_TF: n.TELEPORT_NO_TF,
      CONVERT_W_TO_P: n.CONVERT_W_TO_P,
      PICK_COLOR: n.PICK_COLOR,
      VOLCANO_TF: n.VOLCANO_TF,
      LOSE_CULT: n.LOSE_CULT,
      PRIEST_CULT_BONUS: n.PRIEST_CULT_BONUS,
      UNLOCK_TERRAIN: n.UNLOCK_TERRAIN,
      GAIN_P3_FOR_VP: n.GAIN_P3_FOR_VP,
      LANDSCAPE: n.LANDSCAPE,
      LANDSCAPE_SHIP: n.LANDSCAPE_SHIP,
      LANDSCAPE_DIG: n.LANDSCAPE_DIG,
      LANDSCAPE_TOWN: n.LANDSCAPE_TOWN,
    },
    passed: f.passed,
    dropped: f.dropped,
    incomeTaken: f.incomeTaken,
    startPlayer: f.startPlayer,
    order: f.order,
    allowedActions: f.allowedActions,
    allowedSubActions: f.allowedSubActions,
    allowedBuildLocations: f.allowedBuildLocations.slice(),
    requireHomeTerrainTf: f.requireHomeTerrainTf,
    teleportTo: f.teleportTo,
    disableSpadeDecline: f.disableSpadeDecline,
    leechPending: f.leechPending,
    leechRejected: f.leechRejected,
    leechCultGained: f.leechCultGained,
    vpSources: f.vpSources,
  };
}

/**
 * The tables and records a state changed in place have copied (applyInPlace: the first change to one
 * shared with another state copies it): they are that state's own until it is copied, so the next
 * in-place change does not copy them again.
 */
const ownParts = new WeakMap<GameState, Set<object>>();

export function ownedBy(s: GameState): Set<object> | null {
  return ownParts.get(s) ?? null;
}

export function keepOwned(s: GameState, owned: Set<object>): void {
  ownParts.set(s, owned);
}
