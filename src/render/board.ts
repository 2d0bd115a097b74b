import type { SKRSContext2D } from '@napi-rs/canvas';
import {
  actionUsed,
  type Amounts,
  BUILDING_COUNT,
  BUILDINGS,
  BONUS_TILES,
  FACTION_ACTIONS,
  FACTIONS,
  isBonusTile,
  isTerrain,
  isFavorTile,
  isTownTile,
  TOWN_TILES,
  type FavorTileId,
  type FactionId,
  type FactionState,
  type GameState,
  type HexTerrain,
  nextIncome,
  projectFinalScore,
} from '../engine/index.ts';
import { fittedText, newCanvas, text, toPng } from './canvas.ts';
import { drawAmounts, drawBuildingIcon, drawChip } from './chips.ts';
import { EN_LABELS, fill, type RenderLabels } from './labels.ts';

import { phaseTitle } from './status.ts';
import { drawTerrainSymbol } from './shapes.ts';
import { drawAction, drawArrow, drawFavor } from './tiles.ts';
import { factionFill, inkOn, PALETTE, TERRAIN_FILL } from './theme.ts';

type Ctx = SKRSContext2D;

export interface BoardOptions {
  readonly labels?: RenderLabels;
  /** Who plays the faction (their Discord name), under the faction's name. */
  readonly player?: string;
}

const CHIP = 32;
const BOARD_WIDTH = 800;
const PAD = 24;
/** The header's height: the faction's colour, name, player and VP, edged at its bottom. */
export const BOARD_HEADER = 76;

/** The projection only means something once no income is left to come. */
const showsProjection = (state: GameState) => state.round === 6 && !state.finished;
const showsIncome = (state: GameState) => state.round < 6 && !state.finished;

