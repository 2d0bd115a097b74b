/** The rules engine's public facade: everything outside src/engine imports from here. */
export type { GameState, FactionState, FactionId, HexId, Building, Cult, Terrain, OptionId, Pending, VpEvent } from './types.ts';
export type { Command, AdminCommand, ConvertUnit } from './commands.ts';
export type { Applied, ApplyResult } from './apply.ts';
export type { EngineNote } from './context.ts';
export type { FactionSnapshot } from './snapshot.ts';
export type { GameSetup } from './rules/setup.ts';
export type { LegalMove, MoveKind } from './legal.ts';
export { apply, applyInPlace, endTurn } from './apply.ts';
export { RuleError } from './errors.ts';
export { newGame, randomSetup } from './rules/setup.ts';
export { legalMoves, whoMustAct, turnComplete, nextFactionPick, availableFactions } from './legal.ts';
export { snapshotOf } from './snapshot.ts';
export { factionIncome } from './rules/income.ts';
export { FACTIONS, isFactionId } from './data/factions/index.ts';
export { OPTIONS } from './data/tiles.ts';
