import { AttachmentBuilder } from 'discord.js';
import {
  type FactionId,
  type FinalScoringId,
  type Footprint,
  type GameState,
  type HexId,
  type HexTerrain,
  FACTIONS,
  FINAL_SCORING_TILES,
  LANDSCAPE_IDS,
  type LandscapeId,
  TERRAIN_NAMES,
  footprintOf,
} from '../engine/index.ts';
import { CATALOGUES, t, type BotLocale } from '../i18n/index.ts';
import type { renderEn } from '../i18n/parts/render-en.ts';
import {
  RenderPool,
  renderStats,
  type Picture,
  type RenderLabels,
  type RenderPoolOptions,
  type StatsPicture,
  type VpChartData,
} from '../render/index.ts';
import { log } from '../log.ts';
import { parseLine } from '../notation/parse.ts';
import { factionName } from './present/names.ts';
import { finalScoringName } from './present/tiles.ts';

const labelsCache = new Map<BotLocale, RenderLabels>();

/** One render thread and a short queue unless configured (RENDER_THREADS, RENDER_QUEUE). */
export const DEFAULT_RENDERING: RenderPoolOptions = { threads: 1, queue: 4 };

let pool: RenderPool | null = null;
/** Told how long each post's pictures took to draw (the metrics). */
let drawn: ((pictures: readonly Picture[], seconds: number) => void) | undefined;

/**
 * The process's render threads; the entry point sets their number and queue from the configuration, and
 * who is told how long each post's pictures took.
 */
export function configureRendering(
  options: RenderPoolOptions,
  onDrawn?: (pictures: readonly Picture[], seconds: number) => void,
): RenderPool {
  drawn = onDrawn;
  void pool?.close();
  pool = new RenderPool({
    ...options,
    onUnusable: (error) => log.error({ err: error }, 'render thread unusable: pictures are drawn on the main thread'),
  });
  return pool;
}

export function renderPool(): RenderPool {
  return pool ?? configureRendering(DEFAULT_RENDERING);
}

async function draw(
  state: GameState,
  locale: BotLocale,
  pictures: readonly Picture[],
  ai: readonly FactionId[],
): Promise<Buffer[]> {
  const started = performance.now();
  const pngs = await renderPool().render(state, withAiMarks(renderLabels(locale), locale, ai), pictures);
  drawn?.(pictures, (performance.now() - started) / 1000);
  return pngs;
}

/**
 * The labels with the factions the AI plays marked as the AI's wherever a picture names them ("Witches · AI"):
 * a copy, so the cached labels of the language stay as they are.
 */
export function withAiMarks(labels: RenderLabels, locale: BotLocale, ai: readonly FactionId[]): RenderLabels {
  if (ai.length === 0) return labels;
  const factions = { ...labels.factions };
  for (const f of ai) factions[f] = `${factions[f]} · ${t(locale, 'render.ai')}`;
  return { ...labels, factions };
}

/** Words drawn into the images, in the game's language. */
export function renderLabels(locale: BotLocale): RenderLabels {
  let labels = labelsCache.get(locale);
  if (!labels) {
    // Read raw, not through t(): the renderer fills the `{n}`-style placeholders itself.
    const l = (key: keyof typeof renderEn): string => CATALOGUES[locale][key];
    labels = {
      factions: Object.fromEntries(Object.keys(FACTIONS).map((f) => [f, factionName(locale, f)])) as Record<
        FactionId,
        string
      >,
      cults: {
        FIRE: t(locale, 'term.cult.fire'),
        WATER: t(locale, 'term.cult.water'),
        EARTH: t(locale, 'term.cult.earth'),
        AIR: t(locale, 'term.cult.air'),
      },
      // Snellman's letters in every language: players type them in `upgrade E5 to TE` whatever their
      // language, so the images should show the same ones rather than each edition's initials.
      buildings: { D: 'D', TP: 'TP', TE: 'TE', SH: 'SH', SA: 'SA' },
      round: l('render.round'),
      setup: l('render.setup'),
      finished: l('render.finished'),
      passed: l('render.passed'),
      vp: l('render.vp'),
      cultKeyNeeded: l('render.cultKeyNeeded'),
      cultTopTaken: l('render.cultTopTaken'),
      scoring: l('render.scoring'),
      bonusTiles: l('render.bonusTiles'),
      powerActions: l('render.powerActions'),
      townTiles: l('render.townTiles'),
      favorTiles: l('render.favorTiles'),
      now: l('render.now'),
      resources: l('render.resources'),
      power: l('render.power'),
      shipping: l('render.shipping'),
      digging: l('render.digging'),
      buildingsLeft: l('render.buildingsLeft'),
      buildsOn: l('render.buildsOn'),
      priestLimit: l('render.priestLimit'),
      landColour: l('render.landColour'),
      notPicked: l('render.notPicked'),
      terrains: Object.fromEntries(
        Object.entries(TERRAIN_NAMES).map(([k, name]) => [
          k,
          t(locale, `term.terrain.${name}` as 'term.terrain.plains'),
        ]),
      ) as Record<HexTerrain, string>,
      volcano: l('render.volcano'),
      volcanoCost: {
        'cult-steps': l('render.volcanoCost.cultSteps'),
        'power-tokens': l('render.volcanoCost.powerTokens'),
      },
      spade: l('render.spade'),
      perSpade: l('render.perSpade'),
      noSpades: l('render.noSpades'),
      strongholdActions: l('render.strongholdActions'),
      powerActionDiscount: l('render.powerActionDiscount'),
      powerActionReuse: l('render.powerActionReuse'),
      powerActionReuseAfter: l('render.powerActionReuseAfter'),
      onPassing: l('render.onPassing'),
      passVpPer: l('render.passVpPer'),
      passVpPerAfter: l('render.passVpPerAfter'),
      income: l('render.income'),
      tiles: l('render.tiles'),
      projected: l('render.projected'),
      projectedHeading: l('render.projectedHeading'),
      projectedParts: l('render.projectedParts'),
      projectedFinalTile: l('render.projectedFinalTile'),
      finalScoring: l('render.finalScoring'),
      finalScoringTiles: Object.fromEntries(
        (Object.keys(FINAL_SCORING_TILES) as FinalScoringId[]).map((id) => [
          id,
          `${finalScoringName(locale, id)}: ${t(locale, `finalScoring.rule.${id}`)}`,
        ]),
      ) as Record<FinalScoringId, string>,
      used: l('render.used'),
      landscapes: Object.fromEntries(LANDSCAPE_IDS.map((id) => [id, t(locale, `term.landscape.${id}`)])) as Record<
        LandscapeId,
        string
      >,
      vpChart: l('render.vpChart'),
      leftGame: l('render.leftGame'),
      short: {
        GAIN_SHIP: l('render.short.gainShip'),
        carpet_range: l('render.short.carpetRange'),
        TOWN_SIZE: l('render.short.townSize'),
        pass: l('render.short.pass'),
        ship: l('render.short.ship'),
        P1: l('render.short.newToken'),
        PW_TOKEN: l('render.short.tokensGivenUp'),
        PICK_COLOR: l('render.short.newColour'),
        FREE_TP: l('render.short.freeTp'),
        FREE_TF: l('render.short.freeTf'),
        FREE_D: l('render.short.freeD'),
        GAIN_ACTION: l('render.short.actions'),
      },
    };
    labelsCache.set(locale, labels);
  }
  return labels;
}

