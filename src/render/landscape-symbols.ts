import type { SKRSContext2D } from '@napi-rs/canvas';
import type { LandscapeId } from '../engine/index.ts';
import type { Point } from './layout.ts';
import { fillOutlined } from './shapes.ts';
import { inkOn } from './theme.ts';

type Ctx = SKRSContext2D;

/**
 * A special landscape on the map: a round token in its owner's colour (it is a structure of that faction,
 * not a building, so it has no building's outline) with a line glyph of its own, so that the fourteen can
 * be told apart and from the buildings.
 */
export function drawLandscape(ctx: Ctx, id: LandscapeId, at: Point, radius: number, fill: string): void {
  ctx.save();
  ctx.beginPath();
  ctx.arc(at.x, at.y, radius, 0, Math.PI * 2);
  fillOutlined(ctx, fill, radius / 20);
  ctx.strokeStyle = inkOn(fill);
  ctx.fillStyle = inkOn(fill);
  ctx.lineWidth = Math.max(1.8, radius / 8);
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.beginPath();
  GLYPHS[id](ctx, at.x, at.y, radius * 0.6);
  ctx.stroke();
  ctx.restore();
}

/** Each glyph traces a path within `s` of (x, y); the caller strokes it. */
const GLYPHS: Readonly<Record<LandscapeId, (ctx: Ctx, x: number, y: number, s: number) => void>> = {
  // Auren: a tree with a round crown.
  tree(ctx, x, y, s) {
    ctx.arc(x, y - s * 0.3, s * 0.55, 0, Math.PI * 2);
    ctx.moveTo(x, y + s * 0.25);
    ctx.lineTo(x, y + s);
  },
  // Witches: a raven's spread wings.
  raven(ctx, x, y, s) {
    ctx.moveTo(x - s, y - s * 0.3);
    ctx.quadraticCurveTo(x - s * 0.5, y - s * 0.1, x, y + s * 0.4);
    ctx.quadraticCurveTo(x + s * 0.5, y - s * 0.1, x + s, y - s * 0.3);
  },
  // Alchemists: a cogwheel.
  workshop(ctx, x, y, s) {
    ctx.arc(x, y, s * 0.5, 0, Math.PI * 2);
    for (let i = 0; i < 6; i++) {
      const a = (i * Math.PI) / 3;
      ctx.moveTo(x + Math.cos(a) * s * 0.5, y + Math.sin(a) * s * 0.5);
      ctx.lineTo(x + Math.cos(a) * s, y + Math.sin(a) * s);
    }
  },
  // Darklings: a tent with its door.
  encampment(ctx, x, y, s) {
    ctx.moveTo(x - s, y + s * 0.8);
    ctx.lineTo(x, y - s);
    ctx.lineTo(x + s, y + s * 0.8);
    ctx.closePath();
    ctx.moveTo(x, y + s * 0.8);
    ctx.lineTo(x, y + s * 0.1);
  },
  // Cultists: a domed palace.
  palace(ctx, x, y, s) {
    ctx.moveTo(x - s, y + s * 0.8);
    ctx.lineTo(x - s, y);
    ctx.arc(x, y, s, Math.PI, 0);
    ctx.lineTo(x + s, y + s * 0.8);
    ctx.closePath();
    ctx.moveTo(x, y - s);
    ctx.lineTo(x, y - s * 1.3);
  },
  // Halflings: a drill bit pointing down.
  drill(ctx, x, y, s) {
    ctx.moveTo(x - s * 0.6, y - s);
    ctx.lineTo(x + s * 0.6, y - s);
    ctx.lineTo(x, y + s);
    ctx.closePath();
    ctx.moveTo(x - s * 0.4, y - s * 0.4);
    ctx.lineTo(x + s * 0.3, y - s * 0.1);
  },
  // Dwarves: a tunnel's mouth in the rock.
  tunnel(ctx, x, y, s) {
    ctx.moveTo(x - s, y + s * 0.8);
    ctx.lineTo(x + s, y + s * 0.8);
    ctx.moveTo(x - s * 0.6, y + s * 0.8);
    ctx.arc(x, y + s * 0.2, s * 0.6, Math.PI, 0);
    ctx.lineTo(x + s * 0.6, y + s * 0.8);
  },
  // Engineers: a tower with battlements.
  tower(ctx, x, y, s) {
    ctx.moveTo(x - s * 0.45, y + s);
    ctx.lineTo(x - s * 0.45, y - s);
    ctx.lineTo(x - s * 0.15, y - s);
    ctx.lineTo(x - s * 0.15, y - s * 0.7);
    ctx.lineTo(x + s * 0.15, y - s * 0.7);
    ctx.lineTo(x + s * 0.15, y - s);
    ctx.lineTo(x + s * 0.45, y - s);
    ctx.lineTo(x + s * 0.45, y + s);
  },
  // Mermaids: a branching coral.
  reef(ctx, x, y, s) {
    ctx.moveTo(x, y + s);
    ctx.lineTo(x, y - s);
    ctx.moveTo(x, y + s * 0.2);
    ctx.lineTo(x - s * 0.7, y - s * 0.5);
    ctx.moveTo(x, y - s * 0.2);
    ctx.lineTo(x + s * 0.7, y - s * 0.8);
  },
  // Swarmlings: an egg.
  hatchery(ctx, x, y, s) {
    ctx.ellipse(x, y + s * 0.1, s * 0.65, s * 0.9, 0, 0, Math.PI * 2);
  },
  // Chaos Magicians: a portal, rings within a ring.
  portal(ctx, x, y, s) {
    ctx.arc(x, y, s, 0, Math.PI * 2);
    ctx.moveTo(x + s * 0.45, y);
    ctx.arc(x, y, s * 0.45, 0, Math.PI * 2);
  },
  // Giants: a cave, a filled opening under a rock.
  cave(ctx, x, y, s) {
    ctx.moveTo(x - s, y + s * 0.8);
    ctx.lineTo(x - s * 0.4, y - s * 0.8);
    ctx.lineTo(x + s * 0.4, y - s * 0.8);
    ctx.lineTo(x + s, y + s * 0.8);
    ctx.closePath();
    ctx.moveTo(x - s * 0.35, y + s * 0.8);
    ctx.arc(x, y + s * 0.8, s * 0.35, Math.PI, 0);
  },
  // Fakirs: a flying carpet, a fringed band.
  school(ctx, x, y, s) {
    ctx.moveTo(x - s, y - s * 0.1);
    ctx.quadraticCurveTo(x, y - s * 0.6, x + s, y - s * 0.1);
    ctx.lineTo(x + s, y + s * 0.3);
    ctx.quadraticCurveTo(x, y - s * 0.2, x - s, y + s * 0.3);
    ctx.closePath();
    for (const dx of [-0.6, 0, 0.6]) {
      ctx.moveTo(x + dx * s, y + s * 0.35);
      ctx.lineTo(x + dx * s, y + s * 0.8);
    }
  },
  // Nomads: a flag on its pole.
  camp(ctx, x, y, s) {
    ctx.moveTo(x - s * 0.5, y + s);
    ctx.lineTo(x - s * 0.5, y - s);
    ctx.lineTo(x + s * 0.7, y - s * 0.55);
    ctx.lineTo(x - s * 0.5, y - s * 0.1);
  },
};
