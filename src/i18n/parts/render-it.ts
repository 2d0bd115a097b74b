import type { renderEn } from './render-en.ts';

/**
 * The rulebook's words (terra-mystica-rulebook-it.txt), capitals included: "Turno" for a round,
 * "Preparazione", "Fine Partita", "tessere Bonus / Città / Favore", "Azioni Potere", "Navigazione",
 * "Trasformazione" (the spade track), "Edifici", "Entrate", "Chiave"; PV as the rulebook abbreviates
 * Punti Vittoria.
 */
export const renderIt: Record<keyof typeof renderEn, string> = {
  'render.round': 'Turno {n}',
  'render.setup': 'Preparazione',
  'render.finished': 'Fine Partita',
  'render.passed': 'ha passato',
  'render.vp': 'PV',
  'render.cultKeyNeeded': '10: serve una Chiave',
  'render.cultTopTaken': '10: occupata',
  'render.scoring': 'Punteggio del Turno',
  'render.bonusTiles': 'Tessere Bonus',
  'render.powerActions': 'Azioni Potere',
  'render.townTiles': 'Tessere Città rimaste',
  'render.favorTiles': 'Tessere Favore rimaste',
  'render.now': 'in corso',
  'render.resources': 'Risorse',
  'render.power': 'Potere',
  'render.shipping': 'Navigazione',
  'render.digging': 'Trasformazione',
  'render.buildingsLeft': 'Edifici rimasti',
  'render.buildsOn': 'Costruisce su',
  'render.priestLimit': 'sacerdoti: fino a {n}',
  'render.income': 'Prossime Entrate',
  'render.tiles': 'Tessere',
  'render.projected': 'Punteggio finale previsto: {n}',
  'render.projectedHeading': 'Punteggio finale previsto',
  'render.projectedParts': 'Culti {cults} · rete {network} · risorse {resources} · passare {pass}',
  'render.finalScoring': 'Punteggio finale',
  'render.projectedFinalTile': 'tessera finale {n}',
  'render.used': 'usata',
  'render.short.gainShip': 'Nav.',
  'render.short.carpetRange': 'raggio',
  'render.short.townSize': 'Città −1',
  'render.short.pass': 'passa',
  'render.short.ship': 'Nav.',
};
