import type { SKRSContext2D } from '@napi-rs/canvas';
import {
  BONUS_TILES,
  FINAL_SCORING_TILES,
  POWER_ACTIONS,
  SCORING_TILES,
  TOWN_TILES,
  type BonusTileId,
  type FavorTileId,
  type PowerActionId,
  type TownTileId,
  type Amounts,
  type GameState,
} from '../engine/index.ts';
import { newCanvas, text, toPng } from './canvas.ts';
import { drawAmounts, drawChip } from './chips.ts';
import { fill, EN_LABELS, type RenderLabels } from './labels.ts';
import { gridCells, gridHeight, type Rect } from './layout.ts';
import { drawStar } from './shapes.ts';
import { phaseTitle } from './status.ts';
import { drawAction, drawArrow, drawBuildVp, drawFavor, drawPassVp } from './tiles.ts';
import { PALETTE } from './theme.ts';

type Ctx = SKRSContext2D;

export interface RoundOptions {
  readonly labels?: RenderLabels;
}

const WIDTH = 1240;
const MARGIN = 24;
const GAP = 12;
const HEADING = 44;
const CHIP = 30;
const SECTIONS = {
  final: { columns: 1, height: 44 },
  scoring: { columns: 6, height: 150 },
  bonus: { columns: 7, height: 156 },
  actions: { columns: 6, height: 76 },
  towns: { columns: 4, height: 62 },
  favors: { columns: 4, height: 62 },
} as const;

const available = (state: GameState, prefix: string) =>
  Object.keys(state.pool)
    .filter((k) => k.startsWith(prefix) && state.pool[k]! > 0)
    .sort((a, b) => Number(a.slice(prefix.length)) - Number(b.slice(prefix.length)));

/** Round scoring, the bonus tiles on offer with their coins, power actions, and tiles left in supply. */
export async function renderRound(state: GameState, opts: RoundOptions = {}): Promise<Buffer> {
  const labels = opts.labels ?? EN_LABELS;
  const bonus = available(state, 'BON') as BonusTileId[];
  const towns = available(state, 'TW') as TownTileId[];
  const favors = available(state, 'FAV') as FavorTileId[];
  const counts = {
    final: state.finalScoring.length,
    scoring: state.scoreTiles.length,
    bonus: bonus.length,
    actions: 6,
    towns: towns.length,
    favors: favors.length,
  };
  // A section with nothing in it (no Fire & Ice final-scoring tile) takes no room.
  const sectionHeight = (k: keyof typeof SECTIONS) =>
    counts[k] === 0 && k === 'final'
      ? 0
      : HEADING + gridHeight(counts[k], SECTIONS[k].columns, SECTIONS[k].height, GAP) + GAP;
  const height =
    MARGIN * 2 + (Object.keys(SECTIONS) as (keyof typeof SECTIONS)[]).reduce((h, k) => h + sectionHeight(k), 0);
  const { canvas, ctx } = newCanvas(WIDTH, height);

  let y = MARGIN;
  const section = (k: keyof typeof SECTIONS, title: string): Rect[] => {
    text(ctx, title, MARGIN, y + HEADING / 2 - 4, { size: 22, weight: 700 });
    const cells = gridCells(
      { x: MARGIN, y: y + HEADING, width: WIDTH - 2 * MARGIN, height: 0 },
      counts[k],
      SECTIONS[k].columns,
      SECTIONS[k].height,
      GAP,
    );
    y += sectionHeight(k);
    return cells;
  };

  if (state.finalScoring.length) {
    const finalCells = section('final', labels.finalScoring);
    state.finalScoring.forEach((id, i) => {
      const cell = finalCells[i]!;
      card(ctx, cell, PALETTE.panel);
      const points = FINAL_SCORING_TILES[id].points.join(' / ');
      text(ctx, `${labels.finalScoringTiles[id]} · ${points} ${labels.vp}`, cell.x + 12, cell.y + cell.height / 2, {
        size: 17,
        weight: 600,
      });
    });
  }
  const scoringCells = section('scoring', `${labels.scoring} · ${phaseTitle(state, labels)}`);
  state.scoreTiles.forEach((id, i) => drawScoringTile(ctx, scoringCells[i]!, id, i + 1, state, labels));
  const bonusCells = section('bonus', labels.bonusTiles);
  bonus.forEach((id, i) => drawBonusTile(ctx, bonusCells[i]!, id, state.bonusCoins[id] ?? 0, labels));
  const actionCells = section('actions', labels.powerActions);
  (Object.keys(POWER_ACTIONS) as PowerActionId[]).forEach((id, i) => {
    const cell = actionCells[i]!;
    const used = state.usedActions.includes(id);
    card(ctx, cell, used ? PALETTE.rule : PALETTE.panel);
    drawAction(ctx, POWER_ACTIONS[id], cell.x + 12, cell.y + cell.height / 2, CHIP, labels);
    tileId(ctx, cell, id, 'bottom-left');
    if (used) crossOut(ctx, cell, labels.used);
  });
  const townCells = section('towns', labels.townTiles);
  towns.forEach((id, i) => {
    const cell = townCells[i]!;
    card(ctx, cell, PALETTE.panel);
    drawAmounts(ctx, TOWN_TILES[id].gain, cell.x + 12, cell.y + cell.height / 2, CHIP, labels);
    count(ctx, cell, state.pool[id]!);
    tileId(ctx, cell, id, 'top');
  });
  const favorCells = section('favors', labels.favorTiles);
  favors.forEach((id, i) => {
    const cell = favorCells[i]!;
    card(ctx, cell, PALETTE.panel);
    drawFavor(ctx, id, cell.x + 12, cell.y + cell.height / 2, CHIP, labels);
    count(ctx, cell, state.pool[id]!);
    tileId(ctx, cell, id, 'top');
  });
  return toPng(canvas);
}

