import type { FactionState, GameState, Pending } from './types.ts';

/**
 * A copy of the state that the rules may change without touching the original: every mutable part
 * is copied, hexes (values the rules replace, never change) are shared. Every `apply` and every
 * legality check copies the state, so this is written out rather than structuredClone (many times
 * slower); test/engine/clone.test.ts checks that no mutable object is shared.
 */
export function cloneState(s: GameState): GameState {
  const factions: GameState['factions'] = {};
  for (const id in s.factions) {
    const f = s.factions[id as keyof GameState['factions']]!;
    factions[f.name] = cloneFaction(f);
  }
  const riverLinks: GameState['riverLinks'] = {};
  for (const h in s.riverLinks) riverLinks[h] = s.riverLinks[h]!.slice();
  return {
    ...s,
    options: s.options.slice(),
    finalScoring: s.finalScoring.slice(),
    players: s.players.slice(),
    scoreTiles: s.scoreTiles.slice(),
    pool: { ...s.pool },
    bonusCoins: { ...s.bonusCoins },
    factionOrder: s.factionOrder.slice(),
    nextFactionOrder: s.nextFactionOrder && s.nextFactionOrder.slice(),
    setupOrder: s.setupOrder.map((x) => ({ ...x })),
    factions,
    hexes: { ...s.hexes },
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
    auction: s.auction && { lots: s.auction.lots.map((l) => ({ ...l })), bidder: s.auction.bidder },
  };
}

function cloneFaction(f: FactionState): FactionState {
  return {
    ...f,
    cults: { ...f.cults },
    cultBlocked: { ...f.cultBlocked },
    cultMax: { ...f.cultMax },
    buildings: { ...f.buildings },
    tiles: { ...f.tiles },
    townTiles: { ...f.townTiles },
    locations: f.locations.slice(),
    unlockedTerrain: f.unlockedTerrain.slice(),
    counters: { ...f.counters },
    allowedSubActions: { ...f.allowedSubActions },
    allowedBuildLocations: f.allowedBuildLocations.slice(),
    leechPending: { ...f.leechPending },
    leechRejected: { ...f.leechRejected },
    leechCultGained: { ...f.leechCultGained },
    vpSources: { ...f.vpSources },
  };
}
