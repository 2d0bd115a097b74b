import type { Catalogue } from '../catalogue.ts';
import type { turnEn } from './turn-en.ts';

/** Trovare il proprio turno da qualsiasi posto, in italiano. */
export const turnIt: Pick<Catalogue, keyof typeof turnEn> = {
  'yourTurn.game': '**Terra Mystica** · {link}',
  'yourTurn.nothing': 'In questa partita ora non si aspetta nulla da te.',
  'yourTurn.since': 'Si aspetta te da {time}.',
  'yourTurn.deadline': 'Tempo per mossa: restano {time}.',
  'time.hours': { one: '{count} h', other: '{count} h' },
  'time.days': { one: '{count} giorno {hours} h', other: '{count} giorni {hours} h' },
  'cmd.turn.name': 'turno',
  'cmd.turn.description': 'Il tuo turno in una delle tue partite, con i tuoi pulsanti, in privato (da ogni canale)',
  'cmd.mygames.name': 'miepartite',
  'cmd.mygames.description': 'Tutte le partite che giochi, in ogni server: prima quelle che aspettano te',
  'opt.game.name': 'partita',
  'opt.game.description': 'Una delle tue partite (inizia a scrivere il suo canale)',
  'myGames.title': '**Le tue partite**',
  'myGames.none': 'Ora non giochi nessuna partita. Creane una con `/tm create` o unisciti a una con `/tm join`.',
  'myGames.yourTurn': '• **Tocca a te** ({what}) da {time} · {link}',
  'myGames.waitingOthers': '• Si aspetta {players} · {link}',
  'myGames.open': '• Non ancora iniziata: {seated} di {max} seduti · {link}',
  'myGames.unreadable':
    '• Una partita che non si legge più (il suo amministratore può chiuderla con `/tm abandon`) · {link}',
  'myGames.show': 'Mostra il mio turno',
  'turn.nothingWaits': 'Ora nessuna delle tue partite aspetta te.',
};
