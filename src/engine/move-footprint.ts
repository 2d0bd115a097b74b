import type { AdminCommand, Command } from './commands.ts';
import { CULTS } from './data/resources.ts';
import type { HexId } from './types.ts';

/**
 * What a move's commands touch, for the pictures: the hexes to point at on the map, and which of the map and
 * the cult board can have changed at all. Answering a power offer, converting, burning, advancing a track,
 * passing, ending the turn or giving up an entitlement changes neither, and is told in words without
 * pictures; a priest sent changes only the cult board, a dwelling built only the map.
 */
export interface Footprint {
  readonly hexes: readonly HexId[];
  /** The map: a space, a bridge, the legend's factions, colours and passes. */
  readonly changesMap: boolean;
  /** The cult board: a marker or a priest on it. */
  readonly changesCults: boolean;
}

export function footprintOf(commands: readonly (Command | AdminCommand)[]): Footprint {
  const hexes = new Set<HexId>();
  let changesMap = false;
  let changesCults = false;
  for (const c of commands) {
    const touched = touches(c);
    touched.hexes?.forEach((h) => hexes.add(h));
    changesMap ||= touched.map === true;
    changesCults ||= touched.cults === true;
  }
  return { hexes: [...hexes], changesMap, changesCults };
}

const isCult = (resource: string): boolean => (CULTS as readonly string[]).includes(resource);

function touches(c: Command | AdminCommand): { hexes?: readonly HexId[]; map?: boolean; cults?: boolean } {
  switch (c.type) {
    case 'build':
    case 'upgrade':
    case 'transform':
    case 'landscape':
      return { hexes: [c.hex], map: true };
    case 'bridge':
      return { hexes: [c.from, c.to], map: true };
    case 'connect':
      return { hexes: c.hexes, map: true };
    case 'adjust':
      // Cult steps placed or paid for a volcano, and the steps a favour or town tile brings, move markers; an
      // entitlement given up ("-SPADE") or VP taken moves nothing drawn.
      return { cults: isCult(c.resource) || (c.delta > 0 && /^(FAV|TW)\d+$/.test(c.resource)) };
    case 'send':
      return { cults: true };
    // The legend under the map names the factions and their colours.
    case 'pick-color':
    case 'pick-faction':
    case 'drop-faction':
      return { map: true };
    // An action's own effect is what follows it in the line (a transform, a bridge, cult steps). A pass
    // changes only the legend's "passed", which the post says in words: no picture for it.
    case 'pass':
    case 'action':
    case 'dig':
    case 'advance':
    case 'unlock-terrain':
    case 'gain':
    case 'leech':
    case 'leech-coin':
    case 'decline':
    case 'convert':
    case 'burn':
    case 'done':
    case 'wait':
    case 'bid':
      return {};
  }
}