/**
 * What a logged move touches (the engine reads its commands): the hexes to highlight and whether the map or
 * the cult tracks changed. A line that does not parse (never one the engine stored) gets pictures without
 * highlights rather than none.
 */
export function moveFootprint(text: string): Footprint {
  try {
    return footprintOf(parseLine(text));
  } catch {
    return { hexes: [], changesMap: true, changesCults: true };
  }
}

/** Which of a game's pictures to draw: the map (its hexes to ring), the cult board, the round panel. */
export interface GamePictures {
  readonly map?: { readonly highlight: readonly HexId[] } | undefined;
  readonly cults?: boolean | undefined;
  readonly round?: boolean | undefined;
  /** The factions the AI plays, marked as the AI's wherever a picture names them. */
  readonly ai?: readonly FactionId[] | undefined;
}

/**
 * The pictures asked for, as attachments in the order map, cults, round: a move posts only the ones it can
 * have changed, which keeps a game's channel to what a phone needs to download.
 */
export async function gameImages(
  state: GameState,
  locale: BotLocale,
  which: GamePictures,
): Promise<AttachmentBuilder[]> {
  const pictures: [Picture, string][] = [];
  if (which.map)
    pictures.push([{ kind: 'map', highlight: which.map.highlight.filter((h) => state.hexes[h]) }, 'map.png']);
  if (which.cults) pictures.push([{ kind: 'cults' }, 'cults.png']);
  if (which.round) pictures.push([{ kind: 'round' }, 'round.png']);
  if (!pictures.length) return [];
  const pngs = await draw(
    state,
    locale,
    pictures.map(([p]) => p),
    which.ai ?? [],
  );
  return pngs.map((png, i) => new AttachmentBuilder(png, { name: pictures[i]![1] }));
}

/**
 * Factions' boards, one picture each (800 px wide: they read on a phone, where one picture of every faction
 * side by side did not), each with its player's name when known.
 */
export async function factionBoardImages(
  state: GameState,
  locale: BotLocale,
  boards: readonly { readonly faction: FactionId; readonly player?: string | undefined }[],
  ai: readonly FactionId[] = [],
): Promise<AttachmentBuilder[]> {
  const pngs = await draw(
    state,
    locale,
    boards.map((b) => ({ kind: 'board', faction: b.faction, ...(b.player === undefined ? {} : { player: b.player }) })),
    ai,
  );
  return pngs.map((png, i) => new AttachmentBuilder(png, { name: `${boards[i]!.faction}.png` }));
}

/** The end-of-game chart: every faction's VP through the game, drawn on the final state's colours. */
export async function vpChartImage(
  state: GameState,
  data: VpChartData,
  locale: BotLocale,
  ai: readonly FactionId[] = [],
): Promise<AttachmentBuilder> {
  const [png] = await draw(state, locale, [{ kind: 'vp-chart', data }], ai);
  return new AttachmentBuilder(png!, { name: 'vp-chart.png' });
}

/** A statistics picture; drawn where the command is answered (one picture, asked for now and then). */
export async function statsImage(picture: StatsPicture): Promise<AttachmentBuilder> {
  return new AttachmentBuilder(await renderStats(picture), { name: 'stats.png' });
}
