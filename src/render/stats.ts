// A picture of finished games' figures: a title, a row of headline numbers, then tables (by faction, by
// map, best scores…) whose rows carry a bar for their main figure. Every word comes from the caller in the
// reader's language; the picture only lays them out, each faction in its home colour.
import { FACTIONS, type FactionId, isFactionId } from '../engine/index.ts';
import { fittedText, newCanvas, text, toPng } from './canvas.ts';
import { FACTION_FILL, PALETTE, tint } from './theme.ts';

export interface StatsTableRow {
  readonly label: string;
  /** Coloured by this faction's home terrain. */
  readonly faction?: FactionId | string;
  readonly cells: readonly string[];
  /** The row's bar, 0 to 1 of the table's widest. */
  readonly bar: number;
}

export interface StatsTable {
  readonly heading: string;
  /** The cells' column headings. */
  readonly columns: readonly string[];
  readonly rows: readonly StatsTableRow[];
}

export interface StatsPicture {
  readonly title: string;
  readonly subtitle: string;
  readonly headline: readonly { readonly label: string; readonly value: string }[];
  readonly tables: readonly StatsTable[];
}

const WIDTH = 1000;
const MARGIN = 36;
const ROW = 34;
const LABEL_WIDTH = 230;
const BAR_WIDTH = 200;
const CELL_WIDTH = 96;
/** The most cells a row has; a table with fewer gives the room they leave to its labels. */
const MAX_CELLS = 5;

function swatch(faction: string | undefined): string | null {
  if (!faction || !isFactionId(faction)) return null;
  const color = FACTIONS[faction].color;
  return color in FACTION_FILL ? FACTION_FILL[color as keyof typeof FACTION_FILL] : PALETTE.quietInk;
}

export async function renderStats(picture: StatsPicture): Promise<Buffer> {
  const tableHeight = (t: StatsTable) => 44 + ROW * Math.max(1, t.rows.length) + 24;
  const height = 150 + picture.tables.reduce((a, t) => a + tableHeight(t), 0) + MARGIN;
  const { canvas, ctx } = newCanvas(WIDTH, height);
  fittedText(ctx, picture.title, MARGIN, 38, WIDTH - 2 * MARGIN, { size: 28, weight: 700 });
  text(ctx, picture.subtitle, MARGIN, 72, { size: 16, color: PALETTE.quietInk });

  const tileWidth = (WIDTH - 2 * MARGIN - (picture.headline.length - 1) * 12) / Math.max(1, picture.headline.length);
  picture.headline.forEach((h, i) => {
    const x = MARGIN + i * (tileWidth + 12);
    ctx.fillStyle = PALETTE.panel;
    ctx.fillRect(x, 92, tileWidth, 46);
    text(ctx, h.value, x + 12, 107, { size: 20, weight: 700, color: PALETTE.vp });
    fittedText(ctx, h.label, x + 12, 128, tileWidth - 20, { size: 13, color: PALETTE.quietInk });
  });

  let y = 160;
  for (const table of picture.tables) {
    text(ctx, table.heading, MARGIN, y + 12, { size: 19, weight: 700 });
    // The cells keep to the right edge; labels such as "Fakirs · Original (base game)" take the room left.
    const labelWidth = LABEL_WIDTH + Math.max(0, MAX_CELLS - table.columns.length) * CELL_WIDTH;
    const cellsX = MARGIN + labelWidth + BAR_WIDTH + 20;
    table.columns.forEach((c, i) =>
      fittedText(ctx, c, cellsX + (i + 1) * CELL_WIDTH - 8, y + 34, CELL_WIDTH - 12, {
        size: 13,
        weight: 600,
        color: PALETTE.quietInk,
        align: 'right',
      }),
    );
    y += 44;
    table.rows.forEach((row, i) => {
      const rowY = y + i * ROW;
      if (i % 2 === 0) {
        ctx.fillStyle = PALETTE.panel;
        ctx.fillRect(MARGIN - 8, rowY, WIDTH - 2 * MARGIN + 16, ROW);
      }
      const colour = swatch(row.faction);
      let labelX = MARGIN;
      if (colour) {
        ctx.fillStyle = PALETTE.ink;
        ctx.fillRect(labelX, rowY + 8, 18, 18);
        ctx.fillStyle = colour;
        ctx.fillRect(labelX + 2, rowY + 10, 14, 14);
        labelX += 28;
      }
      fittedText(ctx, row.label, labelX, rowY + ROW / 2, labelWidth - (labelX - MARGIN) - 8, {
        size: 16,
        weight: 600,
      });
      // A thin dark edge: the Ice Maidens' white bar must read on the pale rows.
      const barWidth = Math.max(2, BAR_WIDTH * Math.min(1, row.bar));
      ctx.fillStyle = PALETTE.quietInk;
      ctx.fillRect(MARGIN + labelWidth - 1, rowY + 8, barWidth + 2, ROW - 16);
      ctx.fillStyle = colour ? tint(colour, 0.25) : tint(PALETTE.vp, 0.3);
      ctx.fillRect(MARGIN + labelWidth, rowY + 9, barWidth, ROW - 18);
      row.cells.forEach((cell, c) =>
        text(ctx, cell, cellsX + (c + 1) * CELL_WIDTH - 8, rowY + ROW / 2, { size: 16, align: 'right' }),
      );
    });
    y += ROW * Math.max(1, table.rows.length) + 24;
  }
  return toPng(canvas);
}
