import type { SKRSContext2D } from '@napi-rs/canvas';
import {
  type Amounts,
  type Building,
  FAVOR_TILES,
  type ActionDef,
  type FavorTileId,
  type PassVp,
} from '../engine/index.ts';
import { drawAmounts, drawBuildingIcon, drawChip } from './chips.ts';
import type { RenderLabels } from './labels.ts';
import { PALETTE } from './theme.ts';

type Ctx = SKRSContext2D;

/**
 * The pieces tiles are made of, drawn as icons: "each D built → 2 VP", "on passing, per TP → 2 VP",
 * "action: 1 spade". Each returns the width it used so callers can lay them out in a row.
 */
export function drawArrow(ctx: Ctx, x: number, cy: number): number {
  // Drawn, not typed: the bundled Inter subsets have no arrow glyph, so '→' came out as a blank box.
  ctx.strokeStyle = PALETTE.quietInk;
  ctx.fillStyle = PALETTE.quietInk;
  ctx.lineWidth = 2.5;
  ctx.beginPath();
  ctx.moveTo(x + 3, cy);
  ctx.lineTo(x + 15, cy);
  ctx.stroke();
  ctx.beginPath();
  ctx.moveTo(x + 20, cy);
  ctx.lineTo(x + 13, cy - 5);
  ctx.lineTo(x + 13, cy + 5);
  ctx.closePath();
  ctx.fill();
  return 24;
}

export function drawBuildVp(
  ctx: Ctx,
  buildings: readonly Building[],
  vp: number,
  x: number,
  cy: number,
  size: number,
  labels: RenderLabels,
): number {
  let at = x;
  for (const b of buildings) at += drawBuildingIcon(ctx, b, at, cy, size, PALETTE.worker) + 4;
  at += drawArrow(ctx, at, cy);
  return at + drawChip(ctx, 'VP', vp, at, cy, size, labels) - x;
}

/** Pass VP tables grow by a fixed amount per building (or shipping level): that step is what players read. */
export function drawPassVp(ctx: Ctx, table: PassVp, x: number, cy: number, size: number, labels: RenderLabels): number {
  let at = x + drawChip(ctx, 'pass', 1, x, cy, size, labels) + 6;
  const entries = Object.entries(table);
  for (const [k] of entries) {
    at +=
      k === 'ship'
        ? drawChip(ctx, 'ship', 1, at, cy, size, labels)
        : drawBuildingIcon(ctx, k as Building, at, cy, size, PALETTE.worker);
    at += 4;
  }
  at += drawArrow(ctx, at, cy);
  const step = entries[0]![1][1]!;
  return at + drawChip(ctx, 'VP', step, at, cy, size, labels) - x;
}

/** An action space: an octagon frame around what the action gives, the cost before it. */
export function drawAction(
  ctx: Ctx,
  action: ActionDef,
  x: number,
  cy: number,
  size: number,
  labels: RenderLabels,
): number {
  let at = x;
  if (Object.keys(action.cost).length) {
    at += drawAmounts(ctx, action.cost as Amounts, at, cy, size, labels);
    at += drawArrow(ctx, at, cy);
  }
  const inner = measureAmounts(ctx, action.gain, size, labels);
  const pad = 8;
  const w = inner + 2 * pad;
  const h = size + 2 * pad - 4;
  const c = h * 0.3;
  ctx.beginPath();
  ctx.moveTo(at + c, cy - h / 2);
  ctx.lineTo(at + w - c, cy - h / 2);
  ctx.lineTo(at + w, cy - h / 2 + c);
  ctx.lineTo(at + w, cy + h / 2 - c);
  ctx.lineTo(at + w - c, cy + h / 2);
  ctx.lineTo(at + c, cy + h / 2);
  ctx.lineTo(at, cy + h / 2 - c);
  ctx.lineTo(at, cy - h / 2 + c);
  ctx.closePath();
  ctx.fillStyle = '#f1e3c8';
  ctx.fill();
  ctx.strokeStyle = '#b08a4a';
  ctx.lineWidth = 2;
  ctx.stroke();
  drawAmounts(ctx, action.gain, at + pad, cy, size, labels);
  return at + w - x;
}

/** Chips are sized by drawing them where nothing is visible, so measuring cannot drift from drawing. */
function measureAmounts(ctx: Ctx, amounts: Amounts, size: number, labels: RenderLabels): number {
  return drawAmounts(ctx, amounts, 0, -1000, size, labels) - size * 0.2;
}

/** A favor tile: its cult steps, then its income, build or pass bonus, or action. */
export function drawFavor(ctx: Ctx, id: FavorTileId, x: number, cy: number, size: number, labels: RenderLabels): void {
  const tile = FAVOR_TILES[id];
  const { TOWN_SIZE, ...cults } = tile.gain;
  let at = x + drawAmounts(ctx, cults, x, cy, size, labels) + 10;
  if (TOWN_SIZE) at += drawChip(ctx, 'TOWN_SIZE', 1, at, cy, size, labels) + 6;
  at += drawAmounts(ctx, tile.income, at, cy, size, labels);
  if (tile.buildVp) {
    for (const [b, vp] of Object.entries(tile.buildVp))
      at += drawBuildVp(ctx, [b as 'D'], vp, at, cy, size, labels) + 6;
  }
  if (tile.passVp) at += drawPassVp(ctx, tile.passVp, at, cy, size, labels);
  if (tile.action) drawAction(ctx, tile.action, at, cy, size - 4, labels);
}
