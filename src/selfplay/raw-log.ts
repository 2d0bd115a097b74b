// A self-play game as a raw log, the input the reference engine reads as it is: option rows, the
// scoring tiles, the bonus cards removed, the faction picks, then `faction: commands` rows.
import type { SelfPlayGame } from './game.ts';

export function rawLog(game: SelfPlayGame): string {
  const { setup } = game;
  const lines = [
    `# self-play seed ${game.seed}: ${game.factions.length} players (${game.factions.join(', ')}), options: ${
      setup.options.join(' ') || 'none'
    }`,
    ...[...setup.options].sort().map((o) => `option ${o}`),
    `score ${setup.scoreTiles.join(',')}`,
    ...setup.removedBonusTiles.map((t) => `delete ${t}`),
    ...game.factions.map((f) => `setup ${f}`),
    ...game.rows.map((r) => `${r.faction}: ${r.text}`),
  ];
  return `${lines.join('\n')}\n`;
}