/** One faction's board: score, resources, power bowls, tracks, buildings in stock, income and tiles. */
export async function renderPlayerBoard(
  state: GameState,
  faction: FactionId,
  opts: BoardOptions = {},
): Promise<Buffer> {
  const labels = opts.labels ?? EN_LABELS;
  const f = state.factions[faction];
  if (!f) throw new Error(`${faction} is not in this game`);
  const tiles = heldTiles(f);
  const data = FACTIONS[faction];
  const actions = heldActions(f);
  const cheaper = data.powerActionDiscount !== undefined || data.reusePowerActions !== undefined;
  const passBonus = data.passVpPerBuilding;
  const rows =
    5 +
    (data.pickColor ? 1 : 0) +
    (spadeBecomes(faction) ? 1 : 0) +
    (cheaper ? 1 : 0) +
    (passBonus ? 1 : 0) +
    (showsIncome(state) ? 1 : 0);
  const height =
    BOARD_HEADER + 16 + (rows + actions.length + tiles.length) * 56 + (showsProjection(state) ? 76 : 0) + PAD;
  const { canvas, ctx } = newCanvas(BOARD_WIDTH, height, PALETTE.panel);

  const colour = factionFill(state, faction);
  ctx.fillStyle = colour;
  ctx.fillRect(0, 0, BOARD_WIDTH, BOARD_HEADER);
  // An edge under the header: the ice factions' white would otherwise melt into the panel.
  ctx.fillStyle = PALETTE.quietInk;
  ctx.fillRect(0, BOARD_HEADER - 2, BOARD_WIDTH, 2);
  const ink = inkOn(colour);
  fittedText(ctx, labels.factions[faction], PAD, 28, BOARD_WIDTH - 2 * PAD - 150, {
    size: 30,
    weight: 700,
    color: ink,
    minSize: 18,
  });
  text(ctx, `${f.VP} ${labels.vp}`, BOARD_WIDTH - PAD, 37, { size: 32, weight: 700, color: ink, align: 'right' });
  const status = [
    ...(opts.player ? [opts.player] : []),
    phaseTitle(state, labels),
    ...(f.passed && state.phase === 'play' ? [labels.passed] : []),
  ].join(' · ');
  fittedText(ctx, status, PAD, 58, BOARD_WIDTH - 2 * PAD - 150, { size: 19, weight: 600, color: ink, minSize: 13 });

  let y = BOARD_HEADER + 16 + 28;
  const row = (label: string, draw: (x: number, cy: number) => void) => {
    text(ctx, label, PAD, y, { size: 17, weight: 600, color: PALETTE.quietInk });
    draw(PAD + 190, y);
    y += 56;
  };
  row(labels.resources, (x, cy) => {
    const at = x + drawAmounts(ctx, { C: f.C, W: f.W, P: f.P }, x, cy, CHIP, labels, true);
    drawAmounts(ctx, { KEY: f.KEY }, at + 12, cy, CHIP, labels);
  });
  row(labels.power, (x, cy) => drawBowls(ctx, f, x, cy));
  if (data.pickColor) {
    // The colour a Fire & Ice faction picked decides where it builds and what terraforming costs it,
    // and its pieces (ice, volcano) do not show it: the board names it.
    const locked = !!data.lockedTerrain;
    row(locked ? labels.buildsOn : labels.landColour, (x, cy) => {
      const at = drawTerrains(ctx, landColours(f, locked), x, cy, labels);
      if (locked) text(ctx, fill(labels.priestLimit, { n: f.maxP }), at + 4, cy, quiet);
    });
  }
  row(labels.shipping, (x, cy) => text(ctx, String(f.ship), x + 4, cy, { size: 22, weight: 700 }));
  if (data.volcano) {
    const cost = data.volcano;
    row(labels.volcano, (x, cy) =>
      fittedText(
        ctx,
        fill(labels.volcanoCost[cost.pay], { n: cost.notHome, home: cost.home }),
        x + 4,
        cy,
        BOARD_WIDTH - PAD - x - 4,
        { ...quiet, minSize: 12 },
      ),
    );
  } else row(labels.digging, (x, cy) => drawDigging(ctx, faction, f, x, cy, labels));
  const becomes = spadeBecomes(faction);
  if (becomes)
    row(labels.spade, (x, cy) => {
      drawChip(ctx, 'SPADE', 1, x, cy, CHIP, labels);
      const at = x + CHIP + 4;
      drawAmounts(ctx, becomes, at + drawArrow(ctx, at, cy) + 4, cy, CHIP, labels);
    });
  if (cheaper)
    row(labels.powerActions, (x, cy) => {
      // The Yetis' terms for the shared power actions, which the round panel shows at their usual price.
      const terms = [
        ...(data.powerActionDiscount ? [fill(labels.powerActionDiscount, { n: data.powerActionDiscount })] : []),
        ...(data.reusePowerActions
          ? [
              f.buildings[data.reusePowerActions.needs] > 0
                ? labels.powerActionReuse
                : fill(labels.powerActionReuseAfter, { building: labels.buildings[data.reusePowerActions.needs] }),
            ]
          : []),
      ];
      fittedText(ctx, terms.join(' · '), x + 4, cy, BOARD_WIDTH - PAD - x - 4, { ...quiet, minSize: 12 });
    });
  if (passBonus)
    row(labels.onPassing, (x, cy) => {
      // The Ice Maidens' temples score on every pass once their stronghold stands.
      const terms = { vp: passBonus.vp, building: labels.buildings[passBonus.building] };
      const words =
        f.buildings[passBonus.needs] > 0
          ? fill(labels.passVpPer, terms)
          : fill(labels.passVpPerAfter, { ...terms, needs: labels.buildings[passBonus.needs] });
      fittedText(ctx, words, x + 4, cy, BOARD_WIDTH - PAD - x - 4, { ...quiet, minSize: 12 });
    });
  row(labels.buildingsLeft, (x, cy) => drawBuildingsLeft(ctx, f, x, cy, colour));
  if (showsIncome(state))
    row(labels.income, (x, cy) => drawAmounts(ctx, nextIncome(state, faction), x, cy, CHIP, labels));
  actions.forEach((id, i) =>
    row(i === 0 ? labels.strongholdActions : '', (x, cy) => drawHeldAction(ctx, id, x, cy, state, faction, labels)),
  );
  tiles.forEach((tile, i) => row(i === 0 ? labels.tiles : '', (x, cy) => drawTile(ctx, tile, x, cy, labels)));
  if (showsProjection(state)) drawProjection(ctx, state, faction, labels, PAD, y + 4);
  return toPng(canvas);
}

