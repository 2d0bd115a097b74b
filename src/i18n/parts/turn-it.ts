import type { Catalogue } from '../catalogue.ts';
import type { turnEn } from './turn-en.ts';

/** Trovare il proprio turno da qualsiasi posto, in italiano. */
export const turnIt: Pick<Catalogue, keyof typeof turnEn> = {
  'yourTurn.game': '**Terra Mystica** · {link}',
  'yourTurn.nothing': 'In questa partita ora non si aspetta nulla da te.',
  'yourTurn.since': 'Si aspetta te da {time}.',
  'time.hours': { one: '{count} h', other: '{count} h' },
  'time.days': { one: '{count} giorno {hours} h', other: '{count} giorni {hours} h' },
  'cmd.turn.name': 'turno',
  'cmd.turn.description': 'Il tuo turno e i suoi pulsanti, in privato, da ogni canale',
  'cmd.mygames.name': 'miepartite',
  'cmd.mygames.description': 'Le tue partite, prima quelle che aspettano te',
  'opt.game.name': 'partita',
  'opt.game.description': 'Una delle tue partite',
  'myGames.title': '**Le tue partite**',
  'myGames.none': 'Ora non giochi nessuna partita. Creane una con `/tm create` o unisciti a una con `/tm join`.',
  'myGames.yourTurn': '• **Tocca a te** ({what}) da {time} · {link}',
  'myGames.waitingOthers': '• Si aspetta {players} · {link}',
  'myGames.open': '• Non ancora iniziata: {seated} di {max} seduti · {link}',
  'myGames.unreadable':
    '• Una partita che non si legge più (il suo amministratore può chiuderla con `/tm abandon`) · {link}',
  'myGames.show': 'Mostra il mio turno',
  'turn.nothingWaits': 'Ora nessuna delle tue partite aspetta te.',
  'game.replacedBack': '{player} ora gioca con {faction} al posto di {previous}: {faction} tornano in partita.',
  'timer.passed':
    '⏰ Tempo scaduto per {player} ({faction}): passa questo turno (`{move}`) e continua a giocare nel prossimo.',
  'timer.declined': '⏰ Tempo scaduto per {player} ({faction}): la sua offerta di Potere è rifiutata (`{move}`).',
  'timer.chose': '⏰ Tempo scaduto per {player} ({faction}): ho giocato al suo posto {words} (`{move}`).',
  'timer.dropped':
    '⏰ Tempo scaduto per {player} ({faction}): {faction} lasciano la partita; i loro edifici contano ancora. Finché nessuno ha mosso, l’amministratore può riportarli in gioco con `/tm replace`.',
  'timer.setPass':
    '⏱ {player} ha impostato il tempo per mossa a {hours} h: allo scadere il giocatore passa e continua a giocare.',
  'timer.setDrop': '⏱ {player} ha impostato il tempo per mossa a {hours} h: allo scadere la fazione lascia la partita.',
  'timer.off': '⏱ {player} ha tolto il tempo per mossa.',
  'reminder.timeout.pass': 'Se non giochi entro {time}, {faction} passano questo turno.',
  'reminder.timeout.decline': 'Se non giochi entro {time}, l’offerta è rifiutata.',
  'reminder.timeout.choose': 'Se non giochi entro {time}, gioco io per te la prima opzione.',
  'reminder.timeout.drop': 'Se non giochi entro {time}, {faction} sono tolti dalla partita.',
  'yourTurn.timeout.pass': 'Tempo per mossa: restano {time}, poi {faction} passano questo turno.',
  'yourTurn.timeout.decline': 'Tempo per mossa: restano {time}, poi l’offerta è rifiutata.',
  'yourTurn.timeout.choose': 'Tempo per mossa: restano {time}, poi gioco io per te la prima opzione.',
  'yourTurn.timeout.drop': 'Tempo per mossa: restano {time}, poi {faction} sono tolti dalla partita.',
  'cmd.timer.name': 'tempo',
  'cmd.timer.description': 'Ore per mossa e cosa succede allo scadere (amministratore)',
  'opt.hours.name': 'ore',
  'opt.hours.description': 'Da 12 a 336; 0: nessun tempo',
  'opt.on-timeout.name': 'allo-scadere',
  'opt.on-timeout.description': 'Cosa succede allo scadere',
  'opt.on-timeout.pass': 'Passa e continua (predefinito)',
  'opt.on-timeout.drop': 'Lascia la partita (come su snellman)',
  'reply.timerSaved': 'Il tempo per mossa è impostato; il canale è avvisato.',
};
