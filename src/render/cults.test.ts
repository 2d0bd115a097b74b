import { describe, expect, it } from 'vitest';
import { fixturePath } from '../../test/corpus.ts';
import { CULTS } from '../engine/index.ts';
import { cultBoardSize, CULT_GEOMETRY, cultMarkerCentre, priestSlotCentre } from './layout.ts';
import { renderCults } from './cults.ts';
import { decodePng, isColour } from './pixels.ts';
import { corpusPosition } from './testing.ts';
import { factionFill } from './theme.ts';

const GAME = fixturePath('4pLeague_S60_D1L1_G1.txt');

describe('renderCults', () => {
  const state = corpusPosition(GAME);

  it('is a PNG of the layout size', async () => {
    const png = await renderCults(state);
    const image = await decodePng(png);
    const size = cultBoardSize();
    expect([image.width, image.height]).toEqual([size.width, size.height]);
    expect(png.length).toBeLessThan(250_000);
  });

  it("draws each faction's marker at its level, side by side when levels are shared", async () => {
    const image = await decodePng(await renderCults(state));
    const factions = state.factionOrder;
    let shared = 0;
    CULTS.forEach((cult, i) => {
      for (const id of factions) {
        const level = state.factions[id]!.cults[cult];
        const together = factions.filter((o) => state.factions[o]!.cults[cult] === level);
        if (together.length > 1) shared++;
        const at = cultMarkerCentre(i, level, together.indexOf(id), together.length);
        expect(isColour(image.rgbAt(at), factionFill(state, id)), `${id} ${cult} ${level}`).toBe(true);
        // Nobody else's colour where this faction would stand one level higher.
        if (level < 10 && !factions.some((o) => state.factions[o]!.cults[cult] === level + 1)) {
          expect(isColour(image.rgbAt(cultMarkerCentre(i, level + 1, 0, 1)), factionFill(state, id))).toBe(false);
        }
      }
    });
    expect(shared).toBeGreaterThan(0);
  });

  it('shows who occupies the priest slots', async () => {
    const image = await decodePng(await renderCults(state));
    let occupied = 0;
    CULTS.forEach((cult, i) => {
      state.cultSlots[cult].forEach((who, slot) => {
        if (!who) return;
        occupied++;
        const c = priestSlotCentre(i, slot);
        expect(
          isColour(image.rgbAt({ x: c.x, y: c.y + CULT_GEOMETRY.slotSize * 0.25 }), factionFill(state, who)),
          `${cult} ${slot}`,
        ).toBe(true);
      });
    });
    expect(occupied).toBeGreaterThan(4);
  });
});
