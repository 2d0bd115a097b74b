import { createCanvas, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import type { Building, HexTerrain } from '../engine/index.ts';
import type { Point } from './layout.ts';
import { PALETTE } from './theme.ts';

type Ctx = SKRSContext2D;

/** Outlines in building units: a dwelling is about 34 units across; every shape covers its own centre. */
const OUTLINES: Readonly<Record<Exclude<Building, 'TE' | 'SA'>, readonly (readonly [number, number])[]>> = {
  D: [
    [-16, 16],
    [16, 16],
    [16, -3],
    [0, -19],
    [-16, -3],
  ],
  TP: [
    [-23, 17],
    [23, 17],
    [23, 0],
    [13, -10],
    [3, 0],
    [3, -6],
    [-10, -23],
    [-23, -6],
  ],
  SH: [
    [-23, 20],
    [23, 20],
    [23, -24],
    [14, -24],
    [14, -15],
    [5, -15],
    [5, -24],
    [-5, -24],
    [-5, -15],
    [-14, -15],
    [-14, -24],
    [-23, -24],
  ],
};

function tracePolygon(ctx: Ctx, points: readonly Point[]): void {
  ctx.beginPath();
  points.forEach((p, i) => (i === 0 ? ctx.moveTo(p.x, p.y) : ctx.lineTo(p.x, p.y)));
  ctx.closePath();
}

export function traceHex(ctx: Ctx, corners: readonly Point[]): void {
  tracePolygon(ctx, corners);
}

function traceBuilding(ctx: Ctx, kind: Building, at: Point, scale: number): void {
  if (kind === 'TE') {
    ctx.beginPath();
    ctx.arc(at.x, at.y, 20 * scale, 0, Math.PI * 2);
    return;
  }
  if (kind === 'SA') {
    ctx.beginPath();
    ctx.roundRect(at.x - 29 * scale, at.y - 19 * scale, 58 * scale, 38 * scale, 19 * scale);
    return;
  }
  tracePolygon(
    ctx,
    OUTLINES[kind].map(([x, y]) => ({ x: at.x + x * scale, y: at.y + y * scale })),
  );
}

/** A white halo under a dark edge: one of the two always contrasts with whatever lies beneath. */
export function fillOutlined(ctx: Ctx, fill: string, scale: number): void {
  ctx.lineJoin = 'round';
  ctx.strokeStyle = PALETTE.halo;
  ctx.lineWidth = 6 * scale;
  ctx.stroke();
  ctx.fillStyle = fill;
  ctx.fill();
  ctx.strokeStyle = PALETTE.ink;
  ctx.lineWidth = 2.2 * scale;
  ctx.stroke();
}

export function drawBuilding(ctx: Ctx, kind: Building, at: Point, fill: string, scale = 1): void {
  traceBuilding(ctx, kind, at, scale);
  fillOutlined(ctx, fill, scale);
}

const sprites = new Map<string, Canvas>();
const SPRITE_SIZE = 72;

/**
 * The same building drawn from a cached bitmap: stroking round-joined outlines is the slowest part of a
 * map, and a map repeats a handful of shape and colour pairs dozens of times.
 */
export function drawBuildingSprite(ctx: Ctx, kind: Building, at: Point, fill: string): void {
  const key = `${kind}${fill}`;
  let sprite = sprites.get(key);
  if (!sprite) {
    sprite = createCanvas(SPRITE_SIZE, SPRITE_SIZE);
    drawBuilding(sprite.getContext('2d'), kind, { x: SPRITE_SIZE / 2, y: SPRITE_SIZE / 2 }, fill);
    sprites.set(key, sprite);
  }
  // Whole pixels keep the copy sharp; half a pixel off is invisible.
  ctx.drawImage(sprite, Math.round(at.x - SPRITE_SIZE / 2), Math.round(at.y - SPRITE_SIZE / 2));
}

export function drawDisc(ctx: Ctx, at: Point, radius: number, fill: string): void {
  ctx.beginPath();
  ctx.arc(at.x, at.y, radius, 0, Math.PI * 2);
  fillOutlined(ctx, fill, radius / 17);
}

/** A pawn: head and bell-shaped body, centred on `at`. */
export function drawPriest(ctx: Ctx, at: Point, size: number, fill: string): void {
  const s = size / 40;
  ctx.beginPath();
  ctx.moveTo(at.x - 14 * s, at.y + 18 * s);
  ctx.lineTo(at.x + 14 * s, at.y + 18 * s);
  ctx.quadraticCurveTo(at.x + 9 * s, at.y - 2 * s, at.x + 6 * s, at.y - 6 * s);
  ctx.arc(at.x, at.y - 11 * s, 8 * s, Math.PI * 0.2, Math.PI * 0.8, true);
  ctx.quadraticCurveTo(at.x - 9 * s, at.y - 2 * s, at.x - 14 * s, at.y + 18 * s);
  ctx.closePath();
  fillOutlined(ctx, fill, s);
}

export function drawStar(ctx: Ctx, at: Point, radius: number, fill: string): void {
  const points = Array.from({ length: 10 }, (_, i) => {
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    const r = i % 2 === 0 ? radius : radius * 0.45;
    return { x: at.x + r * Math.cos(a), y: at.y + r * Math.sin(a) };
  });
  tracePolygon(ctx, points);
  fillOutlined(ctx, fill, radius / 14);
}

/** Small line glyphs, one per terrain, for players who cannot rely on the hex colours. */
export function drawTerrainSymbol(ctx: Ctx, terrain: HexTerrain, at: Point, size: number, ink: string): void {
  const s = size / 2;
  const { x, y } = at;
  ctx.save();
  ctx.strokeStyle = ink;
  ctx.fillStyle = ink;
  ctx.lineWidth = Math.max(1.5, size / 7);
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.beginPath();
  switch (terrain) {
    case 'yellow': // sun
      ctx.arc(x, y, s * 0.45, 0, Math.PI * 2);
      for (let i = 0; i < 8; i++) {
        const a = (i * Math.PI) / 4;
        ctx.moveTo(x + Math.cos(a) * s * 0.7, y + Math.sin(a) * s * 0.7);
        ctx.lineTo(x + Math.cos(a) * s, y + Math.sin(a) * s);
      }
      break;
    case 'brown': // furrowed field
      for (const dy of [-0.6, 0, 0.6]) {
        ctx.moveTo(x - s, y + dy * s);
        ctx.lineTo(x + s, y + dy * s);
      }
      break;
    case 'black': // reeds
      for (const [dx, h] of [
        [-0.6, 0.7],
        [0, 1],
        [0.6, 0.7],
      ] as const) {
        ctx.moveTo(x + dx * s, y + s * 0.8);
        ctx.lineTo(x + dx * s, y + s * (0.8 - 1.6 * h));
      }
      break;
    case 'blue': // waves
      for (const dy of [-0.35, 0.45]) {
        ctx.moveTo(x - s, y + dy * s);
        ctx.bezierCurveTo(x - s / 2, y + (dy - 0.5) * s, x, y + (dy + 0.5) * s, x + s / 2, y + dy * s);
        ctx.quadraticCurveTo(x + 0.75 * s, y + (dy - 0.25) * s, x + s, y + dy * s);
      }
      break;
    case 'green': // tree
      ctx.moveTo(x, y - s);
      ctx.lineTo(x + s * 0.8, y + s * 0.5);
      ctx.lineTo(x - s * 0.8, y + s * 0.5);
      ctx.closePath();
      ctx.moveTo(x, y + s * 0.5);
      ctx.lineTo(x, y + s);
      break;
    case 'gray': // peaks
      ctx.moveTo(x - s, y + s * 0.7);
      ctx.lineTo(x - s * 0.3, y - s * 0.7);
      ctx.lineTo(x + s * 0.15, y + s * 0.1);
      ctx.lineTo(x + s * 0.5, y - s * 0.4);
      ctx.lineTo(x + s, y + s * 0.7);
      break;
    case 'red': // crack
      ctx.moveTo(x - s * 0.3, y - s);
      ctx.lineTo(x + s * 0.3, y - s * 0.2);
      ctx.lineTo(x - s * 0.3, y + s * 0.2);
      ctx.lineTo(x + s * 0.3, y + s);
      ctx.moveTo(x - s, y - s * 0.1);
      ctx.lineTo(x - s * 0.45, y + s * 0.05);
      break;
    case 'ice': // snowflake
      for (let i = 0; i < 3; i++) {
        const a = (i * Math.PI) / 3;
        ctx.moveTo(x + Math.cos(a) * s, y + Math.sin(a) * s);
        ctx.lineTo(x - Math.cos(a) * s, y - Math.sin(a) * s);
      }
      break;
    case 'volcano': // cone with a plume
      ctx.moveTo(x - s, y + s * 0.8);
      ctx.lineTo(x - s * 0.3, y - s * 0.3);
      ctx.lineTo(x + s * 0.3, y - s * 0.3);
      ctx.lineTo(x + s, y + s * 0.8);
      ctx.moveTo(x, y - s * 0.5);
      ctx.lineTo(x, y - s);
      break;
  }
  ctx.stroke();
  ctx.restore();
}

/** A plank across the river, stopping short of both hex centres so that buildings stay visible. */
export function drawBridge(ctx: Ctx, from: Point, to: Point, inset: number, width: number, fill: string): void {
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  const len = Math.hypot(dx, dy);
  const ux = dx / len;
  const uy = dy / len;
  const nx = (-uy * width) / 2;
  const ny = (ux * width) / 2;
  const a = { x: from.x + ux * inset, y: from.y + uy * inset };
  const b = { x: to.x - ux * inset, y: to.y - uy * inset };
  tracePolygon(ctx, [
    { x: a.x + nx, y: a.y + ny },
    { x: b.x + nx, y: b.y + ny },
    { x: b.x - nx, y: b.y - ny },
    { x: a.x - nx, y: a.y - ny },
  ]);
  fillOutlined(ctx, fill, width / 14);
}
