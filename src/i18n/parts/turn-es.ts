import type { Catalogue } from '../catalogue.ts';
import type { turnEn } from './turn-en.ts';

/** Encontrar tu turno desde cualquier sitio, en castellano. */
export const turnEs: Pick<Catalogue, keyof typeof turnEn> = {
  'yourTurn.game': '**Terra Mystica** · {link}',
  'yourTurn.nothing': 'En esta partida no se espera nada de ti ahora mismo.',
  'yourTurn.since': 'Se te espera desde hace {time}.',
  'time.hours': { one: '{count} h', other: '{count} h' },
  'time.days': { one: '{count} día {hours} h', other: '{count} días {hours} h' },
  'cmd.turn.name': 'turno',
  'cmd.turn.description': 'Tu turno y sus botones, en privado, desde cualquier canal',
  'cmd.mygames.name': 'mispartidas',
  'cmd.mygames.description': 'Tus partidas, primero las que te esperan',
  'opt.game.name': 'partida',
  'opt.game.description': 'Una de tus partidas',
  'myGames.title': '**Tus partidas**',
  'myGames.none': 'Ahora no juegas ninguna partida. Crea una con `/tm create` o únete a una con `/tm join`.',
  'myGames.yourTurn': '• **Te toca** ({what}) desde hace {time} · {link}',
  'myGames.waitingOthers': '• Se espera a {players} · {link}',
  'myGames.open': '• Sin empezar: {seated} de {max} sentados · {link}',
  'myGames.unreadable':
    '• Una partida que ya no se puede leer (su administrador puede terminarla con `/tm abandon`) · {link}',
  'myGames.show': 'Ver mi turno',
  'turn.nothingWaits': 'Ahora mismo ninguna de tus partidas te espera.',
  'game.replacedBack': '{player} juega ahora con {faction} en lugar de {previous}: {faction} vuelven a la partida.',
  'timer.passed':
    '⏰ Se acabó el tiempo de {player} ({faction}): pasa esta ronda (`{move}`) y sigue jugando en la siguiente.',
  'timer.declined': '⏰ Se acabó el tiempo de {player} ({faction}): su oferta de poder queda rechazada (`{move}`).',
  'timer.chose': '⏰ Se acabó el tiempo de {player} ({faction}): he jugado por él {words} (`{move}`).',
  'timer.dropped':
    '⏰ Se acabó el tiempo de {player} ({faction}): {faction} dejan la partida; sus edificios siguen puntuando. Mientras nadie haya jugado después, el administrador puede traerlos de vuelta con `/tm replace`.',
  'timer.setPass':
    '⏱ {player} ha puesto el tiempo por jugada en {hours} h: cuando se acaba, el jugador pasa y sigue jugando.',
  'timer.setDrop':
    '⏱ {player} ha puesto el tiempo por jugada en {hours} h: cuando se acaba, la facción deja la partida.',
  'timer.off': '⏱ {player} ha quitado el tiempo por jugada.',
  'reminder.timeout.pass': 'Si no juegas en {time}, {faction} pasan esta ronda.',
  'reminder.timeout.decline': 'Si no juegas en {time}, la oferta queda rechazada.',
  'reminder.timeout.choose': 'Si no juegas en {time}, juego por ti la primera opción.',
  'reminder.timeout.drop': 'Si no juegas en {time}, {faction} quedan fuera de la partida.',
  'yourTurn.timeout.pass': 'Tiempo por jugada: quedan {time}; después {faction} pasan esta ronda.',
  'yourTurn.timeout.decline': 'Tiempo por jugada: quedan {time}; después la oferta queda rechazada.',
  'yourTurn.timeout.choose': 'Tiempo por jugada: quedan {time}; después juego por ti la primera opción.',
  'yourTurn.timeout.drop': 'Tiempo por jugada: quedan {time}; después {faction} quedan fuera de la partida.',
  'cmd.timer.name': 'tiempo',
  'cmd.timer.description': 'Horas por jugada y qué pasa al acabarse (administrador)',
  'opt.hours.name': 'horas',
  'opt.hours.description': '12 a 336; 0: sin tiempo',
  'opt.on-timeout.name': 'al-acabar',
  'opt.on-timeout.description': 'Qué pasa al acabarse el tiempo',
  'opt.on-timeout.pass': 'Pasa y sigue (por defecto)',
  'opt.on-timeout.drop': 'Deja la partida (como en snellman)',
  'reply.timerSaved': 'El tiempo por jugada está puesto; el canal lo sabe.',
  'help.commandsTitle': '**Comandos**',
  'help.setUp': 'Preparar una partida en un canal: {commands}',
  'help.find': 'Encontrar tu turno, con tus botones, desde cualquier canal: {commands}',
  'help.look': 'Cómo va una partida: {commands}',
  'help.yours': 'Tus jugadas y ajustes: {commands}',
  'help.admin': 'Para el administrador de la partida (quien la creó, o quien puede gestionar canales): {commands}',
  'help.typing': 'Escribir jugadas en lugar de pulsar: {commands}',
  'reply.created':
    'Tu partida está creada y eres su administrador: los demás se unen con {join}, y luego la empiezas con {start}.',
};
