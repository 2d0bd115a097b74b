import type { SKRSContext2D } from '@napi-rs/canvas';
import {
  isTerrain,
  mapOf,
  type FactionId,
  type FactionState,
  type GameState,
  type HexId,
  type LandscapeId,
  type Terrain,
} from '../engine/index.ts';
import { fittedText, newCanvas, text, toPng } from './canvas.ts';
import { EN_LABELS, type RenderLabels } from './labels.ts';
import {
  buildingAnchor,
  hexCorners,
  HEX_LABEL,
  hexLabelAnchor,
  hexRadius,
  landBadgeCentre,
  landscapeLegendSlot,
  mapFrame,
  mapLegendSlot,
  type MapFrame,
  MAP_GEOMETRY,
  terrainSymbolAnchor,
} from './layout.ts';
import { drawLandscape } from './landscape-symbols.ts';
import { drawBridge, drawBuilding, drawBuildingSprite, drawStar, drawTerrainSymbol, traceHex } from './shapes.ts';
import { phaseTitle } from './status.ts';
import { DEFAULT_THEME, factionFill, inkOn, PALETTE, TERRAIN_FILL, type RenderTheme } from './theme.ts';

export interface MapOptions {
  /** Hexes the last move touched; they get a bright ring. */
  readonly highlight?: readonly HexId[];
  readonly theme?: RenderTheme;
  readonly labels?: RenderLabels;
}

export async function renderMap(state: GameState, opts: MapOptions = {}): Promise<Buffer> {
  const theme = opts.theme ?? DEFAULT_THEME;
  const labels = opts.labels ?? EN_LABELS;
  const board = mapOf(state);
  const geometry = [...board.hexes.values()];
  const landscapes = placedLandscapes(state);
  const size = mapFrame(geometry, MAP_GEOMETRY, landscapes.length > 0);
  const { canvas, ctx } = newCanvas(size.width, size.height);
  const radius = hexRadius();
  const centreOf = (id: HexId) => {
    const h = board.hexes.get(id)!;
    return size.centre(h.row, h.col);
  };

  // River hexes share their fill with their outline, so the river reads as one stream.
  ctx.fillStyle = PALETTE.river;
  ctx.strokeStyle = PALETTE.river;
  ctx.lineWidth = 3;
  for (const h of geometry) {
    if (!h.river) continue;
    traceHex(ctx, hexCorners(size.centre(h.row, h.col), radius));
    ctx.fill();
    ctx.stroke();
  }

  for (const h of geometry) {
    const terrain = state.hexes[h.id]?.terrain ?? h.terrain;
    if (h.river || !terrain) continue;
    const centre = size.centre(h.row, h.col);
    const fill = TERRAIN_FILL[terrain];
    traceHex(ctx, hexCorners(centre, radius - 1.5));
    ctx.fillStyle = fill;
    ctx.fill();
    const ink = inkOn(fill);
    if (theme.colourBlind) drawTerrainSymbol(ctx, terrain, terrainSymbolAnchor(centre), 17, ink);
    const occupied = !!(state.hexes[h.id]?.building || state.hexes[h.id]?.landscape);
    const label = hexLabelAnchor(centre, occupied);
    ctx.globalAlpha = occupied ? 0.7 : 0.5;
    text(ctx, h.id, label.x, label.y, {
      size: occupied ? HEX_LABEL.occupied : HEX_LABEL.empty,
      weight: 700,
      color: ink,
      align: 'center',
    });
    ctx.globalAlpha = 1;
  }

  for (const b of state.bridges)
    drawBridge(ctx, centreOf(b.from), centreOf(b.to), radius * 0.85, 15, factionFill(state, b.faction));

  for (const id of opts.highlight ?? []) {
    if (!board.hexes.has(id)) continue;
    traceHex(ctx, hexCorners(centreOf(id), radius - 6));
    ctx.strokeStyle = PALETTE.halo;
    ctx.lineWidth = 9;
    ctx.stroke();
    ctx.strokeStyle = PALETTE.highlight;
    ctx.lineWidth = 5;
    ctx.stroke();
  }

  for (const [id, hex] of Object.entries(state.hexes)) {
    if (!hex.building || !hex.owner || !board.hexes.has(id)) continue;
    const centre = centreOf(id);
    drawBuildingSprite(ctx, hex.building, buildingAnchor(centre), factionFill(state, hex.owner));
    if (hex.town) drawStar(ctx, { x: centre.x + radius * 0.5, y: centre.y - radius * 0.45 }, 10, PALETTE.town);
  }

  // Special landscapes, on land or (the Mermaids' reef) on the river.
  for (const [id, hex] of Object.entries(state.hexes)) {
    if (!hex.landscape || !hex.owner || !board.hexes.has(id)) continue;
    const centre = centreOf(id);
    drawLandscape(ctx, hex.landscape, buildingAnchor(centre), radius * 0.42, factionFill(state, hex.owner));
    if (hex.town) drawStar(ctx, { x: centre.x + radius * 0.5, y: centre.y - radius * 0.45 }, 10, PALETTE.town);
  }

  drawLegend(ctx, state, labels, theme, size);
  drawLandscapeLegend(ctx, state, landscapes, labels, size);
  return toPng(canvas);
}

