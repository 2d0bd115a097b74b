import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it, vi } from 'vitest';
import { boardOf, type FactionId, type GameState, type OptionId } from '../engine/index.ts';
import { selfPlay } from '../selfplay/game.ts';
import { BOARD_HEADER, renderPlayerBoard } from './board.ts';
import { EN_LABELS } from './labels.ts';
import { buildingAnchor, hexFillPoint, landBadgeCentre, mapFrame, mapLegendSlot } from './layout.ts';
import { renderMap } from './map.ts';
import { decodePng, isColour, type Decoded } from './pixels.ts';
import { factionFill, PALETTE, TERRAIN_FILL } from './theme.ts';

const FIRE_AND_ICE: OptionId[] = [
  'fire-and-ice-factions/ice',
  'fire-and-ice-factions/volcano',
  'fire-and-ice-factions/variable_v5',
];

// Whole self-played games (the same seed plays the same game): the six factions with the colours they
// picked and, for the shapeshifters, the colour they changed to with their stronghold.
const play = (seed: string, factions: FactionId[], map?: string): GameState =>
  selfPlay({ seed, players: 3, factions, options: FIRE_AND_ICE, ...(map ? { map } : {}) }).state;
const icy = play('b1', ['icemaidens', 'acolytes', 'riverwalkers']);
const fiery = play('b2', ['yetis', 'dragonlords', 'shapeshifters'], '95a66999127893f5925a5f591d54f8bcb9a670e6');

/** The words a board draws, read off the canvas' fillText calls. */
async function wordsOn(
  state: GameState,
  faction: FactionId,
  player?: string,
): Promise<{ words: string[]; image: Decoded }> {
  const drawn = vi.spyOn(Object.getPrototypeOf(createCanvas(1, 1).getContext('2d')), 'fillText');
  try {
    const image = await decodePng(await renderPlayerBoard(state, faction, player ? { player } : {}));
    return { words: drawn.mock.calls.map((c) => String(c[0])), image };
  } finally {
    drawn.mockRestore();
  }
}

function countColour(image: Decoded, colour: string): number {
  let n = 0;
  for (let y = 0; y < image.height; y++)
    for (let x = 0; x < image.width; x++) if (isColour(image.rgbAt({ x, y }), colour, 0)) n++;
  return n;
}

describe('Fire & Ice faction boards', () => {
  it("name the player, and edge the Ice Maidens' white header so it shows on the panel", async () => {
    const { words, image } = await wordsOn(icy, 'icemaidens', 'erin');
    expect(words.some((w) => w.startsWith('erin · '))).toBe(true);
    expect(isColour(image.rgbAt({ x: 10, y: 10 }), factionFill(icy, 'icemaidens'))).toBe(true);
    expect(isColour(image.rgbAt({ x: 10, y: BOARD_HEADER - 1 }), PALETTE.quietInk)).toBe(true);
  });

  it.each([
    ['icemaidens', icy],
    ['acolytes', icy],
    ['yetis', fiery],
    ['dragonlords', fiery],
  ] as const)('%s: names the land colour they picked and shows it as a swatch', async (faction, state) => {
    const picked = state.factions[faction]!.secondaryColor!;
    expect(picked).toBeTruthy();
    const { words, image } = await wordsOn(state, faction);
    expect(words).toContain(EN_LABELS.landColour);
    expect(words).toContain(EN_LABELS.terrains[picked]);
    expect(countColour(image, TERRAIN_FILL[picked])).toBeGreaterThan(300);
  });

  it('the volcano factions show what a volcano costs them and what a spade becomes', async () => {
    const acolytes = (await wordsOn(icy, 'acolytes')).words;
    const dragonlords = (await wordsOn(fiery, 'dragonlords')).words;
    expect(acolytes).toContain('cult steps back on one track: 3 (4 on another faction’s home)');
    expect(dragonlords).toContain('power tokens out of the game: 1 (2 on another faction’s home)');
    for (const words of [acolytes, dragonlords]) {
      expect(words).toContain(EN_LABELS.spade);
      expect(words).not.toContain(EN_LABELS.digging);
    }
    expect(dragonlords).toContain(EN_LABELS.short.P1);
  });

  it('the riverwalkers name every terrain they build on, their own first', async () => {
    const f = icy.factions.riverwalkers!;
    expect(f.unlockedTerrain.length).toBeGreaterThan(0);
    const { words } = await wordsOn(icy, 'riverwalkers');
    const named = words.filter((w) => Object.values(EN_LABELS.terrains).includes(w));
    expect(named).toEqual([f.color, ...f.unlockedTerrain].map((t) => EN_LABELS.terrains[t!]));
    expect(words).toContain(EN_LABELS.noSpades);
  });

  it('the shapeshifters show the colour they have now and their two colour-changing actions', async () => {
    const f = fiery.factions.shapeshifters!;
    expect(f.buildings.SH).toBe(1);
    const { words, image } = await wordsOn(fiery, 'shapeshifters');
    expect(words).toContain(EN_LABELS.terrains[f.color!]);
    expect(words).toEqual(expect.arrayContaining(['ACTH5', 'ACTH6', EN_LABELS.short.PICK_COLOR]));
    expect(countColour(image, TERRAIN_FILL[f.color!])).toBeGreaterThan(300);
  });

  it('the yetis show their terms for the power actions, which the round panel prices as usual', async () => {
    const { words } = await wordsOn(fiery, 'yetis');
    const reuse = fiery.factions.yetis!.buildings.SH ? 'may be taken again when already used' : 'with their SH:';
    expect(words.some((w) => w.startsWith('1 power less each · ') && w.includes(reuse))).toBe(true);
    expect((await wordsOn(fiery, 'dragonlords')).words.some((w) => w.includes('power less'))).toBe(false);
  });

  it('says the colour is not picked yet before the pick', async () => {
    const state = structuredClone(icy);
    state.factions.icemaidens!.secondaryColor = null;
    const { words } = await wordsOn(state, 'icemaidens');
    expect(words).toContain(EN_LABELS.notPicked);
  });
});

