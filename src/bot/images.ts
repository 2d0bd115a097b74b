import { AttachmentBuilder } from 'discord.js';
import type { FactionId, GameState, HexId } from '../engine/index.ts';
import { FACTIONS } from '../engine/index.ts';
import { t, type BotLocale } from '../i18n/index.ts';
import { EN_LABELS, renderCults, renderMap, renderOverview, renderPlayerBoard, type RenderLabels } from '../render/index.ts';
import { factionName } from './present/names.ts';

const labelsCache = new Map<BotLocale, RenderLabels>();

/** Words drawn into the images, in the game's language. */
export function renderLabels(locale: BotLocale): RenderLabels {
  let labels = labelsCache.get(locale);
  if (!labels) {
    labels = {
      ...EN_LABELS,
      factions: Object.fromEntries(Object.keys(FACTIONS).map((f) => [f, factionName(locale, f)])) as Record<FactionId, string>,
      cults: {
        FIRE: t(locale, 'term.cult.fire'),
        WATER: t(locale, 'term.cult.water'),
        EARTH: t(locale, 'term.cult.earth'),
        AIR: t(locale, 'term.cult.air'),
      },
    };
    labelsCache.set(locale, labels);
  }
  return labels;
}

/** Hexes a line of notation touched, to highlight on the map. */
export function hexesOf(text: string): HexId[] {
  return [...new Set([...text.matchAll(/\b([A-I]\d{1,2})\b/gi)].map((m) => m[1]!.toUpperCase()))];
}

/** The map and the cult board as attachments: posted after every move. */
export async function boardImages(state: GameState, locale: BotLocale, highlight: readonly HexId[] = []): Promise<AttachmentBuilder[]> {
  const labels = renderLabels(locale);
  const [map, cults] = await Promise.all([renderMap(state, { highlight, labels }), renderCults(state, { labels })]);
  return [new AttachmentBuilder(map, { name: 'map.png' }), new AttachmentBuilder(cults, { name: 'cults.png' })];
}

export async function boardImage(state: GameState, locale: BotLocale, faction: FactionId | null): Promise<AttachmentBuilder> {
  const labels = renderLabels(locale);
  const png = faction ? await renderPlayerBoard(state, faction, { labels }) : await renderOverview(state, { labels });
  return new AttachmentBuilder(png, { name: faction ? `${faction}.png` : 'factions.png' });
}
