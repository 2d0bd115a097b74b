import { FACTIONS, isFactionId } from './data/factions/index.ts';
import { TERRAIN_NAMES, isHexTerrain, isTerrain } from './data/terrain.ts';

/**
 * Every way a command can break the rules, with its English text. The code and parameters travel with
 * the error so the bot can say the same in the player's language; `{faction}`-like parameters are ids.
 */
export const RULE_MESSAGES = {
  factionNotInGame: '{faction} are not in this game',
  noSuchAction: '{faction} have no {action} action',
  unknownAction: 'Unknown action {action}',
  actionUsed: 'Action {action} has already been used this round',
  noPriestSpace: 'No free {amount}-step space on the {cult} track',
  needSixScoringTiles: 'A game needs six round scoring tiles',
  unknownMap: 'Unknown map {map}',
  unknownFinalScoring: 'Unknown final scoring tile {tile}',
  playerCount: 'A game has 2 to 5 players',
  factionsChosen: 'Factions have already been chosen',
  factionTaken: '{faction} are already taken',
  terrainClash: '{faction} share their home terrain with {other}',
  noAuction: 'This game has no faction auction',
  auctionOver: 'The faction auction is over',
  auctionNotOver: 'Factions are picked when the auction is over',
  auctionPickOrder: '{other} are picked before {faction}: factions are picked in the order they were first named',
  bidTooLow: 'A bid on {faction} must be at least {min} VP',
  bidTooHigh: 'A bid on {faction} may be at most {max} VP, its starting VP',
  nameAtZero: '{faction} are named with a bid of 0 VP; raise the bid on your next turn',
  factionNeedsOption: '{faction} are only in games with the option {option}',
  noColorPick: '{faction} may not pick a colour now',
  colorUnavailable: '{terrain} is not available',
  cannotTransformTerrain: "Can't transform {terrain}",
  cannotMakeTerrain: "{faction} can't make {terrain}",
  noBridgeNow: "You can't build a bridge now (it takes the bridge power action or the engineers' action)",
  bridgeNotTouching: 'A bridge must touch one of your buildings',
  noBridgesLeft: 'All 3 bridges are already placed',
  bridgeImpossible: 'No bridge can join {from} and {to}',
  bridgeExists: 'There already is a bridge between {from} and {to}',
  onlyMermaidsConnect: "Only the mermaids can use 'connect'",
  noTownByConnecting: "Can't found a town by connecting {hexes}",
  reefNotConnectable: '{hex} holds the Coral Reef, a structure: it cannot be the river space that joins a town',
  reefNotOnRiver: '{hex} is not a river space: the Coral Reef goes on a river space next to one of your buildings',
  reefNotBeside: '{hex} neighbours none of your buildings: the Coral Reef goes on a river space next to one of them',
  reefOnConnectedRiver: '{hex} already joins your town as its river space: the Coral Reef cannot go there',
  leechOrder: "'{leech}' should happen before '{before}'",
  noOfferToAccept: 'There is no offer of {amount} power to accept',
  noCoinOffer: 'There is no offer from {from} that a coin can answer instead of power',
  noOfferFromToAccept: 'There is no offer of {amount} power from {from} to accept',
  noOfferToDecline: 'There is no offer of {amount} power from {from} to decline',
  shippingMaxed: "Can't advance shipping any further",
  diggingMaxed: "Can't advance digging any further",
  unknownHex: "Unknown land hex '{hex}'",
  alreadyTerrain: "Can't transform {hex}: it already is {terrain}",
  hexHasBuilding: "Can't transform {hex}: it has a building",
  oneForeignTerrain: "Can't transform more than one hex to a terrain other than your home terrain in one action",
  useAllDugSpades: "Must use all spades from 'dig' when transforming to a terrain other than your home ({spades} left)",
  cannotDig: "{faction} can't dig",
  digUnusable:
    "That would leave {spades} spades, and every transform takes {fixed}: spades that are dug can't be given up",
  cannotDiscardDugSpades: "All spades from 'dig' must be used; they can't be thrown away",
  notEnoughSpades: 'Not enough spades: this needs {need} and you have {have}',
  noVoluntaryCultLoss: "Can't give up cult steps voluntarily",
  loseCultStepsFirst: 'Must lose {steps} cult steps first (for the volcano)',
  loseCultOneTrack: 'The volcano costs {steps} cult steps, all lost on one cult track',
  notHighEnoughToLose: 'Not high enough on {cult} to lose {steps} steps (you are at {have})',
  sameCultTrack: 'All these cult steps must go to the same track',
  noFavorNow: 'You may not take a favor tile now',
  noTownNow: 'You may not take a town tile now',
  notAllowedToGain: 'Not allowed to gain {amount} {resource}',
  passTwice: "Can't pass twice in one round",
  unknownBonus: 'Unknown bonus tile {tile}',
  mustTakeBonus: 'Must take a bonus tile when passing (except in the last round)',
  convertOutsideActions: 'Resources can only be converted during the actions phase',
  darklingsConvertMax:
    "The conversion after the stronghold is the one that may turn workers into priests: it can't give more than 3",
  cannotConvert: "Can't convert {from} to {to}",
  convertRate: 'Converting to {toCount} {to} takes {need} {from}, not {fromCount}',
  burnTooMuch: "Can't burn {amount} power: bowl II has only {have}",
  waitForCultists: 'Must wait for the cultists\' decision before advancing to level 10 in {cult} (use "wait")',
  notEnoughTokensForVolcano: 'Not enough power for the volcano: it takes {need} power tokens and you have {have}',
  cultTooLowForVolcano: 'Not high enough in any cult for the volcano: it takes {steps} steps on one track',
  notEnoughTokens: 'Not enough power tokens: this needs {need} and you have {have}',
  notEnoughBowl3: 'Not enough power in bowl III: this needs {need} and you have {have}',
  tileUnavailable: '{tile} is not available',
  unknownResource: 'Unknown resource {resource}',
  twoCopies: "Can't take two copies of {tile}",
  notEnough: 'Not enough {resource}: this needs {need} and you have {have}',
  teleportTwice: "Can't use tunnelling / carpet flight twice in one turn",
  cannotReach: "{faction} can't reach {hex}",
  notLandHex: '{hex} is not a land hex',
  needDirectAdjacency: 'This terraform needs a hex directly next to one of your buildings (not over a bridge)',
  noBuildingLeft: 'No {building} left to build',
  hexOccupied: '{hex} already has a building',
  homeTerrainOnly: 'This dwelling must be built on your home terrain (no terraforming)',
  startOnHomeTerrain: 'A starting dwelling goes on your home terrain, {home}; {hex} is {terrain}',
  spadesLeftBeforeBuild: 'Must use all spades before building ({spades} left)',
  noUpgradeInSetup: "Can't upgrade during setup",
  notYourBuilding: '{hex} has no building of yours',
  wrongUpgrade: '{hex} has a {building}; a {to} is built on a {from}',
  factionLeft: '{faction} have left the game',
  notYourTurn: 'It is not your turn',
  gameOver: 'The game is over',
  factionsBeingChosen: 'Factions are still being chosen',
  takeActionFirst: 'You must take an action first',
  freeBuildingFirst:
    '{faction} must first build (or give up) the free {building} their action gave: their turn is not over until then',
  unusableTransformFirst:
    '{faction} must first give up the free transform their action gave, which their turn can no longer use (the build came first): their turn is not over until then',
  transformAwaited: 'The game already waits for this free transform: it can be used, but no longer given up',
  factionRequired: 'A faction must be named for this command',
  noActionInSetup: "Can't take that action during setup",
  actionTaken: "You have already taken your action this turn ('{action}' is not allowed now)",
  incomeNotTaken: 'Round {round} income not taken for {faction}',
  actionForbidden: '{faction} may not take the action {action}',
  startBesideRiver: '{faction} place their starting dwellings beside a river; {hex} is not',
  noUnlockNow: '{faction} have no terrain to unlock now (a priest gained gives one)',
  notLocked: "{faction} can't unlock {terrain}: it is not locked",
  noTokenToBuy: 'No power token to buy now (one comes when a neighbour takes power from your building)',
  noLandscapes: 'This game has no special landscapes',
  noLandscape: '{faction} have no special landscape',
  landscapePlaced: '{faction} have already placed their special landscape (at {hex})',
  landscapeNotNow: 'A special landscape is placed during your action, never during the cult bonuses',
  landscapeNeedsTransform:
    '{hex} was not turned into your home terrain in this action: the landscape goes there instead of the terrain tile',
  landscapeWithStronghold: 'This landscape is placed only in the action that builds your stronghold',
  landscapeOnHomeTerrain: '{hex} is not a free space of your home terrain',
  landscapeCannotChange: '{hex} holds your special landscape, which cannot be upgraded or changed',
} as const;

