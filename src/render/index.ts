export { renderMap, type MapOptions } from './map.ts';
export { renderCults, type CultOptions } from './cults.ts';
export { renderRound, type RoundOptions } from './round.ts';
export { renderPlayerBoard, type BoardOptions } from './board.ts';
export { EN_LABELS, type RenderLabels } from './labels.ts';
export { DEFAULT_THEME, type RenderTheme } from './theme.ts';
export { renderPicture, type Picture } from './picture.ts';
export { RenderPool, type RenderPoolOptions, type RenderPoolStats } from './pool.ts';
