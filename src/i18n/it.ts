import type { Catalogue } from './catalogue.ts';
import { commandsIt } from './parts/commands-it.ts';
import { parseIt, rulesIt } from './parts/rules-it.ts';
import { gameIt } from './parts/game-it.ts';
import { errorsIt } from './parts/errors-it.ts';
import { faultsIt } from './parts/faults-it.ts';
import { renderIt } from './parts/render-it.ts';
import { promptIt } from './parts/prompt-it.ts';
import { turnIt } from './parts/turn-it.ts';
import { seatsIt } from './parts/seats-it.ts';
import { leagueIt } from './parts/league-it.ts';

/** Italian; game terms as in the Italian rulebook (`../shared/rules/terra-mystica-rulebook-it.txt`), capitals included. */
export const it: Catalogue = {
  ...commandsIt,
  ...rulesIt,
  ...parseIt,
  ...gameIt,
  ...errorsIt,
  ...faultsIt,
  ...renderIt,
  ...promptIt,
  ...turnIt,
  ...seatsIt,
  ...leagueIt,
  'error.busy':
    'In questo momento ho troppe mosse da gestire, quindi non è cambiato nulla. Riprova tra qualche secondo.',
  'error.slowDown':
    'Mi stai mandando comandi più in fretta di quanto io riesca a gestirli, quindi non è cambiato nulla. Aspetta qualche secondo.',
  'error.serverBusy':
    'Questo server mi sta mandando più comandi di quanti io riesca a gestirne ora, quindi non è cambiato nulla. Riprova tra qualche secondo.',
  'error.restarting': 'Mi sto riavviando, quindi non è cambiato nulla. Riprova tra un minuto.',
  'error.unknownCommand':
    'Non conosco questo comando. Forse appartiene a una versione precedente del bot: scrivi / per vedere i comandi attuali.',
  'error.staleComponent': 'Questo pulsante o menu appartiene a un messaggio vecchio e non funziona più.',
  'error.internal':
    'Qualcosa è andato storto da parte mia, scusa. Se questo ha cambiato la partita, il canale lo mostrerà; altrimenti non è cambiato nulla e puoi riprovare.',
  'error.guildOnly': 'Questo comando funziona solo in un canale di un server.',
  'error.noGameInChannel': 'Non c’è nessuna partita in questo canale.',
  'error.notForYou': 'Questo pulsante è per {player}, non per te.',
  'error.gameMovedOn': 'La partita è andata avanti da questa anteprima. Rifai l’anteprima della tua mossa.',

  'command.help.name': 'aiuto',
  'command.help.description': 'Come giocare a Terra Mystica con questo bot',

  'help.title': 'Terra Mystica',
  'help.intro':
    'Gestisco partite di Terra Mystica in questo server, una partita per canale, applicando tutte le regole.',
  'help.gettingStarted':
    'Crea una partita in un canale, lascia che gli altri si uniscano, poi avviala. Dopo ogni turno pubblico la mappa e menziono chi deve giocare.',
  'help.notation':
    'Puoi anche scrivere le mosse in notazione snellman (per esempio `build E5`), qualunque sia la tua lingua.',
  'help.language': 'Ti rispondo nella lingua del tuo Discord; i messaggi nel canale usano la lingua della partita.',

  'common.players': { one: '{count} giocatore', other: '{count} giocatori' },

  'term.dwelling': { one: 'Abitazione', other: 'Abitazioni' },
  'term.tradingHouse': { one: 'Emporio', other: 'Empori' },
  'term.temple': { one: 'Tempio', other: 'Templi' },
  'term.stronghold': { one: 'Fortezza', other: 'Fortezze' },
  'term.sanctuary': { one: 'Santuario', other: 'Santuari' },
  'term.priest': { one: 'Sacerdote', other: 'Sacerdoti' },
  'term.worker': { one: 'Lavoratore', other: 'Lavoratori' },
  'term.coin': { one: 'Moneta', other: 'Monete' },
  'term.power': { one: 'Potere', other: 'Potere' },
  'term.powerBowl': { one: 'Riserva', other: 'Riserve' },
  'term.victoryPoint': { one: 'Punto Vittoria', other: 'Punti Vittoria' },
  'term.cultTrack': { one: 'Culto', other: 'Culti' },
  'term.cult.fire': 'Fuoco',
  'term.cult.water': 'Acqua',
  'term.cult.earth': 'Terra',
  'term.cult.air': 'Aria',
  'term.town': { one: 'Città', other: 'Città' },
  'term.townTile': { one: 'tessera Città', other: 'tessere Città' },
  'term.bridge': { one: 'Ponte', other: 'Ponti' },
  'term.shipping': 'Navigazione',
  'term.terraforming': 'Terraformazione',
  'term.transform': 'trasformare',
  'term.spade': { one: 'Vanga', other: 'Vanghe' },
  'term.favorTile': { one: 'tessera Favore', other: 'tessere Favore' },
  'term.bonusCard': { one: 'tessera Bonus', other: 'tessere Bonus' },
  'term.scoringTile': { one: 'tessera Punteggio', other: 'tessere Punteggio' },
  'term.round': { one: 'Turno', other: 'Turni' },
  'term.faction': { one: 'Fazione', other: 'Fazioni' },
  'term.terrain.plains': 'Pianura',
  'term.terrain.swamp': 'Palude',
  'term.terrain.lakes': 'Lago',
  'term.terrain.forest': 'Foresta',
  'term.terrain.mountains': 'Montagna',
  'term.terrain.wasteland': 'Landa Desolata',
  'term.terrain.desert': 'Deserto',
  'term.terrain.ice': 'Ghiaccio',
  'term.terrain.volcano': 'Vulcano',
};