/** The special landscapes on the map, each with its owner, in turn order. */
function placedLandscapes(state: GameState): { id: LandscapeId; owner: FactionId }[] {
  const out: { id: LandscapeId; owner: FactionId }[] = [];
  for (const hex of Object.values(state.hexes))
    if (hex.landscape && hex.owner) out.push({ id: hex.landscape, owner: hex.owner });
  return out.sort((a, b) => state.factionOrder.indexOf(a.owner) - state.factionOrder.indexOf(b.owner));
}

/** A token's name beside a copy of it: the fourteen symbols are not known by heart. */
function drawLandscapeLegend(
  ctx: SKRSContext2D,
  state: GameState,
  placed: readonly { id: LandscapeId; owner: FactionId }[],
  labels: RenderLabels,
  frame: MapFrame,
): void {
  placed.forEach((p, i) => {
    const slot = landscapeLegendSlot(frame, i, placed.length);
    drawLandscape(ctx, p.id, slot.token, slot.tokenRadius, factionFill(state, p.owner));
    fittedText(ctx, labels.landscapes[p.id], slot.nameX, slot.mid, slot.nameWidth, {
      size: 24,
      weight: 600,
      minSize: 15,
    });
  });
}

/**
 * The land colour an ice or volcano faction picked: its pieces are white or orange whatever it picked, and
 * the colour decides where it builds and what terraforming costs it.
 */
function pickedLand(f: FactionState): Terrain | null {
  return f.color && !isTerrain(f.color) && f.secondaryColor ? f.secondaryColor : null;
}

/** A small hex of a land colour at the corner of a faction's dwelling in the legend. */
function drawLandBadge(ctx: SKRSContext2D, land: Terrain, at: { x: number; y: number }, theme: RenderTheme): void {
  traceHex(ctx, hexCorners(at, 10.5));
  ctx.fillStyle = TERRAIN_FILL[land];
  ctx.fill();
  ctx.strokeStyle = PALETTE.ink;
  ctx.lineWidth = 1.5;
  ctx.stroke();
  if (theme.colourBlind) drawTerrainSymbol(ctx, land, at, 10, inkOn(TERRAIN_FILL[land]));
}

/** Who plays which colour (and the land colour an ice or volcano faction picked), their score, whose turn it is. */
function drawLegend(
  ctx: SKRSContext2D,
  state: GameState,
  labels: RenderLabels,
  theme: RenderTheme,
  frame: MapFrame,
): void {
  const m = MAP_GEOMETRY.margin;
  const top = frame.boardBottom;
  const mid = top + (MAP_GEOMETRY.legendHeight - m) / 2;
  ctx.fillStyle = PALETTE.rule;
  ctx.fillRect(m, top - m / 2, frame.width - 2 * m, 2);
  text(ctx, phaseTitle(state, labels), m, mid, { size: 30, weight: 700 });
  const factions = state.factionOrder.map((id) => state.factions[id]!).filter(Boolean);
  factions.forEach((f, i) => {
    const slot = mapLegendSlot(frame, i, factions.length);
    const x = slot.x;
    if (state.active === f.name) {
      ctx.fillStyle = PALETTE.highlight;
      ctx.beginPath();
      ctx.moveTo(x - 4, mid - 9);
      ctx.lineTo(x + 8, mid);
      ctx.lineTo(x - 4, mid + 9);
      ctx.fill();
    }
    const fill = factionFill(state, f.name);
    drawBuilding(ctx, 'D', { x: x + 32, y: mid }, fill, 0.9);
    if (theme.colourBlind && f.color) drawTerrainSymbol(ctx, f.color, { x: x + 32, y: mid + 4 }, 12, inkOn(fill));
    const land = pickedLand(f);
    if (land) drawLandBadge(ctx, land, landBadgeCentre(slot), theme);
    fittedText(ctx, labels.factions[f.name], x + 58, mid - 14, slot.width - 66, {
      size: 25,
      weight: 600,
      minSize: 15,
      lastLineAt: true,
    });
    const vp = text(ctx, `${f.VP} ${labels.vp}`, x + 58, mid + 17, { size: 24, weight: 700, color: PALETTE.vp });
    if (f.passed && state.phase === 'play')
      text(ctx, labels.passed, x + 66 + vp, mid + 18, { size: 19, color: PALETTE.quietInk });
  });
}
