/** The game service's refusals (src/game/errors.ts), one message per code. */
export const errorsEn = {
  'gameError.game_not_found': 'There is no such game here.',
  'gameError.game_unreadable':
    'This game’s stored data can no longer be read, so it cannot go on. Its creator or a member with the Manage Channels permission can end it with `/tm abandon`; the channel is then free for a new game.',
  'gameError.wrong_channel': 'That game belongs to another channel.',
  'gameError.channel_busy': 'This channel already has a game. Start the next one in another channel.',
  'gameError.store_unavailable':
    "I cannot reach the game records right now, so nothing was changed. Please try again in a few minutes; the bot's operator has been told.",
  'gameError.store_uncertain':
    'The game records stopped answering while I was saving this, so I cannot tell yet whether it was kept. If it was, the channel will show it shortly; if not, please try again in a few minutes.',
  'gameError.stale_version': 'The game moved on meanwhile. Please try again.',
  'gameError.not_seated': 'You are not playing in this game.',
  'gameError.admin_only':
    'Only the game admin (who created it) or a member with the Manage Channels permission can do this.',
  'gameError.bad_option': 'Unknown game option: {option}.',
  'gameError.bad_player_count': 'A game has 2 to 5 players, not {count}.',
  'gameError.bad_move_timer': 'The move timer must be between 12 and 336 hours, not {hours}.',
  'gameError.bad_tiles': 'Those tiles cannot be used: {reason}.',
  'tiles.scoreCount': 'a game needs 6 round scoring tiles, and {count} were given',
  'tiles.unknownScore': '{tile} is not a round scoring tile (SCORE1 to SCORE8, or SCORE9 with its option)',
  'tiles.repeatedScore': '{tile} is chosen twice',
  'tiles.unknownBonus': "{tile} is not one of this game's bonus tiles",
  'tiles.bonusCount':
    '{players} players need {needed} bonus tiles in play, and {inPlay} are left after the ones removed',
  'tiles.unreadable': '“{tile}” is neither a round scoring tile (SCORE1…) nor a bonus tile to remove (-BON1…)',
  'gameError.not_open': 'The game is no longer open for joining.',
  'gameError.not_active': 'The game is not being played.',
  'gameError.not_finished': 'Only a finished game can be looked at this way: this one is not over.',
  'gameError.no_such_row': 'There is no row {row}: the log has rows 0 to {rows}.',
  'gameError.game_full': 'The game is full ({maxPlayers} players).',
  'gameError.already_seated': 'You already have a seat in this game.',
  'gameError.creator_cannot_leave': 'The game admin cannot leave; abandon the game instead.',
  'gameError.too_few_players': 'A game needs at least 2 players; {count} seated.',
  'gameError.no_faction_choice': 'You have no faction yet.',
  'gameError.not_your_pick': 'It is not your turn to choose a faction.',
  'gameError.faction_unavailable': 'The {faction} are not available.',
  'gameError.parse_error': 'I could not read that move: {message}',
  'gameError.rule_error': 'Not allowed: {message}',
  'gameError.admin_command': 'Only the game admin can do `{command}`.',
  'gameError.not_your_turn': 'It is not your turn: we are waiting for {waitingFor}.',
  'gameError.game_over': 'The game is over.',
  'gameError.nothing_to_undo': 'There is nothing of yours to take back.',
  'gameError.no_undo_request': 'Nobody asked to take a move back.',
  'gameError.own_undo_request':
    'You asked for this undo: the other players decide. To withdraw your request, press Reject.',
  'gameError.seat_not_found': 'There is no seat {position}.',
  'gameError.faction_gone': 'The {faction} have left the game.',
  'gameError.faction_left_long_ago':
    'The {faction} left the game and {moves} moves were played since: a faction that left cannot come back then (as on terra.snellman.net). As the game admin, `/tm undo` can take those moves back first.',
  'gameError.bad_leech_rules': 'Those rules for taking power are not valid: {reason}',
  'gameError.import_failed': 'The log could not be imported (line {line}): {message}',
  'gameError.too_many_games_user':
    'You have opened {limit} games in the last hour, the most one player may, so no game was created. Please try again later.',
  'gameError.too_many_games_server':
    'This server has had {limit} games opened in the last hour, the most it may, so no game was created. Please try again later.',
  'gameError.import_too_long':
    'The log has {rows} rows; a whole game has far fewer, so I import at most {max}. Is it the right file?',
  'gameError.import_players': 'The log needs one player per faction ({factions}).',
} as const;