function heldTiles(f: FactionState): string[] {
  const order = (id: string) => (isBonusTile(id) ? 0 : isFavorTile(id) ? 1 : 2);
  return Object.entries(f.tiles)
    .filter(([id, n]) => n > 0 && (isBonusTile(id) || isFavorTile(id) || isTownTile(id)))
    .flatMap(([id, n]) => Array.from({ length: n }, () => id))
    .sort((a, b) => order(a) - order(b) || a.localeCompare(b, 'en', { numeric: true }));
}

function drawTile(ctx: Ctx, id: string, x: number, cy: number, labels: RenderLabels): void {
  text(ctx, id, x, cy, { size: 15, weight: 600, color: PALETTE.quietInk });
  const at = x + 64;
  if (isBonusTile(id)) drawAmounts(ctx, BONUS_TILES[id].income, at, cy, CHIP - 4, labels);
  else if (isFavorTile(id)) drawFavor(ctx, id as FavorTileId, at, cy, CHIP - 4, labels);
  else if (isTownTile(id)) drawAmounts(ctx, TOWN_TILES[id].gain, at, cy, CHIP - 4, labels);
}

/** Bowls I, II, III as purple tokens with their counts. */
function drawBowls(ctx: Ctx, f: FactionState, x: number, cy: number): void {
  [f.P1, f.P2, f.P3].forEach((n, i) => {
    const cx = x + 26 + i * 86;
    ctx.beginPath();
    ctx.arc(cx, cy, 22, 0, Math.PI * 2);
    ctx.fillStyle = i === 2 ? PALETTE.power : '#d9c6e6';
    ctx.fill();
    text(ctx, String(n), cx, cy + 1, {
      size: 20,
      weight: 700,
      color: i === 2 ? PALETTE.halo : PALETTE.ink,
      align: 'center',
    });
    text(ctx, ['I', 'II', 'III'][i]!, cx + 28, cy, { size: 14, weight: 600, color: PALETTE.quietInk });
  });
}

const quiet = { size: 17, weight: 600, color: PALETTE.quietInk } as const;

/**
 * The land colours to name: the terrains a faction that unlocks them builds on (its own first), the
 * land colour an ice or volcano faction picked, or the colour a shapeshifter has now. Empty before the pick.
 */
function landColours(f: FactionState, locked: boolean): HexTerrain[] {
  const picked = locked ? [f.color, ...f.unlockedTerrain] : [f.secondaryColor ?? f.color];
  return picked.filter((t): t is HexTerrain => !!t && isTerrain(t));
}

/** Swatches with the terrain's symbol, named while the names fit; returns where the row ends. */
function drawTerrains(ctx: Ctx, terrains: readonly HexTerrain[], x: number, cy: number, labels: RenderLabels): number {
  if (!terrains.length) return x + text(ctx, labels.notPicked, x + 4, cy, quiet) + 4;
  const named = terrains.length <= 3;
  let at = x;
  for (const t of terrains) {
    ctx.beginPath();
    ctx.arc(at + 16, cy, 16, 0, Math.PI * 2);
    ctx.fillStyle = TERRAIN_FILL[t];
    ctx.fill();
    ctx.strokeStyle = PALETTE.quietInk;
    ctx.lineWidth = 1;
    ctx.stroke();
    drawTerrainSymbol(ctx, t, { x: at + 16, y: cy }, 16, PALETTE.ink);
    at += 38;
    if (named) at += text(ctx, labels.terrains[t], at, cy, { size: 17, weight: 600 }) + 18;
  }
  return at + 8;
}