export type RuleCode = keyof typeof RULE_MESSAGES;
export type RuleParams = Readonly<Record<string, string | number | null>>;

/** English words for the resources a "not enough" names. */
const RESOURCE_WORDS: Readonly<Record<string, string>> = {
  C: 'coins',
  W: 'workers',
  P: 'priests',
  P2: 'power in bowl II',
  SPADE: 'spades',
  VOLCANO_TF: "volcano transforms (a 'dig' gives one)",
  KEY: 'keys',
  FREE_TF: 'free terraforms',
  UNLOCK_TERRAIN: 'terrain unlocks',
  GAIN_P3_FOR_VP: 'power tokens to buy',
  BRIDGE: 'bridges',
};

function english(key: string, value: string | number | null | undefined): string {
  const v = String(value ?? '');
  if ((key === 'faction' || key === 'other') && isFactionId(v)) return FACTIONS[v].display;
  if ((key === 'terrain' || key === 'home') && isHexTerrain(v)) return isTerrain(v) ? `${TERRAIN_NAMES[v]} (${v})` : v;
  if (key === 'resource') return RESOURCE_WORDS[v] ?? v;
  return v;
}

/** A move the rules do not allow. Thrown inside the engine, returned as a value by `apply`. */
export class RuleError extends Error {
  override readonly name = 'RuleError';

  constructor(
    readonly code: RuleCode,
    readonly params: RuleParams = {},
  ) {
    super();
  }
}

// The English text is worded when it is read (`message`, and the stack's first line): legalMoves has the
// engine refuse many candidate moves and never reads why.
Object.defineProperty(RuleError.prototype, 'message', {
  configurable: true,
  get(this: RuleError): string {
    return RULE_MESSAGES[this.code].replace(/\{(\w+)\}/g, (_, k: string) => english(k, this.params[k]));
  },
});

export function fail(code: RuleCode, params?: RuleParams): never {
  // A refusal is an answer, not a fault: its stack says nothing, and capturing it cost several times what
  // the rest of a refused move did (legalMoves has the engine refuse many candidates). The stack keeps
  // its first line ("RuleError: <message>").
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  const error = new RuleError(code, params);
  Error.stackTraceLimit = limit;
  throw error;
}
