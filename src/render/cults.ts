import type { SKRSContext2D } from '@napi-rs/canvas';
import { CULTS, type Cult, PRIEST_SLOTS, type FactionId, type GameState } from '../engine/index.ts';
import { fittedText, newCanvas, text, toPng } from './canvas.ts';
import { EN_LABELS, type RenderLabels } from './labels.ts';
import {
  CULT_GEOMETRY as G,
  type Point,
  cultBoardSize,
  cultColumn,
  cultLevelY,
  cultMarkerCentre,
  priestSlotCentre,
} from './layout.ts';
import { drawDisc, drawPriest, drawTerrainSymbol } from './shapes.ts';
import { CULT_FILL, DEFAULT_THEME, factionFill, inkOn, PALETTE, tint, type RenderTheme } from './theme.ts';

export interface CultOptions {
  readonly labels?: RenderLabels;
  readonly theme?: RenderTheme;
}

/** Power gained on reaching a level, as printed on the cult board. */
const CULT_THRESHOLD_POWER: Readonly<Record<number, number>> = { 3: 1, 5: 2, 7: 2, 10: 3 };

export async function renderCults(state: GameState, opts: CultOptions = {}): Promise<Buffer> {
  const labels = opts.labels ?? EN_LABELS;
  const theme = opts.theme ?? DEFAULT_THEME;
  const size = cultBoardSize();
  const marker = (id: FactionId, at: Point, radius: number) => {
    drawDisc(ctx, at, radius, factionFill(state, id));
    const color = state.factions[id]?.color;
    if (theme.colourBlind && color) drawTerrainSymbol(ctx, color, at, radius, inkOn(factionFill(state, id)));
  };
  const { canvas, ctx } = newCanvas(size.width, size.height);
  const factions = state.factionOrder.filter((id) => state.factions[id]);

  drawAxis(ctx);
  CULTS.forEach((cult, i) => {
    const levels = factions.map((id) => [id, state.factions[id]!.cults[cult]] as const);
    drawTrack(
      ctx,
      i,
      cult,
      labels,
      levels.some(([, l]) => l >= 10),
    );
    for (let level = 0; level <= 10; level++) {
      const here = levels.filter(([, l]) => l === level);
      here.forEach(([id], k) => marker(id, cultMarkerCentre(i, level, k, here.length), G.markerRadius));
    }
    drawPriestSlots(ctx, state, i, state.cultSlots[cult]);
  });
  drawLegend(ctx, factions, labels, size.legendTop, size.width, marker);
  return toPng(canvas);
}

function drawAxis(ctx: SKRSContext2D): void {
  const x = G.margin + 22;
  for (let level = 0; level <= 10; level++) {
    const y = cultLevelY(level);
    const power = CULT_THRESHOLD_POWER[level];
    text(ctx, String(level), x, y, {
      size: power ? 22 : 18,
      weight: power ? 700 : 400,
      align: 'center',
      color: power ? PALETTE.ink : PALETTE.quietInk,
    });
    if (!power) continue;
    const badge = { x: G.margin + G.axisWidth - 26, y };
    ctx.beginPath();
    ctx.arc(badge.x, badge.y, 15, 0, Math.PI * 2);
    ctx.fillStyle = PALETTE.power;
    ctx.fill();
    text(ctx, `+${power}`, badge.x, badge.y + 1, { size: 15, weight: 700, color: PALETTE.halo, align: 'center' });
  }
}

function drawTrack(ctx: SKRSContext2D, index: number, cult: Cult, labels: RenderLabels, topTaken: boolean): void {
  const col = cultColumn(index);
  const colour = CULT_FILL[cult];
  ctx.fillStyle = colour;
  ctx.beginPath();
  ctx.roundRect(col.x, col.y, col.width, 44, 10);
  ctx.fill();
  text(ctx, labels.cults[cult], col.x + col.width / 2, col.y + 23, {
    size: 22,
    weight: 700,
    color: inkOn(colour),
    align: 'center',
  });
  text(ctx, topTaken ? labels.cultTopTaken : labels.cultKeyNeeded, col.x + col.width / 2, col.y + 60, {
    size: 15,
    weight: 600,
    color: PALETTE.quietInk,
    align: 'center',
  });

  const light = tint(colour, 0.82);
  const lighter = tint(colour, 0.93);
  for (let level = 0; level <= 10; level++) {
    const y = cultLevelY(level) - G.rowHeight / 2;
    ctx.fillStyle = CULT_THRESHOLD_POWER[level] ? light : lighter;
    ctx.fillRect(col.x, y + 1, col.width, G.rowHeight - 2);
  }
}

function drawPriestSlots(
  ctx: SKRSContext2D,
  state: GameState,
  index: number,
  occupants: readonly (FactionId | null)[],
): void {
  PRIEST_SLOTS.forEach((steps, slot) => {
    const c = priestSlotCentre(index, slot);
    const half = G.slotSize / 2;
    ctx.beginPath();
    ctx.roundRect(c.x - half, c.y - half, G.slotSize, G.slotSize, 8);
    ctx.fillStyle = PALETTE.panel;
    ctx.fill();
    ctx.strokeStyle = PALETTE.rule;
    ctx.lineWidth = 2;
    ctx.stroke();
    const who = occupants[slot];
    if (who) drawPriest(ctx, c, G.slotSize * 0.9, factionFill(state, who));
    else text(ctx, String(steps), c.x, c.y + 1, { size: 20, weight: 700, color: PALETTE.quietInk, align: 'center' });
  });
}

function drawLegend(
  ctx: SKRSContext2D,
  factions: readonly FactionId[],
  labels: RenderLabels,
  top: number,
  width: number,
  marker: (id: FactionId, at: Point, radius: number) => void,
): void {
  const y = top + G.legendHeight / 2 - 6;
  const slot = (width - 2 * G.margin) / Math.max(4, factions.length);
  factions.forEach((id, i) => {
    const x = G.margin + i * slot;
    marker(id, { x: x + 16, y }, 14);
    fittedText(ctx, labels.factions[id], x + 36, y + 1, slot - 42, { size: 18, weight: 600, minSize: 12 });
  });
}
