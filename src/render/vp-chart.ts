// The end-of-game chart: every faction's victory points after every row of the log, one line each in the
// faction's colour, the rounds marked as bands along the bottom, and the final scores in a legend.
import type { FactionId, GameState } from '../engine/index.ts';
import { fittedText, newCanvas, text, toPng } from './canvas.ts';
import { fill, type RenderLabels } from './labels.ts';
import { factionFill, PALETTE, tint } from './theme.ts';

/**
 * VP after each row of a finished game's log (index 0: after the first), with the round it was played in;
 * the last row brings the final scoring, drawn in a band of its own.
 */
export interface VpChartData {
  readonly factions: readonly FactionId[];
  readonly points: readonly { readonly round: number; readonly vp: Partial<Record<FactionId, number>> }[];
}

const WIDTH = 1100;
const HEIGHT = 620;
const PLOT = { left: 70, top: 70, right: WIDTH - 260, bottom: HEIGHT - 60 } as const;

/** A step of 10, 20, 25 or 50 VP that gives four to eight grid lines up to `max`. */
function gridStep(max: number): number {
  return [10, 20, 25, 50, 100].find((s) => max / s <= 8) ?? 100;
}

export async function renderVpChart(state: GameState, data: VpChartData, labels: RenderLabels): Promise<Buffer> {
  const { canvas, ctx } = newCanvas(WIDTH, HEIGHT);
  const last = data.points.length - 1;
  const max = Math.max(20, ...data.points.flatMap((p) => data.factions.map((f) => p.vp[f] ?? 0)));
  const step = gridStep(max);
  const top = Math.ceil(max / step) * step;
  // The last row scores the cults, the network and the resources at once: it gets a band, not a cliff.
  const finalBand = 110;
  const playEnd = PLOT.right - finalBand;
  const x = (row: number) =>
    row >= last ? PLOT.right : PLOT.left + ((playEnd - PLOT.left) * row) / Math.max(1, last - 1);
  const y = (vp: number) => PLOT.bottom - ((PLOT.bottom - PLOT.top) * vp) / top;

  text(ctx, labels.vpChart, PLOT.left, 34, { size: 26, weight: 700 });
  ctx.fillStyle = PALETTE.panel;
  ctx.fillRect(PLOT.left, PLOT.top, PLOT.right - PLOT.left, PLOT.bottom - PLOT.top);

  // Rounds: a band each, every other one shaded, named below the plot; then the final scoring's.
  const band = (x0: number, x1: number, name: string, shade: string | null) => {
    if (shade) {
      ctx.fillStyle = shade;
      ctx.fillRect(x0, PLOT.top, x1 - x0, PLOT.bottom - PLOT.top);
    }
    if (x1 - x0 > 40)
      text(ctx, name, (x0 + x1) / 2, PLOT.bottom + 20, { size: 15, color: PALETTE.quietInk, align: 'center' });
  };
  for (let first = 0; first < last;) {
    const round = data.points[first]!.round;
    let end = first;
    while (end + 1 < last && data.points[end + 1]!.round === round) end++;
    const name = round === 0 ? labels.setup : fill(labels.round, { n: round });
    band(x(first), end + 1 < last ? x(end + 1) : playEnd, name, round % 2 === 1 ? tint(PALETTE.rule, 0.55) : null);
    first = end + 1;
  }
  band(playEnd, PLOT.right, labels.finalScoring, tint(PALETTE.vp, 0.85));

  ctx.strokeStyle = PALETTE.rule;
  ctx.lineWidth = 1;
  for (let vp = 0; vp <= top; vp += step) {
    ctx.beginPath();
    ctx.moveTo(PLOT.left, Math.round(y(vp)) + 0.5);
    ctx.lineTo(PLOT.right, Math.round(y(vp)) + 0.5);
    ctx.stroke();
    text(ctx, String(vp), PLOT.left - 10, y(vp), { size: 14, color: PALETTE.quietInk, align: 'right' });
  }
  text(ctx, labels.vp, PLOT.left - 10, PLOT.top - 18, {
    size: 14,
    weight: 600,
    color: PALETTE.quietInk,
    align: 'right',
  });

  const final = (f: FactionId) => data.points.at(-1)?.vp[f] ?? 0;
  // The leader last, so its line is on top.
  const order = [...data.factions].sort((a, b) => final(a) - final(b));
  for (const f of order) {
    // From the row the faction was picked in.
    const path = () => {
      ctx.beginPath();
      let started = false;
      data.points.forEach((p, i) => {
        const vp = p.vp[f];
        if (vp === undefined) return;
        if (started) ctx.lineTo(x(i), y(vp));
        else ctx.moveTo(x(i), y(vp));
        started = true;
      });
    };
    ctx.lineJoin = 'round';
    // A dark edge under every line: ice white and yellow must read on the pale background.
    ctx.strokeStyle = PALETTE.ink;
    ctx.lineWidth = 6;
    path();
    ctx.stroke();
    ctx.strokeStyle = factionFill(state, f);
    ctx.lineWidth = 3.5;
    path();
    ctx.stroke();
  }

  // The legend: final scores, highest first; a faction that left the game says so, in quiet ink.
  const legendX = PLOT.right + 30;
  const scoreX = WIDTH - 24;
  text(ctx, labels.finished, legendX, PLOT.top + 6, { size: 18, weight: 700 });
  [...order].reverse().forEach((f, i) => {
    const rowY = PLOT.top + 46 + i * 40;
    ctx.fillStyle = PALETTE.ink;
    ctx.fillRect(legendX - 1, rowY - 12, 30, 24);
    ctx.fillStyle = factionFill(state, f);
    ctx.fillRect(legendX + 1, rowY - 10, 26, 20);
    const left = state.factions[f]?.dropped === true;
    const colour = left ? PALETTE.quietInk : PALETTE.ink;
    const scoreWidth = text(ctx, String(final(f)), scoreX, rowY, {
      size: 17,
      weight: 700,
      align: 'right',
      color: colour,
    });
    // Long names ("Fanciulle del Ghiaccio") shrink or take two lines rather than run into the score.
    const name = left ? fill(labels.leftGame, { faction: labels.factions[f] }) : labels.factions[f];
    fittedText(ctx, name, legendX + 40, rowY, scoreX - scoreWidth - 10 - (legendX + 40), {
      size: 17,
      weight: 600,
      color: colour,
      minSize: 11,
    });
  });
  return toPng(canvas);
}
