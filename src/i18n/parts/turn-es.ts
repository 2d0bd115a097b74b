import type { Catalogue } from '../catalogue.ts';
import type { turnEn } from './turn-en.ts';

/** Encontrar tu turno desde cualquier sitio, en castellano. */
export const turnEs: Pick<Catalogue, keyof typeof turnEn> = {
  'yourTurn.game': '**Terra Mystica** · {link}',
  'yourTurn.nothing': 'En esta partida no se espera nada de ti ahora mismo.',
  'yourTurn.since': 'Se te espera desde hace {time}.',
  'yourTurn.deadline': 'Tiempo por jugada: quedan {time}.',
  'time.hours': { one: '{count} h', other: '{count} h' },
  'time.days': { one: '{count} día {hours} h', other: '{count} días {hours} h' },
  'cmd.turn.name': 'turno',
  'cmd.turn.description': 'Tu turno en una de tus partidas, con tus botones, en privado (desde cualquier canal)',
  'cmd.mygames.name': 'mispartidas',
  'cmd.mygames.description': 'Todas las partidas que juegas, en todos los servidores: primero las que te esperan',
  'opt.game.name': 'partida',
  'opt.game.description': 'Una de tus partidas (empieza a escribir su canal)',
  'myGames.title': '**Tus partidas**',
  'myGames.none': 'Ahora no juegas ninguna partida. Crea una con `/tm create` o únete a una con `/tm join`.',
  'myGames.yourTurn': '• **Te toca** ({what}) desde hace {time} · {link}',
  'myGames.waitingOthers': '• Se espera a {players} · {link}',
  'myGames.open': '• Sin empezar: {seated} de {max} sentados · {link}',
  'myGames.unreadable':
    '• Una partida que ya no se puede leer (su administrador puede terminarla con `/tm abandon`) · {link}',
  'myGames.show': 'Ver mi turno',
  'turn.nothingWaits': 'Ahora mismo ninguna de tus partidas te espera.',
};
