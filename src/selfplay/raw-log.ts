// A self-play game as a raw log, the input the reference engine reads as it is: option rows, the
// map, the scoring tiles, the bonus cards removed, the final-scoring tiles, the players, the auction's bids (ours
// only), the faction picks, then `faction: commands` rows.
import { ORIGINAL_MAP_ID } from '../engine/index.ts';
import type { SelfPlayGame } from './game.ts';

export function rawLog(game: SelfPlayGame): string {
  const { setup } = game;
  const lines = [
    `# self-play seed ${game.seed}: ${game.factions.length} players (${game.factions.join(', ')}), options: ${
      setup.options.join(' ') || 'none'
    }`,
    ...[...setup.options].sort().map((o) => `option ${o}`),
    ...(setup.map && setup.map !== ORIGINAL_MAP_ID ? [`map ${setup.map}`] : []),
    `score ${setup.scoreTiles.join(',')}`,
    ...setup.removedBonusTiles.map((t) => `delete ${t}`),
    ...(setup.finalScoring ?? []).map((t) => `final-scoring ${t}`),
    // The reference knows the player count from these rows: it only hands out the colour picks that
    // come after faction selection (the volcano factions') once every player has a faction.
    ...setup.players.map((p) => `player ${p}`),
    ...game.bids,
    ...game.factions.flatMap((f, i) => [
      `setup ${f}`,
      ...(game.afterPick[i] ?? []).map((r) => `${r.faction}: ${r.text}`),
    ]),
    ...game.rows.map((r) => `${r.faction}: ${r.text}`),
  ];
  return `${lines.join('\n')}\n`;
}
