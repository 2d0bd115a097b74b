import type { renderEn } from './render-en.ts';

/**
 * The rulebook's words (terra-mystica-rulebook-es.txt): "ronda", "preparación", "FIN DE LA PARTIDA",
 * "losetas de bonificación / de ciudad / de favor", "acciones de poder", "escala de navegación fluvial",
 * "escala de canje" (the spade track), "estructuras", "ingresos", "llave", "casilla 10"; PV as the
 * Spanish players abbreviate puntos de victoria; "nav." keeps tile pills as short as the printed icons.
 */
export const renderEs: Record<keyof typeof renderEn, string> = {
  'render.round': 'Ronda {n}',
  'render.setup': 'Preparación',
  'render.finished': 'Fin de la partida',
  'render.passed': 'ha pasado',
  'render.vp': 'PV',
  'render.cultKeyNeeded': '10: requiere llave',
  'render.cultTopTaken': '10: ocupada',
  'render.scoring': 'Puntuación de ronda',
  'render.bonusTiles': 'Losetas de bonificación',
  'render.powerActions': 'Acciones de poder',
  'render.townTiles': 'Losetas de ciudad restantes',
  'render.favorTiles': 'Losetas de favor restantes',
  'render.now': 'ahora',
  'render.resources': 'Recursos',
  'render.power': 'Poder',
  'render.shipping': 'Navegación',
  'render.digging': 'Escala de canje',
  'render.buildingsLeft': 'Estructuras restantes',
  'render.buildsOn': 'Construye en',
  'render.priestLimit': 'sacerdotes: hasta {n}',
  'render.income': 'Próximos ingresos',
  'render.tiles': 'Losetas',
  'render.projected': 'Puntuación final prevista: {n}',
  'render.projectedHeading': 'Puntuación final prevista',
  'render.projectedParts': 'cultos {cults} · red {network} · recursos {resources} · pasar {pass}',
  'render.finalScoring': 'Puntuación final',
  'render.projectedFinalTile': 'loseta final {n}',
  'render.used': 'usada',
  'render.short.gainShip': 'nav.',
  'render.short.carpetRange': 'alcance',
  'render.short.townSize': 'ciudad −1',
  'render.short.pass': 'pasar',
  'render.short.ship': 'nav.',
};
