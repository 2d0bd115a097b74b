import { describe, expect, it } from 'vitest';
import { fittedText, newCanvas } from './canvas.ts';

/** The columns of a canvas where anything but the background was painted. */
function inkedColumns(draw: (ctx: ReturnType<typeof newCanvas>['ctx']) => number): { used: number; right: number } {
  const { canvas, ctx } = newCanvas(400, 80, '#ffffff');
  const used = draw(ctx);
  const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
  let right = 0;
  for (let x = 0; x < canvas.width; x++)
    for (let y = 0; y < canvas.height; y++) {
      const i = (y * canvas.width + x) * 4;
      if (data[i]! < 200) right = x;
    }
  return { used, right };
}

describe('text fitted to its place', () => {
  it('keeps a long faction name inside its slot, on two lines if need be', () => {
    const { used, right } = inkedColumns((ctx) =>
      fittedText(ctx, 'Moradores de la Oscuridad', 10, 40, 150, { size: 21, weight: 600, minSize: 13 }),
    );
    expect(used).toBeLessThanOrEqual(150);
    expect(right).toBeLessThanOrEqual(10 + 150);
  });

  it('leaves a name that fits as it is', () => {
    const { used } = inkedColumns((ctx) => fittedText(ctx, 'Sirenas', 10, 40, 150, { size: 21, weight: 600 }));
    expect(used).toBeGreaterThan(40);
    expect(used).toBeLessThan(150);
  });

  it('cuts a single word that cannot fit even at the smallest size', () => {
    const { right } = inkedColumns((ctx) =>
      fittedText(ctx, 'Supercalifragilisticexpialidocious', 10, 40, 80, { size: 21, minSize: 12 }),
    );
    expect(right).toBeLessThanOrEqual(10 + 80);
  });
});

describe('canvases reused', () => {
  it('start as new ones: background only, default state, no path left from the last drawing', () => {
    const first = newCanvas(60, 60, '#ffffff');
    first.ctx.globalAlpha = 0.3;
    first.ctx.translate(20, 20);
    first.ctx.fillStyle = '#ff0000';
    first.ctx.beginPath();
    first.ctx.rect(30, 30, 20, 20);
    const again = newCanvas(60, 60, '#ffffff');
    expect(again.canvas).toBe(first.canvas);
    again.ctx.fillStyle = '#000000';
    again.ctx.fillRect(0, 0, 10, 10);
    again.ctx.fill();
    const pixel = (x: number, y: number) => [...again.ctx.getImageData(x, y, 1, 1).data];
    // Black at full strength where drawn, no shift; white where the old path was.
    expect(pixel(5, 5)).toEqual([0, 0, 0, 255]);
    expect(pixel(25, 25)).toEqual([255, 255, 255, 255]);
    expect(pixel(55, 55)).toEqual([255, 255, 255, 255]);
  });
});
