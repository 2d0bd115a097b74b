import type { SKRSContext2D } from '@napi-rs/canvas';
import { type Amounts, type Building, type Cult, CULTS } from '../engine/index.ts';
import { text } from './canvas.ts';
import type { RenderLabels } from './labels.ts';
import { drawBuilding } from './shapes.ts';
import { CULT_FILL, PALETTE } from './theme.ts';

type Ctx = SKRSContext2D;

/**
 * Resources as small icons with their amount inside, the way the printed tiles show them, so that
 * tiles need no words: a gold coin, a pale worker cube, a violet priest, a purple power token, a green
 * VP plate, a coloured square per cult step.
 */
const CHIP_ORDER = ['VP', 'C', 'W', 'P', 'PW', 'SPADE', 'KEY', 'FIRE', 'WATER', 'EARTH', 'AIR', 'CULT'];

export function drawChip(
  ctx: Ctx,
  kind: string,
  amount: number,
  x: number,
  cy: number,
  size: number,
  labels: RenderLabels,
): number {
  const r = size / 2;
  const number = (colour: string) => {
    if (amount !== 1 || !['SPADE', 'CULT', 'BRIDGE'].includes(kind)) {
      text(ctx, String(amount), x + r, cy + 1, {
        size: Math.round(size * 0.55),
        weight: 700,
        color: colour,
        align: 'center',
      });
    }
  };
  ctx.lineWidth = 1.5;
  ctx.strokeStyle = PALETTE.ink;
  ctx.beginPath();
  switch (kind) {
    case 'C':
      ctx.arc(x + r, cy, r, 0, Math.PI * 2);
      fillStroke(ctx, PALETTE.coin);
      number(PALETTE.ink);
      return size;
    case 'W':
      ctx.roundRect(x + 1, cy - r + 1, size - 2, size - 2, 3);
      fillStroke(ctx, PALETTE.worker);
      number(PALETTE.ink);
      return size;
    case 'P':
      ctx.moveTo(x + 2, cy + r);
      ctx.lineTo(x + 2, cy - r * 0.1);
      ctx.arc(x + r, cy - r * 0.1, r - 2, Math.PI, 0);
      ctx.lineTo(x + size - 2, cy + r);
      ctx.closePath();
      fillStroke(ctx, PALETTE.priest);
      number(PALETTE.halo);
      return size;
    case 'PW':
      ctx.arc(x + r, cy, r, 0, Math.PI * 2);
      fillStroke(ctx, PALETTE.power);
      number(PALETTE.halo);
      return size;
    case 'VP':
      ctx.roundRect(x, cy - r, size * 1.15, size, 5);
      fillStroke(ctx, PALETTE.vp);
      text(ctx, String(amount), x + size * 0.575, cy + 1, {
        size: Math.round(size * 0.55),
        weight: 700,
        color: PALETTE.halo,
        align: 'center',
      });
      return size * 1.15;
    case 'SPADE':
      drawSpade(ctx, x + r, cy, size);
      if (amount !== 1) text(ctx, `${amount}`, x + size + 2, cy + 1, { size: Math.round(size * 0.55), weight: 700 });
      return amount !== 1 ? size * 1.5 : size;
    case 'KEY':
      drawKey(ctx, x, cy, size);
      if (amount !== 1) text(ctx, `${amount}`, x + size + 2, cy + 1, { size: Math.round(size * 0.55), weight: 700 });
      return amount !== 1 ? size * 1.5 : size;
    case 'BRIDGE':
      ctx.roundRect(x, cy - size * 0.16, size * 1.2, size * 0.32, 3);
      fillStroke(ctx, '#a47a4c');
      return size * 1.2;
    case 'CULT':
      CULTS.forEach((c, i) => {
        ctx.fillStyle = CULT_FILL[c];
        ctx.fillRect(x + (i % 2) * r, cy - r + Math.floor(i / 2) * r, r, r);
      });
      ctx.strokeRect(x, cy - r, size, size);
      if (amount !== 1) text(ctx, `${amount}`, x + size + 2, cy + 1, { size: Math.round(size * 0.55), weight: 700 });
      return amount !== 1 ? size * 1.5 : size;
    default:
      if (CULTS.includes(kind as Cult)) {
        ctx.roundRect(x + 1, cy - r + 1, size - 2, size - 2, 4);
        fillStroke(ctx, CULT_FILL[kind as Cult]);
        number(kind === 'AIR' ? PALETTE.ink : PALETTE.halo);
        return size;
      }
      return pill(ctx, `${amount > 1 ? `${amount} ` : ''}${labels.short[kind] ?? kind}`, x, cy, size);
  }
}

function fillStroke(ctx: Ctx, fill: string): void {
  ctx.fillStyle = fill;
  ctx.fill();
  ctx.stroke();
}

function pill(ctx: Ctx, value: string, x: number, cy: number, size: number): number {
  const w = text(ctx, value, x + 6, cy + 1, { size: Math.round(size * 0.5), weight: 600 }) + 12;
  ctx.beginPath();
  ctx.roundRect(x, cy - size / 2, w, size, size / 2);
  ctx.strokeStyle = PALETTE.quietInk;
  ctx.stroke();
  return w;
}

function drawSpade(ctx: Ctx, cx: number, cy: number, size: number): void {
  const s = size / 30;
  ctx.beginPath();
  ctx.moveTo(cx - 8 * s, cy - 1 * s);
  ctx.lineTo(cx + 8 * s, cy - 1 * s);
  ctx.lineTo(cx + 8 * s, cy + 7 * s);
  ctx.quadraticCurveTo(cx, cy + 17 * s, cx - 8 * s, cy + 7 * s);
  ctx.closePath();
  ctx.rect(cx - 2 * s, cy - 14 * s, 4 * s, 13 * s);
  ctx.rect(cx - 6 * s, cy - 15 * s, 12 * s, 4 * s);
  fillStroke(ctx, '#8a6a4a');
}

function drawKey(ctx: Ctx, x: number, cy: number, size: number): void {
  const s = size / 30;
  ctx.beginPath();
  ctx.arc(x + 8 * s, cy, 7 * s, 0, Math.PI * 2);
  ctx.rect(x + 14 * s, cy - 2 * s, 15 * s, 4 * s);
  ctx.rect(x + 22 * s, cy + 2 * s, 3 * s, 5 * s);
  fillStroke(ctx, PALETTE.town);
}

/** Chips for a bag of amounts, in a stable order; returns the width used. Zeros show only when `keepZero`. */
export function drawAmounts(
  ctx: Ctx,
  amounts: Amounts,
  x: number,
  cy: number,
  size: number,
  labels: RenderLabels,
  keepZero = false,
): number {
  const entries = Object.entries(amounts).filter(([, n]) => n || (keepZero && n === 0));
  entries.sort(([a], [b]) => rank(a) - rank(b));
  let at = x;
  for (const [kind, n] of entries) at += drawChip(ctx, kind, n!, at, cy, size, labels) + size * 0.2;
  return at - x;
}

function rank(kind: string): number {
  const i = CHIP_ORDER.indexOf(kind);
  return i < 0 ? CHIP_ORDER.length : i;
}

/** A building outline at chip size, for "per dwelling" and "buildings left" figures. */
export function drawBuildingIcon(ctx: Ctx, kind: Building, x: number, cy: number, size: number, fill: string): number {
  drawBuilding(ctx, kind, { x: x + size / 2, y: cy }, fill, size / 50);
  return size;
}