function card(ctx: Ctx, r: Rect, background: string, border: string = PALETTE.rule, lineWidth = 2): void {
  ctx.beginPath();
  ctx.roundRect(r.x, r.y, r.width, r.height, 10);
  ctx.fillStyle = background;
  ctx.fill();
  ctx.strokeStyle = border;
  ctx.lineWidth = lineWidth;
  ctx.stroke();
}

/** The id the menus and notation use (ACT5, TW3, FAV11, SCORE4), small in a corner of its tile. */
function tileId(ctx: Ctx, r: Rect, id: string, corner: 'top' | 'bottom-left'): void {
  const style = { size: 12, weight: 600, color: PALETTE.quietInk } as const;
  if (corner === 'top') text(ctx, id, r.x + r.width - 10, r.y + 12, { ...style, align: 'right' });
  else text(ctx, id, r.x + 10, r.y + r.height - 9, style);
}

function count(ctx: Ctx, r: Rect, n: number): void {
  text(ctx, `×${n}`, r.x + r.width - 12, r.y + r.height / 2, {
    size: 18,
    weight: 600,
    color: PALETTE.quietInk,
    align: 'right',
  });
}

function crossOut(ctx: Ctx, r: Rect, label: string): void {
  ctx.strokeStyle = PALETTE.quietInk;
  ctx.lineWidth = 3;
  ctx.beginPath();
  ctx.moveTo(r.x + 8, r.y + 8);
  ctx.lineTo(r.x + r.width - 8, r.y + r.height - 8);
  ctx.stroke();
  text(ctx, label, r.x + r.width - 10, r.y + 14, { size: 14, weight: 700, color: PALETTE.ink, align: 'right' });
}

function drawScoringTile(
  ctx: Ctx,
  r: Rect,
  id: GameState['scoreTiles'][number],
  round: number,
  state: GameState,
  labels: RenderLabels,
): void {
  const tile = SCORING_TILES[id];
  const current = round === state.round && !state.finished;
  const past = round < state.round || state.finished;
  card(ctx, r, past ? PALETTE.rule : PALETTE.panel, current ? PALETTE.highlight : PALETTE.rule, current ? 5 : 2);
  const title = fill(labels.round, { n: round });
  text(ctx, current ? `${title} · ${labels.now}` : title, r.x + 12, r.y + 20, {
    size: 16,
    weight: 700,
    color: current ? PALETTE.highlight : PALETTE.quietInk,
  });
  text(ctx, id, r.x + r.width - 12, r.y + 20, { size: 12, weight: 600, color: PALETTE.quietInk, align: 'right' });

  const mid = r.y + 66;
  const x = r.x + 14;
  const vp = tile.vp;
  if (vp.on === 'build') drawBuildVp(ctx, vp.building, vp.vp, x, mid, CHIP + 4, labels);
  else {
    let at = x;
    if (vp.on === 'spade') at += drawChip(ctx, 'SPADE', 1, at, mid, CHIP + 4, labels);
    else {
      drawStar(ctx, { x: at + 17, y: mid }, 16, PALETTE.town);
      at += 34;
    }
    at += drawArrow(ctx, at + 4, mid) + 4;
    drawChip(ctx, 'VP', vp.vp, at, mid, CHIP + 4, labels);
  }

  ctx.fillStyle = PALETTE.rule;
  ctx.fillRect(r.x + 10, r.y + 98, r.width - 20, 2);
  const low = r.y + 124;
  let at = x;
  at += drawChip(ctx, tile.cult === 'CULT_P' ? 'P' : tile.cult, tile.req, at, low, CHIP, labels);
  at += drawArrow(ctx, at + 2, low) + 2;
  drawAmounts(ctx, tile.income, at, low, CHIP, labels);
}

function drawBonusTile(ctx: Ctx, r: Rect, id: BonusTileId, coins: number, labels: RenderLabels): void {
  const tile = BONUS_TILES[id];
  card(ctx, r, PALETTE.panel);
  text(ctx, id, r.x + 10, r.y + 18, { size: 14, weight: 600, color: PALETTE.quietInk });
  if (coins) drawChip(ctx, 'C', coins, r.x + r.width - 40, r.y + 22, 32, labels);
  const extra: Amounts = tile.shipBonus ? { GAIN_SHIP: 1 } : {};
  drawAmounts(ctx, { ...tile.income, ...extra }, r.x + 10, r.y + 66, CHIP, labels);
  const low = r.y + 116;
  if (tile.action) drawAction(ctx, tile.action, r.x + 10, low, CHIP - 4, labels);
  if (tile.passVp) drawPassVp(ctx, tile.passVp, r.x + 10, low, CHIP - 6, labels);
}
