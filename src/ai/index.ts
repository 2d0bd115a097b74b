/** The AI player: a client of the engine's public entry that answers any decision a seat faces. */
export { decide, rankMoves, type Ranked } from './decide.ts';
export { decideSeat } from './seat.ts';
export { AI_LEVELS, isAiLevel } from './types.ts';
export type { AiDecision, AiLevel, AiOptions, Goal, Reason, SeatDecision, VpSource } from './types.ts';
