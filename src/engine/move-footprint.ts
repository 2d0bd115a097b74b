import type { AdminCommand, Command } from './commands.ts';
import { CULTS } from './data/resources.ts';
import type { HexId } from './types.ts';

/**
 * What a move's commands touch, for the pictures: the hexes to point at on the map, and whether the map or
 * the cult tracks can have changed at all (answering a power offer, converting, burning, ending the turn or
 * giving up an entitlement changes neither, and is told in words without pictures).
 */
export interface Footprint {
  readonly hexes: readonly HexId[];
  readonly changesBoard: boolean;
}

export function footprintOf(commands: readonly (Command | AdminCommand)[]): Footprint {
  const hexes = new Set<HexId>();
  let changesBoard = false;
  for (const c of commands) {
    const touched = touches(c);
    touched.hexes.forEach((h) => hexes.add(h));
    changesBoard ||= touched.changesBoard;
  }
  return { hexes: [...hexes], changesBoard };
}

function touches(c: Command | AdminCommand): { hexes: readonly HexId[]; changesBoard: boolean } {
  const none = { hexes: [], changesBoard: false };
  const board = { hexes: [], changesBoard: true };
  switch (c.type) {
    case 'build':
    case 'upgrade':
    case 'transform':
    case 'landscape':
      return { hexes: [c.hex], changesBoard: true };
    case 'bridge':
      return { hexes: [c.from, c.to], changesBoard: true };
    case 'connect':
      return { hexes: c.hexes, changesBoard: true };
    case 'adjust':
      // A tile taken or cult steps placed show; an entitlement given up ("-SPADE") does not, but steps paid
      // for a volcano ("-3FIRE") leave the cult board.
      return c.delta > 0 || (CULTS as readonly string[]).includes(c.resource) ? board : none;
    case 'leech':
    case 'leech-coin':
    case 'decline':
    case 'convert':
    case 'burn':
    case 'done':
    case 'wait':
    case 'bid':
      return none;
    case 'dig':
    case 'send':
    case 'pass':
    case 'action':
    case 'advance':
    case 'pick-color':
    case 'unlock-terrain':
    case 'gain':
    case 'pick-faction':
    case 'drop-faction':
      return board;
  }
}
