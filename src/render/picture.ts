import type { FactionId, GameState, HexId } from '../engine/index.ts';
import { renderPlayerBoard } from './board.ts';
import { renderCults } from './cults.ts';
import type { RenderLabels } from './labels.ts';
import { renderMap } from './map.ts';
import { renderRound } from './round.ts';
import { renderVpChart, type VpChartData } from './vp-chart.ts';

/** One image to draw, as plain data: it crosses to a render thread as it is. */
export type Picture =
  | { readonly kind: 'map'; readonly highlight: readonly HexId[] }
  | { readonly kind: 'cults' }
  | { readonly kind: 'round' }
  | { readonly kind: 'board'; readonly faction: FactionId; readonly player?: string }
  /** The state is the game's end: its factions' colours. */
  | { readonly kind: 'vp-chart'; readonly data: VpChartData };

export function renderPicture(state: GameState, labels: RenderLabels, picture: Picture): Promise<Buffer> {
  switch (picture.kind) {
    case 'map':
      return renderMap(state, { highlight: picture.highlight, labels });
    case 'cults':
      return renderCults(state, { labels });
    case 'round':
      return renderRound(state, { labels });
    case 'board':
      return renderPlayerBoard(state, picture.faction, {
        labels,
        ...(picture.player === undefined ? {} : { player: picture.player }),
      });
    case 'vp-chart':
      return renderVpChart(state, picture.data, labels);
  }
}

/** Every picture of a job, in the order asked. */
export function renderPictures(
  state: GameState,
  labels: RenderLabels,
  pictures: readonly Picture[],
): Promise<Buffer[]> {
  return Promise.all(pictures.map((picture) => renderPicture(state, labels, picture)));
}
