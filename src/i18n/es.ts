import type { Catalogue } from './catalogue.ts';
import { commandsEs } from './parts/commands-es.ts';
import { parseEs, rulesEs } from './parts/rules-es.ts';
import { gameEs } from './parts/game-es.ts';
import { errorsEs } from './parts/errors-es.ts';
import { faultsEs } from './parts/faults-es.ts';
import { renderEs } from './parts/render-es.ts';
import { promptEs } from './parts/prompt-es.ts';
import { turnEs } from './parts/turn-es.ts';
import { seatsEs } from './parts/seats-es.ts';
import { leagueEs } from './parts/league-es.ts';

/** Spanish; game terms as in the Spanish rulebook (`../shared/rules/terra-mystica-rulebook-es.txt`). */
export const es: Catalogue = {
  ...commandsEs,
  ...rulesEs,
  ...parseEs,
  ...gameEs,
  ...errorsEs,
  ...faultsEs,
  ...renderEs,
  ...promptEs,
  ...turnEs,
  ...seatsEs,
  ...leagueEs,
  'error.busy':
    'Ahora mismo tengo demasiadas jugadas que atender, así que no se ha cambiado nada. Vuelve a intentarlo en unos segundos.',
  'error.slowDown':
    'Me estás enviando comandos más deprisa de lo que puedo atenderlos, así que no se ha cambiado nada. Espera unos segundos.',
  'error.serverBusy':
    'Este servidor me está enviando más comandos de los que puedo atender ahora, así que no se ha cambiado nada. Vuelve a intentarlo en unos segundos.',
  'error.restarting': 'Me estoy reiniciando, así que no se ha cambiado nada. Vuelve a intentarlo en un minuto.',
  'error.unknownCommand':
    'No conozco este comando. Puede que sea de una versión anterior del bot: escribe / para ver los comandos actuales.',
  'error.staleComponent': 'Este botón o menú pertenece a un mensaje antiguo y ya no funciona.',
  'error.internal':
    'Algo ha fallado por mi parte, lo siento. Si esto ha cambiado la partida, el canal lo mostrará; si no, no ha cambiado nada y puedes volver a intentarlo.',
  'error.guildOnly': 'Este comando solo funciona en un canal de un servidor.',
  'error.noGameInChannel': 'No hay ninguna partida en este canal.',
  'error.notForYou': 'Este botón es para {player}, no para ti.',
  'error.gameMovedOn': 'La partida ha avanzado desde esta vista previa. Vuelve a previsualizar tu jugada.',

  'command.help.name': 'ayuda',
  'command.help.description': 'Cómo jugar a Terra Mystica con este bot',

  'help.title': 'Terra Mystica',
  'help.intro':
    'Organizo partidas de Terra Mystica en este servidor, una partida por canal, aplicando todas las reglas.',
  'help.gettingStarted':
    'Crea una partida en un canal, deja que los demás se unan y empiézala. Después de cada turno publico el tablero y menciono a quien le toca jugar.',
  'help.notation':
    'También puedes escribir las jugadas en notación de snellman (por ejemplo `build E5`), sea cual sea tu idioma.',
  'help.language': 'Te respondo en el idioma de tu Discord; los mensajes del canal usan el idioma de la partida.',

  'common.players': { one: '{count} jugador', other: '{count} jugadores' },

  'term.dwelling': { one: 'morada', other: 'moradas' },
  'term.tradingHouse': { one: 'puesto de comercio', other: 'puestos de comercio' },
  'term.temple': { one: 'templo', other: 'templos' },
  'term.stronghold': { one: 'fortaleza', other: 'fortalezas' },
  'term.sanctuary': { one: 'santuario', other: 'santuarios' },
  'term.priest': { one: 'sacerdote', other: 'sacerdotes' },
  'term.worker': { one: 'trabajador', other: 'trabajadores' },
  'term.coin': { one: 'moneda', other: 'monedas' },
  'term.power': { one: 'punto de poder', other: 'puntos de poder' },
  'term.powerBowl': { one: 'cuenco', other: 'cuencos' },
  'term.victoryPoint': { one: 'punto de victoria', other: 'puntos de victoria' },
  'term.cultTrack': { one: 'escala de culto', other: 'escalas de culto' },
  'term.cult.fire': 'fuego',
  'term.cult.water': 'agua',
  'term.cult.earth': 'tierra',
  'term.cult.air': 'aire',
  'term.town': { one: 'ciudad', other: 'ciudades' },
  'term.townTile': { one: 'loseta de ciudad', other: 'losetas de ciudad' },
  'term.bridge': { one: 'puente', other: 'puentes' },
  'term.shipping': 'navegación fluvial',
  'term.terraforming': 'terraformación',
  'term.transform': 'transformar',
  'term.spade': { one: 'pala', other: 'palas' },
  'term.favorTile': { one: 'loseta de favor', other: 'losetas de favor' },
  'term.bonusCard': { one: 'loseta de bonificación', other: 'losetas de bonificación' },
  'term.scoringTile': { one: 'loseta de puntuación', other: 'losetas de puntuación' },
  'term.round': { one: 'ronda', other: 'rondas' },
  'term.faction': { one: 'facción', other: 'facciones' },
  'term.terrain.plains': 'llanura',
  'term.terrain.swamp': 'pantano',
  'term.terrain.lakes': 'lago',
  'term.terrain.forest': 'bosque',
  'term.terrain.mountains': 'montaña',
  'term.terrain.wasteland': 'erial',
  'term.terrain.desert': 'desierto',
  'term.terrain.ice': 'hielo',
  'term.terrain.volcano': 'volcán',
};
