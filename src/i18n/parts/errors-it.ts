import type { errorsEn } from './errors-en.ts';

export const errorsIt: Record<keyof typeof errorsEn, string> = {
  'gameError.game_not_found': 'Qui non esiste una partita così.',
  'gameError.game_unreadable':
    'I dati salvati di questa partita non si possono più leggere, quindi non può continuare. Chi l’ha creata o un membro con il permesso Gestisci canali può chiuderla con `/tm abandon`; il canale torna libero per una nuova partita.',
  'gameError.wrong_channel': 'Quella partita appartiene a un altro canale.',
  'gameError.channel_busy': 'Questo canale ha già una partita. Inizia la prossima in un altro canale.',
  'gameError.store_unavailable':
    'Al momento non riesco ad accedere ai dati delle partite, quindi non è cambiato nulla. Riprova tra qualche minuto; chi gestisce il bot è stato avvisato.',
  'gameError.store_uncertain':
    'L’archivio delle partite ha smesso di rispondere mentre salvavo, quindi non so ancora se è stato salvato. Se sì, il canale lo mostrerà a breve; altrimenti riprova tra qualche minuto.',
  'gameError.stale_version': 'Nel frattempo la partita è andata avanti. Riprova.',
  'gameError.not_seated': 'Non giochi in questa partita.',
  'gameError.admin_only':
    "Solo l'amministratore della partita (chi l'ha creata) o un membro con il permesso Gestisci canali può farlo.",
  'gameError.bad_option': 'Opzione di partita sconosciuta: {option}.',
  'gameError.bad_player_count': 'Una partita ha da 2 a 5 giocatori, non {count}.',
  'gameError.bad_move_timer': 'Il tempo per mossa deve essere tra 12 e 336 ore, non {hours}.',
  'gameError.bad_tiles': 'Quelle tessere non si possono usare: {reason}.',
  'tiles.scoreCount': 'una partita richiede 6 tessere Punteggio, e ne sono state date {count}',
  'tiles.unknownScore': '{tile} non è una tessera Punteggio (da SCORE1 a SCORE8, o SCORE9 con la sua opzione)',
  'tiles.repeatedScore': '{tile} è scelta due volte',
  'tiles.unknownBonus': '{tile} non è una delle tessere Bonus di questa partita',
  'tiles.bonusCount':
    '{players} giocatori richiedono {needed} tessere Bonus in gioco, e ne restano {inPlay} dopo quelle tolte',
  'tiles.unreadable': '«{tile}» non è né una tessera Punteggio (SCORE1…) né una tessera Bonus da togliere (-BON1…)',
  'gameError.not_open': 'La partita non accetta più giocatori.',
  'gameError.not_active': 'La partita non è in corso.',
  'gameError.not_finished': 'Solo una partita finita si può vedere così: questa non è finita.',
  'gameError.no_such_row': 'Non c’è la riga {row}: il registro ha righe da 0 a {rows}.',
  'gameError.game_full': 'La partita è al completo ({maxPlayers} giocatori).',
  'gameError.already_seated': 'Hai già un posto in questa partita.',
  'gameError.creator_cannot_leave': "L'amministratore non può uscire; chiudi la partita invece.",
  'gameError.too_few_players': 'Una partita richiede almeno 2 giocatori; seduti: {count}.',
  'gameError.no_faction_choice': 'Non hai ancora una fazione.',
  'gameError.not_your_pick': 'Non tocca a te scegliere la fazione.',
  'gameError.faction_unavailable': '{faction} non sono disponibili.',
  'gameError.parse_error': 'Non ho capito quella mossa: {message}',
  'gameError.rule_error': 'Non consentito: {message}',
  'gameError.admin_command': "Solo l'amministratore può fare `{command}`.",
  'gameError.not_your_turn': 'Non è il tuo turno: stiamo aspettando {waitingFor}.',
  'gameError.game_over': 'La partita è finita.',
  'gameError.nothing_to_undo': 'Non hai niente da annullare.',
  'gameError.no_undo_request': 'Nessuno ha chiesto di annullare una mossa.',
  'gameError.own_undo_request':
    'Hai chiesto tu di annullare: decidono gli altri giocatori. Per ritirare la richiesta, premi Rifiuta.',
  'gameError.seat_not_found': 'Non esiste il posto {position}.',
  'gameError.faction_gone': '{faction} hanno lasciato la partita.',
  'gameError.faction_left_long_ago':
    '{faction} hanno lasciato la partita e da allora sono state giocate {moves} mosse: una fazione uscita non può più tornare (come su terra.snellman.net). Come amministratore, `/tm undo` può prima annullare quelle mosse.',
  'gameError.bad_leech_rules': 'Queste regole per prendere Potere non sono valide: {reason}',
  'gameError.import_failed': 'Impossibile importare il registro (riga {line}): {message}',
  'gameError.too_many_games_user':
    'Hai aperto {limit} partite nell’ultima ora, il massimo per un giocatore, quindi non è stata creata nessuna partita. Riprova più tardi.',
  'gameError.too_many_games_server':
    'In questo server sono state aperte {limit} partite nell’ultima ora, il massimo consentito, quindi non è stata creata nessuna partita. Riprova più tardi.',
  'gameError.import_too_long':
    'Il registro ha {rows} righe; una partita intera ne ha molte meno, quindi ne importo al massimo {max}. È il file giusto?',
  'gameError.import_players': 'Il registro richiede un giocatore per fazione ({factions}).',
};
