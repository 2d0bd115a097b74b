/** The rules engine's public facade: everything outside src/engine imports from here. */
export type {
  GameState,
  HandedOn,
  FactionState,
  FactionId,
  HexId,
  Building,
  Cult,
  Terrain,
  HexTerrain,
  OptionId,
  Pending,
  VpEvent,
} from './types.ts';
export type { Command, AdminCommand, ConvertUnit } from './commands.ts';
export type { Applied, ApplyResult } from './apply.ts';
export type { EngineNote } from './context.ts';
export type { FactionSnapshot } from './snapshot.ts';
export type { GameSetup } from './rules/setup.ts';
export type { LegalMove, MeasuredMove, MoveKind, MoveOutcome } from './legal.ts';
export { apply, applyInPlace, endTurn } from './apply.ts';
export { closeCompletedTurn, play } from './play.ts';
export { RuleError } from './errors.ts';
export { ENGINE_VERSION } from './version.ts';
export { newGame, randomSetup } from './rules/setup.ts';
export { seededRandom, shuffle } from './random.ts';
export {
  legalMoves,
  legalMovesWhere,
  measuredLegalMoves,
  moveOutcome,
  tilesOwed,
  whoMustAct,
  turnComplete,
  nextFactionPick,
} from './legal.ts';
export { snapshotOf } from './snapshot.ts';
export { availableFactions } from './rules/faction-pick.ts';
export { auctionBidder, auctionChoices, auctionHolders, type AuctionChoice } from './rules/auction.ts';
export { startingVp } from './rules/starting-vp.ts';
export { factionIncome } from './rules/income.ts';
export { actionUsed } from './rules/special-actions.ts';
export { factionsClash } from './rules/colors.ts';
export { FACTIONS, isFactionId } from './data/factions/index.ts';
export { EXTRA_OPTIONS, FACTION_OPTIONS, GAME_OPTIONS, OPTIONS, isOptionId } from './data/tiles.ts';
export { projectFinalScore, nextIncome, type Projection } from './projection.ts';
export { offerVpCost, waitReason, type WaitReason } from './waiting.ts';
export {
  offersFromNeighbours,
  passVpNow,
  reachableSpaces,
  scoringMeasures,
  spadesToBuild,
  type ScoringMeasures,
} from './views.ts';
export { owedBy } from './obligations.ts';
export { footprintOf, type Footprint } from './move-footprint.ts';
export type { Amounts } from './data/resources.ts';
export type { ResourceName } from './data/resource-names.ts';
export { isResourceName } from './rules/resources.ts';
export { CULTS, BUILDINGS, BUILDING_COUNT } from './data/resources.ts';
export type {
  ActionDef,
  BonusTileId,
  FavorTileId,
  PassVp,
  PowerActionId,
  ScoringTile,
  ScoringTileId,
  TownTileId,
  FinalScoringId,
} from './data/tiles.ts';
export {
  BONUS_TILES,
  FACTION_ACTIONS,
  FAVOR_TILES,
  POWER_ACTIONS,
  PRIEST_SLOTS,
  SCORING_TILES,
  TOWN_TILES,
  FINAL_SCORING_TILES,
  isFinalScoringTile,
  isBonusTile,
  isFavorTile,
  isScoringTile,
  isTownTile,
} from './data/tiles.ts';
export { TERRAIN_NAMES, TERRAIN_WHEEL, isHexTerrain, isTerrain, parseTerrain } from './data/terrain.ts';
export { LANDSCAPE_IDS, isLandscapeId, type LandscapeId } from './data/landscapes.ts';
export { boardOf, hexDistance, mapOf, type BoardMap, type HexGeometry } from './data/map.ts';
export { MAPS, ORIGINAL_MAP_ID, isMapId, mapData, type MapData } from './data/maps.ts';
export { RULE_MESSAGES, type RuleCode, type RuleParams } from './errors.ts';