/** Digging: the level, and what a spade costs there (a board whose digging never improves shows only the cost). */
function drawDigging(ctx: Ctx, faction: FactionId, f: FactionState, x: number, cy: number, labels: RenderLabels): void {
  const dig = FACTIONS[faction].dig;
  const cost = dig.spadeCost[Math.min(f.dig, dig.spadeCost.length - 1)];
  if (!cost) {
    text(ctx, labels.noSpades, x + 4, cy, quiet);
    return;
  }
  const at = dig.max > 0 ? x + 4 + text(ctx, String(f.dig), x + 4, cy, { size: 22, weight: 700 }) + 24 : x;
  const w = drawAmounts(ctx, cost, at, cy, CHIP - 4, labels);
  text(ctx, labels.perSpade, at + w + 4, cy, quiet);
}

/** What a spade turns into for a faction that never keeps one (the volcano factions), from its data. */
function spadeBecomes(faction: FactionId): Amounts | null {
  const on = FACTIONS[faction].special?.on.SPADE;
  if (!on || (on.SPADE ?? 0) >= 0) return null;
  const { SPADE: _lost, ...rest } = on;
  return rest;
}

type FactionActionId = keyof typeof FACTION_ACTIONS;
const isFactionAction = (id: string): id is FactionActionId => id in FACTION_ACTIONS;

function heldActions(f: FactionState): FactionActionId[] {
  return Object.keys(f.tiles)
    .filter((id): id is FactionActionId => isFactionAction(id) && f.tiles[id]! > 0)
    .sort();
}

/** A stronghold action drawn like the power actions (cost, then what it gives), and whether it is spent this round. */
function drawHeldAction(
  ctx: Ctx,
  id: FactionActionId,
  x: number,
  cy: number,
  state: GameState,
  faction: FactionId,
  labels: RenderLabels,
): void {
  const def = FACTION_ACTIONS[id];
  text(ctx, id, x, cy, { size: 15, weight: 600, color: PALETTE.quietInk });
  const gain = Object.fromEntries(Object.entries(def.gain).filter(([k]) => !HIDDEN_GAINS.has(k))) as Amounts;
  const at = x + 64 + drawAction(ctx, { cost: def.cost, gain }, x + 64, cy, CHIP - 4, labels);
  if (actionUsed(state, faction, id)) text(ctx, labels.used, at + 12, cy, quiet);
}

/** Conditions of an action rather than things gained: the chips would only repeat the action's id. */
const HIDDEN_GAINS = new Set(['CULTS_ON_SAME_TRACK', 'TF_NEED_HEX_ADJACENCY', 'TELEPORT_NO_TF']);

function drawBuildingsLeft(ctx: Ctx, f: FactionState, x: number, cy: number, colour: string): void {
  let at = x;
  for (const b of BUILDINGS) {
    at += drawBuildingIcon(ctx, b, at, cy, 34, colour) + 4;
    at += text(ctx, `${BUILDING_COUNT[b] - f.buildings[b]}`, at, cy + 1, { size: 20, weight: 700 }) + 18;
  }
}

function drawProjection(
  ctx: Ctx,
  state: GameState,
  faction: FactionId,
  labels: RenderLabels,
  x: number,
  y: number,
): void {
  const p = projectFinalScore(state, faction);
  ctx.fillStyle = PALETTE.rule;
  ctx.fillRect(x, y - 8, BOARD_WIDTH - 2 * x, 2);
  text(ctx, fill(labels.projected, { n: p.total }), x, y + 18, { size: 22, weight: 700, color: PALETTE.vp });
  const parts = fill(labels.projectedParts, { ...p });
  const finalTile = state.finalScoring.length ? ` · ${fill(labels.projectedFinalTile, { n: p.finalTile })}` : '';
  text(ctx, parts + finalTile, x, y + 48, { size: 16, color: PALETTE.quietInk });
}