describe('the Ice Maidens’ pass bonus', () => {
  it('is on their board: 3 VP per temple on passing, said to need their stronghold until it stands', async () => {
    const withSh = structuredClone(icy);
    withSh.factions.icemaidens!.buildings.SH = 1;
    const before = structuredClone(icy);
    before.factions.icemaidens!.buildings.SH = 0;
    expect((await wordsOn(withSh, 'icemaidens')).words).toEqual(expect.arrayContaining(['On passing', '3 VP per TE']));
    expect((await wordsOn(before, 'icemaidens')).words).toContain('with their SH: 3 VP per TE');
    expect((await wordsOn(icy, 'acolytes')).words).not.toContain('On passing');
  });
});

describe('Fire & Ice maps', () => {
  it.each([
    ['Original', icy],
    ['Fire & Ice side 1', fiery],
  ])('%s: ice and volcano hexes in their fill and every building in its owner’s current colour', async (_, state) => {
    const board = boardOf(state.map);
    const image = await decodePng(await renderMap(state));
    const frame = mapFrame(board.hexes.values());
    expect([image.width, image.height]).toEqual([frame.width, frame.height]);
    const centre = (id: string) => {
      const h = board.hexes.get(id)!;
      return frame.centre(h.row, h.col);
    };
    const hexes = Object.entries(state.hexes).filter(([id]) => board.hexes.has(id) && !id.startsWith('r'));
    const built = hexes.filter(([, h]) => h.building);
    const frozenOrBurnt = hexes.filter(([, h]) => !h.building && (h.terrain === 'ice' || h.terrain === 'volcano'));
    expect(built.some(([, h]) => ['ice', 'volcano'].includes(h.terrain!))).toBe(true);
    for (const [id, h] of built)
      expect(isColour(image.rgbAt(buildingAnchor(centre(id))), factionFill(state, h.owner!)), id).toBe(true);
    for (const [id, h] of frozenOrBurnt)
      expect(isColour(image.rgbAt(hexFillPoint(centre(id))), TERRAIN_FILL[h.terrain!]), id).toBe(true);
  });

  it.each([
    ['Original', icy],
    ['Fire & Ice side 1', fiery],
  ])('%s: the legend shows the land colour an ice or volcano faction picked beside its dwelling', async (_, state) => {
    const frame = mapFrame(boardOf(state.map).hexes.values());
    const image = await decodePng(await renderMap(state));
    const badges = state.factionOrder.map((id, i) => ({
      id,
      at: landBadgeCentre(mapLegendSlot(frame, i, state.factionOrder.length)),
      picked: ['ice', 'volcano'].includes(state.factions[id]!.color!) ? state.factions[id]!.secondaryColor : null,
    }));
    expect(badges.filter((b) => b.picked).length).toBe(2);
    for (const { id, at, picked } of badges)
      if (picked) expect(isColour(image.rgbAt(at), TERRAIN_FILL[picked]), id).toBe(true);
      // The others' pieces are their land colour: no land swatch there.
      else for (const land of Object.values(TERRAIN_FILL)) expect(isColour(image.rgbAt(at), land), id).toBe(false);
  });
});
