import type { AdminCommand, Command } from '../engine/index.ts';

/** Canonical snellman text for a command; `parseCommand(formatCommand(c))` gives `c` back. */
export function formatCommand(c: Command | AdminCommand): string {
  switch (c.type) {
    case 'build':
      return `build ${c.hex}`;
    case 'upgrade':
      return `upgrade ${c.hex} to ${c.to}`;
    case 'transform':
      return c.to ? `transform ${c.hex} to ${c.to}` : `transform ${c.hex}`;
    case 'dig':
      return `dig ${c.amount}`;
    case 'send':
      return c.amount ? `send p to ${c.cult} for ${c.amount}` : `send p to ${c.cult}`;
    case 'convert':
      return `convert ${c.fromCount}${c.from} to ${c.toCount}${c.to}`;
    case 'burn':
      return `burn ${c.amount}`;
    case 'leech':
      return c.from ? `leech ${c.amount} from ${c.from}` : `leech ${c.amount}`;
    case 'leech-coin':
      return c.from ? `leech coin from ${c.from}` : 'leech coin';
    case 'decline':
      return c.amount !== undefined && c.from ? `decline ${c.amount} from ${c.from}` : 'decline';
    case 'pass':
      return c.bonus ? `pass ${c.bonus}` : 'pass';
    case 'action':
      return `action ${c.action}`;
    case 'advance':
      return `advance ${c.track}`;
    case 'bridge':
      return `bridge ${c.from}:${c.to}`;
    case 'connect':
      return c.hexes.length === 1 ? `connect ${c.hexes[0]}` : `connect ${c.hexes.join(':')}`;
    case 'adjust':
      return `${c.delta < 0 ? '-' : '+'}${Math.abs(c.delta) === 1 ? '' : Math.abs(c.delta)}${c.resource}`;
    case 'unlock-terrain':
      return `unlock-terrain ${c.terrain}`;
    case 'gain':
      return `gain ${c.to} for ${c.from}`;
    case 'landscape':
      return `landscape ${c.hex}`;
    case 'wait':
      return 'wait';
    case 'done':
      return 'done';
    case 'pick-color':
      return `pick-color ${c.color}`;
    case 'pick-faction':
      return `setup ${c.faction}`;
    case 'drop-faction':
      return `drop-faction ${c.faction}`;
    case 'bid':
      return `bid ${c.faction} ${c.amount}`;
  }
}

export function formatCommands(cs: readonly (Command | AdminCommand)[]): string {
  return cs.map(formatCommand).join('. ');
}
