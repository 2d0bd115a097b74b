import type { errorsEn } from './errors-en.ts';

export const errorsEs: Record<keyof typeof errorsEn, string> = {
  'gameError.game_not_found': 'Aquí no hay ninguna partida así.',
  'gameError.game_unreadable':
    'Los datos guardados de esta partida ya no se pueden leer, así que no puede continuar. Quien la creó o un miembro con el permiso Gestionar canales puede terminarla con `/tm abandon`; el canal queda libre para una partida nueva.',
  'gameError.wrong_channel': 'Esa partida es de otro canal.',
  'gameError.channel_busy': 'Este canal ya tiene una partida. Empieza la siguiente en otro canal.',
  'gameError.store_unavailable':
    'Ahora mismo no puedo acceder a los datos de las partidas, así que no se ha cambiado nada. Vuelve a intentarlo en unos minutos; ya se ha avisado a quien gestiona el bot.',
  'gameError.store_uncertain':
    'El registro de partidas dejó de responder mientras guardaba esto, así que aún no sé si se ha guardado. Si se guardó, el canal lo mostrará en breve; si no, vuelve a intentarlo en unos minutos.',
  'gameError.stale_version': 'La partida ha avanzado mientras tanto. Vuelve a intentarlo.',
  'gameError.not_seated': 'No juegas en esta partida.',
  'gameError.admin_only':
    'Solo el administrador de la partida (quien la creó) o un miembro con el permiso Gestionar canales puede hacer esto.',
  'gameError.bad_option': 'Opción de partida desconocida: {option}.',
  'gameError.bad_player_count': 'Una partida tiene de 2 a 5 jugadores, no {count}.',
  'gameError.bad_move_timer': 'El tiempo por jugada debe estar entre 12 y 336 horas, no {hours}.',
  'gameError.bad_tiles': 'Esas losetas no se pueden usar: {reason}.',
  'tiles.scoreCount': 'una partida necesita 6 losetas de puntuación de ronda, y se han dado {count}',
  'tiles.unknownScore': '{tile} no es una loseta de puntuación de ronda (de SCORE1 a SCORE8, o SCORE9 con su opción)',
  'tiles.repeatedScore': '{tile} está elegida dos veces',
  'tiles.unknownBonus': '{tile} no es una de las losetas de bonificación de esta partida',
  'tiles.bonusCount':
    '{players} jugadores necesitan {needed} losetas de bonificación en juego, y quedan {inPlay} tras quitar las indicadas',
  'tiles.unreadable':
    '«{tile}» no es ni una loseta de puntuación de ronda (SCORE1…) ni una loseta de bonificación que quitar (-BON1…)',
  'gameError.not_open': 'La partida ya no admite jugadores.',
  'gameError.not_active': 'La partida no está en juego.',
  'gameError.not_finished': 'Solo una partida terminada se puede ver así: esta no ha terminado.',
  'gameError.no_such_row': 'No hay fila {row}: el registro tiene filas de 0 a {rows}.',
  'gameError.game_full': 'La partida está completa ({maxPlayers} jugadores).',
  'gameError.already_seated': 'Ya tienes asiento en esta partida.',
  'gameError.creator_cannot_leave': 'El administrador no puede salir; cancela la partida en su lugar.',
  'gameError.too_few_players': 'Una partida necesita al menos 2 jugadores; hay {count}.',
  'gameError.no_faction_choice': 'Todavía no tienes facción.',
  'gameError.not_your_pick': 'No te toca elegir facción.',
  'gameError.faction_unavailable': 'La facción {faction} no está disponible.',
  'gameError.parse_error': 'No he entendido esa jugada: {message}',
  'gameError.rule_error': 'No está permitido: {message}',
  'gameError.admin_command': 'Solo el administrador puede hacer `{command}`.',
  'gameError.not_your_turn': 'No es tu turno: estamos esperando a {waitingFor}.',
  'gameError.game_over': 'La partida ha terminado.',
  'gameError.nothing_to_undo': 'No tienes nada que deshacer.',
  'gameError.no_undo_request': 'Nadie ha pedido deshacer una jugada.',
  'gameError.own_undo_request':
    'Has pedido tú deshacer: deciden los demás jugadores. Para retirar tu petición, pulsa Rechazar.',
  'gameError.seat_not_found': 'No existe el asiento {position}.',
  'gameError.faction_gone': 'La facción {faction} ha dejado la partida.',
  'gameError.faction_left_long_ago':
    'La facción {faction} dejó la partida y desde entonces se han jugado {moves} jugadas: ya no puede volver (como en terra.snellman.net). Como administrador, `/tm undo` puede deshacer antes esas jugadas.',
  'gameError.bad_leech_rules': 'Esas reglas para tomar poder no son válidas: {reason}',
  'gameError.import_failed': 'No se ha podido importar el registro (línea {line}): {message}',
  'gameError.too_many_games_user':
    'Has abierto {limit} partidas en la última hora, el máximo por jugador, así que no se ha creado ninguna. Vuelve a intentarlo más tarde.',
  'gameError.too_many_games_server':
    'En este servidor se han abierto {limit} partidas en la última hora, el máximo permitido, así que no se ha creado ninguna. Vuelve a intentarlo más tarde.',
  'gameError.import_too_long':
    'El registro tiene {rows} filas; una partida entera tiene muchas menos, así que importo como máximo {max}. ¿Es el archivo correcto?',
  'gameError.import_players': 'El registro necesita un jugador por facción ({factions}).',
};
